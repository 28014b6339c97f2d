/**
 * Fresh ids on a device come from blocks the server leased to it, so that a device can create
 * rows offline without ever colliding with another device. Blocks are kept in the meta table.
 */
import { invalid, type Id } from '@popote/domain';
import type { IdBlock } from '@popote/sync-protocol';
import { inTransaction, type DeviceTables, type LocalDb } from './db.js';

interface HeldBlock extends IdBlock {
  used: number;
}

const KEY = 'idBlocks';

/** Below this many spare ids the sync loop asks the server for another block. */
export const ID_LOW_WATER = 2 ** 18;

export async function heldBlocks(db: DeviceTables): Promise<HeldBlock[]> {
  return ((await db.meta.get(KEY))?.value as HeldBlock[] | undefined) ?? [];
}

export async function spareIds(db: DeviceTables): Promise<number> {
  return (await heldBlocks(db)).reduce((sum, b) => sum + b.count - b.used, 0);
}

export async function addIdBlock(db: LocalDb, block: IdBlock): Promise<void> {
  await inTransaction(
    db,
    async (tx) => {
      const blocks = await heldBlocks(tx);
      if (blocks.some((b) => b.first === block.first)) return;
      blocks.push({ ...block, used: 0 });
      await tx.meta.put({ key: KEY, value: blocks });
    },
    [db.meta],
  );
}

/** Draws ids inside a transaction that includes the meta table; save() keeps what was drawn. */
export class IdAllocator {
  private constructor(
    private readonly db: DeviceTables,
    private readonly blocks: HeldBlock[],
  ) {}

  static async load(db: DeviceTables): Promise<IdAllocator> {
    return new IdAllocator(db, await heldBlocks(db));
  }

  /** One fresh id. */
  next(): Id {
    return this.range(1).first;
  }

  /** `count` consecutive fresh ids (from a single block). */
  range(count: number): { first: Id; count: number } {
    const block = this.blocks.find((b) => b.count - b.used >= count);
    if (!block) {
      throw invalid(
        "Cet appareil n'a plus d'identifiants disponibles : connectez-le au réseau une fois pour continuer.",
      );
    }
    const first = block.first + block.used;
    block.used += count;
    return { first, count };
  }

  async save(): Promise<void> {
    const remaining = this.blocks.filter((b) => b.used < b.count);
    await this.db.meta.put({ key: KEY, value: remaining });
  }
}
