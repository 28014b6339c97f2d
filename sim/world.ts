/**
 * The sync simulation: several devices of several users, each with its own IndexedDB
 * (fake-indexeddb), the real server in-process, a faulty network, long offline stretches and
 * random user actions; then quiescence and the invariants of ARCHITECTURE.md.
 *
 * The server's rows are read through the database-neutral interface (store.rows: snapshots
 * and reads of committed data), so the same world runs on SQLite and on PostgreSQL, where it
 * can also run several server instances on one database (WorldOptions.instances): each
 * request of a device then goes to one of them, drawn at random.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  TABLE_NAMES,
  canReadRow,
  isDomainError,
  isPublicTable,
  isUndoable,
  readableIds,
  readsPricesOf,
  readableStayIds,
  type MemberRole,
  roleIn,
  type Id,
  type ReadStore,
  type MutationArgs,
  type MutationName,
  type RestoreSnapshotArgs,
  type Row,
  type StayInvitation,
  type TableName,
} from '@popote/domain';
import {
  startTestServer,
  type TestServer,
  type ServerConfig,
  type ProcessedMutation,
} from '@popote/sync-server/testing';
import {
  LocalDb,
  DexieStore,
  SyncEngine,
  clientIdOf,
  applyPull,
  COOKIE,
  mutateLocal,
  mutateLocalUndoable,
  TransportError,
  type IdAllocator,
} from '@popote/sync-client';
import { SYNC_SCHEMA, type PullResponse } from '@popote/sync-protocol';
import { isDeepStrictEqual } from 'node:util';
import { FaultyTransport, NO_FAULTS, type Faults } from './faulty-transport';
import { randomAction, type Action } from './ops';
import { Rng } from './rng';

export const FLAKY: Faults = {
  dropRequest: 0.06,
  dropResponse: 0.06,
  serverError: 0.04,
  unauthorized: 0.02,
  duplicateLater: 0.15,
};

/** What a push did that its write audit needs (World.pushFacts). */
interface PushFacts {
  /** The stays the pushing user gave away in the push, with their new owner. */
  transfers: Map<Id, Id>;
}

interface Device {
  name: string;
  userId: Id;
  token: string;
  db: LocalDb;
  engine: SyncEngine;
  transport: FaultyTransport;
  /** Steps left offline (a long stretch at a camp site). */
  offlineFor: number;
  /** How far this device's clock is from the world's (ms): clocks never quite agree. */
  clockSkew: number;
  /** Undos of its destructive actions, not yet used ('Annuler' pressed a little later). */
  undos: RestoreSnapshotArgs[];
}

/** The world's clock at step 0; each step is one second. In the past, as the server expects. */
const CLOCK_START = Date.parse('2025-06-01T10:00:00.000Z');
/** The devices' clock skews, by device (ms): up to five minutes apart. */
const CLOCK_SKEWS = [0, 300_000, -240_000, 120_000];

/** The synced rows of the server's database, whatever the database (store/ports.ts). */
type SyncRows = TestServer['app']['popote']['store']['rows'];

/** Of a device's actions, the share that follows another user's invitation (issue 32). */
const JOIN_SHARE = 0.3;

/** The answers of POST /api/team/join, as World.stats.joins counts them. */
const JOIN_OUTCOMES: Record<number, string> = {
  200: 'joined',
  404: 'closed',
  409: 'member',
  400: 'invalid',
};

/** No version reaches this: "every change committed so far". */
const LATEST = Number.MAX_SAFE_INTEGER;

export interface WorldOptions {
  /**
   * Server instances on one database (PostgreSQL only: POPOTE_TEST_STORE=pg); each request
   * of a device goes to one of them, drawn at random. 1 by default.
   */
  instances?: number;
  /**
   * Of the complete pulls where the user lost no stay, the share whose device is checked
   * against the read rules (every n-th; those after a stay was lost, always). 1 by default.
   */
  readCheckEvery?: number;
}

export interface SimResult {
  actions: number;
  /**
   * Mutations made on a device (accepted there and queued), by name, or by the label of the
   * action that made them (ops.ts: one use of a mutation among others).
   */
  made: Record<string, number>;
  localRefusals: number;
  serverRejections: number;
  applied: number;
  syncs: number;
  /**
   * Purchase rows (issue 21) that a device made while another device of its user had made one
   * for the same ingredient: the server applied the change to that row and never held this one.
   */
  purchasesMerged: number;
  /**
   * Joins with an invitation's token (issue 32, POST /api/team/join), by the server's answer:
   * 'joined', or why not ('closed': revoked, used, not yet synced, its stay gone; 'member':
   * already in the team; 'invalid').
   */
  joins: Record<string, number>;
  /**
   * Complete pulls after which the device's user could no longer read a stay the device held
   * before (removed, left, the stay given away or deleted): the device then held no row of it.
   */
  staysLeft: number;
  /** Complete pulls checked against the server's read rules (every row held readable). */
  pullsChecked: number;
}

export class World {
  readonly rng: Rng;
  /** The first instance: it made the database (and drops it when it closes). */
  private server!: TestServer;
  /** Every instance, the first included. */
  private readonly servers: TestServer[] = [];
  /** The database's synced rows, read as committed (every instance shares them). */
  private rows!: SyncRows;
  readonly devices: Device[] = [];
  private readonly ghosts: (() => Promise<void>)[] = [];
  private readonly processed: ProcessedMutation[] = [];
  /** Server rows as last audited: key 'table:id' -> JSON (null once deleted). */
  private readonly audited = new Map<string, string | null>();
  /** The owners of the stays and the memberships, as audited (before the push being audited). */
  private readonly auditedStayOwners = new Map<Id, Id>();
  private readonly auditedMembers = new Map<Id, Row<'stayMembers'>>();
  /** Everyone who was ever on a stay's team (its owners and members), by stay. */
  private readonly teamEver = new Map<Id, Set<Id>>();
  /** The owner of every purchase row the server ever held, tombstones included (audited). */
  private readonly purchaseOwners = new Map<Id, Id | null>();
  /** Purchase rows that setPurchase made on a device, with the mutation that made each. */
  private readonly purchasesMade: { clientId: string; mutationId: number; id: Id }[] = [];
  private auditedVersion = 0;
  /** Requests each instance answered, by path. */
  readonly served: Record<string, number>[] = [];
  /** Pulls answered by another instance than the one that took the device's last push. */
  crossedPulls = 0;
  /** The instance that took each device's last push (by client id). */
  private readonly lastPushAt = new Map<string, number>();
  readonly stats: SimResult = {
    actions: 0,
    made: {},
    localRefusals: 0,
    serverRejections: 0,
    applied: 0,
    syncs: 0,
    purchasesMerged: 0,
    joins: {},
    staysLeft: 0,
    pullsChecked: 0,
  };
  /** Every user's mail address, by id: the one they signed up with. */
  private readonly addresses = new Map<Id, string>();

  private readonly instances: number;
  private readonly readCheckEvery: number;
  /** Complete pulls so far, for readCheckEvery. */
  private completePulls = 0;
  /** Steps run so far: the world's clock (one second each). */
  private step = 0;

  constructor(
    readonly seed: number,
    /** Server settings for this world (tighter work bounds, for instance). */
    private readonly serverConfig: Partial<ServerConfig> = {},
    options: WorldOptions = {},
  ) {
    this.rng = new Rng(seed);
    this.instances = options.instances ?? 1;
    this.readCheckEvery = options.readCheckEvery ?? 1;
  }

  /** The URL of the PostgreSQL database the server runs on, or null on SQLite. */
  get databaseUrl(): string | null {
    return this.server.app.popote.config.databaseUrl ?? null;
  }

  /** How many server instances serve the devices. */
  get instanceCount(): number {
    return this.servers.length;
  }

  async start(users: number, devicesPerUser: number): Promise<void> {
    this.server = await startTestServer(this.serverConfig);
    this.servers.push(this.server);
    this.rows = this.server.app.popote.store.rows;
    if (this.instances > 1) {
      const databaseUrl = this.databaseUrl;
      if (!databaseUrl) {
        throw new Error('Several server instances share a PostgreSQL database only.');
      }
      for (let i = 1; i < this.instances; i++) {
        this.servers.push(await startTestServer({ ...this.serverConfig, databaseUrl }));
      }
    }
    // Each instance reports the mutations it processed; together, every processed mutation.
    for (const server of this.servers) {
      server.app.popote.sync.onProcessed((e) => this.processed.push(e));
    }
    for (let u = 0; u < users; u++) {
      const mail = `user${u}@popote.test`;
      const { token, id } = await this.server.signUp(mail, 'motdepasse-solide', `Util${u}`);
      this.addresses.set(id, mail);
      for (let d = 0; d < devicesPerUser; d++) {
        const name = `u${u}d${d}`;
        const db = new LocalDb(`sim-${this.seed}-${name}`, {
          indexedDB: new IDBFactory(),
          IDBKeyRange,
        });
        const transport = new FaultyTransport(
          this.rng,
          (path, body) => this.deliver(id, token, path, body),
          (run) => this.ghosts.push(run),
        );
        this.devices.push({
          name,
          userId: id,
          token,
          db,
          engine: new SyncEngine(db, id, transport),
          transport,
          offlineFor: 0,
          clockSkew: CLOCK_SKEWS[this.devices.length % CLOCK_SKEWS.length]!,
          undos: [],
        });
      }
    }
    // What the server holds before any device writes (the catalogue, the accounts) is the
    // baseline the write audit compares with.
    await this.auditChanges(null);
    // Every device logs in online once (as the app does), which leases its first ids.
    for (const device of this.devices) await this.syncDevice(device);
  }

  /**
   * One request to the real server, audited for authorisation. With several instances, each
   * request goes to one drawn at random: a device pushes to one and pulls from another.
   */
  private async deliver(userId: Id, token: string, path: string, body: unknown): Promise<unknown> {
    // One instance draws nothing, so that a seed replays the same run as before instances.
    const at = this.servers.length > 1 ? this.rng.int(this.servers.length) : 0;
    const served = (this.served[at] ??= {});
    served[path] = (served[path] ?? 0) + 1;
    const device = (body as { clientId?: string }).clientId ?? '';
    if (path === '/sync/push') this.lastPushAt.set(device, at);
    const pushedAt = this.lastPushAt.get(device);
    if (path === '/sync/pull' && pushedAt !== undefined && pushedAt !== at) this.crossedPulls++;
    const processedFrom = this.processed.length;
    const response = await this.servers[at]!.inject({
      method: 'POST',
      url: path,
      payload: body as object,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode >= 500) throw new TransportError('server', response.body);
    if (response.statusCode !== 200) {
      throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
    }
    const answer = response.json() as unknown;
    if (path === '/sync/pull') await this.auditPull(userId, answer as PullResponse);
    if (path === '/sync/push') {
      const { mutations } = body as { mutations: { id: number; name: string; args: unknown }[] };
      await this.auditChanges(userId, this.pushFacts(userId, device, mutations, processedFrom));
    }
    return answer;
  }

  /** Invariant 5 (reads): a pull carries only rows its user may read, right now. */
  private async auditPull(userId: Id, page: PullResponse): Promise<void> {
    await this.rows.snapshot(async (store) => {
      for (const op of page.patch) {
        if (op.table === 'purchases') await this.auditPurchaseOp(store, userId, op);
        if (op.op !== 'put') continue;
        const row = op.row as Row;
        if (!(await canReadRow(store, userId, op.table, row))) {
          throw new Error(
            `Invariant 5: pull to user ${userId} carried unreadable ${op.table} ${row.id}`,
          );
        }
      }
    });
  }

  /**
   * Purchase rows (packs and prices, issue 21) are their owner's, read also by the members of
   * the owner's stays (its costs, issue 32): a pull never carries anyone else's, nor names one
   * to delete (its id would leak).
   */
  private async auditPurchaseOp(
    store: ReadStore,
    userId: Id,
    op: PullResponse['patch'][number],
  ): Promise<void> {
    const id = op.op === 'put' ? (op.row as Row<'purchases'>).id : op.id;
    const owner =
      op.op === 'put' ? (op.row as Row<'purchases'>).owner : this.purchaseOwners.get(id);
    if (owner === undefined || owner === null || !(await readsPricesOf(store, userId, owner))) {
      throw new Error(
        `Purchases: pull to user ${userId} carried ${op.op} purchases ${id} of user ${owner}`,
      );
    }
  }

  /**
   * Invariant 5 (writes): every row a push changed belongs to the pushing user (userId null:
   * records the baseline, before any device writes).
   *
   * The world runs one request at a time and each has ended (every transaction of it
   * committed or rolled back) before this audit, so every row written since the last audit is
   * this push's. They are read up to LATEST, not up to snapshot.version(): on SQLite no row is
   * above version() anyway, but on PostgreSQL version() is the commit horizon, which a
   * transaction still open anywhere in the cluster (another database's) holds back; a row of
   * this push left above it would be audited later, against another user's push. Versions are
   * compared, never counted: on PostgreSQL they are transaction ids and jump.
   */
  private async auditChanges(
    userId: Id | null,
    push: PushFacts = { transfers: new Map() },
    /**
     * Instead of the rules of a push, the only changes a REST call made on someone's behalf
     * may make (a join): asked of every changed row, whoever owns it.
     */
    onBehalf?: (
      table: TableName,
      before: string | null | undefined,
      after: string | null,
    ) => boolean,
  ): Promise<void> {
    const changed = await this.rows.snapshot((s) =>
      s.changedSince(this.auditedVersion, LATEST, { version: 0, tbl: '', id: 0 }, 1e9),
    );
    const pricedIngredients = new Set<string>();
    try {
      await this.auditRows(userId, push, changed, pricedIngredients, onBehalf);
      await this.checkOneSamplePerMeal(changed);
    } finally {
      // The stays' owners and the memberships as the audit leaves them, for the next push's.
      const joined = (stayId: Id, userId: Id) => {
        const team = this.teamEver.get(stayId) ?? new Set<Id>();
        this.teamEver.set(stayId, team.add(userId));
      };
      // A stay made and given away in one push was never seen as the giver's.
      for (const stayId of push.transfers.keys()) if (userId !== null) joined(stayId, userId);
      for (const row of changed) {
        if (row.tbl === 'stays') {
          if (row.data === null) this.auditedStayOwners.delete(row.id);
          else {
            const { owner } = JSON.parse(row.data) as Row<'stays'>;
            this.auditedStayOwners.set(row.id, owner);
            joined(row.id, owner);
          }
        } else if (row.tbl === 'stayMembers') {
          if (row.data === null) this.auditedMembers.delete(row.id);
          else {
            const member = JSON.parse(row.data) as Row<'stayMembers'>;
            this.auditedMembers.set(row.id, member);
            joined(member.stayId, member.userId);
          }
        }
      }
    }
    if (pricedIngredients.size > 0) await this.checkOnePurchaseRow([...pricedIngredients]);
  }

  private async auditRows(
    userId: Id | null,
    push: PushFacts,
    changed: readonly {
      tbl: TableName;
      id: Id;
      owner: Id | null;
      version: number;
      data: string | null;
    }[],
    pricedIngredients: Set<string>,
    onBehalf?: (
      table: TableName,
      before: string | null | undefined,
      after: string | null,
    ) => boolean,
  ): Promise<void> {
    for (const row of changed) {
      const key = `${row.tbl}:${row.id}`;
      this.auditedVersion = Math.max(this.auditedVersion, row.version);
      if (row.tbl === 'purchases') {
        this.purchaseOwners.set(row.id, row.owner);
        if (row.data !== null) {
          const purchase = JSON.parse(row.data) as Row<'purchases'>;
          pricedIngredients.add(`${purchase.owner}:${purchase.ingredientId}`);
        }
      }
      if (userId === null) {
        this.audited.set(key, row.data);
        continue;
      }
      const before = this.audited.get(key);
      if (onBehalf) {
        if (!onBehalf(row.tbl, before, row.data)) {
          throw new Error(
            `Invariant 5: user ${userId}'s call on someone's behalf changed ${key}: ${before} -> ${row.data}`,
          );
        }
        this.audited.set(key, row.data);
        continue;
      }
      const owners = [before, row.data]
        .filter((d): d is string => typeof d === 'string')
        .map((d) => (JSON.parse(d) as { owner?: Id | null }).owner);
      const profileCleared =
        row.tbl === 'stays' &&
        row.data !== null &&
        (JSON.parse(row.data) as Row<'stays'>).profileId === null;
      if (
        row.tbl !== 'users' &&
        owners.some((o) => o !== userId) &&
        !profileCleared &&
        !(await this.teamMayTouch(userId, row.tbl, before, row.data, push))
      ) {
        throw new Error(`Invariant 5: user ${userId} changed ${key} owned by ${owners.join('/')}`);
      }
      this.audited.set(key, row.data);
    }
  }

  /**
   * Whether a member of another user's stay (issue 32) may have changed this row: their own
   * membership, which they may leave; a row of a stay where their role, before or after the
   * push, lets them plan (or keep: the larder and the lists); a meal's own menu of an owner one
   * of whose stays they plan (the meal may be gone with the push); a row of a stay they gave
   * away in this push (transferred). A row whose owner column changed was given away, or it is
   * refused: a role never rewrites owners.
   *
   * Before or after: within one push, the user's role in a stay changes only by their own
   * changes (leaving, giving the stay away), so every role they held meanwhile is one of these.
   */
  private async teamMayTouch(
    userId: Id,
    table: TableName,
    before: string | null | undefined,
    after: string | null,
    push: PushFacts,
  ): Promise<boolean> {
    const was = typeof before === 'string' ? (JSON.parse(before) as Record<string, unknown>) : null;
    const now = after === null ? null : (JSON.parse(after) as Record<string, unknown>);
    if (table === 'stayMembers' && now === null && was?.userId === userId) return true;
    if (was && now && was.owner !== now.owner) {
      return this.transferred(userId, table, was, now, push);
    }
    const rows = [was, now].filter((r) => r !== null);
    const byRole = await this.rows.snapshot(async (store) => {
      const roleAfter = async (stayId: Id) => {
        const stay = await store.get('stays', stayId);
        return stay ? roleIn(store, stay, userId) : null;
      };
      const plansFor = new Set(
        [
          ...[...this.auditedMembers.values()].filter((m) => m.userId === userId),
          ...(await store.where('stayMembers', 'userId', userId)),
        ]
          .filter((m) => m.role === 'plan')
          .map((m) => m.owner),
      );
      for (const row of rows) {
        if (table === 'menus') {
          if (row.isFavorite === true || !plansFor.has(row.owner as Id)) return false;
          continue;
        }
        const stayId = (table === 'stays' ? row.id : row.stayId) as Id | null | undefined;
        if (typeof stayId !== 'number') return false;
        const keeps =
          table === 'stock' ||
          table === 'shopLists' ||
          table === 'stayJournal' ||
          table === 'register' ||
          // A stay's cold units are the kitchen's (issue 35): setColdUnits changes only them.
          (table === 'stays' && was !== null && now !== null && onlyColdUnits(was, now));
        const allows = (role: string | null) =>
          role === 'plan' || role === 'owner' || (keeps && role === 'keep');
        if (!allows(this.roleBefore(stayId, userId)) && !allows(await roleAfter(stayId))) {
          return false;
        }
      }
      return true;
    });
    // A row made in this push in a stay the user gave away in it (before the transfer, or
    // after it as 'Organisation', then left).
    if (byRole) return true;
    return was === null && now !== null && this.transferred(userId, table, null, now, push);
  }

  /** The user's role in a stay before the push being audited (as the audit last saw it). */
  private roleBefore(stayId: Id, userId: Id): MemberRole | 'owner' | null {
    if (this.auditedStayOwners.get(stayId) === userId) return 'owner';
    for (const m of this.auditedMembers.values()) {
      if (m.stayId === stayId && m.userId === userId) return m.role;
    }
    return null;
  }

  /**
   * Whether a row was given away by a transfer of `userId` in this push (transferStay, see
   * pushFacts): they owned it before the push (or it is new), and it belongs to a stay they
   * gave to the row's new owner (a meal's own menu: to whom they gave a stay). A membership
   * moves with its stay unchanged, except the new owner's own, handed over to the former owner
   * as 'Organisation'.
   */
  private async transferred(
    userId: Id,
    table: TableName,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
    push: PushFacts,
  ): Promise<boolean> {
    const to = after.owner as Id;
    if (before !== null && before.owner !== userId) return false;
    const given = [...push.transfers].filter(([, owner]) => owner === to).map(([stay]) => stay);
    if (given.length === 0) return false;
    if (table === 'stayMembers' && before !== null) {
      const carried = before.userId === after.userId;
      const handedOver = before.userId === to && after.userId === userId && after.role === 'plan';
      if (!carried && !handedOver) return false;
    }
    // A meal's own menu of the former owner (mealMenusOnlyIn): which meals use it at the
    // transfer is not known here (a later swap in the same push, even across stays of two
    // owners, may have moved it), but it was the user's and goes to whom they gave a stay.
    if (table === 'menus') return after.isFavorite !== true;
    const stayId = table === 'stays' ? after.id : after.stayId;
    return given.includes(stayId as Id);
  }

  /**
   * The stays the pushing user gave away in this push, with their new owner: from the
   * transferStay changes the server applied during the push, each of a stay the user owned
   * before the push or made in it (createStay makes the caller's stay), to the user whose
   * membership it names (a membership before the push, or added or put back in it).
   */
  private pushFacts(
    userId: Id,
    clientId: string,
    pushed: readonly { id: number; name: string; args: unknown }[],
    processedFrom: number,
  ): PushFacts {
    const applied = new Set(
      this.processed
        .slice(processedFrom)
        .filter((p) => p.clientId === clientId && p.outcome === 'applied')
        .map((p) => p.mutationId),
    );
    const done = pushed.filter((m) => applied.has(m.id));
    const argsOf = (name: string) =>
      done.filter((m) => m.name === name).map((m) => m.args as Record<string, unknown>);
    const made = new Set(argsOf('createStay').map((a) => a.id as Id));
    const transfers = new Map<Id, Id>();
    // Memberships this push put back by an undo ('Annuler' a removal).
    const madeMembers = new Map<Id, { stayId: Id; userId: Id }>();
    for (const a of argsOf('restoreSnapshot') as unknown as RestoreSnapshotArgs[]) {
      for (const put of a.put) {
        if (put.table === 'stayMembers') madeMembers.set(put.row.id, put.row as Row<'stayMembers'>);
      }
    }
    for (const { memberId, userId: to } of argsOf('transferStay')) {
      const member = this.auditedMembers.get(memberId as Id) ?? madeMembers.get(memberId as Id);
      if (!member || member.userId !== to) continue;
      const owner = this.auditedStayOwners.get(member.stayId);
      if (owner === userId || (owner === undefined && made.has(member.stayId))) {
        transfers.set(member.stayId, to as Id);
      }
    }
    return { transfers };
  }

  /**
   * The kitchen's register (issue 35): a meal's sample is taken once on the server, whichever
   * devices of its kitchen took it offline (the stays whose register this push changed).
   */
  private async checkOneSamplePerMeal(
    changed: readonly { tbl: TableName; data: string | null }[],
  ): Promise<void> {
    const stays = new Set(
      changed
        .filter((r) => r.tbl === 'register' && r.data !== null)
        .map((r) => (JSON.parse(r.data!) as Row<'register'>).stayId),
    );
    if (stays.size === 0) return;
    await this.rows.snapshot(async (store) => {
      for (const stayId of stays) {
        const meals = new Set<Id>();
        for (const entry of await store.where('register', 'stayId', stayId)) {
          if (entry.kind !== 'sample') continue;
          if (meals.has(entry.mealId)) {
            throw new Error(`Register: meal ${entry.mealId} has two samples`);
          }
          meals.add(entry.mealId);
        }
      }
    });
  }

  /** A user never has two purchase rows for one ingredient ('owner:ingredient' keys). */
  private async checkOnePurchaseRow(keys: readonly string[]): Promise<void> {
    await this.rows.snapshot(async (store) => {
      for (const key of keys) {
        const ids = await store.whereIds('purchases', 'ownerIngredient', key);
        if (ids.length > 1) {
          throw new Error(`Purchases: user:ingredient ${key} has rows ${ids.join(', ')}`);
        }
      }
    });
  }

  private async syncDevice(device: Device): Promise<void> {
    this.stats.syncs++;
    const staysHeld = await device.db.table('stays').toCollection().primaryKeys();
    try {
      await device.engine.sync();
    } catch (e) {
      if (!(e instanceof TransportError)) throw e;
      return;
    }
    await this.checkHeldReadable(device, staysHeld as Id[]);
  }

  /**
   * Invariant 5 on the devices (issue 32): after a complete pull, every row the device holds is
   * one its user may read on the server now (so the device of someone no longer in a stay's
   * team, removed, gone, or who gave the stay away and was removed since, holds no row of it),
   * except the rows that changes still in its outbox touched. Checked when the pull saw every
   * committed change (on PostgreSQL, one may be above the commit horizon for a moment).
   */
  private async checkHeldReadable(device: Device, staysHeld: readonly Id[]): Promise<void> {
    const cookie = (await device.db.meta.get(COOKIE))?.value as number | undefined;
    if (cookie === undefined) return;
    const pending = new Set((await device.db.base.toArray()).map((b) => b.key));
    const local = new DexieStore(device.db);
    const held: Partial<Record<TableName, Id[]>> = {};
    for (const table of TABLE_NAMES) {
      if (!isPublicTable(table)) held[table] = (await local.all(table)).map((r) => r.id);
    }
    await this.rows.snapshot(async (store) => {
      const start = { version: 0, tbl: '', id: 0 };
      if ((await store.changedSince(cookie, LATEST, start, 1)).length > 0) return;
      // Every complete pull after the user lost a stay the device held; the others now and then
      // (readableIds is the costly part on PostgreSQL: WorldOptions.readCheckEvery).
      const stays = new Set(await readableStayIds(store, device.userId));
      const lost = staysHeld.some((id) => !stays.has(id));
      if (lost) this.stats.staysLeft++;
      if (!lost && ++this.completePulls % this.readCheckEvery !== 0) return;
      this.stats.pullsChecked++;
      const readable = await readableIds(store, device.userId);
      for (const [table, ids] of Object.entries(held) as [TableName, Id[]][]) {
        const may = new Set(readable[table]);
        for (const id of ids) {
          if (may.has(id) || pending.has(`${table}:${id}`)) continue;
          throw new Error(
            `Invariant 5: after a complete pull, ${device.name} holds ${table} ${id}, ` +
              `which user ${device.userId} may not read`,
          );
        }
      }
    });
  }

  /**
   * Someone follows an invitation's link (issue 32): the token of an invitation that a device
   * of another user holds (its owner's: the invitation was shown as a QR code, or mailed),
   * through POST /api/team/join, where the server runs joinWithInvitation on the owner's
   * behalf. Refused when the invitation is not on the server yet, withdrawn, used (by mail),
   * or the stay is gone; the joiner is then a member, whatever their devices hold.
   */
  private async join(device: Device): Promise<boolean> {
    // Mostly one that reached the server (a link is shown once its device has synced, as the
    // team dialog says); now and then one still on a device, on its way.
    const others = (all: StayInvitation[]) => all.filter((i) => i.owner !== device.userId);
    let held = others(await this.rows.reads.all('stayInvitations'));
    if (held.length === 0 || this.rng.chance(0.2)) {
      held = [];
      for (const other of this.devices) {
        held.push(...others(await new DexieStore(other.db).all('stayInvitations')));
      }
    }
    // Mostly one not used yet (a mailed invitation opens its stay once): someone follows the
    // link they were just given, rarely an old one.
    const unused = held.filter((i) => i.usedBy === null);
    const invitation = this.rng.pick(unused.length > 0 && this.rng.chance(0.8) ? unused : held);
    if (!invitation) return false;
    this.stats.actions++;
    const at = this.servers.length > 1 ? this.rng.int(this.servers.length) : 0;
    const served = (this.served[at] ??= {});
    served['/api/team/join'] = (served['/api/team/join'] ?? 0) + 1;
    const response = await this.servers[at]!.inject({
      method: 'POST',
      url: '/api/team/join',
      payload: { token: invitation.token },
      headers: { authorization: `Bearer ${device.token}` },
    });
    const outcome = JOIN_OUTCOMES[response.statusCode];
    if (!outcome) {
      throw new Error(`/api/team/join answered ${response.statusCode}: ${response.body}`);
    }
    this.stats.joins[outcome] = (this.stats.joins[outcome] ?? 0) + 1;
    await this.auditJoin(device.userId, invitation.token);
    return true;
  }

  /**
   * Invariant 5 for a join (POST /api/team/join), which writes on the stay owner's behalf: it
   * may add one membership, the joiner's, to the invitation's stay with its role, mark a mailed
   * invitation used by the joiner, and journal it; nothing else, and nothing at all unless the
   * token was an open invitation's on the server.
   */
  private async auditJoin(userId: Id, token: string): Promise<void> {
    let invitation: StayInvitation | undefined;
    for (const [key, data] of this.audited) {
      if (!key.startsWith('stayInvitations:') || data === null) continue;
      const row = JSON.parse(data) as StayInvitation;
      if (row.token === token) invitation = row;
    }
    let members = 0;
    await this.auditChanges(userId, { transfers: new Map() }, (table, before, after) => {
      if (!invitation || invitation.usedBy !== null) return false;
      const was =
        typeof before === 'string' ? (JSON.parse(before) as Record<string, unknown>) : null;
      const now = after === null ? null : (JSON.parse(after) as Record<string, unknown>);
      const ofStay = (row: Record<string, unknown> | null) =>
        row?.stayId === invitation.stayId && row.owner === invitation.owner;
      switch (table) {
        case 'stayMembers':
          return (
            was === null &&
            members++ === 0 &&
            ofStay(now) &&
            now!.userId === userId &&
            now!.role === invitation.role
          );
        case 'stayInvitations':
          return (
            invitation.mail !== null &&
            was?.id === invitation.id &&
            isDeepStrictEqual(now, { ...invitation, usedBy: userId })
          );
        case 'stayJournal':
          // A new entry, or the oldest one dropped (a journal keeps its newest entries).
          return (was === null && ofStay(now)) || (now === null && ofStay(was));
        default:
          return false;
      }
    });
  }

  /** A user never has two purchase rows for one ingredient ('owner:ingredient' keys). */

  private async act(device: Device): Promise<void> {
    const now = new Date(CLOCK_START + this.step * 1000 + device.clockSkew).toISOString();
    // 'Annuler', pressed after a few other actions: a restore that meets what changed since.
    if (device.undos.length > 0 && this.rng.chance(0.2)) {
      const undo = device.undos.splice(this.rng.int(device.undos.length), 1)[0]!;
      await this.mutate('restoreSnapshot', () =>
        mutateLocal(device.db, device.userId, 'restoreSnapshot', undo),
      );
      return;
    }
    // Someone follows an invitation's link (shown as a QR code, or mailed), online.
    if (!device.transport.offline && this.rng.chance(JOIN_SHARE) && (await this.join(device))) {
      return;
    }
    const action = await randomAction(this.rng, device.db, device.userId, now, this.addresses);
    if (action) await this.runAction(device, action);
  }

  /** Runs an action on the device, as the app would (undoably now and then, when it can be). */
  private async runAction(device: Device, action: Action): Promise<void> {
    const { name } = action;
    const counted = action.label ?? name;
    if (action.undoable && isUndoable(name) && this.rng.chance(0.5)) {
      await this.mutate(counted, async () => {
        const { undo } = await mutateLocalUndoable(
          device.db,
          device.userId,
          name,
          action.build as never,
        );
        if (undo) device.undos = [...device.undos, undo].slice(-3);
      });
      return;
    }
    await this.mutate(counted, async () => {
      const args = await mutateLocal(device.db, device.userId, name, action.build as never);
      if (name === 'setPurchase') {
        await this.notePurchase(device, args as MutationArgs<'setPurchase'>);
      }
    });
  }

  /** Keeps the purchase row a setPurchase made on the device, if it made one (not updated). */
  private async notePurchase(device: Device, args: MutationArgs<'setPurchase'>): Promise<void> {
    const row = await new DexieStore(device.db).get('purchases', args.id);
    if (!row || row.ingredientId !== args.ingredientId) return;
    const next = ((await device.db.meta.get('nextMutationId'))?.value as number | undefined) ?? 1;
    this.purchasesMade.push({
      clientId: await clientIdOf(device.db),
      mutationId: next - 1,
      id: row.id,
    });
  }

  private deviceNamed(name: string): Device {
    const device = this.devices.find((d) => d.name === name);
    if (!device) throw new Error(`No device ${name}`);
    return device;
  }

  /** The user of a device ('u0d1': the second device of the first user). */
  userOf(deviceName: string): Id {
    return this.deviceNamed(deviceName).userId;
  }

  /** Takes a device off the network until it is brought back (or quiesce()). */
  setOffline(deviceName: string, offline: boolean): void {
    const device = this.deviceNamed(deviceName);
    device.offlineFor = offline ? Number.MAX_SAFE_INTEGER : 0;
    device.transport.offline = offline;
  }

  /**
   * A chosen action on a device (scripted scenarios), made as the random ones are; answers
   * whether the device accepted it.
   */
  async perform<N extends MutationName>(
    deviceName: string,
    name: N,
    build: (ids: IdAllocator) => MutationArgs<N>,
  ): Promise<boolean> {
    const refusedBefore = this.stats.localRefusals;
    await this.runAction(this.deviceNamed(deviceName), { name, build } as unknown as Action);
    return this.stats.localRefusals === refusedBefore;
  }

  /** One sync of a device (it may fail on the network: the next one goes on). */
  sync(deviceName: string): Promise<void> {
    return this.syncDevice(this.deviceNamed(deviceName));
  }

  /** A table as a device holds it, by id. */
  async localRows<T extends TableName>(deviceName: string, table: T): Promise<Row<T>[]> {
    const rows = await new DexieStore(this.deviceNamed(deviceName).db).all(table);
    return rows.sort((a, b) => a.id - b.id);
  }

  /** A table's live rows on the server, by id. */
  serverRows<T extends TableName>(table: T): Promise<Row<T>[]> {
    return this.rows.snapshot(async (store) =>
      (await store.all(table)).sort((a, b) => a.id - b.id),
    );
  }

  /** One user action on the device; a refusal by the rules is counted, not an error. */
  private async mutate(name: string, run: () => Promise<unknown>): Promise<void> {
    this.stats.actions++;
    try {
      await run();
      this.stats.made[name] = (this.stats.made[name] ?? 0) + 1;
    } catch (e) {
      if (!isDomainError(e)) throw e;
      this.stats.localRefusals++;
    }
  }

  /** Invariant 7: applying the same pull page twice changes nothing. */
  private async doubleApply(device: Device): Promise<void> {
    const cookie = ((await device.db.meta.get(COOKIE))?.value as number | undefined) ?? null;
    const clientId = await clientIdOf(device.db);
    // As the device's engine asks: with its app's synced schema.
    const page = (await this.deliver(device.userId, device.token, '/sync/pull', {
      clientId,
      cookie,
      cursor: null,
      schema: SYNC_SCHEMA,
    })) as PullResponse;
    await applyPull(device.db, device.userId, page);
    const once = await this.snapshot(device);
    await applyPull(device.db, device.userId, page);
    const twice = await this.snapshot(device);
    if (JSON.stringify(once) !== JSON.stringify(twice)) {
      throw new Error(`Invariant 7: applying the same pull twice changed ${device.name}`);
    }
  }

  async run(steps: number): Promise<void> {
    for (const d of this.devices) d.transport.faults = FLAKY;
    for (let step = 0; step < steps; step++, this.step++) {
      const device = this.rng.pick(this.devices)!;
      const roll = this.rng.next();
      if (device.offlineFor > 0) device.offlineFor--;
      device.transport.offline = device.offlineFor > 0;
      if (roll < 0.62) await this.act(device);
      else if (roll < 0.85) await this.syncDevice(device);
      else if (roll < 0.88) device.offlineFor = 20 + this.rng.int(200);
      else if (roll < 0.96) await this.flushGhosts(this.rng.int(3) + 1);
      else if (!device.transport.offline) await this.doubleApply(device);
    }
  }

  private async flushGhosts(count: number): Promise<void> {
    for (let i = 0; i < count && this.ghosts.length > 0; i++) {
      const index = this.rng.int(this.ghosts.length);
      const [ghost] = this.ghosts.splice(index, 1);
      await ghost!();
    }
  }

  /** Everyone back online on a good network, until nothing moves. */
  async quiesce(): Promise<void> {
    await this.flushGhosts(this.ghosts.length);
    for (const d of this.devices) {
      d.offlineFor = 0;
      d.transport.offline = false;
      d.transport.faults = NO_FAULTS;
    }
    for (let round = 0; round < 2; round++) {
      // The first round pushed everything: the last one pulls it all, once visible to pulls.
      if (round > 0) await this.settle();
      for (const d of this.devices) await this.syncDevice(d);
    }
    for (const d of this.devices) {
      if ((await d.db.outbox.count()) > 0) throw new Error(`${d.name} still has pending changes`);
    }
  }

  /**
   * Waits until a pull can see every committed change: no row, rejection or device progress
   * above the store's version(). On SQLite that is always so; on PostgreSQL version() is the
   * commit horizon, which any transaction open in the cluster (another database's, an
   * autovacuum's) holds back for a moment. Nothing is written meanwhile, and nothing is
   * checked less: devices are only given a pull that sees everything.
   */
  private async settle(): Promise<void> {
    const clientIds = await Promise.all(this.devices.map((d) => clientIdOf(d.db)));
    const deadline = performance.now() + 30_000;
    for (;;) {
      const behind = await this.rows.snapshot(async (s) => {
        const v = await s.version();
        if ((await s.changedSince(v, LATEST, { version: 0, tbl: '', id: 0 }, 1)).length > 0) {
          return 'rows';
        }
        for (const clientId of clientIds) {
          if ((await s.rejectionsFor(clientId, v, LATEST)).length > 0) return 'rejections';
          const latest = (await s.client(clientId))?.lastMutationId ?? 0;
          if ((await s.lastMutationId(clientId)) !== latest) return 'progress';
        }
        return null;
      });
      if (behind === null) return;
      if (performance.now() > deadline) {
        throw new Error(`The store's version() stayed below committed ${behind} for 30 s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async snapshot(device: Device): Promise<Record<string, unknown[]>> {
    const store = new DexieStore(device.db);
    const out: Record<string, unknown[]> = {};
    for (const t of TABLE_NAMES) {
      out[t] = (await store.all(t)).sort((a, b) => a.id - b.id);
    }
    return out;
  }

  private serverView(userId: Id): Promise<Record<string, unknown[]>> {
    return this.rows.snapshot(async (store) => {
      const ids = await readableIds(store, userId);
      const out: Record<string, unknown[]> = {};
      for (const t of TABLE_NAMES) {
        const wanted = ids[t as TableName];
        const rows: Row[] = await store.getMany(t, wanted);
        if (rows.length !== wanted.length) {
          throw new Error(`Server view of user ${userId}: a readable ${t} row is missing`);
        }
        out[t] = rows.sort((a, b) => a.id - b.id);
      }
      return out;
    });
  }

  /**
   * The alternatives of meals (issue 20), on the server once quiet: each names recipes that
   * still exist (deleteRecipe refuses one in use, an undo drops one gone) of someone who was on
   * its stay's team (the user who set it uses their own recipes: the meal's owner, a member
   * 'Organisation', or a former owner after a transfer, issue 32), none twice and at least one,
   * one alternative per diet or allergy, diets 0 to 3.
   */
  private async checkAlternatives(): Promise<void> {
    await this.rows.snapshot(async (store) => {
      for (const meal of await store.all('meals')) {
        const reasons = new Set<string>();
        for (const alternative of meal.alternatives ?? []) {
          const where = `meal ${meal.id}, alternative ${alternative.kind} ${alternative.code}`;
          const reason = `${alternative.kind}:${alternative.code}`;
          if (reasons.has(reason)) throw new Error(`Alternatives: ${where} is there twice`);
          reasons.add(reason);
          if (alternative.kind === 'diet' && alternative.code > 3) {
            throw new Error(`Alternatives: ${where} names an unknown diet`);
          }
          const ids = alternative.recipeIds;
          if (ids.length === 0 || new Set(ids).size !== ids.length) {
            throw new Error(`Alternatives: ${where} has recipes ${ids.join(',')}`);
          }
          const recipes = await store.getMany('recipes', ids);
          const team = this.teamEver.get(meal.stayId) ?? new Set([meal.owner]);
          if (recipes.length !== ids.length || recipes.some((r) => !team.has(r.owner))) {
            throw new Error(
              `Alternatives: ${where} names recipes gone or not its team's: ${ids.join(',')}`,
            );
          }
        }
      }
    });
  }

  /**
   * Purchase rows (issue 21), on the server once quiet: one per user and ingredient, whatever
   * the devices made offline (checked after every push too). Counts the rows made on a device
   * that the server merged into the row another device of the user had made.
   */
  private async checkPurchases(): Promise<void> {
    await this.rows.snapshot(async (store) => {
      const seen = new Set<string>();
      for (const purchase of await store.all('purchases')) {
        const key = `${purchase.owner}:${purchase.ingredientId}`;
        if (seen.has(key)) throw new Error(`Purchases: user:ingredient ${key} has two rows`);
        seen.add(key);
      }
    });
    const applied = new Set(
      this.processed
        .filter((p) => p.outcome === 'applied')
        .map((p) => `${p.clientId}:${p.mutationId}`),
    );
    this.stats.purchasesMerged = this.purchasesMade.filter(
      (m) => applied.has(`${m.clientId}:${m.mutationId}`) && !this.purchaseOwners.has(m.id),
    ).length;
  }

  /**
   * Invariants 1 to 4 (5 and 7 are checked during the run, 6 is part of 1), the
   * alternatives' references (checkAlternatives) and one purchase row per user and ingredient
   * (checkPurchases).
   */
  async checkInvariants(): Promise<void> {
    await this.checkAlternatives();
    await this.checkPurchases();
    for (const device of this.devices) {
      const local = await this.snapshot(device);
      const expected = await this.serverView(device.userId);
      for (const t of TABLE_NAMES) {
        const a = JSON.stringify(local[t]);
        const b = JSON.stringify(expected[t]);
        if (a !== b) {
          throw new Error(
            `Invariant 1: ${device.name} table ${t} differs from the server's view\n local:  ${a.slice(0, 400)}\n server: ${b.slice(0, 400)}`,
          );
        }
      }
      const clientId = await clientIdOf(device.db);
      const made =
        (((await device.db.meta.get('nextMutationId'))?.value as number | undefined) ?? 1) - 1;
      const mine = this.processed.filter((p) => p.clientId === clientId);
      const ids = mine.map((p) => p.mutationId);
      for (let i = 0; i < ids.length; i++) {
        if (ids[i] !== i + 1) {
          throw new Error(
            `Invariants 3/4: ${device.name} processed ${ids.slice(0, 50).join(',')}…`,
          );
        }
      }
      if (ids.length !== made) {
        throw new Error(
          `Invariant 2: ${device.name} made ${made} mutations, server processed ${ids.length}`,
        );
      }
      const rejectedOnServer = mine
        .filter((p) => p.outcome === 'rejected')
        .map((p) => p.mutationId);
      const rejectedOnDevice = (await device.db.rejected.toArray())
        .map((r) => r.mutationId)
        .sort((a, b) => a - b);
      if (JSON.stringify(rejectedOnServer) !== JSON.stringify(rejectedOnDevice)) {
        throw new Error(`Invariant 2: ${device.name} was not told of every refusal`);
      }
      this.stats.serverRejections += rejectedOnServer.length;
      this.stats.applied += mine.length - rejectedOnServer.length;
    }
  }

  async close(): Promise<void> {
    for (const d of this.devices) d.db.close();
    // The extra instances first: the first one drops the database when it closes.
    for (const server of this.servers.slice(1).reverse()) await server.close();
    await this.server.close();
  }
}

/** Whether two versions of a stay differ by their cold units only (setColdUnits, issue 35). */
function onlyColdUnits(was: Record<string, unknown>, now: Record<string, unknown>): boolean {
  const { coldUnits: _was, ...before } = was;
  const { coldUnits: _now, ...after } = now;
  return JSON.stringify(before) === JSON.stringify(after);
}
