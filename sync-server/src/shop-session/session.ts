/**
 * A shared shopping list as its link's holders see it (issue 19): helpers without an account
 * (the guest page) and the old phone app. The link's token is the only credential: it opens
 * that one list while its owner keeps it shared, for SHARE_DAYS after it was made, and
 * nothing else. Ticks run the owner's own mutator (tickShopItems) on the owner's behalf, in one
 * versioned transaction, so that the owner's devices receive them through sync.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  isShareOpen,
  runMutation,
  type QuantityTotal,
  type ShopItem,
  type ShopList,
} from '@popote/domain';
import { HttpError } from '../http/errors.js';
import type { GuestListOut, OldSessionOut } from './schemas.js';

/** What a share token looks like (the domain's ShareTokenSchema). */
const SHARE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/u;

/** The answer to an unknown, closed or expired session: the old service's words. */
export const sessionGoneMessage = (given: string): string =>
  `La session ${given.slice(0, 64)} est invalide ou terminée.`;

const sessionGone = (given: string): HttpError => new HttpError(404, sessionGoneMessage(given));

/** A fresh link secret: 24 random bytes, 32 URL-safe characters. */
export const newShareToken = (): string => randomBytes(24).toString('base64url');

/** Whether `list` is still shared under `token` at `now` (ms). */
function openUnder(list: ShopList | undefined, token: string, now: number): list is ShopList {
  return list !== undefined && list.share?.token === token && isShareOpen(list, now);
}

/**
 * The list that `token` opens, read on the reader connection (committed data); a token that
 * opens nothing answers 404 with the old service's message.
 */
export async function openSharedList(app: FastifyInstance, token: string): Promise<ShopList> {
  if (!SHARE_TOKEN.test(token)) throw sessionGone(token);
  const found = await app.popote.store.rows.reads.where('shopLists', 'shareToken', token);
  const list = found.find((l) => openUnder(l, token, app.popote.now()));
  if (!list) throw sessionGone(token);
  return list;
}

export interface Tick {
  key: string;
  checked: boolean;
  now: string;
}

/**
 * When a helper's tick counts as made, by the server's clock `serverNow` (ms), issue 30. Of two
 * ticks of a line the later wins (tickShopItem), so a helper who chose the date could lock a
 * line against the organiser's later ticks for as long as the clock's tolerance (10 minutes),
 * again and again. The helper's page sends instead how long ago it ticked (`age`, measured on
 * its own clock, so that its clock being off does not matter): a tick sent late from a phone
 * that was offline still loses to a newer one, and no tick is ever dated after the moment it
 * reaches the server. A page loaded before this change sends its clock's date (`now`): it is
 * taken as it comes, but never later than the server's time.
 */
export function helperTickTime(tick: { age?: number; now?: string }, serverNow: number): string {
  if (tick.age !== undefined) return new Date(serverNow - tick.age).toISOString();
  const given = tick.now === undefined ? Number.NaN : Date.parse(tick.now);
  return new Date(Number.isNaN(given) ? serverNow : Math.min(given, serverNow)).toISOString();
}

/**
 * Runs the ticks that `pick` chooses from the list as it is inside the transaction (a line the
 * owner removed meanwhile is simply not there) as one tickShopItems, on behalf of the list's
 * owner: the list is written once, however many lines are ticked. The share is checked again
 * inside: a link closed while the request waited ticks nothing.
 */
export async function tickShared(
  app: FastifyInstance,
  token: string,
  list: ShopList,
  pick: (list: ShopList) => Tick[],
): Promise<void> {
  if (pick(list).length === 0) return;
  await app.popote.sync.mutate(list.owner, async (ctx) => {
    const current = await ctx.store.get('shopLists', list.id);
    if (!openUnder(current, token, app.popote.now())) throw sessionGone(token);
    const ticks = pick(current);
    if (ticks.length > 0) await runMutation(ctx, 'tickShopItems', { id: list.id, ticks });
  });
}

// ---- What holders of the link see ----

/** The guest page's view: the lines as they are in the shop, nothing about the owner. */
export async function guestView(app: FastifyInstance, list: ShopList): Promise<GuestListOut> {
  const stay =
    list.stayId === null ? undefined : await app.popote.store.rows.reads.get('stays', list.stayId);
  return {
    name: list.name,
    stayStart: stay !== undefined && stay.owner === list.owner ? stay.start : null,
    items: list.items.map((item) => ({
      key: item.key,
      name: item.name,
      kind: item.kind,
      supplier: item.supplier,
      day: item.day,
      toBuy: item.toBuy,
      ...(item.packs ? { packs: item.packs } : {}),
      bought: item.bought,
      checked: item.checked,
    })),
  };
}

const NO_ORIGIN = { MealDate: '', MealName: '', ReceipeName: '' };

/** What is left to buy as the old app's quantities: pièces, gr and cL, the non-zero ones. */
function measuresOf(total: QuantityTotal): OldSessionOut['List'][number]['Quantites'] {
  const measures: [number, number][] = [
    [0, total.pieces],
    [2, total.grams],
    [4, total.centiliters],
  ];
  return measures
    .filter(([, val]) => val !== 0)
    .map(([Unite, Quantite]) => ({ Quantite, Unite, Origin: NO_ORIGIN }));
}

function oldItem(item: ShopItem): OldSessionOut['List'][number] {
  return {
    // The owner is not told: 0, as the old service answered for the catalogue.
    Ingredient: { Id: item.ingredientId, Name: item.name, Kind: item.kind, Owner: 0 },
    Quantites:
      item.uses.length > 0
        ? item.uses.map((use) => ({
            Quantite: use.val,
            Unite: use.unite,
            Origin: {
              MealDate: use.mealDate,
              MealName: use.mealName,
              ReceipeName: use.recipeName,
            },
          }))
        : measuresOf(item.toBuy),
    Checked: item.checked,
  };
}

/** The old phone app's view `{Id, List}`, Id being the session id it asked for. */
export const oldView = (sessionId: string, list: ShopList): OldSessionOut => ({
  Id: sessionId,
  List: list.items.map(oldItem),
});
