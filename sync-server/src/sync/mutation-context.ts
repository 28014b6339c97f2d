/**
 * The mutation context on the server, shared by pushed mutations and REST /api writes: the
 * write transaction as the mutators' Store, ids checked against leases, and the work of one
 * transaction metered (its row writes counted, its slices of event loop time).
 */
import {
  conflict,
  EXPORT_SECRET_TAKEN,
  invalid,
  type Id,
  type MutationContext,
  type Store,
} from '@popote/domain';
import type { SyncRows, SyncTx } from '../store/ports.js';
import { Pacer } from '../store/write-queue.js';
import { tooManyRowsMessage, type SyncLimits } from './work-bounds.js';

/** The work of one transaction: its row writes, counted, and its slices of event loop time. */
export interface WorkMeter {
  pacer: Pacer;
  rowWrites: number;
}

export function newWorkMeter(limits: SyncLimits): WorkMeter {
  // The write turn began after the event loop ran (WriteTurns): a fresh slice.
  return { pacer: new Pacer(limits.work.sliceMs), rowWrites: 0 };
}

/**
 * The writer as Store, ids checked against leases. Each read or write first lets the event
 * loop run if the slice is spent (the transaction stays open meanwhile: only this turn
 * writes); writes are counted against the mutation's bound.
 */
export function serverMutationContext(
  rows: SyncRows,
  limits: SyncLimits,
  tx: SyncTx,
  userId: Id,
  meter: WorkMeter,
): MutationContext {
  const pace = () => meter.pacer.pace();
  const countWrite = async () => {
    await meter.pacer.pace();
    if (++meter.rowWrites > limits.work.mutationRowWrites) {
      throw invalid(tooManyRowsMessage(limits.work));
    }
  };
  const store: Store = {
    get: async (t, id) => (await pace(), tx.get(t, id)),
    getMany: async (t, ids) => (await pace(), tx.getMany(t, ids)),
    where: async (t, i, v) => (await pace(), tx.where(t, i, v)),
    whereIds: async (t, i, v) => (await pace(), tx.whereIds(t, i, v)),
    all: async (t) => (await pace(), tx.all(t)),
    allIds: async (t) => (await pace(), tx.allIds(t)),
    put: async (table, row) => {
      await countWrite();
      try {
        await tx.putRow(table, row);
      } catch (e) {
        // The unique index of export secrets (migration 'stay-export-secret-unique'): a
        // device cannot know other users' secrets, so the server is where this is refused.
        if (table === 'stays' && rows.isUniqueViolation(e)) {
          throw conflict(EXPORT_SECRET_TAKEN);
        }
        throw e;
      }
    },
    delete: async (table, id) => {
      await countWrite();
      await tx.deleteRow(table, id);
    },
  };
  return {
    store,
    userId,
    claimId: async (table, id) => {
      await pace();
      const claim = await tx.idClaim(table, id);
      if (claim.leasedTo !== userId) {
        throw invalid("Cet identifiant n'a pas été attribué à cet appareil.");
      }
      if (claim.used) throw conflict('Identifiant déjà utilisé.');
    },
    // An undo takes back an id of the user's own, used before and deleted since.
    claimRestoredId: async (table, id, owner) => {
      await pace();
      const claim = await tx.idClaim(table, id);
      // The user's own id, or the id of a deleted row of the same owner: a row of a stay that
      // another member of its team made (issue 32), never an id unused yet (another user's
      // device may be about to use it).
      if (claim.leasedTo !== userId && !(claim.used && claim.usedBy === owner)) {
        throw invalid("Cet identifiant n'a pas été attribué à cet appareil.");
      }
      if ((await store.get(table, id)) !== undefined) {
        throw conflict('Identifiant déjà utilisé.');
      }
    },
  };
}
