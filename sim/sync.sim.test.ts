/**
 * The seeded sync simulation. CI runs a few seeds; `npm run sim -- --seeds 50 --steps 5000`
 * runs it much longer, and SIM_SEED=<n> replays one seed exactly.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_LIMITS } from '@popote/sync-server/testing';
import { World } from './world';

/**
 * The changes of shopping lists and of the larder (issue 19), an ingredient's fresh mark, and
 * the undo they may meet.
 */
const SHOPPING = [
  'createShopList',
  'tickShopItem',
  'setShopItemBought',
  'shareShopList',
  'stopSharingShopList',
  'deleteShopList',
  'addStock',
  'updateStock',
  'deleteStock',
  'addPurchasesToStock',
  'updateIngredient',
  'restoreSnapshot',
];
/**
 * Diets and allergies (issue 20): a group's needs, an ingredient's allergens and diet facts
 * (updateIngredient, counted apart from its fresh mark), the alternatives of meals.
 */
const DIETS = [
  'setGroupNeeds',
  'updateIngredient:allergens',
  'setMealAlternative',
  'removeMealAlternative',
];
/** Mutations made on the devices over every seed run so far, by name (or label, see ops.ts). */
const made: Record<string, number> = {};

const STEPS = Number(process.env.SIM_STEPS ?? 1200);
const FIRST_SEED = Number(process.env.SIM_FIRST_SEED ?? 1);
const SEED_COUNT = Number(process.env.SIM_SEEDS ?? 6);
const seeds = process.env.SIM_SEED
  ? [Number(process.env.SIM_SEED)]
  : Array.from({ length: SEED_COUNT }, (_, i) => FIRST_SEED + i);

describe('sync simulation (4 devices of 2 users, flaky network, offline stretches)', () => {
  for (const seed of seeds) {
    it(`converges and keeps every invariant, seed ${seed}`, async () => {
      const world = new World(seed);
      try {
        await world.start(2, 2);
        await world.run(STEPS);
        await world.quiesce();
        await world.checkInvariants();
      } catch (e) {
        console.error(
          `Simulation failed with seed ${seed}. Replay it with:\n` +
            `  SIM_SEED=${seed} SIM_STEPS=${STEPS} npx vitest run --project sim`,
        );
        throw e;
      } finally {
        await world.close();
      }
      const s = world.stats;
      for (const [name, n] of Object.entries(s.made)) made[name] = (made[name] ?? 0) + n;
      const count = (names: string[]) =>
        names.map((name) => `${name} ${s.made[name] ?? 0}`).join(', ');
      console.log(
        `seed ${seed}: ${s.actions} actions (${s.localRefusals} refused on the device), ` +
          `${s.applied} applied and ${s.serverRejections} refused by the server, ${s.syncs} syncs; ` +
          `shopping and larder: ${count(SHOPPING)}; diets and alternatives: ${count(DIETS)}`,
      );
      expect(s.actions).toBeGreaterThan(STEPS / 5);
      expect(s.applied).toBeGreaterThan(0);
    });
  }
});

describe('what the simulation exercised', () => {
  // One seed replayed may miss some; the seeds of a CI run together must not.
  it.skipIf(seeds.length < 3 || STEPS < 1000)(
    'made every change of shopping lists and of the larder',
    () => {
      expect(SHOPPING.filter((name) => (made[name] ?? 0) === 0)).toEqual([]);
    },
  );
  it.skipIf(seeds.length < 3 || STEPS < 1000)(
    'made every change of diets, allergens and alternatives',
    () => {
      expect(DIETS.filter((name) => (made[name] ?? 0) === 0)).toEqual([]);
    },
  );
});

describe('sync simulation with a server that stops every push early', () => {
  // Every push ends after 3 row writes: devices must go on from the answer's lastMutationId
  // (the server's work bound per push), never skip or lose a mutation.
  it('converges and keeps every invariant', async () => {
    const world = new World(FIRST_SEED + 100, {
      syncLimits: {
        ...DEFAULT_SYNC_LIMITS,
        work: { ...DEFAULT_SYNC_LIMITS.work, pushRowWrites: 3 },
      },
    });
    try {
      await world.start(2, 2);
      await world.run(Math.min(STEPS, 600));
      await world.quiesce();
      await world.checkInvariants();
    } finally {
      await world.close();
    }
    expect(world.stats.applied).toBeGreaterThan(0);
  });
});
