/**
 * What the app's first screen needs of the device side without the sync engine (issue 36: the
 * engine, the mutators and the protocol's schemas load after the first paint): the key of the
 * sync state in `meta`, and how an error answer says that the account was deleted. Nothing here
 * may import the protocol's schemas or the domain's mutators.
 */

/** The `meta` key of the last applied pull's cookie: set once a first full pull is complete. */
export const COOKIE = 'cookie';
/** The synced schema (SYNC_SCHEMA) of the app that made the device's last complete pull. */
export const SCHEMA = 'schema';

/** The `meta` key of the engine's state (SyncState), read by the indicator and the update prompt. */
export const SYNC_STATE = 'syncState';

/** The `code` of the server's 401 for a token of a deleted account (sync-server http/errors.ts). */
export const ACCOUNT_DELETED_CODE = 'account_deleted';

/** Whether an error answer (its status and body text) says that the account was deleted. */
export function isAccountDeletedAnswer(status: number, body: string): boolean {
  if (status !== 401) return false;
  try {
    return (JSON.parse(body) as { code?: unknown } | null)?.code === ACCOUNT_DELETED_CODE;
  } catch {
    return false;
  }
}
