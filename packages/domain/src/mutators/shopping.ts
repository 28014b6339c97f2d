/**
 * Mutators of shopping lists and of the larder (issue 19). A tick is a mutation like any
 * other, so ticks made offline sync later; a helper's tick through a shared link runs the same
 * mutator on the server, on behalf of the list's owner.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { DateKind, Id, ShopItem, ShopList, StockItem } from '../entities.js';
import type { IngredientKind, Unite } from '../enums.js';
import { Unite as U } from '../enums.js';
import { conflict, invalid, notFound } from '../errors.js';
import {
  MAX_SHOP_ITEMS,
  MAX_SHOP_LISTS_PER_USER,
  MAX_STOCK_PER_STAY,
  MAX_USES_PER_SHOP_ITEM,
} from '../limits.js';
import { boughtOf } from '../shop-list.js';
import { idDrawer, onStay, readable, requiredName } from './access.js';
import { defineMutator, type MutationContext } from './define.js';
import { PackSchema } from './purchases.js';
import {
  DaySchema,
  IdRangeSchema,
  IdSchema,
  IsoDaySchema,
  KindSchema,
  NameSchema,
  NowSchema,
  UniteSchema,
} from './schemas.js';
import { DateKindSchema } from './date-kind.js';
import {
  argInt,
  argText,
  quoted,
  ofPhrase,
  totalWords,
  changes,
  amountWords,
  toPhrase,
} from './describe-words.js';
import { isUnite } from '../enums.js';

const closed = Type.Object;
const strict = { additionalProperties: false } as const;

/**
 * One measure of a total (grams, centilitres or pieces). The same bound holds for a larder
 * entry: putting purchases away writes a total's measure as an entry (addPurchasesToStock), and
 * an undo must take back whatever was written (restore.ts).
 */
const MeasureSchema = Type.Number({ minimum: 0, maximum: 1e12 });
export const TotalSchema = closed(
  { pieces: MeasureSchema, grams: MeasureSchema, centiliters: MeasureSchema },
  strict,
);
/** The ingredient's id, then '@' and the day for a fresh product bought per day. */
export const ShopItemKeySchema = Type.String({ pattern: '^\\d{1,16}(@-?\\d{1,4})?$' });
const ShopUseSchema = closed(
  {
    val: Type.Number({ minimum: 0, maximum: 1e9 }),
    unite: UniteSchema,
    mealDate: Type.String({ maxLength: 40 }),
    mealName: NameSchema,
    recipeName: NameSchema,
  },
  strict,
);
const newItemFields = {
  key: ShopItemKeySchema,
  ingredientId: IdSchema,
  name: NameSchema,
  kind: KindSchema,
  supplier: NameSchema,
  day: Type.Union([DaySchema, Type.Null()]),
  need: TotalSchema,
  inStock: TotalSchema,
  toBuy: TotalSchema,
  packs: Type.Optional(
    closed({ count: Type.Integer({ minimum: 1, maximum: 1e9 }), pack: PackSchema }, strict),
  ),
  uses: Type.Array(ShopUseSchema, { maxItems: MAX_USES_PER_SHOP_ITEM }),
};
export const NewShopItemSchema = closed(newItemFields, strict);
/** A line as stored, ticks included (an undo puts lists back). */
export const ShopItemSchema = closed(
  {
    ...newItemFields,
    checked: Type.Boolean(),
    stored: Type.Boolean(),
    bought: Type.Union([TotalSchema, Type.Null()]),
    tickedAt: Type.Union([NowSchema, Type.Null()]),
  },
  strict,
);
export const ShopItemsSchema = Type.Array(ShopItemSchema, { maxItems: MAX_SHOP_ITEMS });
/** What a shared link's secret looks like: URL-safe, long enough not to be guessed. */
export const ShareTokenSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' });

/**
 * Refuses more lists than a user may keep (`owner`, by default the user: a stay's lists count
 * for its owner), once `adding` more are made.
 */
export async function checkShopListRoom(
  ctx: MutationContext,
  adding: number,
  owner: Id = ctx.userId,
): Promise<void> {
  const lists = await ctx.store.whereIds('shopLists', 'owner', owner);
  if (lists.length + adding > MAX_SHOP_LISTS_PER_USER) {
    throw invalid(
      `Vous ne pouvez pas garder plus de ${MAX_SHOP_LISTS_PER_USER} listes de courses : ` +
        'supprimez les anciennes.',
    );
  }
}

/** Refuses a list whose lines do not each have their own key. */
export function checkItemKeys(items: readonly { key: string }[]): void {
  const keys = new Set(items.map((i) => i.key));
  if (keys.size !== items.length) throw invalid('Une même ligne apparaît deux fois dans la liste.');
}

export const createShopList = defineMutator({
  label: "Création d'une liste de courses",
  schema: Type.Object({
    id: IdSchema,
    stayId: Type.Union([IdSchema, Type.Null()]),
    name: NameSchema,
    now: NowSchema,
    items: Type.Array(NewShopItemSchema, { maxItems: MAX_SHOP_ITEMS }),
  }),
  access: onStay('plan', 'stays', 'stayId'),
  describe: async (a, w) => {
    const stayId = argInt(a, 'stayId');
    const forStay = stayId === null ? '' : ` pour ${await w.stay(stayId)}`;
    const lines = Array.isArray(a.items) ? a.items.length : null;
    const count = lines === null ? '' : ` (${lines} ligne${lines > 1 ? 's' : ''})`;
    return `Création de la liste ${quoted(argText(a, 'name') ?? '')}${forStay}${count}`;
  },
  undo: null,
  run: async (ctx, { id, stayId, name, now, items }) => {
    // A stay's list belongs to the stay's owner, as every row of the stay (a member may make it).
    const owner = stayId === null ? ctx.userId : (await readable(ctx, 'stays', stayId)).owner;
    await checkShopListRoom(ctx, 1, owner);
    checkItemKeys(items);
    await ctx.claimId('shopLists', id);
    const list: ShopList = {
      id,
      owner,
      stayId,
      name: requiredName(name, 'de la liste'),
      created: now,
      items: items.map(({ packs, ...item }): ShopItem => ({
        ...item,
        ...(packs === undefined
          ? {}
          : { packs: { ...packs, pack: { ...packs.pack, unite: packs.pack.unite as Unite } } }),
        kind: item.kind as IngredientKind,
        uses: item.uses.map((u) => ({ ...u, unite: u.unite as Unite })),
        checked: false,
        stored: false,
        bought: null,
        tickedAt: null,
      })),
      share: null,
    };
    await ctx.store.put('shopLists', list);
  },
});

export const deleteShopList = defineMutator({
  label: "Suppression d'une liste de courses",
  schema: Type.Object({ id: IdSchema }),
  access: onStay('plan', 'shopLists', 'id'),
  describe: async (a, w) =>
    `Suppression ${ofPhrase(w.shopListOf(await w.shopListRow(argInt(a, 'id'))))}`,
  undo: async (_store, _userId, a) => [{ table: 'shopLists', id: a.id }],
  run: async (ctx, { id }) => {
    await ctx.store.delete('shopLists', id);
  },
});

/** The list and its line `key`, for a change of that line. */
async function listLine(
  ctx: MutationContext,
  id: Id,
  key: string,
): Promise<{ list: ShopList; index: number }> {
  const list = await readable(ctx, 'shopLists', id);
  const index = list.items.findIndex((item) => item.key === key);
  if (index < 0) throw notFound("Cette ligne n'est plus dans la liste.");
  return { list, index };
}

async function putLine(ctx: MutationContext, list: ShopList, index: number, line: ShopItem) {
  const items = list.items.slice();
  items[index] = line;
  await ctx.store.put('shopLists', { ...list, items });
}

/** A tick made earlier than the line's last one (offline, sent late) is overtaken by it. */
const isLate = (line: ShopItem, now: string): boolean =>
  line.tickedAt !== null && Date.parse(now) < Date.parse(line.tickedAt);

export const TickShopItemSchema = Type.Object({
  id: IdSchema,
  key: ShopItemKeySchema,
  checked: Type.Boolean(),
  now: NowSchema,
});
export type TickShopItemArgs = Static<typeof TickShopItemSchema>;

export const tickShopItem = defineMutator({
  label: 'Article coché dans une liste de courses',
  schema: TickShopItemSchema,
  access: onStay('keep', 'shopLists', 'id'),
  describe: async (a, w) => {
    const list = await w.shopListRow(argInt(a, 'id'));
    const line = await w.shopLine(list, argText(a, 'key'));
    const what = a.checked === false ? 'Retrait de la coche' : 'Coche';
    return `${what} ${ofPhrase(line)} dans ${w.shopListOf(list)}`;
  },
  undo: null,
  run: async (ctx, a) => {
    const { list, index } = await listLine(ctx, a.id, a.key);
    const line = list.items[index]!;
    if (isLate(line, a.now)) return;
    await putLine(ctx, list, index, { ...line, checked: a.checked, tickedAt: a.now });
  },
});

/**
 * Several ticks of one list at once, as a helper's page sends them through a shared link (or
 * the old phone app with a new list): each tick follows tickShopItem's rule (a late one is
 * overtaken), and the list is written once. A tick of a line no longer on the list has nothing
 * left to tick and is passed over, so that the others still count.
 */
export const tickShopItems = defineMutator({
  label: 'Articles cochés dans une liste de courses',
  schema: Type.Object({
    id: IdSchema,
    ticks: Type.Array(
      Type.Object({ key: ShopItemKeySchema, checked: Type.Boolean(), now: NowSchema }),
      { minItems: 1, maxItems: MAX_SHOP_ITEMS },
    ),
  }),
  access: onStay('keep', 'shopLists', 'id'),
  describe: async (a, w) => {
    const list = await w.shopListRow(argInt(a, 'id'));
    const ticks = Array.isArray(a.ticks) ? a.ticks.length : 0;
    return `Coche de ${ticks} article${ticks > 1 ? 's' : ''} dans ${w.shopListOf(list)}`;
  },
  undo: null,
  run: async (ctx, { id, ticks }) => {
    const list = await readable(ctx, 'shopLists', id);
    const items = list.items.slice();
    const indexOf = new Map(items.map((item, index) => [item.key, index]));
    let changed = false;
    for (const tick of ticks) {
      const index = indexOf.get(tick.key);
      if (index === undefined) continue;
      const line = items[index]!;
      if (isLate(line, tick.now)) continue;
      items[index] = { ...line, checked: tick.checked, tickedAt: tick.now };
      changed = true;
    }
    if (changed) await ctx.store.put('shopLists', { ...list, items });
  },
});

/** Notes what was actually bought (null: as planned); noting a quantity ticks the line. */
export const setShopItemBought = defineMutator({
  label: "Achat d'un article de liste de courses",
  schema: Type.Object({
    id: IdSchema,
    key: ShopItemKeySchema,
    bought: Type.Union([TotalSchema, Type.Null()]),
    now: NowSchema,
  }),
  access: onStay('keep', 'shopLists', 'id'),
  describe: async (a, w) => {
    const list = await w.shopListRow(argInt(a, 'id'));
    const line = await w.shopLine(list, argText(a, 'key'));
    const bought = a.bought === null ? 'comme prévu' : totalWords(a.bought);
    return `Quantité achetée ${ofPhrase(line)} dans ${w.shopListOf(list)}${changes([bought])}`;
  },
  undo: null,
  run: async (ctx, { id, key, bought, now }) => {
    const { list, index } = await listLine(ctx, id, key);
    const line = list.items[index]!;
    const tick = bought !== null && !isLate(line, now) ? { checked: true, tickedAt: now } : {};
    await putLine(ctx, list, index, { ...line, bought, ...tick });
  },
});

/** Opens (or renews) the link that lets helpers without an account tick this list. */
export const shareShopList = defineMutator({
  label: "Partage d'une liste de courses",
  schema: Type.Object({ id: IdSchema, token: ShareTokenSchema, now: NowSchema }),
  access: onStay('keep', 'shopLists', 'id'),
  describe: async (a, w) =>
    `Partage ${ofPhrase(w.shopListOf(await w.shopListRow(argInt(a, 'id'))))} par un lien`,
  undo: null,
  run: async (ctx, { id, token, now }) => {
    const list = await readable(ctx, 'shopLists', id);
    const holders = await ctx.store.whereIds('shopLists', 'shareToken', token);
    if (holders.some((holder) => holder !== id)) {
      throw conflict('Ce lien de partage existe déjà : partagez la liste à nouveau.');
    }
    await ctx.store.put('shopLists', { ...list, share: { token, created: now } });
  },
});

/** Ends the helpers' link: it opens nothing any more. */
export const stopSharingShopList = defineMutator({
  label: "Fin du partage d'une liste de courses",
  schema: Type.Object({ id: IdSchema }),
  access: onStay('keep', 'shopLists', 'id'),
  describe: async (a, w) =>
    `Fin du partage ${ofPhrase(w.shopListOf(await w.shopListRow(argInt(a, 'id'))))} par un lien`,
  undo: null,
  run: async (ctx, { id }) => {
    const list = await readable(ctx, 'shopLists', id);
    if (list.share !== null) await ctx.store.put('shopLists', { ...list, share: null });
  },
});

// ---- The larder ----

/** A larder entry's date and lot as stored: only what it has (older rows have none). */
function datedFields(f: {
  useBy: string | null | undefined;
  dateKind: DateKind | undefined;
  lot: string | undefined;
}): Pick<StockItem, 'useBy' | 'dateKind' | 'lot'> {
  const lot = f.lot?.trim() ?? '';
  return {
    ...(f.useBy ? { useBy: f.useBy, dateKind: f.dateKind ?? 'dlc' } : {}),
    ...(lot !== '' ? { lot } : {}),
  };
}

/** The quantity of a larder entry, in its unit (see MeasureSchema). */
export const StockValSchema = MeasureSchema;

export async function checkStockRoom(
  ctx: MutationContext,
  stayId: Id,
  adding: number,
): Promise<void> {
  const count = (await ctx.store.whereIds('stock', 'stayId', stayId)).length;
  if (count + adding > MAX_STOCK_PER_STAY) {
    throw invalid(
      `La réserve d'un séjour ne peut pas compter plus de ${MAX_STOCK_PER_STAY} lignes.`,
    );
  }
}

export const addStock = defineMutator({
  label: 'Ajout à la réserve',
  schema: Type.Object({
    id: IdSchema,
    stayId: IdSchema,
    ingredientId: IdSchema,
    unite: UniteSchema,
    val: StockValSchema,
    /** Its use-by or best-before date and its lot (issue 35). */
    useBy: Type.Optional(Type.Union([IsoDaySchema, Type.Null()])),
    dateKind: Type.Optional(DateKindSchema),
    lot: Type.Optional(NameSchema),
  }),
  access: onStay('keep', 'stays', 'stayId'),
  describe: async (a, w) => {
    const amount = amountWords(a.val, a.unite);
    const ingredient = ofPhrase(await w.ingredient(argInt(a, 'ingredientId')));
    return `Ajout ${amount === null ? '' : `de ${amount} `}${ingredient} ${toPhrase(
      await w.larder(argInt(a, 'stayId')),
    )}`;
  },
  undo: null,
  run: async (ctx, { id, stayId, ingredientId, unite, val, useBy, dateKind, lot }) => {
    const stay = await readable(ctx, 'stays', stayId);
    await readable(ctx, 'ingredients', ingredientId);
    await checkStockRoom(ctx, stayId, 1);
    await ctx.claimId('stock', id);
    const item: StockItem = {
      id,
      stayId,
      owner: stay.owner,
      ingredientId,
      unite: unite as Unite,
      val,
      ...datedFields({ useBy, dateKind, lot }),
    };
    await ctx.store.put('stock', item);
  },
});

export const updateStock = defineMutator({
  label: "Modification d'une entrée de la réserve",
  schema: Type.Object({
    id: IdSchema,
    unite: Type.Optional(UniteSchema),
    val: Type.Optional(StockValSchema),
    useBy: Type.Optional(Type.Union([IsoDaySchema, Type.Null()])),
    dateKind: Type.Optional(DateKindSchema),
    lot: Type.Optional(NameSchema),
  }),
  access: onStay('keep', 'stock', 'id'),
  describe: async (a, w) => {
    const row = await w.stockRow(argInt(a, 'id'));
    if (row === null) return "Modification d'une entrée supprimée de la réserve";
    const val = typeof a.val === 'number' ? a.val : row.val;
    const unite = isUnite(a.unite) ? a.unite : row.unite;
    const amount = val === row.val && unite === row.unite ? null : amountWords(val, unite);
    return `Modification ${ofPhrase(await w.ingredient(row.ingredientId))} dans ${await w.larder(
      row.stayId,
    )}${changes([amount])}`;
  },
  undo: null,
  run: async (ctx, { id, unite, val, useBy, dateKind, lot }) => {
    const item = await readable(ctx, 'stock', id);
    const { useBy: _useBy, dateKind: _dateKind, lot: _lot, ...undated } = item;
    await ctx.store.put('stock', {
      ...undated,
      unite: (unite ?? item.unite) as Unite,
      val: val ?? item.val,
      ...datedFields({
        useBy: useBy === undefined ? item.useBy : useBy,
        dateKind: dateKind ?? item.dateKind,
        lot: lot ?? item.lot,
      }),
    });
  },
});

export const deleteStock = defineMutator({
  label: "Retrait d'une entrée de la réserve",
  schema: Type.Object({ id: IdSchema }),
  access: onStay('keep', 'stock', 'id'),
  describe: async (a, w) => {
    const row = await w.stockRow(argInt(a, 'id'));
    if (row === null) return "Retrait d'une entrée supprimée de la réserve";
    const amount = amountWords(row.val, row.unite);
    return `Retrait ${amount === null ? '' : `de ${amount} `}${ofPhrase(
      await w.ingredient(row.ingredientId),
    )} ${ofPhrase(await w.larder(row.stayId))}`;
  },
  undo: async (_store, _userId, a) => [{ table: 'stock', id: a.id }],
  run: async (ctx, { id }) => {
    await ctx.store.delete('stock', id);
  },
});

/**
 * Puts the ticked lines of a list away in its stay's larder, in one action: what was noted as
 * bought, else what was to buy, per measure (pieces, grams, centilitres). Only the lines the
 * device named (`keys`: those it saw ticked) go, each once; a line whose ingredient is gone is
 * left out. A quantity joins the larder's entry of the same ingredient and unit when there is
 * one (the larder does not grow by an entry per shop trip); new entries take ids from `ids`.
 */
export const addPurchasesToStock = defineMutator({
  label: 'Rangement des achats dans la réserve',
  schema: Type.Object({
    id: IdSchema,
    keys: Type.Array(ShopItemKeySchema, { maxItems: MAX_SHOP_ITEMS, uniqueItems: true }),
    ids: IdRangeSchema,
  }),
  access: onStay('keep', 'shopLists', 'id'),
  describe: async (a, w) => {
    const list = await w.shopListRow(argInt(a, 'id'));
    return `Rangement des achats cochés ${ofPhrase(w.shopListOf(list))} dans ${await w.larder(
      list?.stayId ?? null,
    )}`;
  },
  undo: null,
  run: async (ctx, { id, keys, ids }) => {
    const list = await readable(ctx, 'shopLists', id);
    if (list.stayId === null) throw invalid("Cette liste n'est liée à aucun séjour.");
    const stayId = list.stayId;
    const stay = await readable(ctx, 'stays', stayId);
    const drawer = idDrawer(ids);
    const named = new Set(keys);
    const larder = await ctx.store.where('stock', 'stayId', stayId);
    // A dated entry (issue 35) keeps its own quantity: what is bought now has its own date.
    const entryOf = (ingredientId: Id, unite: Unite) =>
      larder.find((e) => e.ingredientId === ingredientId && e.unite === unite && !e.useBy);
    const changed = new Map<Id, StockItem>();
    const items: ShopItem[] = [];
    let stored = 0;
    for (const line of list.items) {
      const ingredient = await ctx.store.get('ingredients', line.ingredientId);
      if (!named.has(line.key) || !line.checked || line.stored || !ingredient) {
        items.push(line);
        continue;
      }
      const bought = boughtOf(line);
      const measures: [Unite, number][] = [
        [U.Pieces, bought.pieces],
        [U.G, bought.grams],
        [U.CL, bought.centiliters],
      ];
      for (const [unite, val] of measures) {
        if (val <= 0) continue;
        const held = entryOf(line.ingredientId, unite);
        if (held) {
          const sum = { ...held, val: held.val + val };
          changed.set(held.id, sum);
          larder[larder.indexOf(held)] = sum;
          continue;
        }
        const entryId = drawer.next();
        await ctx.claimId('stock', entryId);
        const entry: StockItem = {
          id: entryId,
          stayId,
          owner: stay.owner,
          ingredientId: line.ingredientId,
          unite,
          val,
        };
        larder.push(entry);
        changed.set(entryId, entry);
      }
      items.push({ ...line, stored: true });
      stored++;
    }
    // Nothing ticked is left to put away: the list is not written again for nothing.
    if (stored === 0) return;
    await checkStockRoom(ctx, stayId, drawer.drawn().length);
    for (const entry of changed.values()) await ctx.store.put('stock', entry);
    await ctx.store.put('shopLists', { ...list, items });
  },
});
