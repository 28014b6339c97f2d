/**
 * The fuzz suite's world: a test server that also listens on a real port (so that a probe can
 * time `GET /health` over TCP while requests are fuzzed), two users with a device each and a
 * few rows of every table, the id pools the generators draw from, and a digest of the
 * database to prove that a refused request changed nothing.
 */
import { Agent, get } from 'node:http';
import type { Database } from 'better-sqlite3';
import { expect } from 'vitest';
import type { TableName } from '@popote/domain';
import { startTestServer, type TestServer } from '../test-server.js';
import { newDevice, post, type Device } from '../sync-device.js';
import { signSession } from '../../src/accounts/auth.js';
import type { IdPools } from './hostile-values.js';

export interface Actor {
  device: Device;
  mail: string;
}

export interface FuzzWorld {
  server: TestServer;
  /** http://127.0.0.1:port of the listening server. */
  origin: string;
  alice: Actor;
  bob: Actor;
  health: HealthProbe;
  /** Rows of every table for both users again, where a fuzzed request deleted them. */
  replenish(): Promise<void>;
  /** A new token for an actor whose session a fuzzed logout or password change ended. */
  keepSignedIn(actor: Actor): Promise<void>;
  /** Ids of both users' rows (and a few of the catalogue), fresh ids of the actor's block. */
  pools(actor: Actor): IdPools;
  close(): Promise<HealthReport>;
}

// The device's clock: the test server's (harness TEST_START), so no date is clamped.
const NOW = '2025-06-01T08:00:00.000Z';

export async function startFuzzWorld(): Promise<FuzzWorld> {
  const server = await startTestServer();
  const origin = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const alice: Actor = {
    mail: 'alice@popote.test',
    device: await newDevice(server, 'alice@popote.test', 'alice-fuzz-device'),
  };
  const bob: Actor = {
    mail: 'bob@popote.test',
    device: await newDevice(server, 'bob@popote.test', 'bob-fuzz-device'),
  };
  let round = 0;
  const replenish = async () => {
    for (const actor of [alice, bob]) {
      if (missingTables(server.app.popote.store.db, actor.device.userId).length > 0) {
        await seed(server, actor.device, `${actor === alice ? 'A' : 'B'}${++round}`);
      }
    }
  };
  await replenish();
  const health = new HealthProbe(`${origin}/health`);
  return {
    server,
    origin,
    alice,
    bob,
    health,
    replenish,
    async keepSignedIn(actor) {
      const db = server.app.popote.store.db;
      const sid = sessionIdOf(actor.device.token);
      const alive = db
        .prepare('SELECT 1 FROM sessions WHERE id = ? AND expires_at > ?')
        .get(sid, server.clock.now);
      if (!alive) actor.device.token = await signSession(server.app, actor.device.userId);
    },
    pools(actor) {
      return {
        ...idsOf(server.app.popote.store.db, actor.device.userId),
        fresh: actor.device.next,
      };
    },
    async close() {
      const report = await health.stop();
      expect(await server.close()).toEqual([]);
      return report;
    },
  };
}

/** A session token's `sid` claim (the token is ours: no need to verify it). */
function sessionIdOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid: string }).sid;
}

/** A row's owner: the column of owner-only tables, the author of a tombstone, or the data's. */
const OWNER = "COALESCE(owner, author, json_extract(data, '$.owner'))";

const SEEDED: TableName[] = [
  'stays',
  'groups',
  'meals',
  'menus',
  'recipes',
  'ingredients',
  'profiles',
  'suppliers',
];

function missingTables(db: Database, userId: number): TableName[] {
  const present = new Set(
    db
      .prepare(`SELECT DISTINCT tbl FROM rows WHERE ${OWNER} = ? AND data IS NOT NULL`)
      .pluck()
      .all(userId) as string[],
  );
  return SEEDED.filter((t) => !present.has(t));
}

/** A stay with groups and meals, a recipe and a menu (one of each published), a profile. */
async function seed(server: TestServer, d: Device, tag: string): Promise<void> {
  const id = () => d.next++;
  const [stay, g1, g2, meal1, menu1, meal2, menu2] = [id(), id(), id(), id(), id(), id(), id()];
  const [recipe, shared, favorite, ingredient, profile, supplier] = [
    id(),
    id(),
    id(),
    id(),
    id(),
    id(),
  ];
  const catalogue = server.app.popote.store.db
    .prepare("SELECT id FROM rows WHERE tbl = 'ingredients' AND owner IS NULL LIMIT 1")
    .pluck()
    .get() as number;
  const group = (gid: number, name: string) => ({
    id: gid,
    stayId: stay,
    name,
    color: '#AF0853',
    size: 10,
  });
  const calls: [string, unknown][] = [
    ['createStay', { id: stay, name: `Camp ${tag}`, start: '2025-07-01' }],
    ['createGroup', group(g1, 'Louveteaux')],
    ['createGroup', group(g2, 'Pionniers')],
    ['createMeal', { id: meal1, menuId: menu1, stayId: stay, day: 0, slot: 1, now: NOW }],
    ['createMeal', { id: meal2, menuId: menu2, stayId: stay, day: 0, slot: 3, now: NOW }],
    ['moveMealGroup', { groupId: g1, fromMealId: meal1, toMealId: meal2 }],
    ['createIngredient', { id: ingredient, name: `Épice ${tag}`, kind: 4 }],
    ['createRecipe', { id: recipe, name: `Gratin ${tag}`, plat: 2, now: NOW }],
    ['addRecipeIngredient', { recipeId: recipe, ingredientId: ingredient, now: NOW }],
    ['addRecipeIngredient', { recipeId: recipe, ingredientId: catalogue, now: NOW }],
    ['createRecipe', { id: shared, name: `Tarte ${tag}`, plat: 1, now: NOW }],
    ['setRecipePublished', { id: shared, isPublished: true, now: NOW }],
    ['createFavoriteMenu', { id: favorite, now: NOW }],
    ['addMenuRecipe', { menuId: favorite, recipeId: shared, now: NOW }],
    ['setMenuPublished', { id: favorite, isPublished: true, now: NOW }],
    ['addMenuRecipe', { menuId: menu1, recipeId: recipe, now: NOW }],
    ['addMenuIngredient', { menuId: menu2, ingredientId: ingredient, stayId: stay, now: NOW }],
    ['createProfile', { id: profile, name: `Profil ${tag}` }],
    ['createSupplier', { id: supplier, profileId: profile }],
    ['setStayProfile', { stayId: stay, profileId: profile }],
  ];
  const mutations = calls.map(([name, args]) => ({ id: ++d.mutationId, name, args }));
  const res = await post(server, d, '/sync/push', { clientId: d.clientId, mutations });
  expect(res.statusCode, res.body).toBe(200);
  const rejected = server.app.popote.store.db
    .prepare('SELECT mutation_id, message FROM rejections WHERE client_id = ? AND mutation_id > ?')
    .all(d.clientId, d.mutationId - calls.length);
  expect(rejected, `graines ${tag}`).toEqual([]);
}

function idsOf(db: Database, actor: number): Pick<IdPools, 'own' | 'others'> {
  const rows = db
    .prepare(
      `SELECT tbl, id, ${OWNER} AS owner FROM rows
        WHERE data IS NOT NULL AND (${OWNER} IS NOT NULL OR tbl = 'users')
       UNION ALL SELECT tbl, id, NULL FROM (SELECT tbl, id FROM rows
         WHERE tbl = 'ingredients' AND owner IS NULL ORDER BY id LIMIT 3)
       UNION ALL SELECT tbl, id, NULL FROM (SELECT tbl, id FROM rows
         WHERE data IS NULL ORDER BY version DESC LIMIT 5)`,
    )
    .all() as { tbl: TableName; id: number; owner: number | null }[];
  const pools: Pick<IdPools, 'own' | 'others'> = { own: {}, others: {} };
  for (const { tbl, id, owner } of rows) {
    const mine = owner === actor || (tbl === 'users' && id === actor);
    ((mine ? pools.own : pools.others)[tbl] ??= []).push(id);
  }
  return pools;
}

// ---- What a refusal must leave unchanged ----

/**
 * The database as users and accounts see it: synced rows (with their versions and index
 * entries), accounts, sessions and pending links. Left out on purpose: id leases and the id
 * sequence (a REST write leases ids before its mutator may refuse; unused ids are harmless),
 * login attempts (a refused login is counted by design), devices' last mutation ids and
 * rejections (a refused pushed mutation is recorded as processed by design).
 */
export function dump(db: Database): Map<string, string> {
  const state = new Map<string, string>();
  const rows = db.prepare(`SELECT tbl, id, ${OWNER}, version, data FROM rows`).raw().all() as [
    string,
    number,
    number | null,
    number,
    string | null,
  ][];
  for (const [tbl, id, owner, version, data] of rows) {
    state.set(`rows:${tbl}:${id}`, `${owner}|${version}|${data}`);
  }
  const indexRows = db.prepare('SELECT * FROM row_index').raw().all() as unknown[][];
  state.set('row_index', String(indexRows.length) + JSON.stringify(indexRows.slice(-50)));
  for (const table of ['accounts', 'sessions', 'pending_registrations', 'mail_changes']) {
    for (const row of db.prepare(`SELECT * FROM ${table}`).raw().all() as unknown[][]) {
      state.set(`${table}:${String(row[0])}`, JSON.stringify(row));
    }
  }
  return state;
}

/** The keys whose values differ, with both values (for a failure message). */
export function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(key);
    const b = after.get(key);
    if (a !== b) out.push(`${key}: ${a?.slice(0, 200)} → ${b?.slice(0, 200)}`);
  }
  return out;
}

/** Rows of this owner whose content changed (an owner's rows another user must not touch). */
export function changedRowsOf(
  before: Map<string, string>,
  after: Map<string, string>,
  owner: number,
): string[] {
  const prefix = `${owner}|`;
  return changes(before, after).filter((line) => {
    const key = line.slice(0, line.indexOf(': '));
    if (!key.startsWith('rows:')) return false;
    const was = before.get(key);
    const now = after.get(key);
    if (!was?.startsWith(prefix) && !now?.startsWith(prefix)) return false;
    // Documented: deleting a profile clears it as the default of every stay that used it.
    if (key.startsWith('rows:stays:') && was && now) {
      const [a, b] = [stayData(was), stayData(now)];
      if (
        a &&
        b &&
        b.profileId === null &&
        JSON.stringify({ ...a, profileId: null }) === JSON.stringify(b)
      ) {
        return false;
      }
    }
    return true;
  });
}

const stayData = (value: string): Record<string, unknown> | null => {
  const data = value.split('|').slice(2).join('|');
  return data === 'null' ? null : (JSON.parse(data) as Record<string, unknown>);
};

// ---- Prototype pollution ----

const PROTOTYPES: [string, object][] = [
  ['Object', Object.prototype],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
  ['String', String.prototype],
  ['Number', Number.prototype],
  ['Boolean', Boolean.prototype],
  ['BigInt', BigInt.prototype],
  ['RegExp', RegExp.prototype],
  ['Promise', Promise.prototype],
];
const CLEAN = new Map(PROTOTYPES.map(([n, p]) => [n, Reflect.ownKeys(p).map(String).join(',')]));

/** Properties added to a built-in prototype since this module was loaded (none may be). */
export function pollution(): string[] {
  return PROTOTYPES.filter(
    ([n, p]) => Reflect.ownKeys(p).map(String).join(',') !== CLEAN.get(n),
  ).map(([n, p]) => `${n}.prototype: ${Reflect.ownKeys(p).map(String).join(',')}`);
}

// ---- Health while fuzzing ----

/** The bound on GET /health while the server is fuzzed. */
export const HEALTH_MS = 100;

/**
 * Runs a fuzz pass and answers the slowest /health answer meanwhile. A pass over the bound is
 * run once more (the same seed: the same requests) before it counts: on a busy machine (other
 * test files share the two cores) one answer may wait for the CPU, whereas a request that
 * holds the server delays /health on both passes.
 */
export async function healthDuring(world: FuzzWorld, pass: () => Promise<void>): Promise<number> {
  let worst = 0;
  for (let attempt = 0; attempt < 2 && (attempt === 0 || worst >= HEALTH_MS); attempt++) {
    if (attempt > 0) console.warn(`/health a attendu ${worst.toFixed(0)} ms : second passage`);
    world.health.window();
    await pass();
    worst = world.health.window();
  }
  return worst;
}

export interface HealthReport {
  /** Slowest answer of GET /health, in ms of wall-clock time. */
  max: number;
  /** Slowest answer counting only the time this process was running (see HealthProbe). */
  maxHeld: number;
  count: number;
  failures: number;
}

/**
 * Polls GET /health over TCP, one request at a time, from now until stop(); keeps the slowest
 * answer overall and since the last window() call, so that a test can name what held the
 * server.
 *
 * Each answer's wait is also measured in CPU time of this process (the server and the test
 * driving it), and the bound applies to the smaller of the two: the time the server was
 * really busy. A machine whose cores are taken by other programs (other test files, another
 * build) lengthens every wait without the process running; a request that holds the event
 * loop keeps it running for as long as /health waits.
 */
export class HealthProbe {
  private running = true;
  private readonly loop: Promise<void>;
  private report: HealthReport = { max: 0, maxHeld: 0, count: 0, failures: 0 };
  private windowMax = 0;
  /** One kept-alive connection, as a load balancer's probe would use. */
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(url: string) {
    this.loop = this.poll(url);
  }

  private async poll(url: string): Promise<void> {
    while (this.running) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      try {
        const status = await getStatus(this.agent, url);
        if (status !== 200) this.report.failures++;
      } catch {
        this.report.failures++;
      }
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      const held = Math.min(ms, (used.user + used.system) / 1000);
      this.report.count++;
      this.report.max = Math.max(this.report.max, ms);
      this.report.maxHeld = Math.max(this.report.maxHeld, held);
      this.windowMax = Math.max(this.windowMax, held);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** The slowest answer (time held) since the previous call. */
  window(): number {
    const max = this.windowMax;
    this.windowMax = 0;
    return max;
  }

  async stop(): Promise<HealthReport> {
    this.running = false;
    await this.loop;
    this.agent.destroy();
    return this.report;
  }
}

/** The status of a GET, once its body is read. */
function getStatus(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
