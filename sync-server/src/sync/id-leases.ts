/**
 * Devices and the ids leased to them: a device is registered for its user on first contact,
 * and ids are leased in blocks, to a device or to the server's own writes (REST /api), so
 * that the mutators' claimId accepts an id only from the user it was leased to.
 */
import { forbidden, type Id } from '@popote/domain';
import { ID_BLOCK_SIZE, SYNC_MESSAGES, type IdBlock } from '@popote/sync-protocol';
import type { SyncRows, SyncTx } from '../store/ports.js';
import type { WriteTurns } from '../store/write-queue.js';
import { refuseDeletedAccount } from './deleted-account.js';

/** The client id under which ids leased to REST /api writes are recorded. */
export const API_CLIENT_ID = 'api';

/**
 * Registers the device for the user on first contact; refuses another user's device. Answers
 * the device's last processed mutation id.
 */
export async function ensureDevice(
  tx: SyncTx,
  clientId: string,
  userId: Id,
  now: number,
): Promise<number> {
  await refuseDeletedAccount(tx, userId);
  const client = await tx.client(clientId);
  if (!client) {
    await tx.addClient(clientId, userId, now);
    return 0;
  }
  if (client.userId !== userId) throw forbidden(SYNC_MESSAGES.clientOfOtherUser);
  return client.lastMutationId;
}

export class IdLeases {
  constructor(
    private readonly rows: SyncRows,
    private readonly writes: WriteTurns,
    private readonly now: () => number,
  ) {}

  /** A block of ids for the device (`/sync/ids`). */
  lease(userId: Id, clientId: string): Promise<IdBlock> {
    return this.writes.run(() =>
      this.rows.transaction(async (tx) => {
        await ensureDevice(tx, clientId, userId, this.now());
        const first = await tx.allocateIds(ID_BLOCK_SIZE);
        await tx.leaseIds(first, ID_BLOCK_SIZE, userId, clientId, this.now());
        return { first, count: ID_BLOCK_SIZE };
      }),
    );
  }

  /**
   * Leases `count` fresh ids to the user for a server-side write (REST /api), so that the
   * mutators' claimId accepts them exactly as it accepts a device's. The lease is recorded
   * under API_CLIENT_ID, which no device can take (device ids have at least 8 characters).
   */
  reserveFor(userId: Id, count: number): Promise<IdBlock> {
    return this.writes.run(() =>
      this.rows.transaction(async (tx) => {
        await refuseDeletedAccount(tx, userId);
        const first = await tx.allocateIds(count);
        await tx.leaseIds(first, count, userId, API_CLIENT_ID, this.now());
        return { first, count };
      }),
    );
  }
}
