/**
 * The server as tests, the simulation and the benchmarks use it (`@popote/sync-server/testing`,
 * resolved from the sources only): a server in a temporary folder with a movable clock, and
 * the pieces they look inside.
 */
export { startTestServer, TEST_START, type TestServer } from './harness.js';
export { logIn, ServerProcess, signUp } from './server-process.js';
export { freshPgDatabase, pgFlushCounters, type PgTestDatabase } from './pg.js';
export type { ServerConfig } from '../config.js';
export { ServerStore } from '../store/server-store.js';
export { asReadStore, SyncReader } from '../store/sync-store.js';
export { SyncService, type ProcessedMutation } from '../sync/sync-service.js';
export { DEFAULT_SYNC_LIMITS, type SyncLimits } from '../sync/work-bounds.js';
