/**
 * Stands for the server's tests on PostgreSQL when no test cluster could be had (no
 * POPOTE_TEST_PG_URL): they are counted as skipped, never as passed.
 */
import { it } from 'vitest';

it.skip('les tests du serveur sur PostgreSQL (PostgreSQL indisponible)', () => undefined);
