import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compileIngredients, loadCompileInput } from '../compile.js';
import type { Ingredient, ShopItem, ShopList, Stay } from '../entities.js';
import { IngredientKind, Unite } from '../enums.js';
import { stockByIngredient } from '../larder.js';
import { MAX_SHOP_ITEMS, MAX_SHOP_LISTS_PER_USER, MAX_STOCK_PER_STAY } from '../limits.js';
import { planShopItems, type NewShopItem } from '../shop-list.js';
import { runUndoable, type UndoableMutation } from '../undo.js';
import { INGREDIENT_SHARED, runMutation, type MutationArgs } from './index.js';
import { ALICE, BOB, FRESH, LATER, NOW, World, shopLine } from '../../test/mutators-world.js';
import { refusalChecker } from '../../test/refusal-checker.js';

const total = (pieces: number, grams: number, centiliters: number) => ({
  pieces,
  grams,
  centiliters,
});
/** Minutes after NOW, as a device's clock writes them. */
const at = (minutes: number): string => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const TOKEN = 'k7Qx9_Zt-3mPw2LsVb8N';
const fieldMessage = (field: string): string =>
  `Modification invalide : le champ « ${field} » est manquant ou mal formé.`;

/** A line as a new list sends it: nothing about ticks. */
function newLine(ingredient: Ingredient, over: Partial<ShopItem> = {}): NewShopItem {
  const { checked, stored, bought, tickedAt, ...line } = shopLine(ingredient, over);
  void [checked, stored, bought, tickedAt];
  return line;
}

let w: World;
let stay: Stay;
let flour: Ingredient;
let tomatoes: Ingredient;
let eggs: Ingredient;
let milk: Ingredient;
beforeEach(async () => {
  w = await World.create();
  stay = await w.stay(ALICE, { name: 'Colo' });
  flour = await w.ingredient(null, { name: 'Farine', kind: IngredientKind.Epicerie });
  tomatoes = await w.ingredient(null, { name: 'Tomates', kind: IngredientKind.FruitsLegumes });
  eggs = await w.ingredient(ALICE, { name: 'Œufs', kind: IngredientKind.Laitages });
  milk = await w.ingredient(null, { name: 'Lait', kind: IngredientKind.Laitages });
});

const expectRefusal = refusalChecker(() => w);

/** A list of Alice's stay with these lines (stored as they are). */
const listOf = (items: ShopItem[], over: Partial<ShopList> = {}) =>
  w.shopList(stay, { name: 'Courses du 3 juillet', items, ...over });

describe('createShopList', () => {
  it('stores the planned lines, nothing ticked, under the user and the stay', async () => {
    const items = [newLine(flour), newLine(tomatoes, { day: 2 })];
    const ctx = w.as(ALICE);
    await runMutation(ctx, 'createShopList', {
      id: FRESH,
      stayId: stay.id,
      name: '  Marché de samedi ',
      now: NOW,
      items,
    });
    expect(ctx.claimed).toEqual([{ table: 'shopLists', id: FRESH }]);
    expect(await w.get('shopLists', FRESH)).toEqual({
      id: FRESH,
      owner: ALICE,
      stayId: stay.id,
      name: 'Marché de samedi',
      created: NOW,
      items: items.map((i) => ({
        ...i,
        checked: false,
        stored: false,
        bought: null,
        tickedAt: null,
      })),
      share: null,
    });
    expect(items.map((i) => i.key)).toEqual([`${flour.id}`, `${tomatoes.id}@2`]);
  });

  it('takes the lines planShopItems makes from a compiled stay', async () => {
    const menu = await w.menu(ALICE, {
      isFavorite: false,
      ingredients: [
        { ingredientId: flour.id, quantity: { val: 1, unite: Unite.Kg, forPeople: 10 }, plat: 0 },
        { ingredientId: eggs.id, quantity: { val: 3, unite: Unite.Pieces, forPeople: 4 }, plat: 0 },
      ],
    });
    const group = await w.group(stay, { size: 10 });
    await w.meal(stay, { menuId: menu.id, day: 0, groupIds: [group.id] });
    const compiled = compileIngredients(await loadCompileInput(w.store, stay.id, [0]));
    const items = planShopItems({
      compiled,
      stock: new Map(),
      freshPerDay: true,
      supplierOf: () => 'Super U',
    });
    await w.run(ALICE, 'createShopList', {
      id: FRESH,
      stayId: stay.id,
      name: 'L',
      now: NOW,
      items,
    });
    const list = await w.get('shopLists', FRESH);
    expect(list?.items.map((i) => [i.key, i.toBuy, i.supplier, i.checked])).toEqual([
      [`${flour.id}`, total(0, 1000, 0), 'Super U', false],
      [`${eggs.id}@0`, total(8, 0, 0), 'Super U', false],
    ]);
  });

  it('accepts a list of no stay (the old phone app sends those)', async () => {
    await w.run(ALICE, 'createShopList', {
      id: FRESH,
      stayId: null,
      name: 'Liste du téléphone',
      now: NOW,
      items: [newLine(flour)],
    });
    expect((await w.get('shopLists', FRESH))?.stayId).toBeNull();
  });

  it('never takes a line already ticked: a new list starts from nothing', async () => {
    const { error } = await w.refusal(ALICE, 'createShopList', {
      id: FRESH,
      stayId: stay.id,
      name: 'L',
      now: NOW,
      items: [shopLine(flour, { checked: true, tickedAt: NOW })],
    });
    expect(error.message).toBe(fieldMessage('items.0.checked'));
  });

  it("refuses another user's stay, a stay that is gone, an empty name and a used id", async () => {
    const bobs = await w.stay(BOB);
    const args = { id: FRESH, name: 'L', now: NOW, items: [] };
    await expectRefusal(
      ALICE,
      'createShopList',
      { ...args, stayId: bobs.id },
      'not_found',
      "Ce séjour n'existe pas ou n'est plus disponible.",
    );
    await expectRefusal(
      ALICE,
      'createShopList',
      { ...args, stayId: 9_999 },
      'not_found',
      "Ce séjour n'existe pas ou n'est plus disponible.",
    );
    await expectRefusal(
      ALICE,
      'createShopList',
      { ...args, stayId: stay.id, name: '   ' },
      'invalid',
      'Le nom de la liste ne peut pas être vide.',
    );
    const used = await listOf([]);
    const { error } = await w.refusal(ALICE, 'createShopList', {
      ...args,
      id: used.id,
      stayId: stay.id,
    });
    expect(error.code).toBe('conflict');
  });

  it('refuses two lines with one key', async () => {
    await expectRefusal(
      ALICE,
      'createShopList',
      {
        id: FRESH,
        stayId: stay.id,
        name: 'L',
        now: NOW,
        items: [newLine(tomatoes, { day: 1 }), newLine(flour), newLine(tomatoes, { day: 1 })],
      },
      'invalid',
      'Une même ligne apparaît deux fois dans la liste.',
    );
  });

  it('keeps to the number of lists a user keeps and of lines a list holds', async () => {
    for (let i = 0; i < MAX_SHOP_LISTS_PER_USER; i++) await listOf([]);
    // Bob's lists do not count against Alice.
    await w.shopList(await w.stay(BOB));
    const args = { id: FRESH, stayId: stay.id, name: 'L', now: NOW, items: [] };
    await expectRefusal(
      ALICE,
      'createShopList',
      args,
      'invalid',
      `Vous ne pouvez pas garder plus de ${MAX_SHOP_LISTS_PER_USER} listes de courses : supprimez les anciennes.`,
    );
    const bobsStay = await w.stay(BOB);
    await w.run(BOB, 'createShopList', { ...args, stayId: bobsStay.id });

    const many = Array.from({ length: MAX_SHOP_ITEMS + 1 }, (_, i) =>
      newLine({ ...flour, id: i + 1 }),
    );
    const { error } = await w.refusal(BOB, 'createShopList', {
      ...args,
      id: FRESH + 1,
      stayId: null,
      items: many,
    });
    expect(error.message).toBe(fieldMessage('items'));
  });
});

describe('tickShopItem', () => {
  let list: ShopList;
  const key = () => String(flour.id);
  beforeEach(async () => {
    list = await listOf([shopLine(flour), shopLine(tomatoes, { day: 1 })]);
  });
  const line = async (k: string) =>
    (await w.get('shopLists', list.id))!.items.find((i) => i.key === k)!;

  it('ticks and unticks one line, noting when', async () => {
    await w.run(ALICE, 'tickShopItem', { id: list.id, key: key(), checked: true, now: at(1) });
    expect(await line(key())).toMatchObject({ checked: true, tickedAt: at(1) });
    expect(await line(`${tomatoes.id}@1`)).toEqual(list.items[1]);
    await w.run(ALICE, 'tickShopItem', { id: list.id, key: key(), checked: false, now: at(2) });
    expect(await line(key())).toMatchObject({ checked: false, tickedAt: at(2) });
  });

  it('ignores a tick made before the last one (offline, sent late), writing nothing', async () => {
    // A helper ticks at 10:05; the organiser's phone, offline, had unticked at 10:03.
    await w.run(ALICE, 'tickShopItem', { id: list.id, key: key(), checked: true, now: at(5) });
    const before = w.snapshot();
    await w.run(ALICE, 'tickShopItem', { id: list.id, key: key(), checked: false, now: at(3) });
    expect(w.snapshot()).toEqual(before);
    expect(await line(key())).toMatchObject({ checked: true, tickedAt: at(5) });
  });

  it('lets a newer tick win, and ends the same whatever order the ticks arrive in', async () => {
    const ticks = [
      { checked: true, now: at(1) },
      { checked: false, now: at(4) },
      { checked: true, now: at(2) },
    ];
    const finals: unknown[] = [];
    for (const order of [
      [0, 1, 2],
      [2, 1, 0],
      [1, 0, 2],
    ]) {
      await w.store.put('shopLists', list);
      for (const i of order) {
        await w.run(ALICE, 'tickShopItem', { id: list.id, key: key(), ...ticks[i]! });
      }
      finals.push(await line(key()));
    }
    expect(finals).toEqual(
      [0, 1, 2].map(() => ({ ...list.items[0], checked: false, tickedAt: at(4) })),
    );
  });

  it('refuses a line that is not in the list, in French', async () => {
    await expectRefusal(
      ALICE,
      'tickShopItem',
      { id: list.id, key: `${tomatoes.id}@2`, checked: true, now: NOW },
      'not_found',
      "Cette ligne n'est plus dans la liste.",
    );
    await expectRefusal(
      ALICE,
      'tickShopItem',
      { id: 9_999, key: key(), checked: true, now: NOW },
      'not_found',
      "Cette liste de courses n'existe pas ou n'est plus disponible.",
    );
  });
});

describe('tickShopItems', () => {
  let list: ShopList;
  const flourKey = () => String(flour.id);
  const tomatoKey = () => `${tomatoes.id}@1`;
  beforeEach(async () => {
    list = await listOf([shopLine(flour), shopLine(tomatoes, { day: 1 })]);
  });
  const lines = async () => (await w.get('shopLists', list.id))!.items;

  it('ticks several lines in one change, each by the rule of a single tick', async () => {
    await w.run(ALICE, 'tickShopItem', {
      id: list.id,
      key: tomatoKey(),
      checked: true,
      now: at(5),
    });
    await w.run(ALICE, 'tickShopItems', {
      id: list.id,
      ticks: [
        { key: flourKey(), checked: true, now: at(2) },
        // Older than the tick already there: overtaken, as with tickShopItem.
        { key: tomatoKey(), checked: false, now: at(3) },
        // A line no longer on the list: passed over, the others still count.
        { key: `${tomatoes.id}@4`, checked: true, now: at(2) },
      ],
    });
    expect(await lines()).toMatchObject([
      { key: flourKey(), checked: true, tickedAt: at(2) },
      { key: tomatoKey(), checked: true, tickedAt: at(5) },
    ]);
  });

  it('ends as the same ticks one by one would, whatever order they come in', async () => {
    const ticks = [
      { key: flourKey(), checked: true, now: at(1) },
      { key: flourKey(), checked: false, now: at(4) },
      { key: tomatoKey(), checked: true, now: at(2) },
    ];
    for (const tick of ticks) await w.run(ALICE, 'tickShopItem', { id: list.id, ...tick });
    const oneByOne = await lines();
    await w.store.put('shopLists', list);
    await w.run(ALICE, 'tickShopItems', { id: list.id, ticks: [...ticks].reverse() });
    expect(await lines()).toEqual(oneByOne);
  });

  it("writes nothing when every tick is overtaken, and refuses another user's list", async () => {
    await w.run(ALICE, 'tickShopItem', { id: list.id, key: flourKey(), checked: true, now: at(5) });
    const before = w.snapshot();
    await w.run(ALICE, 'tickShopItems', {
      id: list.id,
      ticks: [{ key: flourKey(), checked: false, now: at(1) }],
    });
    expect(w.snapshot()).toEqual(before);
    await expectRefusal(
      BOB,
      'tickShopItems',
      { id: list.id, ticks: [{ key: flourKey(), checked: true, now: NOW }] },
      'not_found',
      "Cette liste de courses n'existe pas ou n'est plus disponible.",
    );
  });
});

describe('setShopItemBought', () => {
  it('notes what was bought, which ticks the line; null goes back to what was planned', async () => {
    const list = await listOf([shopLine(flour)]);
    const key = String(flour.id);
    await w.run(ALICE, 'setShopItemBought', {
      id: list.id,
      key,
      bought: total(0, 2000, 0),
      now: at(1),
    });
    expect((await w.get('shopLists', list.id))!.items[0]).toMatchObject({
      bought: total(0, 2000, 0),
      checked: true,
      tickedAt: at(1),
    });
    await w.run(ALICE, 'setShopItemBought', { id: list.id, key, bought: null, now: at(2) });
    // Forgetting the quantity leaves the tick as it was.
    expect((await w.get('shopLists', list.id))!.items[0]).toMatchObject({
      bought: null,
      checked: true,
      tickedAt: at(1),
    });
  });

  it('does not tick again a line unticked later than the quantity was noted', async () => {
    const list = await listOf([shopLine(flour, { checked: false, tickedAt: at(5) })]);
    await w.run(ALICE, 'setShopItemBought', {
      id: list.id,
      key: String(flour.id),
      bought: total(0, 500, 0),
      now: at(3),
    });
    expect((await w.get('shopLists', list.id))!.items[0]).toMatchObject({
      bought: total(0, 500, 0),
      checked: false,
      tickedAt: at(5),
    });
  });

  it('refuses a line that is not in the list', async () => {
    const list = await listOf([shopLine(flour)]);
    await expectRefusal(
      ALICE,
      'setShopItemBought',
      { id: list.id, key: '1', bought: null, now: NOW },
      'not_found',
      "Cette ligne n'est plus dans la liste.",
    );
  });
});

describe('shareShopList and stopSharingShopList', () => {
  it('opens a link with its token and date, renews it, and ends it', async () => {
    const list = await listOf([shopLine(flour)]);
    await w.run(ALICE, 'shareShopList', { id: list.id, token: TOKEN, now: NOW });
    expect(await w.get('shopLists', list.id)).toEqual({
      ...list,
      share: { token: TOKEN, created: NOW },
    });
    // The same token again renews the link (30 more days); another one replaces it.
    await w.run(ALICE, 'shareShopList', { id: list.id, token: TOKEN, now: LATER });
    expect((await w.get('shopLists', list.id))?.share).toEqual({ token: TOKEN, created: LATER });
    await w.run(ALICE, 'shareShopList', { id: list.id, token: 'b'.repeat(64), now: LATER });
    expect((await w.get('shopLists', list.id))?.share?.token).toBe('b'.repeat(64));
    expect(await w.store.whereIds('shopLists', 'shareToken', TOKEN)).toEqual([]);

    await w.run(ALICE, 'stopSharingShopList', { id: list.id });
    expect(await w.get('shopLists', list.id)).toEqual(list);
    // Stopping again changes nothing.
    const before = w.snapshot();
    await w.run(ALICE, 'stopSharingShopList', { id: list.id });
    expect(w.snapshot()).toEqual(before);
  });

  it('takes URL-safe tokens of 16 to 64 characters only', async () => {
    const list = await listOf([]);
    for (const token of [
      'a'.repeat(15),
      'a'.repeat(65),
      `${'a'.repeat(20)}/`,
      `${'a'.repeat(20)}=`,
      'é'.repeat(20),
    ]) {
      await expectRefusal(
        ALICE,
        'shareShopList',
        { id: list.id, token, now: NOW },
        'invalid',
        fieldMessage('token'),
      );
    }
    await w.run(ALICE, 'shareShopList', { id: list.id, token: 'A-z_0'.repeat(4), now: NOW });
  });

  it('refuses a token another list holds, even another user’s', async () => {
    const bobs = await w.shopList(await w.stay(BOB), { share: { token: TOKEN, created: NOW } });
    const mine = await listOf([]);
    const other = await listOf([], { share: { token: 'c'.repeat(20), created: NOW } });
    for (const token of [TOKEN, 'c'.repeat(20)]) {
      await expectRefusal(
        ALICE,
        'shareShopList',
        { id: mine.id, token, now: NOW },
        'conflict',
        'Ce lien de partage existe déjà : partagez la liste à nouveau.',
      );
    }
    expect((await w.get('shopLists', bobs.id))?.share?.token).toBe(TOKEN);
    expect((await w.get('shopLists', other.id))?.share?.token).toBe('c'.repeat(20));
  });
});

describe('deleteShopList', () => {
  it('deletes the list, and its undo brings it back exactly, ticks and link included', async () => {
    const list = await listOf(
      [shopLine(flour, { checked: true, tickedAt: NOW, bought: total(0, 2000, 0) })],
      {
        share: { token: TOKEN, created: NOW },
      },
    );
    const before = w.snapshot();
    const undo = await doThenUndo('deleteShopList', { id: list.id }, () => {
      expect(w.ids('shopLists')).toEqual([]);
    });
    expect(undo.put).toEqual([{ table: 'shopLists', row: list }]);
    expect(w.snapshot()).toEqual(before);
  });

  it('brings a list back unshared when its token went to another list meanwhile', async () => {
    const list = await listOf([], { share: { token: TOKEN, created: NOW } });
    const undo = await runUndoable(w.store, ALICE, 'deleteShopList', { id: list.id }, () =>
      w.run(ALICE, 'deleteShopList', { id: list.id }),
    );
    await w.shopList(await w.stay(BOB), { share: { token: TOKEN, created: LATER } });
    await w.run(ALICE, 'restoreSnapshot', undo!);
    expect(await w.get('shopLists', list.id)).toEqual({ ...list, share: null });
  });
});

describe('addStock, updateStock and deleteStock', () => {
  it('adds an entry to the stay’s larder, changes it and deletes it', async () => {
    const ctx = w.as(ALICE);
    await runMutation(ctx, 'addStock', {
      id: FRESH,
      stayId: stay.id,
      ingredientId: flour.id,
      unite: Unite.Kg,
      val: 2.5,
    });
    expect(ctx.claimed).toEqual([{ table: 'stock', id: FRESH }]);
    const entry = {
      id: FRESH,
      stayId: stay.id,
      owner: ALICE,
      ingredientId: flour.id,
      unite: Unite.Kg,
      val: 2.5,
    };
    expect(await w.get('stock', FRESH)).toEqual(entry);

    await w.run(ALICE, 'updateStock', { id: FRESH, val: 3 });
    expect(await w.get('stock', FRESH)).toEqual({ ...entry, val: 3 });
    await w.run(ALICE, 'updateStock', { id: FRESH, unite: Unite.G });
    expect(await w.get('stock', FRESH)).toEqual({ ...entry, val: 3, unite: Unite.G });
    await w.run(ALICE, 'updateStock', { id: FRESH, unite: Unite.Kg, val: 0 });
    expect(await w.get('stock', FRESH)).toEqual({ ...entry, val: 0 });

    await w.run(ALICE, 'deleteStock', { id: FRESH });
    expect(w.ids('stock')).toEqual([]);
  });

  it("refuses another user's stay and an ingredient that does not exist", async () => {
    const bobs = await w.stay(BOB);
    const args = { id: FRESH, ingredientId: flour.id, unite: Unite.Kg, val: 1 };
    await expectRefusal(
      ALICE,
      'addStock',
      { ...args, stayId: bobs.id },
      'not_found',
      "Ce séjour n'existe pas ou n'est plus disponible.",
    );
    await expectRefusal(
      ALICE,
      'addStock',
      { ...args, stayId: stay.id, ingredientId: 9_999 },
      'not_found',
      "Cet ingrédient n'existe pas ou n'est plus disponible.",
    );
    // Another user's ingredient is public: anyone may keep it in their larder.
    const bobsSalt = await w.ingredient(BOB, { name: 'Sel' });
    await w.run(ALICE, 'addStock', { ...args, stayId: stay.id, ingredientId: bobsSalt.id });
  });

  it('keeps to the number of entries of one stay’s larder', async () => {
    const other = await w.stay(ALICE);
    for (let i = 0; i < MAX_STOCK_PER_STAY; i++) await w.stock(stay, flour);
    const args = { id: FRESH, ingredientId: flour.id, unite: Unite.Kg, val: 1 };
    await expectRefusal(
      ALICE,
      'addStock',
      { ...args, stayId: stay.id },
      'invalid',
      `La réserve d'un séjour ne peut pas compter plus de ${MAX_STOCK_PER_STAY} lignes.`,
    );
    // Another stay's larder has its own room.
    await w.run(ALICE, 'addStock', { ...args, stayId: other.id });
  });

  it('deleteStock can be undone exactly', async () => {
    const entry = await w.stock(stay, milk, { unite: Unite.L, val: 6 });
    const before = w.snapshot();
    await doThenUndo('deleteStock', { id: entry.id }, () => expect(w.ids('stock')).toEqual([]));
    expect(w.snapshot()).toEqual(before);
  });
});

describe('addPurchasesToStock', () => {
  it('puts the ticked lines away, bought else to buy, one entry per measure, once', async () => {
    const sugar = await w.ingredient(ALICE, { name: 'Sucre', kind: IngredientKind.Epicerie });
    const list = await listOf([
      // Ticked, nothing noted: what was to buy (1.8 kg).
      shopLine(flour, { checked: true, tickedAt: NOW, toBuy: total(0, 1800, 0) }),
      // Ticked with a quantity noted in two measures: two entries.
      shopLine(eggs, {
        day: 0,
        checked: true,
        tickedAt: NOW,
        toBuy: total(12, 0, 0),
        bought: total(10, 250, 0),
      }),
      // Not ticked: left for later.
      shopLine(tomatoes, { day: 1 }),
      // Already put away: never twice.
      shopLine(milk, { checked: true, stored: true, toBuy: total(0, 0, 600) }),
      // Ticked, in centilitres.
      shopLine(milk, { day: 2, checked: true, toBuy: total(0, 0, 150) }),
      // Ticked, but its ingredient was deleted meanwhile: left out.
      shopLine(sugar, { checked: true }),
      // Ticked, but the larder covered it all: nothing to add, yet it is put away.
      shopLine(flour, { day: 5, checked: true, toBuy: total(0, 0, 0) }),
    ]);
    await w.store.delete('ingredients', sugar.id);

    await w.run(ALICE, 'addPurchasesToStock', {
      id: list.id,
      keys: list.items.map((i) => i.key),
      ids: { first: FRESH, count: 10 },
    });

    const entry = (id: number, ingredientId: number, unite: Unite, val: number) => ({
      id,
      stayId: stay.id,
      owner: ALICE,
      ingredientId,
      unite,
      val,
    });
    expect(w.store.snapshot('stock')).toEqual([
      entry(FRESH, flour.id, Unite.G, 1800),
      entry(FRESH + 1, eggs.id, Unite.Pieces, 10),
      entry(FRESH + 2, eggs.id, Unite.G, 250),
      entry(FRESH + 3, milk.id, Unite.CL, 150),
    ]);
    const stored = (await w.get('shopLists', list.id))!.items.map((i) => [i.key, i.stored]);
    expect(stored).toEqual([
      [`${flour.id}`, true],
      [`${eggs.id}@0`, true],
      [`${tomatoes.id}@1`, false],
      [`${milk.id}`, true],
      [`${milk.id}@2`, true],
      [`${sugar.id}`, false],
      [`${flour.id}@5`, true],
    ]);

    // Again: nothing more goes in, and nothing is written (no new version of the list to sync).
    const puts = vi.spyOn(w.store, 'put');
    const before = w.snapshot();
    await w.run(ALICE, 'addPurchasesToStock', {
      id: list.id,
      keys: list.items.map((i) => i.key),
      ids: { first: FRESH + 20, count: 10 },
    });
    expect(w.snapshot()).toEqual(before);
    expect(puts).not.toHaveBeenCalled();
    puts.mockRestore();

    // The purchases now count against the needs of the next list.
    const larder = stockByIngredient(w.store.snapshot('stock'));
    expect(larder.get(eggs.id)).toEqual(total(10, 250, 0));
  });

  it('refuses a list of no stay, and one short of ids, writing nothing', async () => {
    const loose = await listOf([shopLine(flour, { checked: true })], { stayId: null });
    await expectRefusal(
      ALICE,
      'addPurchasesToStock',
      { id: loose.id, keys: loose.items.map((i) => i.key), ids: { first: FRESH, count: 10 } },
      'invalid',
      "Cette liste n'est liée à aucun séjour.",
    );
    const list = await listOf([
      shopLine(flour, { checked: true }),
      shopLine(milk, { checked: true, toBuy: total(2, 0, 100) }),
    ]);
    await expectRefusal(
      ALICE,
      'addPurchasesToStock',
      { id: list.id, keys: list.items.map((i) => i.key), ids: { first: FRESH, count: 2 } },
      'invalid',
      "Pas assez d'identifiants réservés pour cette modification.",
    );
  });

  it('keeps to the room of the larder', async () => {
    for (let i = 0; i < MAX_STOCK_PER_STAY - 1; i++) await w.stock(stay, flour);
    // Milk: no entry of the larder to join, two new ones (pieces and grams) are one too many.
    const list = await listOf([shopLine(milk, { checked: true, toBuy: total(1, 1000, 0) })]);
    await expectRefusal(
      ALICE,
      'addPurchasesToStock',
      { id: list.id, keys: list.items.map((i) => i.key), ids: { first: FRESH, count: 10 } },
      'invalid',
      `La réserve d'un séjour ne peut pas compter plus de ${MAX_STOCK_PER_STAY} lignes.`,
    );
  });

  it('writes entries an undo can take back, however large', async () => {
    const list = await listOf([shopLine(flour, { checked: true, bought: total(0, 5e11, 0) })]);
    await w.run(ALICE, 'addPurchasesToStock', {
      id: list.id,
      keys: list.items.map((i) => i.key),
      ids: { first: FRESH, count: 3 },
    });
    const before = w.snapshot();
    await doThenUndo('deleteStock', { id: FRESH });
    expect(w.snapshot()).toEqual(before);
  });
});

describe('addPurchasesToStock, lines named and entries joined', () => {
  it('puts away only the lines the device saw ticked, joining the entry of the same unit', async () => {
    const held = await w.stock(stay, flour, { unite: Unite.G, val: 500 });
    const list = await listOf([
      shopLine(flour, { checked: true, toBuy: total(0, 1800, 0) }),
      // Ticked by a helper after the device's last pull: not named, left for a later action.
      shopLine(milk, { day: 2, checked: true, toBuy: total(0, 0, 150) }),
    ]);
    await w.run(ALICE, 'addPurchasesToStock', {
      id: list.id,
      keys: [`${flour.id}`],
      ids: { first: FRESH, count: 3 },
    });
    expect(w.store.snapshot('stock')).toEqual([{ ...held, val: 2300 }]);
    const stored = (await w.get('shopLists', list.id))!.items.map((i) => i.stored);
    expect(stored).toEqual([true, false]);
  });
});

describe('deleteStay with a larder and shopping lists', () => {
  it('removes the stay’s larder and lists, and its undo brings them all back exactly', async () => {
    const group = await w.group(stay);
    await w.meal(stay, { groupIds: [group.id] });
    await w.stock(stay, flour, { val: 3 });
    await w.stock(stay, milk, { unite: Unite.CL, val: 50 });
    await listOf([shopLine(flour, { checked: true, tickedAt: NOW, stored: true })], {
      share: { token: TOKEN, created: NOW },
    });
    await listOf([shopLine(tomatoes, { day: 0, bought: total(0, 700, 0) })]);
    // Another stay's, and a list of no stay: untouched.
    const other = await w.stay(ALICE);
    const otherStock = await w.stock(other, flour);
    const otherList = await w.shopList(other);
    const loose = await w.shopList(other, { stayId: null });
    const before = w.snapshot();

    const undo = await doThenUndo('deleteStay', { id: stay.id }, () => {
      expect(w.ids('stock')).toEqual([otherStock.id]);
      expect(w.ids('shopLists')).toEqual([otherList.id, loose.id]);
      expect(w.ids('stays')).toEqual([other.id]);
    });

    expect(undo.put.filter((p) => p.table === 'stock')).toHaveLength(2);
    expect(undo.put.filter((p) => p.table === 'shopLists')).toHaveLength(2);
    expect(w.snapshot()).toEqual(before);
  });

  it('brings the stay back without the larder entries of an ingredient deleted meanwhile', async () => {
    const sugar = await w.ingredient(BOB, { name: 'Sucre' });
    const kept = await w.stock(stay, flour);
    await w.stock(stay, sugar);
    const undo = await runUndoable(w.store, ALICE, 'deleteStay', { id: stay.id }, () =>
      w.run(ALICE, 'deleteStay', { id: stay.id }),
    );
    // Bob deletes his ingredient, which no recipe or menu used.
    await w.run(BOB, 'deleteIngredient', { id: sugar.id });
    await w.run(ALICE, 'restoreSnapshot', undo!);
    expect(await w.get('stays', stay.id)).toEqual(stay);
    expect(w.store.snapshot('stock')).toEqual([kept]);
  });
});

describe('updateIngredient: the fresh mark', () => {
  it('sets the mark, keeps it through other changes, and null gives it back to the category', async () => {
    const sel = await w.ingredient(ALICE, { name: 'Sel', kind: IngredientKind.Epicerie });
    await w.run(ALICE, 'updateIngredient', { id: sel.id, fresh: true });
    expect(await w.get('ingredients', sel.id)).toEqual({ ...sel, fresh: true });
    await w.run(ALICE, 'updateIngredient', { id: sel.id, name: 'Sel fin' });
    expect(await w.get('ingredients', sel.id)).toEqual({ ...sel, name: 'Sel fin', fresh: true });
    await w.run(ALICE, 'updateIngredient', { id: sel.id, fresh: false });
    expect((await w.get('ingredients', sel.id))?.fresh).toBe(false);
    await w.run(ALICE, 'updateIngredient', { id: sel.id, fresh: null });
    const cleared = await w.get('ingredients', sel.id);
    expect(cleared).toEqual({ ...sel, name: 'Sel fin' });
    expect(cleared && 'fresh' in cleared).toBe(false);
  });

  it('changes the mark of an ingredient other users use, whose name is frozen', async () => {
    await w.recipe(BOB, {
      ingredients: [
        { ingredientId: eggs.id, quantity: { val: 2, unite: Unite.Pieces, forPeople: 4 } },
      ],
    });
    await w.run(ALICE, 'updateIngredient', { id: eggs.id, fresh: false });
    expect(await w.get('ingredients', eggs.id)).toEqual({ ...eggs, fresh: false });
    await expectRefusal(
      ALICE,
      'updateIngredient',
      { id: eggs.id, name: 'Œufs frais', fresh: true },
      'conflict',
      INGREDIENT_SHARED,
    );
  });

  it("refuses marking another user's ingredient or the catalogue's", async () => {
    for (const id of [flour.id, eggs.id]) {
      const { error } = await w.refusal(BOB, 'updateIngredient', { id, fresh: true });
      expect(error.code).toBe('forbidden');
    }
  });
});

/** Runs an action with its undo (checking the state in between), then the undo. */
async function doThenUndo<N extends UndoableMutation>(
  name: N,
  args: MutationArgs<N>,
  between: () => void = () => {},
) {
  const undo = await runUndoable(w.store, ALICE, name, args, () =>
    runMutation(w.as(ALICE), name, args),
  );
  expect(undo).not.toBeNull();
  between();
  await runMutation(w.as(ALICE), 'restoreSnapshot', undo!);
  return undo!;
}
