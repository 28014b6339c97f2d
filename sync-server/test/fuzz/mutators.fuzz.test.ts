/**
 * Fuzz suite, issue 15: every mutator receives hostile arguments, drawn from its own schema
 * with holes (see hostile-values.ts): wrong types, huge strings, 1e309, -0, prototype keys, ids of
 * other users' rows, of other tables, of rows that never existed.
 *
 * Through the server (a device's /sync/push): the push is always answered 200 and the
 * mutation processed once; a refused mutation changes nothing; no mutation of Alice's changes
 * a row of Bob's; none is refused for an unforeseen error (a mutator that throws something
 * else than its French refusal); GET /health answers within 100 ms all along.
 *
 * Directly (runMutation over a MemoryStore, many more runs): a mutator either succeeds or
 * refuses with a DomainError, and never touches another user's rows.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DomainError,
  MUTATORS,
  runMutation,
  type Id,
  type MutationName,
  type TableName,
} from '@popote/domain';
import { SYNC_UNEXPECTED_REFUSAL } from '../../src/sync/sync-service.js';
import { ALICE, BOB, FRESH, World } from '@popote/domain/testing';
import { hostileBody, jsonText, schemaArb, type IdPools } from './hostile-values.js';
import {
  HEALTH_MS,
  changedRowsOf,
  changes,
  dump,
  healthDuring,
  pollution,
  startFuzzWorld,
  type FuzzWorld,
} from './fuzz-world.js';

const SEED = Number(process.env.FUZZ_SEED ?? 15_2025);
const PUSH_RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const DIRECT_RUNS = 5 * PUSH_RUNS;

const NAMES = Object.keys(MUTATORS) as MutationName[];

/** Arguments with holes, or well formed (to reach the rules behind the schema as often). */
const argsOf = (name: MutationName, pools: IdPools) =>
  fc.oneof(
    schemaArb(MUTATORS[name].schema, pools, '', true),
    schemaArb(MUTATORS[name].schema, pools, '', false),
  );

describe('fuzz of every mutator through /sync/push', { timeout: 60_000 }, () => {
  let world: FuzzWorld;
  /** Errors the server logged for mutations refused in an unforeseen way. */
  const unforeseen: unknown[] = [];

  beforeAll(async () => {
    world = await startFuzzWorld();
    // The sync service reports them through the app's logger (off in tests).
    world.server.app.log.error = ((obj: unknown) => {
      unforeseen.push(obj);
    }) as typeof world.server.app.log.error;
  }, 60_000);

  afterAll(async () => {
    const report = await world.close();
    console.log(
      `/health pendant le fuzz des mutations : ${report.count} réponses, la plus lente ${report.max.toFixed(1)} ms (${report.maxHeld.toFixed(1)} ms de calcul)`,
    );
    expect(report.failures).toBe(0);
  });

  beforeEach(async () => {
    await world.replenish();
    unforeseen.length = 0;
  });

  /** Pushes one mutation as Alice's device and checks what it did. */
  async function pushChecked(name: string, args: string): Promise<void> {
    const d = world.alice.device;
    await world.keepSignedIn(world.alice);
    const db = world.server.app.popote.store.db;
    const before = dump(db);
    const id = d.mutationId + 1;
    const body = `{"clientId":${JSON.stringify(d.clientId)},"mutations":[{"id":${id},"name":${JSON.stringify(name)},"args":${args}}]}`;
    const res = await world.server.inject({
      method: 'POST',
      url: '/sync/push',
      headers: { authorization: `Bearer ${d.token}`, 'content-type': 'application/json' },
      payload: body,
    });
    const after = dump(db);
    const what = `${name} ${args.slice(0, 800)}`;
    // A body nested past the limit, or with prototype keys (Fastify's parser), is refused
    // whole before anything runs: 400, the mutation is not processed.
    if (res.statusCode === 400 && /imbriqué|JSON valide/u.test(res.body)) {
      expect(changes(before, after), what).toEqual([]);
      return;
    }
    expect(res.statusCode, `${what}\n→ ${res.body.slice(0, 300)}`).toBe(200);
    expect(res.json(), what).toEqual({ lastMutationId: id });
    d.mutationId = id;
    const rejection = db
      .prepare('SELECT message FROM rejections WHERE client_id = ? AND mutation_id = ?')
      .pluck()
      .get(d.clientId, id) as string | undefined;
    if (rejection !== undefined) {
      expect(rejection, `${what}\n${JSON.stringify(unforeseen[0] ?? null)}`).not.toBe(
        SYNC_UNEXPECTED_REFUSAL,
      );
      expect(changes(before, after), `${what}\n→ refusée : ${rejection}`).toEqual([]);
    }
    expect(changedRowsOf(before, after, world.bob.device.userId), what).toEqual([]);
    expect(unforeseen, what).toEqual([]);
    expect(pollution(), what).toEqual([]);
    // See api.fuzz.test.ts: let the TCP probe be served between injected requests.
    await new Promise((resolve) => setImmediate(resolve));
  }

  for (const name of NAMES) {
    it(name, async () => {
      const pools = { ...world.pools(world.alice), subject: subjectOf(name) };
      const args = argsOf(name, pools);
      const worst = await healthDuring(world, () =>
        fc.assert(
          fc.asyncProperty(args, (a) => pushChecked(name, jsonText(a))),
          { seed: SEED, numRuns: PUSH_RUNS, endOnFailure: true },
        ),
      );
      expect(worst, `/health pendant ${name}`).toBeLessThan(HEALTH_MS);
    });
  }

  it('refuses unknown and prototype names without a trace', async () => {
    const names = fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', ''),
      fc.string({ maxLength: 64 }),
    );
    await fc.assert(
      fc.asyncProperty(names, hostileBody, (name, args) => pushChecked(name, jsonText(args))),
      { seed: SEED, numRuns: PUSH_RUNS, endOnFailure: true },
    );
  });
});

// ---- Directly, over a MemoryStore ----

/** Alice's and Bob's rows of every kind, as the domain's own tests seed them. */
async function seededWorld(): Promise<World> {
  const world = await World.create();
  for (const owner of [ALICE, BOB]) {
    const stay = await world.stay(owner);
    const [g1, g2] = [await world.group(stay), await world.group(stay)];
    const ingredient = await world.ingredient(owner);
    await world.recipe(owner, {
      ingredients: [{ ingredientId: ingredient.id, quantity: { val: 1, unite: 1, forPeople: 4 } }],
    });
    const published = await world.recipe(owner, { isPublished: true });
    const favorite = await world.menu(owner, { isPublished: true, recipeIds: [published.id] });
    await world.meal(stay, { groupIds: [g1.id, g2.id] });
    await world.meal(stay, { menuId: favorite.id, slot: 3 });
    await world.meal(stay, { day: 1 });
    const profile = await world.profile(owner);
    await world.supplier(profile);
  }
  await world.ingredient(null, { name: 'Carotte' });
  return world;
}

function poolsOf(world: World): IdPools {
  const pools: IdPools = { own: {}, others: {}, fresh: FRESH };
  for (const [table, rows] of Object.entries(world.snapshot())) {
    for (const row of rows as { id: Id; owner?: Id | null }[]) {
      const mine = row.owner === ALICE || (table === 'users' && row.id === ALICE);
      ((mine ? pools.own : pools.others)[table as TableName] ??= []).push(row.id);
    }
  }
  return pools;
}

/** The table a mutator's `id` names, and whether it makes a new row (createStay: stays). */
function subjectOf(name: MutationName): IdPools['subject'] {
  const tables: [RegExp, TableName][] = [
    [/Stay/u, 'stays'],
    [/Group/u, 'groups'],
    [/Meal/u, 'meals'],
    [/Menu/u, 'menus'],
    [/Recipe/u, 'recipes'],
    [/Ingredient/u, 'ingredients'],
    [/Profile/u, 'profiles'],
    [/Supplier/u, 'suppliers'],
  ];
  const table = tables.find(([pattern]) => pattern.test(name))?.[1] ?? null;
  return { table, creates: /^create/u.test(name) };
}

/** Bob's rows as a JSON text per id (those Alice must never change). */
function bobsRows(world: World): Map<string, string> {
  const rows = new Map<string, string>();
  for (const [table, list] of Object.entries(world.snapshot())) {
    for (const row of list as { id: Id; owner?: Id | null }[]) {
      if (row.owner === BOB) rows.set(`${table}:${row.id}`, JSON.stringify(row));
    }
  }
  return rows;
}

describe('fuzz of every mutator over a MemoryStore', { timeout: 60_000 }, () => {
  let pools: IdPools;

  beforeAll(async () => {
    pools = poolsOf(await seededWorld());
  });

  for (const name of NAMES) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(argsOf(name, { ...pools, subject: subjectOf(name) }), async (a) => {
          const world = await seededWorld();
          const args = JSON.parse(jsonText(a)) as unknown;
          const before = bobsRows(world);
          try {
            await runMutation(world.as(ALICE), name, args);
          } catch (e) {
            if (!(e instanceof DomainError)) {
              throw new Error(`${name} ${jsonText(a).slice(0, 800)} a échoué hors règle`, {
                cause: e,
              });
            }
          }
          expect(pollution(), `${name} ${jsonText(a).slice(0, 800)}`).toEqual([]);
          const after = bobsRows(world);
          for (const [key, row] of before) {
            const now = after.get(key);
            // Documented: deleting a profile clears it as the default of the stays using it.
            if (key.startsWith('stays:') && now !== undefined) {
              expect(JSON.parse(now), `${name} ${jsonText(a)}`).toEqual({
                ...(JSON.parse(row) as object),
                profileId: now.includes('"profileId":null') ? null : JSON.parse(row).profileId,
              });
            } else expect(now, `${name} ${jsonText(a).slice(0, 800)}`).toBe(row);
          }
        }),
        { seed: SEED, numRuns: DIRECT_RUNS, endOnFailure: true },
      );
    });
  }
});
