/**
 * The sync simulation: several devices of several users, each with its own IndexedDB
 * (fake-indexeddb), the real server in-process, a faulty network, long offline stretches and
 * random user actions; then quiescence and the invariants of ARCHITECTURE.md.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import {
  TABLE_NAMES,
  canReadRow,
  isDomainError,
  readableIds,
  type Id,
  type Row,
  type TableName,
} from '@popote/domain';
import {
  startTestServer,
  type TestServer,
  type ServerConfig,
  asReadStore,
  type SyncReader,
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
  TransportError,
} from '@popote/sync-client';
import type { PullResponse } from '@popote/sync-protocol';
import { FaultyTransport, NO_FAULTS, type Faults } from './faulty-transport';
import { randomAction } from './ops';
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
}

export interface SimResult {
  actions: number;
  localRefusals: number;
  serverRejections: number;
  applied: number;
  syncs: number;
}

export class World {
  readonly rng: Rng;
  private server!: TestServer;
  private reader!: SyncReader;
  readonly devices: Device[] = [];
  private readonly ghosts: (() => Promise<void>)[] = [];
  private readonly processed: ProcessedMutation[] = [];
  /** Server rows as last audited: key 'table:id' -> JSON (null once deleted). */
  private readonly audited = new Map<string, string | null>();
  private auditedVersion = 0;
  readonly stats: SimResult = {
    actions: 0,
    localRefusals: 0,
    serverRejections: 0,
    applied: 0,
    syncs: 0,
  };

  constructor(
    readonly seed: number,
    /** Server settings for this world (tighter work bounds, for instance). */
    private readonly serverConfig: Partial<ServerConfig> = {},
  ) {
    this.rng = new Rng(seed);
  }

  async start(users: number, devicesPerUser: number): Promise<void> {
    this.server = await startTestServer(this.serverConfig);
    const sync = this.server.app.popote.sync;
    this.reader = this.server.app.popote.store.syncReader;
    sync.onProcessed((e) => this.processed.push(e));
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
        });
      }
    }
    // What the server holds before any device writes (the catalogue, the accounts) is the
    // baseline the write audit compares with.
    this.auditedVersion = this.reader.version();
    for (const row of this.reader.changedSince(
      0,
      this.auditedVersion,
      { version: 0, tbl: '', id: 0 },
      1e9,
    )) {
      this.audited.set(`${row.tbl}:${row.id}`, row.data);
    }
    // Every device logs in online once (as the app does), which leases its first ids.
    for (const device of this.devices) await this.syncDevice(device);
  }

  /** One request to the real server, audited for authorisation. */
  private async deliver(userId: Id, token: string, path: string, body: unknown): Promise<unknown> {
    const response = await this.server.inject({
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
    if (path === '/sync/push') this.auditWrites(userId);
    return answer;
  }

  /** Invariant 5 (reads): a pull carries only rows its user may read, right now. */
  private async auditPull(userId: Id, page: PullResponse): Promise<void> {
    const store = asReadStore(this.reader);
    for (const op of page.patch) {
      if (op.op !== 'put') continue;
      const row = op.row as Row;
      if (!(await canReadRow(store, userId, op.table, row))) {
        throw new Error(
          `Invariant 5: pull to user ${userId} carried unreadable ${op.table} ${row.id}`,
        );
      }
    }
  }

  /** Invariant 5 (writes): every row a push changed belongs to the pushing user. */
  private auditWrites(userId: Id): void {
    const upTo = this.reader.version();
    const changed = this.reader.changedSince(
      this.auditedVersion,
      upTo,
      { version: 0, tbl: '', id: 0 },
      1e9,
    );
    for (const row of changed) {
      const key = `${row.tbl}:${row.id}`;
      const before = this.audited.get(key);
      const owners = [before, row.data]
        .filter((d): d is string => typeof d === 'string')
        .map((d) => (JSON.parse(d) as { owner?: Id | null }).owner);
      const profileCleared =
        row.tbl === 'stays' &&
        row.data !== null &&
        (JSON.parse(row.data) as Row<'stays'>).profileId === null;
      if (row.tbl !== 'users' && owners.some((o) => o !== userId) && !profileCleared) {
        throw new Error(`Invariant 5: user ${userId} changed ${key} owned by ${owners.join('/')}`);
      }
      this.audited.set(key, row.data);
    }
    this.auditedVersion = upTo;
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
    const action = await randomAction(this.rng, device.db, device.userId);
    if (!action) return;
    this.stats.actions++;
    try {
      await mutateLocal(device.db, device.userId, action.name, action.build as never);
    } catch (e) {
      if (!isDomainError(e)) throw e;
      this.stats.localRefusals++;
    }
  }

  /** Invariant 7: applying the same pull page twice changes nothing. */
  private async doubleApply(device: Device): Promise<void> {
    const cookie = ((await device.db.meta.get(COOKIE))?.value as number | undefined) ?? null;
    const clientId = await clientIdOf(device.db);
    const page = (await this.deliver(device.userId, device.token, '/sync/pull', {
      clientId,
      cookie,
      cursor: null,
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
    for (let step = 0; step < steps; step++) {
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
      for (const d of this.devices) await this.syncDevice(d);
    }
    for (const d of this.devices) {
      if ((await d.db.outbox.count()) > 0) throw new Error(`${d.name} still has pending changes`);
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

  private async serverView(userId: Id): Promise<Record<string, unknown[]>> {
    const store = asReadStore(this.reader);
    const ids = await readableIds(store, userId);
    const out: Record<string, unknown[]> = {};
    for (const t of TABLE_NAMES) {
      const rows = ids[t as TableName].map((id) => this.reader.get(t, id)!);
      out[t] = rows.sort((a, b) => a.id - b.id);
    }
    return out;
  }

  /** Invariants 1 to 4 (5 and 7 are checked during the run, 6 is part of 1). */
  async checkInvariants(): Promise<void> {
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
    await this.server.close();
  }
}
