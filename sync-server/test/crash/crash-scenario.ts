/**
 * The crash scenario, on SQLite or on PostgreSQL (issues 15 and 18): 20 devices (5 users, 4
 * devices each) push bursts of mutations to the server instances while one instance is killed
 * with SIGKILL; then the devices go on through the instance that serves them afterwards (the
 * same one restarted on its SQLite file, or another instance on the same PostgreSQL).
 * - Every push answered 200 is there: each device's last processed mutation is at least the
 *   one acknowledged, and the device's rows are exactly what its mutations up to that one
 *   make (replayed by the domain's mutators over a MemoryStore).
 * - After the devices push again what was not acknowledged and pull from their cookies of
 *   before the crash, every device holds exactly what the server says its user may read
 *   (a full pull, and the read rules run over the database once every server stopped).
 */
import { expect } from 'vitest';
import {
  MemoryStore,
  readableIds,
  runMutation,
  TABLE_NAMES,
  type ReadStore,
  type TableName,
} from '@popote/domain';
import { TestContext } from '@popote/domain/testing';
import { logIn, signUp, type ServerProcess } from '../server-process.js';
import { HttpDevice, sorted, type Rows } from './http-device.js';

const USERS = 5;
const DEVICES_PER_USER = 4;
/** Bursts per device; the kill comes well before the last. */
const ROUNDS = 14;
/** The kill comes once this many pushes were acknowledged, while others are on their way. */
const KILL_AFTER = 60;
const PASSWORD = 'motdepasse-solide';
const NOW = '2025-06-01T10:00:00.000Z';

export interface CrashSetup {
  /** The instances the devices use, in turn; the first one is killed. */
  instances: ServerProcess[];
  /** The data folder whose outbox holds the mails of the first instance (sign-ups). */
  mailDir: string;
  /** After the kill: the origin every device uses from then on. */
  afterKill(): Promise<string>;
  /** Stops every server, then reads the database itself. */
  stopAndRead(): Promise<{ reads: ReadStore; close(): Promise<void> }>;
}

/** A small seeded generator (mulberry32), so that a failure replays. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The next mutation of a device, on rows it created itself (so that one device's mutations
 * alone decide its rows, and a model can replay them). All are valid: none may be refused.
 */
function nextMutation(d: HttpDevice, random: () => number, made: Map<string, number[]>): void {
  const ids = (table: string) => made.get(table) ?? [];
  const pick = (table: string) => {
    const list = ids(table);
    return list[Math.floor(random() * list.length)];
  };
  const create = (table: string, name: string, args: Record<string, unknown>) => {
    const id = d.newId();
    made.set(table, [...ids(table), id]);
    d.mutate(name, { id, ...args });
    return id;
  };
  const n = d.outbox.length + 1;
  const stay = pick('stays');
  const roll = Math.floor(random() * 10);
  if (stay === undefined || roll === 0) {
    create('stays', 'createStay', { name: `Camp ${d.clientId} ${n}`, start: '2025-07-01' });
  } else if (roll === 1) {
    d.mutate('updateStay', { id: stay, name: `Séjour ${n}` });
  } else if (roll === 2) {
    const group = pick('groups');
    if (group !== undefined) d.mutate('updateGroup', { id: group, size: n });
    else create('groups', 'createGroup', { stayId: stay, name: 'G', color: '#AF0853', size: 8 });
  } else if (roll === 3) {
    create('groups', 'createGroup', { stayId: stay, name: `G${n}`, color: '#AF0853', size: 5 });
  } else if (roll === 4) {
    const menuId = d.newId();
    create('meals', 'createMeal', { menuId, stayId: stay, day: n % 7, slot: n % 5, now: NOW });
  } else if (roll === 5) {
    const meal = pick('meals');
    if (meal !== undefined) d.mutate('updateMeal', { id: meal, additionalPeople: n % 9 });
  } else if (roll === 6) {
    create('recipes', 'createRecipe', { name: `Recette ${d.clientId} ${n}`, plat: 2, now: NOW });
  } else if (roll === 7) {
    const recipe = pick('recipes');
    if (recipe !== undefined)
      d.mutate('updateRecipe', { id: recipe, description: `n° ${n}`, now: NOW });
  } else if (roll === 8) {
    const ingredient = create('ingredients', 'createIngredient', {
      name: `Épice ${d.clientId} ${n}`,
      kind: 4,
    });
    const recipe = pick('recipes');
    if (recipe !== undefined) {
      d.mutate('addRecipeIngredient', { recipeId: recipe, ingredientId: ingredient, now: NOW });
    }
    // Now and then its pack and price (issue 21): a purchase row of the device's own ingredient.
    if (n % 2 === 0) {
      create('purchases', 'setPurchase', {
        ingredientId: ingredient,
        pack: { name: 'sachet', size: 100 + n, unite: 2 },
        prices: [{ supplierId: null, amount: n / 10, per: 'pack', date: '2025-06-01' }],
      });
    }
  } else {
    const profile = create('profiles', 'createProfile', { name: `Profil ${n}` });
    create('suppliers', 'createSupplier', { profileId: profile });
  }
}

/** The device's rows as its first `upTo` mutations make them (the domain's mutators). */
async function model(d: HttpDevice, upTo: number): Promise<Record<string, unknown[]>> {
  const store = new MemoryStore();
  const ctx = new TestContext(store, d.userId);
  for (const m of d.outbox.slice(0, upTo)) await runMutation(ctx, m.name, m.args);
  const rows: Rows = new Map();
  for (const table of TABLE_NAMES) {
    rows.set(table, new Map((await store.all(table)).map((r) => [r.id, r])));
  }
  return sorted(rows);
}

/** Only the rows of the device's own id block. */
function ownRows(d: HttpDevice, rows: Rows): Record<string, unknown[]> {
  const own: Rows = new Map();
  for (const [table, byId] of rows) {
    own.set(table, new Map([...byId].filter(([id]) => d.owns(id))));
  }
  return sorted(own);
}

/** What the server says the device's user may read now: a full pull (read-only). */
async function serverView(
  d: HttpDevice,
): Promise<{ rows: Rows; lastMutationId: number; rejected: number }> {
  const view = new HttpDevice(d.origin, d.token, d.userId, d.clientId);
  const page = await view.pull();
  return { rows: view.rows, lastMutationId: page.lastMutationId, rejected: page.rejections.length };
}

export async function runCrashScenario(setup: CrashSetup, label: string): Promise<void> {
  const started = performance.now();
  const phases: string[] = [];
  const phase = (name: string) =>
    phases.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const origins = setup.instances.map((instance) => instance.origin);
  // Accounts side by side, one login per user shared by its devices: each password hash
  // takes a while (the server's real scrypt cost) and sessions play no part here.
  const users = await Promise.all(
    Array.from({ length: USERS }, async (_, u) => {
      const mail = `cuistot${u}@popote.test`;
      await signUp(origins[0]!, setup.mailDir, mail, PASSWORD);
      const { token, userId } = await logIn(origins[0]!, mail, PASSWORD);
      return Promise.all(
        Array.from({ length: DEVICES_PER_USER }, async (_, k) => {
          const origin = origins[(u * DEVICES_PER_USER + k) % origins.length]!;
          const device = new HttpDevice(origin, token, userId, `crash-u${u}-d${k}`);
          await device.leaseIds();
          await device.pull();
          return device;
        }),
      );
    }),
  );
  const devices = users.flat();

  phase('comptes');
  // Bursts from every device at once; the kill lands while pushes are on their way.
  let acknowledged = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  let killing: Promise<void> | null = null;
  const burst = async (d: HttpDevice, index: number) => {
    const random = rng(15_000 + index);
    const made = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS && killing === null; round++) {
      const count = 1 + Math.floor(random() * 6);
      for (let i = 0; i < count; i++) nextMutation(d, random, made);
      inFlight++;
      try {
        await d.push();
        acknowledged++;
        if (random() < 0.3) await d.pull();
      } catch (e) {
        if (killing === null) throw e;
        return; // Its server is gone: this device is offline until it comes back.
      } finally {
        inFlight--;
      }
      if (acknowledged >= KILL_AFTER && inFlight > 0 && killing === null) {
        inFlightAtKill = inFlight;
        killing = setup.instances[0]!.kill();
      }
      await new Promise((resolve) => setTimeout(resolve, random() * 15));
    }
  };
  await Promise.all(devices.map(burst));
  expect(killing, 'le serveur devait être tué pendant les envois').not.toBeNull();
  await killing;
  expect(inFlightAtKill).toBeGreaterThan(0);

  phase('tué');
  const origin = await setup.afterKill();
  phase('repris');
  for (const d of devices) d.origin = origin;

  // Every acknowledged push is there, and exactly what the device's mutations make.
  let committedUnacknowledged = 0;
  for (const d of devices) {
    const view = await serverView(d);
    expect(view.lastMutationId, d.clientId).toBeGreaterThanOrEqual(d.acked);
    expect(view.lastMutationId, d.clientId).toBeLessThanOrEqual(d.outbox.length);
    expect(view.rejected, d.clientId).toBe(0);
    expect(ownRows(d, view.rows), d.clientId).toEqual(await model(d, view.lastMutationId));
    committedUnacknowledged += view.lastMutationId - d.acked;
  }

  // The devices push what is pending again (the server skips what it already applied) and
  // pull from their cookies of before the crash.
  for (const d of devices) {
    while (d.pending().length > 0) {
      const before = d.acked;
      await d.push();
      // A push may stop early (work bounds) but always moves on.
      expect(d.acked, d.clientId).toBeGreaterThan(before);
    }
  }
  for (const d of devices) await d.pull();
  for (const d of devices) {
    const view = await serverView(d);
    expect(view.lastMutationId, d.clientId).toBe(d.outbox.length);
    expect(sorted(d.rows), d.clientId).toEqual(sorted(view.rows));
    expect(ownRows(d, d.rows), d.clientId).toEqual(await model(d, d.outbox.length));
  }

  // The read rules over the database itself, once every server has stopped.
  const store = await setup.stopAndRead();
  try {
    for (const d of devices) {
      const readable = await readableIds(store.reads, d.userId);
      const expected: Rows = new Map();
      for (const table of TABLE_NAMES) {
        const rows = await store.reads.getMany(table, readable[table as TableName]);
        expected.set(table, new Map(rows.map((r) => [r.id, r])));
      }
      expect(sorted(d.rows), d.clientId).toEqual(sorted(expected));
    }
  } finally {
    await store.close();
  }
  const total = devices.reduce((n, d) => n + d.outbox.length, 0);
  const purchases = devices.reduce((n, d) => n + (d.rows.get('purchases')?.size ?? 0), 0);
  console.log(
    `${label} : ${devices.length} appareils, ${total} modifications (${purchases} prix tenus), tué avec ${inFlightAtKill} envois en cours ` +
      `après ${acknowledged} envois acquittés ; ${committedUnacknowledged} modifications appliquées sans accusé de réception.\n` +
      phases.join(', '),
  );
}
