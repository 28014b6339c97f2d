/**
 * Who changed a row of a stay last, and when (issue 32): read from the stay's journal that the
 * device holds (`lastEntryOf`), for the line 'modifié par Carol, il y a 5 min'.
 */
import { changedBy, lastEntryOf, type Id, type ReadStore, type TableName } from '@popote/domain';

/** A row whose changes a journal records. */
export interface JournalTarget {
  table: TableName;
  id: Id;
}

export interface LastChange {
  userId: Id;
  /** Null when the device does not hold the pseudonym. */
  pseudo: string | null;
  /** When the server applied the change (ISO). */
  at: string;
}

/**
 * The newest change among the rows (a meal and its own menu are shown as one), or null when the
 * device holds no journal entry for any of them (a row of the user's own library, a stay whose
 * journal has not reached the device yet).
 */
export async function lastChangeOf(
  store: Pick<ReadStore, 'get' | 'where'>,
  targets: readonly JournalTarget[],
): Promise<LastChange | null> {
  const entries = await Promise.all(targets.map((t) => lastEntryOf(store, t.table, t.id)));
  let newest: (typeof entries)[number] = null;
  for (const entry of entries) {
    if (entry !== null && (newest === null || entry.id > newest.id)) newest = entry;
  }
  if (newest === null) return null;
  const user = await store.get('users', newest.userId);
  return { userId: newest.userId, pseudo: user?.pseudo ?? null, at: newest.at };
}

/** The device's offset from UTC (minutes) on the day of `iso`; 0 when it cannot be read. */
export function deviceOffsetMinutes(iso: string): number {
  const offset = -new Date(iso).getTimezoneOffset();
  return Number.isNaN(offset) ? 0 : offset;
}

/** 'modifié par Carol, il y a 5 min', in the device's time zone beyond a day. */
export const changedByText = (change: LastChange, nowMs: number, unknownPseudo: string): string =>
  changedBy(change.pseudo ?? unknownPseudo, change.at, nowMs, deviceOffsetMinutes(change.at));
