/**
 * 'Supprimer mon compte' (issue 33), the server's part: in one write transaction, the
 * domain erases the user's synced rows (`eraseAccountRows`, its rules in
 * packages/domain/src/account-erasure.ts: tombstones, so that other users' devices are told at
 * their next pull), then the store forgets the user on the sync side (devices, id leases,
 * refusals, usage, their id on the tombstones) and the account itself (row, sessions, mail
 * links, registrations of its address, attempt counters). A token of the account then answers
 * 401 'Ce compte a été supprimé.' (auth.ts), which devices take as the order to log out and
 * clear their local database.
 */
import { eraseAccountRows, type ErasureSummary, type Id, type Store } from '@popote/domain';
import type { StoreTx } from '../store/ports.js';
import { Pacer } from '../store/write-queue.js';

/** Event loop time one slice of the erasure may take before letting other requests run. */
const SLICE_MS = 4;

/**
 * The attempt counters keyed by the account (AccountService's keys): its password checks by
 * id, and its address's registrations, logins, resets and resends (with or without a client
 * address after '@').
 */
export function attemptKeysOf(userId: number, mail: string) {
  const mailActions = ['inscription', 'loggin', 'reset', 'reset-mail', 'resend'];
  return {
    exact: [`settings:${userId}`, ...mailActions.map((action) => `${action}:${mail}`)],
    prefixes: mailActions.map((action) => `${action}:${mail}@`),
  };
}

/** Erases the account in the transaction `tx` (which the caller commits). */
export async function eraseAccount(
  tx: StoreTx,
  account: { id: Id; mail: string },
): Promise<ErasureSummary> {
  const pacer = new Pacer(SLICE_MS);
  const pace = () => pacer.pace();
  const { rows } = tx;
  // The transaction as the domain's Store; each call lets the event loop run once a slice is
  // spent (a large account writes many tombstones).
  const store: Store = {
    get: async (t, id) => (await pace(), rows.get(t, id)),
    getMany: async (t, ids) => (await pace(), rows.getMany(t, ids)),
    where: async (t, i, v) => (await pace(), rows.where(t, i, v)),
    whereIds: async (t, i, v) => (await pace(), rows.whereIds(t, i, v)),
    all: async (t) => (await pace(), rows.all(t)),
    allIds: async (t) => (await pace(), rows.allIds(t)),
    put: async (t, row) => (await pace(), rows.putRow(t, row)),
    delete: async (t, id) => (await pace(), rows.deleteRow(t, id)),
  };
  const summary = await eraseAccountRows(store, account.id, {
    allocateIds: (count) => tx.allocateIds(count),
    idsNaming: (table, userId) => rows.idsNaming(table, userId),
  });
  await rows.forgetUser(account.id);
  await tx.accounts.deleteAccount(
    account.id,
    account.mail,
    attemptKeysOf(account.id, account.mail),
  );
  return summary;
}
