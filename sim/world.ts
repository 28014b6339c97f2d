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
  isUndoable,
  readableIds,
  roleIn,
  type Id,
  type MutationArgs,
  type MutationName,
  type RestoreSnapshotArgs,
  type Row,
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

/** No version reaches this: "every change committed so far". */
const LATEST = Number.MAX_SAFE_INTEGER;

export interface WorldOptions {
  /**
   * Server instances on one database (PostgreSQL only: POPOTE_TEST_STORE=pg); each request
   * of a device goes to one of them, drawn at random. 1 by default.
   */
  instances?: number;
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
  };

  private readonly instances: number;
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
      const { token, id } = await this.server.signUp(
        `user${u}@popote.test`,
        'motdepasse-solide',
        `Util${u}`,
      );
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
    if (path === '/sync/push') await this.auditChanges(userId);
    return answer;
  }

  /** Invariant 5 (reads): a pull carries only rows its user may read, right now. */
  private async auditPull(userId: Id, page: PullResponse): Promise<void> {
    await this.rows.snapshot(async (store) => {
      for (const op of page.patch) {
        if (op.table === 'purchases') this.auditPurchaseOp(userId, op);
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
   * Purchase rows (packs and prices, issue 21) are their owner's alone: a pull never carries
   * another user's, nor names one to delete (its id would leak).
   */
  private auditPurchaseOp(userId: Id, op: PullResponse['patch'][number]): void {
    const id = op.op === 'put' ? (op.row as Row<'purchases'>).id : op.id;
    const owner =
      op.op === 'put' ? (op.row as Row<'purchases'>).owner : this.purchaseOwners.get(id);
    if (owner !== userId) {
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
  private async auditChanges(userId: Id | null): Promise<void> {
    const changed = await this.rows.snapshot((s) =>
      s.changedSince(this.auditedVersion, LATEST, { version: 0, tbl: '', id: 0 }, 1e9),
    );
    const pricedIngredients = new Set<string>();
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
        !(await this.teamMayTouch(userId, row.tbl, before, row.data))
      ) {
        throw new Error(`Invariant 5: user ${userId} changed ${key} owned by ${owners.join('/')}`);
      }
      this.audited.set(key, row.data);
    }
    if (pricedIngredients.size > 0) await this.checkOnePurchaseRow([...pricedIngredients]);
  }

  /**
   * Whether a member of another user's stay (issue 32) may have changed this row: their own
   * membership, which they may leave; a row of a stay where their role, after the push, lets
   * them plan (or keep: the larder and the lists); a meal's own menu of an owner one of whose
   * stays they may plan (the meal may be gone with the push).
   */
  private async teamMayTouch(
    userId: Id,
    table: TableName,
    before: string | null | undefined,
    after: string | null,
  ): Promise<boolean> {
    const rows = [before, after]
      .filter((d): d is string => typeof d === 'string')
      .map((d) => JSON.parse(d) as Record<string, unknown>);
    if (table === 'stayMembers' && after === null && rows[0]?.userId === userId) return true;
    return this.rows.snapshot(async (store) => {
      const roles = async (stayId: Id) => {
        const stay = await store.get('stays', stayId);
        return stay ? roleIn(store, stay, userId) : null;
      };
      for (const row of rows) {
        if (table === 'menus') {
          if (row.isFavorite === true) return false;
          const joined = await store.where('stayMembers', 'userId', userId);
          const plans = joined.some((m) => m.owner === row.owner && m.role === 'plan');
          if (!plans) return false;
          continue;
        }
        const stayId = (table === 'stays' ? row.id : row.stayId) as Id | null | undefined;
        if (typeof stayId !== 'number') return false;
        const role = await roles(stayId);
        const keeps = table === 'stock' || table === 'shopLists' || table === 'stayJournal';
        if (!(role === 'plan' || role === 'owner' || (keeps && role === 'keep'))) return false;
      }
      return true;
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
    try {
      await device.engine.sync();
    } catch (e) {
      if (!(e instanceof TransportError)) throw e;
    }
  }

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
    const action = await randomAction(this.rng, device.db, device.userId, now);
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
   * The alternatives of meals (issue 20), on the server once quiet: each names recipes of its
   * meal's owner that still exist (deleteRecipe refuses one in use, an undo drops one gone),
   * none twice and at least one, one alternative per diet or allergy, diets 0 to 3.
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
          if (recipes.length !== ids.length || recipes.some((r) => r.owner !== meal.owner)) {
            throw new Error(
              `Alternatives: ${where} names recipes gone or not its owner's: ${ids.join(',')}`,
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
