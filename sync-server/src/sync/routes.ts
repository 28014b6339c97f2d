/**
 * /sync: id leases, push and pull for devices, and a stream of hints that tells a device to
 * pull now. Every route needs the user's bearer token, checked when the request arrives,
 * before its body is read (an anonymous request cannot make the server read megabytes).
 */
import type { FastifyInstance } from 'fastify';
import {
  encodePullResponse,
  IdBlockSchema,
  IdsRequestSchema,
  PullRequestSchema,
  PushRequestSchema,
  PushResponseSchema,
} from '@popote/sync-protocol';
import type { IdsRequest, PullRequest, PushRequest } from '@popote/sync-protocol';
import { requireUserHook } from '../accounts/auth.js';
import { DEFAULT_SYNC_PUSH_RATE_LIMIT } from '../config.js';
import { HttpError } from '../http/errors.js';
import { ServerTooOldError, SyncGapError } from './sync-service.js';

/**
 * Pushes carry up to 200 mutations; an import of many recipes is one large mutation. Only a
 * signed-in user's push is read this far.
 */
export const PUSH_BODY_LIMIT = 8 * 1024 * 1024;
/** /sync/ids and /sync/pull send a device id, a cookie and a cursor. */
export const SMALL_BODY_LIMIT = 4 * 1024;
/** How often the hint stream sends a comment, so that proxies keep it open. */
const HEARTBEAT_MS = 25_000;

export async function syncRoutes(app: FastifyInstance): Promise<void> {
  const sync = app.popote.sync;
  const openStreams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const close of [...openStreams]) close();
  });

  // Liveness for a load balancer, and the trivial route the load benchmark compares with.
  app.get('/health', async () => ({ ok: true }));

  const signedIn = { onRequest: requireUserHook };
  const userOf = (request: { userId: number | null }): number => request.userId!;
  // Per user, all devices together, counted after the session check and before the body is
  // read (the plugin's hook runs after the route's own onRequest): 429 'Trop de tentatives…',
  // which devices take for "try later". On PostgreSQL, counted across instances.
  const pushLimit = app.popote.config.syncPushRateLimit ?? DEFAULT_SYNC_PUSH_RATE_LIMIT;
  const pushRateLimit = {
    max: pushLimit.max,
    timeWindow: pushLimit.windowMs,
    keyGenerator: (request: { userId: number | null }) => `user ${String(request.userId)}`,
  };

  app.post<{ Body: IdsRequest }>(
    '/sync/ids',
    {
      ...signedIn,
      schema: { body: IdsRequestSchema, response: { 200: IdBlockSchema } },
      bodyLimit: SMALL_BODY_LIMIT,
    },
    async (request) => sync.leaseIds(userOf(request), request.body.clientId),
  );

  app.post<{ Body: PushRequest }>(
    '/sync/push',
    {
      ...signedIn,
      config: { rateLimit: pushRateLimit },
      schema: { body: PushRequestSchema, response: { 200: PushResponseSchema } },
      bodyLimit: PUSH_BODY_LIMIT,
    },
    async (request) => {
      const userId = userOf(request);
      try {
        const { clientId, mutations, schema } = request.body;
        return await sync.push(userId, clientId, mutations, schema);
      } catch (e) {
        if (e instanceof SyncGapError) throw new HttpError(409, e.message);
        if (e instanceof ServerTooOldError) throw new HttpError(409, e.message);
        throw e;
      }
    },
  );

  app.post<{ Body: PullRequest }>(
    '/sync/pull',
    { ...signedIn, schema: { body: PullRequestSchema }, bodyLimit: SMALL_BODY_LIMIT },
    async (request, reply) => {
      const userId = userOf(request);
      const { clientId, cookie, cursor, schema, catchUpFrom } = request.body;
      const page = await sync.pull(userId, clientId, cookie, cursor ?? null, {
        schema,
        catchUpFrom,
      });
      return reply.type('application/json; charset=utf-8').send(encodePullResponse(page));
    },
  );

  // Server-sent events over a plain response, read by the device with fetch (EventSource
  // cannot send the Authorization header).
  app.get('/sync/events', signedIn, async (request, reply) => {
    const userId = userOf(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
    });
    res.write(': popote\n\n');
    const stop = sync.onChange((changedFor) => {
      if (changedFor === null || changedFor === userId) res.write('data: poke\n\n');
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const close = () => {
      if (!openStreams.delete(close)) return;
      clearInterval(heartbeat);
      stop();
      res.end();
    };
    openStreams.add(close);
    request.raw.on('close', close);
  });
}
