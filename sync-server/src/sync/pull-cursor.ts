/**
 * Where a paginated pull goes on from. Named fields here; on the wire, the short keys that
 * devices already hold (a device in the middle of a pull sends back the cursor it was given,
 * so the text must stay the same: base64url of JSON with the keys v, m, k, c, t, tb, i, in
 * that order).
 */
import { invalid } from '@popote/domain';

export interface PullCursor {
  /** Snapshot version of the first page: the cookie the device keeps at the end. */
  snapshotVersion: number;
  /** Last mutation id of the device processed at that snapshot. */
  lastMutationId: number;
  /** A full sync (no cookie) or the changes since `sinceCookie`. */
  mode: 'full' | 'incremental';
  sinceCookie: number;
  /**
   * The last row sent: its table's position in TABLE_NAMES and its id (full), or its version,
   * table and id (incremental).
   */
  after: { tableIndexOrVersion: number; table: string; id: number };
}

/** The cursor as it travels: one-letter keys, in this order. */
interface WireCursor {
  v: number;
  m: number;
  k: 'full' | 'inc';
  c: number;
  t: number;
  tb: string;
  i: number;
}

export function encodePullCursor(cursor: PullCursor): string {
  const wire: WireCursor = {
    v: cursor.snapshotVersion,
    m: cursor.lastMutationId,
    k: cursor.mode === 'full' ? 'full' : 'inc',
    c: cursor.sinceCookie,
    t: cursor.after.tableIndexOrVersion,
    tb: cursor.after.table,
    i: cursor.after.id,
  };
  return Buffer.from(JSON.stringify(wire)).toString('base64url');
}

export function decodePullCursor(text: string): PullCursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as WireCursor;
    const ints = [c.v, c.m, c.c, c.t, c.i];
    if (
      ints.every((n) => Number.isSafeInteger(n) && n >= 0) &&
      (c.k === 'full' || c.k === 'inc') &&
      typeof c.tb === 'string' &&
      c.tb.length <= 20
    ) {
      return {
        snapshotVersion: c.v,
        lastMutationId: c.m,
        mode: c.k === 'full' ? 'full' : 'incremental',
        sinceCookie: c.c,
        after: { tableIndexOrVersion: c.t, table: c.tb, id: c.i },
      };
    }
  } catch {
    // fall through
  }
  throw invalid('Curseur de synchronisation invalide.');
}
