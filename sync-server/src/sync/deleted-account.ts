/**
 * A write of a deleted account (issue 33) that passed its session check just before the
 * deletion committed and runs just after it: refused inside its own transaction, so that no row
 * of the account appears again. The account's pseudonym is its mark: created with the account,
 * deleted only with it (a tombstone); an account without any pseudonym row (never the case for
 * accounts confirmed since pseudonyms were synced) is not taken for deleted.
 */
import type { Id } from '@popote/domain';
import { accountDeleted, HttpError, ACCOUNT_DELETED_CODE } from '../http/errors.js';
import type { SyncTx } from '../store/ports.js';

/** Throws the deleted account's 401 when the user's pseudonym is a tombstone. */
export async function refuseDeletedAccount(tx: SyncTx, userId: Id): Promise<void> {
  if (await tx.get('users', userId)) return;
  if ((await tx.idClaim('users', userId)).used) throw accountDeleted();
}

export const isAccountDeletedError = (e: unknown): boolean =>
  e instanceof HttpError && e.code === ACCOUNT_DELETED_CODE;
