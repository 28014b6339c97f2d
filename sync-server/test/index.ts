/**
 * The server as tests, the simulation and the benchmarks use it (`@popote/sync-server/testing`,
 * resolved from the sources only): a server in a temporary folder with a movable clock, and
 * the pieces they look inside.
 */
export { startTestServer, TEST_START, type TestServer } from './test-server.js';
export { logIn, ServerProcess, signUp } from './server-process.js';
export { freshPgDatabase, pgFlushCounters, type PgTestDatabase } from './postgres-database.js';
export type { ServerConfig } from '../src/config.js';
export { ServerStore } from '../src/store/sqlite/server-store.js';
export { asReadStore, SyncReader } from '../src/store/sqlite/sync-store.js';
export { SyncService, type ProcessedMutation } from '../src/sync/sync-service.js';
export { DEFAULT_SYNC_LIMITS, type SyncLimits } from '../src/sync/work-bounds.js';
