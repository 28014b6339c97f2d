/**
 * `/sync/pull`: from one read snapshot, the rows the user may read (all of them on a first
 * sync, what changed since the device's cookie otherwise), in pages of PULL_PAGE_ROWS with a
 * cursor, and the device's refusals on the last page.
 */
import {
  canReadRow,
  forbidden,
  isOwnerOnlyTable,
  isPublicTable,
  isStayTable,
  readableDependents,
  readableIdReader,
  teamOwnersOf,
  TABLE_NAMES,
  type Id,
  type Row,
  type TableName,
} from '@popote/domain';
import {
  encodeDelOp,
  knowsTable,
  encodePutOp,
  FIELD_SINCE,
  rowJsonFor,
  SYNC_SCHEMA,
  tablesNewTo,
  REJECTION_ARGS_NOT_KEPT,
  SYNC_MESSAGES,
  type Rejection,
} from '@popote/sync-protocol';
import type { PulledRejection, RawRow, SyncRows, SyncSnapshot } from '../store/ports.js';
import type { WriteTurns } from '../store/write-queue.js';
import { decodePullCursor, encodePullCursor, type PullCursor } from './pull-cursor.js';
import type { RejectionBounds } from './work-bounds.js';

/** Rows per pull page: keeps a first sync of a large library in bounded messages. */
export const PULL_PAGE_ROWS = 2000;

export interface PullPage {
  cookie: number;
  lastMutationId: number;
  /** Patch operations as JSON texts, rows kept as stored (never re-serialised). */
  patch: string[];
  rejections: Rejection[];
  /** The server's synced schema: a device older than it is told that data waits for its update. */
  serverSchema: number;
  /** Some refusals did not fit in this last page: cookie and lastMutationId stop before them. */
  rejectionsLeft?: boolean;
  more: boolean;
  cursor: string | null;
}

/** What the device says of its app's synced schema (see knowsTable in the protocol). */
export interface DeviceSchema {
  schema?: number | undefined;
  /** A catch-up after an update: the schema the device had. */
  catchUpFrom?: number | undefined;
}

/**
 * The tables a page may carry to this device: those it knows; on a catch-up, only those it
 * lacked rows or fields of (see versions.ts in the protocol).
 */
function tablesFor(
  device: DeviceSchema,
  fieldSince: typeof FIELD_SINCE,
): (table: TableName) => boolean {
  const { schema, catchUpFrom } = device;
  if (catchUpFrom === undefined) return (table) => knowsTable(schema, table);
  const lacked = new Set(tablesNewTo(catchUpFrom, schema ?? 1, TABLE_NAMES, fieldSince));
  return (table) => lacked.has(table);
}

interface PatchPage {
  patch: string[];
  more: boolean;
  next: PullCursor;
}

export class Puller {
  constructor(
    private readonly rows: SyncRows,
    private readonly writes: WriteTurns,
    private readonly now: () => number,
    private readonly rejectionBounds: RejectionBounds,
    /** The fields added by each schema (the protocol's; tests declare their own). */
    private readonly fieldSince: typeof FIELD_SINCE = FIELD_SINCE,
  ) {}

  /** A put of a row as stored, without the fields the device does not know. */
  private putOp(device: DeviceSchema, table: TableName, json: string): string {
    return encodePutOp(table, rowJsonFor(device.schema, table, json, this.fieldSince));
  }

  async pull(
    userId: Id,
    clientId: string,
    cookie: number | null,
    cursorText: string | null,
    device: DeviceSchema = {},
  ): Promise<PullPage> {
    // Refusals the device has (its cookie passed them) and older than the retention go.
    const before = new Date(this.now() - this.rejectionBounds.retentionMs).toISOString();
    const { page, forget } = await this.rows.snapshot(async (snapshot) => {
      const client = await snapshot.client(clientId);
      if (client && client.userId !== userId) throw forbidden(SYNC_MESSAGES.clientOfOtherUser);
      const cursor = cursorText ? decodePullCursor(cursorText) : null;
      return {
        page: await this.pullPage(snapshot, userId, clientId, client, cookie, cursor, device),
        forget:
          device.catchUpFrom === undefined &&
          client !== undefined &&
          cursor === null &&
          cookie !== null &&
          (await snapshot.hasRejectionsToForget(clientId, cookie, before)),
      };
    });
    if (forget) await this.forgetRejections(userId, clientId, cookie!, before);
    return page;
  }

  /** A write turn of its own, taken only when a pull found refusals to forget. */
  private async forgetRejections(
    userId: Id,
    clientId: string,
    pulledUpTo: number,
    before: string,
  ): Promise<void> {
    try {
      await this.writes.run(() =>
        this.rows.transaction((tx) => tx.forgetRejections(clientId, pulledUpTo, before), {
          forUser: userId,
        }),
      );
    } catch (e) {
      // The store failing: the pull's answer stands, the next pull forgets them.
      if (!this.rows.isStoreFailure(e)) throw e;
    }
  }

  private async pullPage(
    snapshot: SyncSnapshot,
    userId: Id,
    clientId: string,
    /** The device as this snapshot holds it (read once by pull). */
    client: { lastMutationId: number } | undefined,
    cookie: number | null,
    cursor: PullCursor | null,
    device: DeviceSchema,
  ): Promise<PullPage> {
    const catchUp = device.catchUpFrom !== undefined;
    const tables = tablesFor(device, this.fieldSince);
    const start: PullCursor = cursor ?? {
      snapshotVersion: await snapshot.version(),
      lastMutationId: client?.lastMutationId ?? 0,
      mode: catchUp || cookie === null || cookie === 0 ? 'full' : 'incremental',
      sinceCookie: cookie ?? 0,
      after: { tableIndexOrVersion: 0, table: '', id: 0 },
    };
    // Nothing committed after the cookie (a device that pulls again with nothing new, the
    // usual pull): no row and no refusal can be newer than it, so none is looked for.
    const nothingNew = start.mode === 'incremental' && start.sinceCookie >= start.snapshotVersion;
    const page = nothingNew
      ? { patch: [], more: false, next: start }
      : start.mode === 'full'
        ? await this.fullPage(snapshot, userId, start, tables, device)
        : await this.incrementalPage(snapshot, userId, start, tables, device);
    if (page.more) {
      return {
        cookie: start.snapshotVersion,
        serverSchema: SYNC_SCHEMA,
        lastMutationId: start.lastMutationId,
        patch: page.patch,
        rejections: [],
        more: true,
        cursor: encodePullCursor(page.next),
      };
    }
    // A catch-up carries rows only: the device keeps its cookie and the refusals it has.
    if (catchUp) {
      return {
        cookie: start.snapshotVersion,
        serverSchema: SYNC_SCHEMA,
        lastMutationId: start.lastMutationId,
        patch: page.patch,
        rejections: [],
        more: false,
        cursor: null,
      };
    }
    const { rejections, next } = nothingNew
      ? { rejections: [], next: undefined }
      : await this.rejectionPage(snapshot, clientId, start);
    // Refusals left out: the page is complete up to the first of them, so that a device that
    // keeps only complete pages (older ones ignore rejectionsLeft) gets it from its next pull.
    return {
      cookie: next ? next.version - 1 : start.snapshotVersion,
      serverSchema: SYNC_SCHEMA,
      lastMutationId: next
        ? Math.min(start.lastMutationId, next.mutationId - 1)
        : start.lastMutationId,
      patch: page.patch,
      rejections,
      ...(next ? { rejectionsLeft: true } : {}),
      more: false,
      cursor: null,
    };
  }

  /**
   * The device's refusals of the last page, bounded in count and bytes (at least one), and the
   * first one left out, if any.
   */
  private async rejectionPage(
    snapshot: SyncSnapshot,
    clientId: string,
    start: PullCursor,
  ): Promise<{ rejections: Rejection[]; next: PulledRejection | undefined }> {
    const { perPage, pageBytes } = this.rejectionBounds;
    const found = await snapshot.rejectionsFor(
      clientId,
      start.sinceCookie,
      start.snapshotVersion,
      perPage + 1,
    );
    const rejections: Rejection[] = [];
    let bytes = 0;
    for (const r of found) {
      const size = Buffer.byteLength(r.args) + Buffer.byteLength(r.message) + r.name.length + 64;
      if (rejections.length === perPage || (rejections.length > 0 && bytes + size > pageBytes)) {
        return { rejections, next: r };
      }
      bytes += size;
      const kept = r.args !== '';
      rejections.push({
        mutationId: r.mutationId,
        name: r.name,
        args: kept ? (JSON.parse(r.args) as unknown) : REJECTION_ARGS_NOT_KEPT,
        message: r.message,
        at: r.at,
        ...(kept ? {} : { argsTruncated: true }),
      });
    }
    return { rejections, next: undefined };
  }

  /**
   * A page of everything the user may read, in (table, id) order: the read rules answer the
   * tables it reaches only, and no more of their ids than the page sends (plus one, to know
   * whether the table goes on), from this page's snapshot (never from an earlier page's).
   */
  private async fullPage(
    snapshot: SyncSnapshot,
    userId: Id,
    at: PullCursor,
    tables: (table: TableName) => boolean,
    device: DeviceSchema,
  ): Promise<PatchPage> {
    const readable = readableIdReader(snapshot, userId);
    const patch: string[] = [];
    const fromTable = at.after.tableIndexOrVersion;
    // The last row sent, where the next page goes on from.
    let reached = { tableIndexOrVersion: fromTable, id: at.after.id };
    for (let t = fromTable; t < TABLE_NAMES.length; t++) {
      const table = TABLE_NAMES[t]!;
      // Tables the device does not know are held back (see knowsTable).
      if (!tables(table)) continue;
      const room = PULL_PAGE_ROWS - patch.length;
      const wanted = await readable(table, {
        after: t === fromTable ? at.after.id : undefined,
        limit: room + 1,
      });
      const slice = wanted.slice(0, room);
      for (const { data } of await snapshot.rawByIds(table, slice)) {
        patch.push(this.putOp(device, table, data));
      }
      if (slice.length > 0) reached = { tableIndexOrVersion: t, id: slice[slice.length - 1]! };
      if (wanted.length > room) {
        // Full: the next page goes on after the last row sent (an earlier table's when none of
        // this one fitted, so that none of this table's ids is skipped).
        return { patch, more: true, next: { ...at, after: { ...at.after, ...reached } } };
      }
    }
    return { patch, more: false, next: at };
  }

  /** A page of what changed since the cookie, filtered and completed by the read rules. */
  private async incrementalPage(
    snapshot: SyncSnapshot,
    userId: Id,
    at: PullCursor,
    tables: (table: TableName) => boolean,
    device: DeviceSchema,
  ): Promise<PatchPage> {
    const store = snapshot;
    // The owners of the stays the user is a member of: their stays' rows may be the user's to
    // read (issue 32); any other owner's row is not, without a look at it.
    const teamOwners = await teamOwnersOf(snapshot, userId);
    const changed = await snapshot.changedSince(
      at.sinceCookie,
      at.snapshotVersion,
      { version: at.after.tableIndexOrVersion, tbl: at.after.table, id: at.after.id },
      PULL_PAGE_ROWS,
    );
    // The owners of stays the user has left since the cookie (their own membership gone, told
    // through its author column), when it was not the owner's own row: the user may have given
    // them the stay (transferStay) and gone before this device heard of it. The device still
    // holds the stay as the user's own, so the rows the transfer rewrote are told deleted.
    const formerOwners = new Set<Id>();
    for (const row of changed) {
      if (row.tbl !== 'stayMembers' || row.data !== null || row.author !== userId) continue;
      if (row.owner !== null && row.owner !== userId && !teamOwners.has(row.owner)) {
        formerOwners.add(row.owner);
      }
    }
    // The members of the user's own stays, read once if needed: one of them may have given the
    // user a stay (transferStay) after deleting some of its rows, whose tombstones keep them as
    // owner.
    let ownTeams: Set<Id> | null = null;
    const inOwnTeams = async (owner: Id): Promise<boolean> => {
      if (ownTeams === null) {
        ownTeams = new Set();
        for (const stayId of await snapshot.whereIds('stays', 'owner', userId)) {
          for (const m of await snapshot.where('stayMembers', 'stayId', stayId)) {
            ownTeams.add(m.userId);
          }
        }
      }
      return ownTeams.has(owner);
    };
    const patch: string[] = [];
    const sent = new Set<string>();
    const extra = new Map<TableName, Set<Id>>();
    for (const row of changed) {
      sent.add(`${row.tbl}:${row.id}`);
      if (!tables(row.tbl)) continue;
      if (row.data === null) {
        const givenBy =
          isStayTable(row.tbl) &&
          row.owner !== null &&
          row.owner !== userId &&
          !teamOwners.has(row.owner) &&
          (await inOwnTeams(row.owner));
        if (givenBy || couldHaveRead(userId, teamOwners, row, at.sinceCookie)) {
          patch.push(encodeDelOp(row.tbl, row.id));
        }
        continue;
      }
      if (mayBeGivenAway(row, teamOwners, formerOwners)) {
        const value = JSON.parse(row.data) as Row;
        if (!(await canReadRow(store, userId, row.tbl, value))) {
          patch.push(encodeDelOp(row.tbl, row.id));
          continue;
        }
      }
      if (row.owner !== null && row.owner !== userId && !teamOwners.has(row.owner)) continue;
      const value = JSON.parse(row.data) as Row;
      if (await canReadRow(store, userId, row.tbl, value)) {
        patch.push(this.putOp(device, row.tbl, row.data));
        const deps = await readableDependents(store, userId, row.tbl, value);
        for (const [table, ids] of Object.entries(deps) as [TableName, Id[]][]) {
          let set = extra.get(table);
          if (!set) extra.set(table, (set = new Set()));
          ids.forEach((id) => set.add(id));
        }
      } else if (couldHaveRead(userId, teamOwners, row, at.sinceCookie)) {
        patch.push(encodeDelOp(row.tbl, row.id));
      }
    }
    // Rows made readable by a change without changing themselves: the recipes a menu shares,
    // the menu a meal now uses (and the recipes it shares), a stay the user just joined.
    for (const table of TABLE_NAMES) {
      if (!tables(table)) continue;
      const ids = [...(extra.get(table) ?? [])].filter((id) => !sent.has(`${table}:${id}`));
      for (const { id, data } of await snapshot.rawByIds(table, ids)) {
        sent.add(`${table}:${id}`);
        patch.push(this.putOp(device, table, data));
      }
    }
    const last = changed[changed.length - 1];
    const more = changed.length === PULL_PAGE_ROWS;
    return {
      patch,
      more,
      next: last
        ? { ...at, after: { tableIndexOrVersion: last.version, table: last.tbl, id: last.id } }
        : at,
    };
  }
}

/**
 * Whether a row that changed since the cookie may be one the user gave away with a stay
 * (transferStay) that their device still holds as their own: a stay's row of an owner whose
 * stay the user left since the cookie (see formerOwners in incrementalPage), or a meal's own
 * menu (author column: its owner) of such an owner or of a team's owner (the user still in the
 * team, the menu's meal deleted or given another menu since: the device, which holds the menu
 * as the user's, would keep it). The pull then tells it deleted unless the user may read it.
 */
function mayBeGivenAway(
  row: RawRow,
  teamOwners: ReadonlySet<Id>,
  formerOwners: ReadonlySet<Id>,
): boolean {
  if (isStayTable(row.tbl)) return formerOwners.has(row.owner ?? 0);
  const author = row.author ?? 0;
  return row.tbl === 'menus' && (formerOwners.has(author) || teamOwners.has(author));
}

/**
 * Whether a row that changed since the cookie, and that the user may not read now, may be on
 * their device: then the pull tells it to delete the row, otherwise it names nothing (no other
 * user's ids leak). A menu or recipe may be there if the user owns it or if it was published
 * at the cookie or since. A stay's row (or a price) may be there if the user owns it or is a
 * member of one of its owner's stays (a tombstone keeps its owner, not its stay: a member may
 * be told of a deletion in another stay of the same owner, an id it never had). The user's own membership
 * keeps the member in its author column: a member removed from a stay is told, and their device
 * drops the stay (apply-pull). Rows the user read only through a relation (their own menu or
 * meal, another menu) are dropped by the device itself when that relation's change arrives
 * (the device's apply-pull drops what the read rules no longer allow); a menu or recipe cannot
 * be deleted while a menu or meal uses it.
 */
function couldHaveRead(
  userId: Id,
  teamOwners: ReadonlySet<Id>,
  row: RawRow,
  cookie: number,
): boolean {
  if (isPublicTable(row.tbl)) return true;
  if (row.tbl === 'stayMembers' && row.author === userId) return true;
  if (isOwnerOnlyTable(row.tbl)) {
    const readByTeam = isStayTable(row.tbl) || row.tbl === 'purchases';
    return row.owner === userId || (readByTeam && teamOwners.has(row.owner ?? 0));
  }
  return row.author === userId || (row.publicAt !== null && row.publicAt > cookie);
}
