/**
 * Builds the Fastify server: security headers, validation, French errors, sessions, the
 * account routes and the web app. The caller listens (`await app.listen({ host, port })`).
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { sharedRateLimitStore } from './http/shared-rate-limit.js';
import type { ServerConfig } from './config.js';
import type { PopoteServices } from './services.js';
import { ServerStore } from './store/sqlite/server-store.js';
import { PgServerStore } from './store/postgres/server-store.js';
import { createMailer, defaultSender } from './mail/mailer.js';
import { AccountService } from './accounts/account-service.js';
import { sessionTokenVerifier, signSession } from './accounts/auth.js';
import { accountRoutes } from './accounts/routes.js';
import { DEFAULT_SCRYPT_LOG2_N } from './accounts/passwords.js';
import { errorHandler, tooManyAttempts } from './http/errors.js';
import { typeboxValidatorCompiler } from './http/typebox-validation.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { limitJsonDepth } from './http/json-depth.js';
import { SyncService } from './sync/sync-service.js';
import { syncRoutes } from './sync/routes.js';
import { apiRoutes } from './api/index.js';
import { seedCatalogue } from './catalogue/seed.js';
import { exportLinkRoutes } from './export-link/routes.js';
import { shopSessionGuestRoutes } from './shop-session/routes.js';

export interface BuildOptions {
  /** Clock in ms (default Date.now); tests move it to expire links and passwords. */
  now?: () => number;
  /** log2 of scrypt's N for new password hashes; tests lower it to run fast. */
  scryptLog2N?: number;
}

/**
 * The server buildServer makes: its store is SQLite's, which tests, the simulation and the
 * benchmarks look inside (routes and services see only the ServerDatabase interface).
 */
export type PopoteServer = FastifyInstance & { popote: PopoteServices<ServerStore> };

export async function buildServer(
  config: ServerConfig,
  options: BuildOptions = {},
): Promise<PopoteServer> {
  const app = Fastify({
    logger: config.logger ? { level: 'info' } : false,
    // Only the routes' own bodyLimit (smaller) or this one apply; sync pushes may be larger.
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy, request.ip (per-IP limits, login failures) is the client's.
    // (Typed as boolean only to keep Fastify's HTTP/1 overload: hop counts and lists work too.)
    trustProxy: (config.trustProxy ?? false) as boolean,
    // Prototype keys are dropped while parsing, never refused with the whole body: a push
    // refused as a whole would be retried by its device forever (see body-parsers.ts).
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  limitJsonDepth(app);
  const store = config.databaseUrl
    ? await PgServerStore.open(config.databaseUrl)
    : ServerStore.open(config.dataDir);
  app.addHook('onClose', async () => {
    app.popote.mailer.close();
    await store.close();
  });
  try {
    const now = options.now ?? Date.now;
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
      from: defaultSender(config.publicUrl),
      log: app.log,
    });
    const accounts = new AccountService({
      store,
      mailer,
      config,
      now,
      scryptLog2N: options.scryptLog2N ?? DEFAULT_SCRYPT_LOG2_N,
      signSession: (userId) => signSession(app, userId),
      announcePublicChange: () => app.popote.sync.notify(null),
      log: app.log,
    });
    const sync = new SyncService(
      store.rows,
      store.writes,
      now,
      (err, mutation) => app.log.error({ err, mutation }, 'mutation refused: unexpected error'),
      config.syncLimits,
      store.changes,
    );
    const jwtSecret = config.jwtSecret ?? (await store.jwtSecret());
    app.decorate('popote', {
      config,
      store,
      mailer,
      now,
      accounts,
      sync,
      verifySessionToken: sessionTokenVerifier(jwtSecret),
    } satisfies PopoteServices);
    await seedCatalogue(app.popote);
    app.decorateRequest('userId', null);

    app.setValidatorCompiler(typeboxValidatorCompiler);
    app.setErrorHandler(errorHandler);
    registerSecurityHeaders(app);
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => tooManyAttempts(),
      // Several instances on one PostgreSQL count each client's requests together.
      ...(store instanceof PgServerStore
        ? { store: sharedRateLimitStore(store, now) as unknown as RateLimitPluginOptions['store'] }
        : {}),
    });
    await app.register(fastifyJwt, { secret: jwtSecret });

    await app.register(accountRoutes, { prefix: '/api', authRateLimit: config.authRateLimit });
    await app.register(syncRoutes);
    await app.register(apiRoutes, { prefix: '/api' });
    await app.register(exportLinkRoutes);
    await app.register(shopSessionGuestRoutes);
    // The REST entities (/api) register here, before the web app.

    await registerWebApp(app, config.webRoot);
    // app.popote holds the ServerStore opened above.
    return app as FastifyInstance as PopoteServer;
  } catch (e) {
    await store.close();
    throw e;
  }
}
