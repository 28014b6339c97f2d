/**
 * Which stay's journal a change goes to, and on which row it was made (issue 32): read from
 * the mutation's declared access, before the change runs (a deleted meal is gone after). Only
 * the changes of a stay are journaled: a user's library is their own affair. An undo goes to the
 * journal of the stay of the first row it puts back.
 */
import type { Id, StayJournalEntry, TableName } from './entities.js';
import { JOURNAL_KEPT } from './limits.js';
import { MUTATORS, isMutationName } from './mutators/index.js';
import type { MutatorDef } from './mutators/define.js';
import type { ReadStore } from './store.js';
import { isStayTable, stayIdOf } from './visibility.js';

export interface JournalPlace {
  stayId: Id;
  target: StayJournalEntry['target'];
}

/** Arguments kept with an entry at most (bytes of JSON); larger ones are not kept. */
export const JOURNAL_ARGS_BYTES = 4096;

/** Where a change goes in a journal, or null (not a stay's change, or not one at all). */
export async function journalPlace(
  store: ReadStore,
  name: string,
  args: unknown,
): Promise<JournalPlace | null> {
  if (!isMutationName(name) || typeof args !== 'object' || args === null) return null;
  const fields = args as Record<string, unknown>;
  if (name === 'restoreSnapshot') return undoPlace(fields.put);
  const { access } = MUTATORS[name] as MutatorDef;
  if (access.kind === 'any-user' || access.kind === 'owner') return null;
  const id = fields[access.field];
  if (typeof id !== 'number') return null;
  if (access.kind === 'menu') {
    const menu = await store.get('menus', id);
    if (!menu || menu.isFavorite) return null;
    const [meal] = await store.where('meals', 'menuId', id);
    return meal ? { stayId: meal.stayId, target: { table: 'menus', id } } : null;
  }
  const row = await store.get(access.table, id);
  const stayId = row ? stayIdOf(access.table, row) : null;
  return stayId === null ? null : { stayId, target: { table: access.table, id } };
}

function undoPlace(put: unknown): JournalPlace | null {
  if (!Array.isArray(put)) return null;
  for (const item of put as { table?: unknown; row?: { id?: unknown } }[]) {
    const table = item?.table as TableName;
    if (typeof table !== 'string' || !isStayTable(table) || typeof item.row?.id !== 'number') {
      continue;
    }
    const stayId = stayIdOf(table, item.row as never);
    if (stayId !== null) return { stayId, target: { table, id: item.row.id } };
  }
  return null;
}

/** The arguments an entry keeps: as sent, unless larger than JOURNAL_ARGS_BYTES. */
export function journalArgs(args: unknown): unknown {
  const text = JSON.stringify(args ?? null);
  return new TextEncoder().encode(text).length > JOURNAL_ARGS_BYTES ? null : args;
}

/** The entries of a journal beyond the newest JOURNAL_KEPT, oldest first (ids grow with time). */
export const journalOverflow = (ids: readonly Id[]): Id[] =>
  [...ids].sort((a, b) => a - b).slice(0, Math.max(0, ids.length - JOURNAL_KEPT));
