/**
 * A deleted account ('Supprimer mon compte', issue 33) on this device: its session is forgotten
 * and its local database deleted, pending changes included. This is the one case where a
 * logout drops what was not sent, on purpose: the server holds nothing of the account any
 * more, and nothing of it may stay on a shared tablet. It happens right after the deletion on
 * the device that asked for it, and on the account's other devices at their next contact with
 * the server (sync or /api answering 401 with the code of a deleted account). The login screen
 * then says why (AccountDeletedNotice).
 */
import { deleteUserDb } from '@popote/sync-client';
import type { Id } from '@popote/domain';
import { forgetDeletedAccountSession } from './session';

type Listener = () => void;
const listeners = new Set<Listener>();
let notice: string | null = null;

/** The sentence the login screen shows after the account was deleted, or null. */
export function accountDeletedNotice(): string | null {
  return notice;
}

export function subscribeAccountDeletedNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissAccountDeletedNotice(): void {
  setNotice(null);
}

function setNotice(next: string | null): void {
  notice = next;
  for (const listener of listeners) listener();
}

/** Logs the user out on this device and deletes their local database; `message` is shown. */
export async function endDeletedAccount(userId: Id, message: string): Promise<void> {
  setNotice(message);
  // Logged out first: the sync loop stops and the database is closed (SyncProvider unmounts).
  forgetDeletedAccountSession(userId);
  try {
    await deleteUserDb(userId);
  } catch {
    // Refused by the browser (storage blocked): the session is gone all the same; the
    // database stays behind, unreachable without the account.
  }
}
