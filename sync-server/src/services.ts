/**
 * What the server's routes share, reachable as `app.popote` (and `request.server.popote`).
 */
import type { ServerConfig } from './config.js';
import type { ServerStore } from './store/server-store.js';
import type { Mailer } from './mail/mailer.js';
import type { AccountService } from './accounts/account-service.js';
import type { SyncService } from './sync/sync-service.js';

export interface PopoteServices {
  /** publicUrl may be updated once the real port is known (see main.ts). */
  config: ServerConfig;
  store: ServerStore;
  mailer: Mailer;
  /** Current time in ms; tests pass a clock they can move. */
  now: () => number;
  accounts: AccountService;
  sync: SyncService;
}

declare module 'fastify' {
  interface FastifyInstance {
    popote: PopoteServices;
  }
}
