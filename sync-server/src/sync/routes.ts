/**
 * /sync: id leases, push and pull for devices, and a stream of hints that tells a device to
 * pull now. Every route needs the user's bearer token.
 */
import type { FastifyInstance } from 'fastify';
import { IdsRequestSchema, PullRequestSchema, PushRequestSchema } from '@popote/sync-protocol';
import type { IdsRequest, PullRequest, PushRequest } from '@popote/sync-protocol';
import { requireUser } from '../accounts/auth.js';
import { HttpError } from '../http/errors.js';
import { SyncGapError } from './sync-service.js';

/** Pushes carry up to 200 mutations; an import of many recipes is one large mutation. */
const SYNC_BODY_LIMIT = 8 * 1024 * 1024;
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

  app.post<{ Body: IdsRequest }>(
    '/sync/ids',
    { schema: { body: IdsRequestSchema } },
    async (request) => sync.leaseIds(await requireUser(request), request.body.clientId),
  );

  app.post<{ Body: PushRequest }>(
    '/sync/push',
    { schema: { body: PushRequestSchema }, bodyLimit: SYNC_BODY_LIMIT },
    async (request) => {
      const userId = await requireUser(request);
      try {
        return await sync.push(userId, request.body.clientId, request.body.mutations);
      } catch (e) {
        if (e instanceof SyncGapError) throw new HttpError(409, e.message);
        throw e;
      }
    },
  );

  app.post<{ Body: PullRequest }>(
    '/sync/pull',
    { schema: { body: PullRequestSchema } },
    async (request, reply) => {
      const userId = await requireUser(request);
      const { clientId, cookie, cursor } = request.body;
      const page = await sync.pull(userId, clientId, cookie, cursor ?? null);
      // Rows go out as stored: the JSON is assembled, never parsed and re-serialised.
      const body =
        `{"cookie":${page.cookie},"lastMutationId":${page.lastMutationId},` +
        `"more":${page.more},"cursor":${JSON.stringify(page.cursor)},` +
        `"rejections":${JSON.stringify(page.rejections)},"patch":[${page.patch.join(',')}]}`;
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  // Server-sent events over a plain response, read by the device with fetch (EventSource
  // cannot send the Authorization header).
  app.get('/sync/events', async (request, reply) => {
    const userId = await requireUser(request);
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
