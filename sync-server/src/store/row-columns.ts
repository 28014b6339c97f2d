/**
 * What a synced row is stored as, whatever the database: its JSON text, the columns pulls and
 * quotas filter on, and its secondary index entries. Owner-only rows keep their owner in a
 * column (pulls filter on it); the rows that may be published (menus, recipes) keep their
 * author and the version at which they were published, tombstones included.
 */
import {
  INDEXES,
  indexValues,
  isOwnerOnlyTable,
  isPublishableTable,
  type Id,
  type IndexName,
  type IndexValue,
  type TableName,
  type Tables,
} from '@popote/domain';

export interface RowColumns {
  data: string;
  owner: Id | null;
  author: Id | null;
  /** This version when the row is published now; null otherwise. */
  publicAt: number | null;
}

export function rowColumns<T extends TableName>(
  table: T,
  row: Tables[T],
  version: number,
): RowColumns {
  const shared = isPublishableTable(table) ? (row as { owner: Id; isPublished: boolean }) : null;
  return {
    data: JSON.stringify(row),
    owner: isOwnerOnlyTable(table) ? (row as { owner: Id }).owner : null,
    // A membership keeps its member, so that a removed member is told (pull.ts, couldHaveRead).
    author: shared
      ? shared.owner
      : table === 'stayMembers'
        ? (row as Tables['stayMembers']).userId
        : null,
    publicAt: shared?.isPublished ? version : null,
  };
}

/** The row's entries in the secondary indexes of the domain (INDEXES), one per value. */
export function indexEntries<T extends TableName>(
  table: T,
  row: Tables[T],
): { index: string; value: IndexValue }[] {
  const entries: { index: string; value: IndexValue }[] = [];
  for (const index of Object.keys(INDEXES[table]) as IndexName<T>[]) {
    for (const value of indexValues(table, index, row)) entries.push({ index, value });
  }
  return entries;
}
