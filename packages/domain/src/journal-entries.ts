/**
 * Reading a stay's journal (issue 32) and saying when in French, apart from journal.ts: the
 * access rules and the screens read it, while journal.ts needs the whole registry of mutations
 * (their access), which they must not load with it (issue 36: the web app loads the mutators
 * after its first paint).
 */
import type { Id, StayJournalEntry, TableName } from './entities.js';
import { formatDateTime } from './dates.js';
import type { ReadStore } from './store.js';

/** The last change of a row that a stay's journal holds ('modifié par …'), or null. */
export async function lastEntryOf(
  store: Pick<ReadStore, 'where'>,
  table: TableName,
  id: Id,
): Promise<StayJournalEntry | null> {
  const entries = await store.where('stayJournal', 'target', `${table}:${id}`);
  return entries.reduce<StayJournalEntry | null>(
    (latest, e) => (latest === null || e.id > latest.id ? e : latest),
    null,
  );
}

/** A stay's journal, newest first; only one member's changes when `userId` is given. */
export async function stayJournal(
  store: Pick<ReadStore, 'where'>,
  stayId: Id,
  userId: Id | null = null,
): Promise<StayJournalEntry[]> {
  const entries = await store.where('stayJournal', 'stayId', stayId);
  return entries.filter((e) => userId === null || e.userId === userId).sort((a, b) => b.id - a.id);
}

/**
 * How long ago, in French: 'à l'instant', 'il y a 5 min', 'il y a 3 h', then the date and
 * time ('le 3 juillet 2026 à 14:05', at `utcOffsetMinutes`); a date that cannot be read gives
 * formatDateTime's 'date inconnue'.
 */
export function formatAgo(iso: string, nowMs: number, utcOffsetMinutes = 0): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return formatDateTime(iso, utcOffsetMinutes);
  const minutes = Math.floor((nowMs - then) / 60_000);
  if (minutes < 1) return "à l'instant";
  if (minutes < 60) return `il y a ${minutes} min`;
  if (minutes < 24 * 60) return `il y a ${Math.floor(minutes / 60)} h`;
  return `le ${formatDateTime(iso, utcOffsetMinutes)}`;
}

/** 'modifié par Carol, il y a 5 min'. */
export const changedBy = (pseudo: string, at: string, nowMs: number, utcOffsetMinutes = 0) =>
  `modifié par ${pseudo}, ${formatAgo(at, nowMs, utcOffsetMinutes)}`;
