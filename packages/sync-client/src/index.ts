/**
 * The device side of sync, free of any UI (ARCHITECTURE.md, "How a change travels"): the local
 * database, the domain's Store over Dexie, local mutations written with their outbox entry, id
 * blocks, applying a pull, the engine that pushes and pulls, the HTTP transport, and the loop
 * of the leader tab. The web app's React glue (provider, hooks, indicator) sits on top.
 */
export * from './apply-pull.js';
export * from './db.js';
export * from './dexie-store.js';
export * from './engine.js';
export * from './ids.js';
export * from './light.js';
export * from './leader.js';
export * from './local-mutate.js';
export * from './transport.js';
