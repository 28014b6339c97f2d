import { defineConfig } from 'vitest/config';

// Workspace packages are loaded from source ('source' export condition), so tests never
// depend on a prior build.
const resolve = { conditions: ['source', 'module', 'browser', 'development|production'] };
const serverResolve = { conditions: ['source', 'node', 'import', 'default'] };

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
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
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
          environment: 'node',
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
