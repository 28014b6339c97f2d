/**
 * Applies one page of a pull in one transaction: put back the server state of rows that
 * pending mutations touched, apply the server's changes, drop rows the user may no longer
 * read, then (on the last page) forget confirmed mutations, keep the refused ones for the user,
 * and replay what is still pending on top. Applying the same page twice changes nothing.
 */
import {
  canReadRow,
  STAY_ROW_TABLES,
  teamOwnersOf,
  isDomainError,
  runMutation,
  type Id,
  type Menu,
  type Meal,
  type TableName,
} from '@popote/domain';
import {
  SYNC_SCHEMA,
  upgradeMutation,
  type PatchOp,
  type PullResponse,
  type Rejection,
} from '@popote/sync-protocol';
import { inTransaction, type DeviceTables, type LocalDb } from './db.js';
import { DexieStore, fromStored, toStored } from './dexie-store.js';
import { COOKIE, SCHEMA } from './light.js';
import { localContext } from './local-mutate.js';

/**
 * Applies a page. A catch-up page (rows of tables this device did not know before its update)
 * only brings rows: the cookie, the outbox and the refusals stay as they are.
 */
export async function applyPull(
  db: LocalDb,
  userId: Id,
  page: PullResponse,
  /** schema: the synced schema of the engine applying it (the app's, but in tests). */
  options: { catchUp?: boolean; schema?: number } = {},
): Promise<void> {
  // The read rules and the replayed mutators await long chains that outlast Dexie's zone:
  // every call goes through the tables bound to the transaction (see inTransaction).
  await inTransaction(db, async (tx) => {
    for (const base of await tx.base.toArray()) {
      if (base.row === null) await tx.entityTable(base.table).delete(base.id);
      else await tx.entityTable(base.table).put(toStored(base.table, base.row as never));
    }
    await tx.base.clear();

    const candidates = { menus: new Set<Id>(), recipes: new Set<Id>() };
    const leftStays: Id[] = [];
    // A page never names a row twice, so each table's changes can go in bulk.
    for (const [table, ops] of groupByTable(page.patch)) {
      const entityTable = tx.entityTable(table);
      const ids = ops.map((op) => (op.op === 'put' ? (op.row as { id: Id }).id : op.id));
      if (table === 'menus' || table === 'meals' || table === 'recipes') {
        for (const old of await entityTable.bulkGet(ids)) {
          if (old) noteCandidates(table, fromStored(old), candidates);
        }
      }
      if (table === 'stayMembers') {
        // The user's own membership gone: they left the stay or were removed from it.
        const gone = ops.filter((op) => op.op === 'del').map((op) => op.id);
        for (const old of await entityTable.bulkGet(gone)) {
          const member = old && fromStored<'stayMembers'>(old);
          if (member && member.userId === userId) leftStays.push(member.stayId);
        }
      }
      const puts = ops.filter((op) => op.op === 'put');
      await entityTable.bulkPut(puts.map((op) => toStored(table, op.row as never)));
      await entityTable.bulkDelete(ops.filter((op) => op.op === 'del').map((op) => op.id));
    }
    for (const stayId of leftStays) await dropStay(tx, userId, stayId, candidates);
    // A membership changed (joined, left, a stay given away): whose prices the user reads too.
    if (page.patch.some((op) => op.table === 'stayMembers')) await dropUnreadablePrices(tx, userId);
    await dropUnreadable(tx, userId, candidates);

    // Kept from whichever page brings them (the server sends them on the last one), before
    // the outbox forgets the mutations they refuse.
    if (page.rejections.length > 0) await tx.rejected.bulkPut(await withOwnArgs(tx, page));
    if (!page.more && !options.catchUp) {
      await tx.outbox.where('id').belowOrEqual(page.lastMutationId).delete();
      await tx.meta.put({ key: COOKIE, value: page.cookie });
      await tx.meta.put({ key: SCHEMA, value: options.schema ?? SYNC_SCHEMA });
    }
    await replayPending(tx, userId);
  });
}

/**
 * The refusals with the arguments as this device made them, from its outbox: the server keeps
 * no arguments past a bounded size (argsTruncated) and may have clamped dates. A refusal whose
 * mutation has left the outbox keeps the server's copy.
 */
async function withOwnArgs(tx: DeviceTables, page: PullResponse): Promise<Rejection[]> {
  const own = await tx.outbox.bulkGet(page.rejections.map((r) => r.mutationId));
  return page.rejections.map((r, i) => {
    const entry = own[i];
    if (!entry || entry.name !== r.name) return r;
    const { argsTruncated: _cut, ...rest } = r;
    return { ...rest, args: entry.args };
  });
}

function groupByTable(patch: PatchOp[]): Map<TableName, PatchOp[]> {
  const byTable = new Map<TableName, PatchOp[]>();
  for (const op of patch) {
    const list = byTable.get(op.table);
    if (list) list.push(op);
    else byTable.set(op.table, [op]);
  }
  return byTable;
}

/** Rows whose readability may have changed because this row changed or went away. */
function noteCandidates(
  table: TableName,
  old: unknown,
  candidates: { menus: Set<Id>; recipes: Set<Id> },
): void {
  if (table === 'menus') {
    candidates.menus.add((old as Menu).id);
    for (const r of (old as Menu).recipeIds) candidates.recipes.add(r);
  } else if (table === 'meals') {
    candidates.menus.add((old as Meal).menuId);
  } else if (table === 'recipes') {
    candidates.recipes.add((old as { id: Id }).id);
  }
}

/**
 * Drops a stay the user no longer takes part in, with its rows; the menus of its meals become
 * candidates (their recipes with them), dropped unless readable otherwise. The user's own stay
 * is never dropped this way, nor one they joined again since their last pull.
 */
async function dropStay(
  tx: DeviceTables,
  userId: Id,
  stayId: Id,
  candidates: { menus: Set<Id>; recipes: Set<Id> },
): Promise<void> {
  const store = new DexieStore(tx);
  const stay = await store.get('stays', stayId);
  if (stay?.owner === userId) return;
  // Removed and invited again since the last pull: the page holds the new membership.
  if ((await store.whereIds('stayMembers', 'stayUser', `${stayId}:${userId}`)).length > 0) return;
  for (const meal of await store.where('meals', 'stayId', stayId)) {
    candidates.menus.add(meal.menuId);
  }
  for (const table of STAY_ROW_TABLES) {
    await tx.entityTable(table).bulkDelete(await store.whereIds(table, 'stayId', stayId));
  }
  await tx.entityTable('stays').delete(stayId);
}

/**
 * Drops the prices of owners whose stays the user is no longer in (left, removed, or the stay
 * given to someone else): a stay's costs count its owner's prices (issue 32), and no other.
 */
async function dropUnreadablePrices(tx: DeviceTables, userId: Id): Promise<void> {
  const store = new DexieStore(tx);
  const owners = await teamOwnersOf(store, userId);
  const stale = (await store.all('purchases'))
    .filter((p) => p.owner !== userId && !owners.has(p.owner))
    .map((p) => p.id);
  if (stale.length > 0) await tx.entityTable('purchases').bulkDelete(stale);
}

async function dropUnreadable(
  tx: DeviceTables,
  userId: Id,
  candidates: { menus: Set<Id>; recipes: Set<Id> },
): Promise<void> {
  const store = new DexieStore(tx);
  for (const menu of await store.getMany('menus', [...candidates.menus])) {
    if (!(await canReadRow(store, userId, 'menus', menu))) {
      for (const r of menu.recipeIds) candidates.recipes.add(r);
      await tx.entityTable('menus').delete(menu.id);
    }
  }
  for (const recipe of await store.getMany('recipes', [...candidates.recipes])) {
    if (!(await canReadRow(store, userId, 'recipes', recipe)))
      await tx.entityTable('recipes').delete(recipe.id);
  }
}

/** Replays pending mutations; one the rules now refuse stays queued for the server to decide. */
async function replayPending(tx: DeviceTables, userId: Id): Promise<void> {
  const ctx = localContext(tx, userId);
  for (const entry of await tx.outbox.orderBy('id').toArray()) {
    // Recorded by an older app: replayed as the server will run it (a retired one, not at all:
    // the server refuses it, and the refusal shows it with its content).
    const current = await upgradeMutation(entry, entry.schema, ctx.store);
    if ('refused' in current) continue;
    try {
      await runMutation(ctx, current.name, current.args);
    } catch (e) {
      if (!isDomainError(e)) throw e;
    }
  }
}
