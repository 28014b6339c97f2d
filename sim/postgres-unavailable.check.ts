/**
 * Stands for the simulation on PostgreSQL (postgres.sim.test.ts) when no test cluster could
 * be had (no POPOTE_TEST_PG_URL): it is counted as skipped, never as passed.
 */
import { it } from 'vitest';

it.skip('la simulation sur PostgreSQL, deux instances (PostgreSQL indisponible)', () => undefined);
