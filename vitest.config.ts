import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages are loaded from source ('source' export condition), so tests never
// depend on a prior build.
const resolve = { conditions: ['source', 'module', 'browser', 'development|production'] };
const serverResolve = { conditions: ['source', 'node', 'import', 'default'] };

/**
 * The server's tests through HTTP, again on PostgreSQL (issue 18): every `*.pg.test.ts` runs in
 * `unit` on SQLite and here once more on PostgreSQL. `npm test` provides a throw-away cluster in
 * POPOTE_TEST_PG_URL; without one, a single skipped test says so.
 */
const SERVER_ON_POSTGRES = process.env.POPOTE_TEST_PG_URL
  ? ['sync-server/src/**/*.pg.test.ts']
  : ['sync-server/test/postgres-unavailable.check.ts'];

/**
 * The sync simulation with two server instances on one PostgreSQL database (issue 18), when a
 * test cluster is given in POPOTE_TEST_PG_URL; without one, a single skipped test says so.
 */
const SIM_ON_POSTGRES = process.env.POPOTE_TEST_PG_URL
  ? ['sim/postgres.sim.test.ts']
  : ['sim/postgres-unavailable.check.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: serverResolve,
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'sync-server/src/**/*.test.ts',
            'sync-server/test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        resolve: serverResolve,
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'server-pg',
          include: SERVER_ON_POSTGRES,
          environment: 'node',
          env: { POPOTE_TEST_STORE: 'pg' },
        },
      },
      {
        resolve,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        resolve: serverResolve,
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'sim',
          include: ['sim/**/*.test.ts'],
          // The simulation on PostgreSQL is the 'sim-pg' project's.
          exclude: [...configDefaults.exclude, 'sim/postgres.sim.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
        },
      },
      {
        resolve: serverResolve,
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'sim-pg',
          include: SIM_ON_POSTGRES,
          environment: 'node',
          env: { POPOTE_TEST_STORE: 'pg' },
          testTimeout: 300_000,
        },
      },
      {
        resolve: serverResolve,
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
