/**
 * What the server's routes share, reachable as `app.popote` (and `request.server.popote`).
 */
import type { ServerConfig } from './config.js';
import type { ServerDatabase } from './store/ports.js';
import type { Mailer } from './mail/mailer.js';
import type { AccountService } from './accounts/account-service.js';
import type { SyncService } from './sync/sync-service.js';
import type { SessionTokenVerifier } from './accounts/auth.js';

/** `Store` is the database's own class where its maker knows it (buildServer: SQLite's). */
export interface PopoteServices<Store extends ServerDatabase = ServerDatabase> {
  /** publicUrl may be updated once the real port is known (see main.ts). */
  config: ServerConfig;
  /** Every database call of the routes and services, asynchronous (store/ports.ts). */
  store: Store;
  mailer: Mailer;
  /** Current time in ms; tests pass a clock they can move. */
  now: () => number;
  accounts: AccountService;
  sync: SyncService;
  /** Checks a session token's signature and dates (built once: see sessionTokenVerifier). */
  verifySessionToken: SessionTokenVerifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    popote: PopoteServices;
  }
}
