/**
 * The sync simulation on PostgreSQL with two server instances on one database (issue 18):
 * every request of a device (ids, push, pull) goes to one of them drawn at random, so devices
 * push to one and pull from the other, on the same flaky network as the SQLite simulation,
 * and the same invariants are checked at quiescence. Run by the 'sim-pg' project of
 * vitest.config.ts (POPOTE_TEST_STORE=pg) when POPOTE_TEST_PG_URL names a test cluster;
 * SIM_PG_SEED=<n> replays one seed, SIM_PG_STEPS and SIM_PG_SEEDS make it longer.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_LIMITS, type ServerConfig } from '@popote/sync-server/testing';
import { World } from './world';

const INSTANCES = 2;
const STEPS = Number(process.env.SIM_PG_STEPS ?? 1500);
const FIRST_SEED = Number(process.env.SIM_PG_FIRST_SEED ?? 1);
const SEED_COUNT = Number(process.env.SIM_PG_SEEDS ?? 4);
const ONE_SEED = process.env.SIM_PG_SEED;
const seeds = ONE_SEED
  ? [Number(ONE_SEED)]
  : Array.from({ length: SEED_COUNT }, (_, i) => FIRST_SEED + i);
/** What one CI run must do at least (issue 18): user actions, summed over the runs below. */
const MIN_ACTIONS = ONE_SEED ? 0 : 2000;

/** User actions of every run so far (the file's tests run one after the other). */
let actions = 0;

/** One seeded run: start, random steps, quiescence, the invariants. */
async function simulate(
  seed: number,
  steps: number,
  serverConfig: Partial<ServerConfig> = {},
): Promise<void> {
  // The read rules' check after complete pulls costs more on PostgreSQL: after every lost stay,
  // and every fourth other pull.
  const world = new World(seed, serverConfig, { instances: INSTANCES, readCheckEvery: 4 });
  const started = performance.now();
  try {
    await world.start(2, 2);
    // The harness made a fresh PostgreSQL database: never a silent run on SQLite.
    expect(world.databaseUrl).toMatch(/^postgres(ql)?:\/\//u);
    expect(world.instanceCount).toBe(INSTANCES);
    await world.run(steps);
    await world.quiesce();
    await world.checkInvariants();
  } catch (e) {
    console.error(
      `Simulation on PostgreSQL failed with seed ${seed}. Replay it with:\n` +
        `  SIM_PG_SEED=${seed} SIM_PG_STEPS=${steps} POPOTE_TEST_PG_URL=<cluster> ` +
        'npx vitest run --project sim-pg',
    );
    throw e;
  } finally {
    await world.close();
  }
  const s = world.stats;
  actions += s.actions;
  console.log(
    `seed ${seed} (PostgreSQL, ${INSTANCES} instances): ${s.actions} actions ` +
      `(${s.localRefusals} refused on the device), ${s.applied} applied and ` +
      `${s.serverRejections} refused by the server, ${s.syncs} syncs, ` +
      `requests per instance ${JSON.stringify(world.served)}, ` +
      `${world.crossedPulls} pulls from another instance than the last push, ` +
      `${Math.round(performance.now() - started)} ms`,
  );
  // Every instance took pushes and answered pulls, and devices pulled from another instance
  // than the one that took their last push.
  expect(world.served).toHaveLength(INSTANCES);
  for (const served of world.served) {
    expect(served['/sync/push']).toBeGreaterThan(0);
    expect(served['/sync/pull']).toBeGreaterThan(0);
  }
  expect(world.crossedPulls).toBeGreaterThan(0);
  expect(s.actions).toBeGreaterThan(steps / 5);
  expect(s.applied).toBeGreaterThan(0);
}

describe(`sync simulation on PostgreSQL, ${INSTANCES} server instances on one database`, () => {
  for (const seed of seeds) {
    it(`converges and keeps every invariant, seed ${seed}`, async () => {
      await simulate(seed, STEPS);
    });
  }

  if (!ONE_SEED) {
    // Every push ends after 3 row writes: devices go on from the answer's lastMutationId,
    // on either instance, and never skip or lose a mutation.
    it('with instances that stop every push early, converges and keeps every invariant', async () => {
      await simulate(FIRST_SEED + 100, Math.min(STEPS, 600), {
        syncLimits: {
          ...DEFAULT_SYNC_LIMITS,
          work: { ...DEFAULT_SYNC_LIMITS.work, pushRowWrites: 3 },
        },
      });
    });

    it(`made at least ${MIN_ACTIONS} user actions in all`, () => {
      expect(actions).toBeGreaterThanOrEqual(MIN_ACTIONS);
    });
  }
});
