/**
 * The routes of a shared shopping list (issue 19; reference page, "The shared shopping
 * session"):
 * - `shopSessionGuestRoutes`: `/shop-session/list` and `/shop-session/ticks`, the JSON of the
 *   web app's guest page, for helpers without an account (registered by app.ts);
 * - `shopSessionApiRoutes`: `/api/shop-session`, the old phone app's calls, over the same
 *   shopLists rows (registered under /api by api/index.ts, so that openapi.json lists them).
 * Reading and ticking need only the link's token; making a session needs a Popote session, so
 * that every session has an owner who can close it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDayMonth, runMutation } from '@popote/domain';
import { nowIso, reserveIds, secured, userOf } from '../api/context.js';
import { acceptEmptyBodies } from '../http/body-parsers.js';
import { HttpError } from '../http/errors.js';
import { explainOldList, planOldList } from './old-list.js';
import {
  GuestListOut,
  GuestTicksIn,
  MAX_TICKS_PER_REQUEST,
  OldListIn,
  OldSessionIdOut,
  OldSessionOut,
  OldTickIn,
  SessionQuery,
} from './schemas.js';
import {
  guestView,
  helperTickTime,
  newShareToken,
  oldView,
  openSharedList,
  tickShared,
  type Tick,
} from './session.js';

/**
 * Per client address and route. A helper's page reads the list every 2 seconds (30 times a
 * minute) and sends ticks in batches; a whole team of helpers behind one address (the camp's
 * or the shop's wifi) stays below. A guesser gets 1,200 tries a minute per route against
 * tokens of 96 bits at least (192 for the ones the server draws): hopeless.
 */
export const SHOP_SESSION_RATE_LIMIT = { max: 1_200, timeWindow: 60_000 };

/** 500 ticks of 80-odd characters, with room for pretty-printed JSON. */
const TICKS_BODY_LIMIT = 128 * 1024;
/** The old app's `{Id, Checked}`. */
const OLD_TICK_BODY_LIMIT = 4 * 1024;
/** A whole list with the meals of each quantity: a long stay's stays well below. */
const OLD_LIST_BODY_LIMIT = 4 * 1024 * 1024;

const limited = { config: { rateLimit: SHOP_SESSION_RATE_LIMIT } };
/**
 * Ticks write the list (a new version every owner device pulls): fewer a minute per address.
 * A helper's page sends pending ticks in one request; a team ticking fast stays below.
 */
export const SHOP_TICKS_RATE_LIMIT = { max: 300, timeWindow: 60_000 };
const writeLimited = { config: { rateLimit: SHOP_TICKS_RATE_LIMIT } };

/** The answers are as secret as the link: no cache may keep them after it is closed. */
function noStore(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
  });
}

/** A preValidation hook that answers 400 with `explain`'s message when it has one. */
const explaining =
  (explain: (body: unknown) => string | null) =>
  async (request: FastifyRequest): Promise<void> => {
    const message = explain(request.body);
    if (message !== null) throw new HttpError(400, message);
  };

function explainTicks(body: unknown): string | null {
  const ticks = (body as { ticks?: unknown } | null)?.ticks;
  return Array.isArray(ticks) && ticks.length > MAX_TICKS_PER_REQUEST
    ? `Requête invalide : un envoi compte au plus ${MAX_TICKS_PER_REQUEST} coches ; envoyez les autres ensuite.`
    : null;
}

export async function shopSessionGuestRoutes(app: FastifyInstance): Promise<void> {
  acceptEmptyBodies(app);
  noStore(app);

  app.get<{ Querystring: SessionQuery }>(
    '/shop-session/list',
    { ...limited, schema: { querystring: SessionQuery, response: { 200: GuestListOut } } },
    async (request) => guestView(app, await openSharedList(app, request.query.sessionID)),
  );

  app.post<{ Querystring: SessionQuery; Body: GuestTicksIn }>(
    '/shop-session/ticks',
    {
      ...writeLimited,
      bodyLimit: TICKS_BODY_LIMIT,
      preValidation: explaining(explainTicks),
      schema: { querystring: SessionQuery, body: GuestTicksIn, response: { 200: GuestListOut } },
    },
    async (request) => {
      const token = request.query.sessionID;
      const list = await openSharedList(app, token);
      // Dated by the server, so that no helper's tick wins over the organiser's later ones.
      const serverNow = app.popote.now();
      const ticks: Tick[] = request.body.ticks.map((tick) => ({
        key: tick.key,
        checked: tick.checked,
        now: helperTickTime(tick, serverNow),
      }));
      await tickShared(app, token, list, (current) => {
        const keys = new Set(current.items.map((item) => item.key));
        return ticks.filter((tick) => keys.has(tick.key));
      });
      return guestView(app, await openSharedList(app, token));
    },
  );
}

export async function shopSessionApiRoutes(app: FastifyInstance): Promise<void> {
  noStore(app);

  app.put<{ Body: OldListIn }>(
    '/shop-session',
    {
      ...secured,
      bodyLimit: OLD_LIST_BODY_LIMIT,
      preValidation: explaining(explainOldList),
      schema: { body: OldListIn, response: { 200: OldSessionIdOut } },
    },
    async (request) => {
      const userId = userOf(request);
      const { items, checked } = planOldList(request.body);
      const { first: id } = await reserveIds(app, userId, 1);
      const now = nowIso(app);
      const today = new Date(app.popote.now());
      const name = `Liste partagée du ${formatDayMonth(today)} ${today.getUTCFullYear()}`;
      const token = newShareToken();
      await app.popote.sync.mutate(userId, async (ctx) => {
        await runMutation(ctx, 'createShopList', { id, stayId: null, name, now, items });
        if (checked.length > 0) {
          const ticks = checked.map((key) => ({ key, checked: true, now }));
          await runMutation(ctx, 'tickShopItems', { id, ticks });
        }
        await runMutation(ctx, 'shareShopList', { id, token, now });
      });
      return { SessionID: token };
    },
  );

  app.get<{ Querystring: SessionQuery }>(
    '/shop-session',
    { ...limited, schema: { querystring: SessionQuery, response: { 200: OldSessionOut } } },
    async (request) => {
      const token = request.query.sessionID;
      return oldView(token, await openSharedList(app, token));
    },
  );

  app.post<{ Querystring: SessionQuery; Body: OldTickIn }>(
    '/shop-session',
    {
      ...writeLimited,
      bodyLimit: OLD_TICK_BODY_LIMIT,
      schema: { querystring: SessionQuery, body: OldTickIn, response: { 200: OldSessionOut } },
    },
    async (request) => {
      const token = request.query.sessionID;
      const { Id, Checked } = request.body;
      const list = await openSharedList(app, token);
      const now = nowIso(app);
      await tickShared(app, token, list, (current) =>
        current.items
          .filter((item) => item.ingredientId === Id)
          .map((item) => ({ key: item.key, checked: Checked, now })),
      );
      return oldView(token, await openSharedList(app, token));
    },
  );
}
