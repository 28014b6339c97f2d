import { beforeEach, describe, expect, it } from 'vitest';
import {
  TABLE_NAMES,
  type Meal,
  type Menu,
  type Recipe,
  type ShopList,
  type Stay,
  type StockItem,
} from './entities.js';
import { Unite } from './enums.js';
import { ALICE, BOB, CAROL, World } from '../test/mutators-world.js';
import {
  canReadMenu,
  canReadRecipe,
  canReadRow,
  readableDependents,
  readableIdReader,
  readableIds,
} from './visibility.js';
import { inWindow, type ReadStore } from './store.js';

/**
 * Alice's library: a private recipe, a published one, a hidden recipe shown through her
 * published menu, and a recipe inside a menu she unpublished after Bob's meal took it.
 */
let w: World;
let aliceStay: Stay;
let bobStay: Stay;
let r: Record<'own' | 'published' | 'inPublishedMenu' | 'inUnpublishedMenu', Recipe>;
let m: Record<'favourite' | 'published' | 'unpublished' | 'alicePrivate', Menu>;
let aliceMeal: Meal;
let bobMeal: Meal;

beforeEach(async () => {
  w = await World.create();
  r = {
    own: await w.recipe(ALICE),
    published: await w.recipe(ALICE, { isPublished: true }),
    inPublishedMenu: await w.recipe(ALICE),
    inUnpublishedMenu: await w.recipe(ALICE),
  };
  aliceStay = await w.stay(ALICE);
  bobStay = await w.stay(BOB);
  aliceMeal = await w.meal(aliceStay);
  m = {
    favourite: await w.menu(ALICE, { recipeIds: [r.own.id] }),
    published: await w.menu(ALICE, { isPublished: true, recipeIds: [r.inPublishedMenu.id] }),
    unpublished: await w.menu(ALICE, { recipeIds: [r.inUnpublishedMenu.id] }),
    alicePrivate: (await w.get('menus', aliceMeal.menuId))!,
  };
  bobMeal = await w.meal(bobStay, { menuId: m.unpublished.id });
});

const sorted = (ids: number[]): number[] => [...ids].sort((a, b) => a - b);

describe('canReadMenu and canReadRecipe', () => {
  it('lets the owner read everything of theirs', async () => {
    for (const menu of Object.values(m)) {
      expect(await canReadMenu(w.store, ALICE, menu)).toBe(true);
    }
    for (const recipe of Object.values(r)) {
      expect(await canReadRecipe(w.store, ALICE, recipe)).toBe(true);
    }
  });

  it('lets others read published items and the recipes of a published menu', async () => {
    expect(await canReadMenu(w.store, CAROL, m.published)).toBe(true);
    expect(await canReadMenu(w.store, CAROL, m.favourite)).toBe(false);
    expect(await canReadMenu(w.store, CAROL, m.alicePrivate)).toBe(false);
    expect(await canReadRecipe(w.store, CAROL, r.published)).toBe(true);
    expect(await canReadRecipe(w.store, CAROL, r.inPublishedMenu)).toBe(true);
    expect(await canReadRecipe(w.store, CAROL, r.own)).toBe(false);
  });

  it('keeps a menu readable, with its recipes, to a user whose meal uses it', async () => {
    expect(await canReadMenu(w.store, BOB, m.unpublished)).toBe(true);
    expect(await canReadRecipe(w.store, BOB, r.inUnpublishedMenu)).toBe(true);
    expect(await canReadMenu(w.store, CAROL, m.unpublished)).toBe(false);
    expect(await canReadRecipe(w.store, CAROL, r.inUnpublishedMenu)).toBe(false);
  });
});

describe('canReadRow', () => {
  it('opens public tables to all and owner-only tables to their owner', async () => {
    const profile = await w.profile(ALICE);
    const ingredient = await w.ingredient(ALICE);
    expect(await canReadRow(w.store, CAROL, 'profiles', profile)).toBe(true);
    expect(await canReadRow(w.store, CAROL, 'ingredients', ingredient)).toBe(true);
    expect(await canReadRow(w.store, CAROL, 'users', { id: ALICE, pseudo: 'Alice' })).toBe(true);
    expect(await canReadRow(w.store, ALICE, 'stays', aliceStay)).toBe(true);
    expect(await canReadRow(w.store, BOB, 'stays', aliceStay)).toBe(false);
    expect(await canReadRow(w.store, BOB, 'meals', aliceMeal)).toBe(false);
    expect(await canReadRow(w.store, BOB, 'menus', m.unpublished)).toBe(true);
    expect(await canReadRow(w.store, BOB, 'recipes', r.own)).toBe(false);
  });
});

const shopList = (id: number, owner: number, stayId: number | null): ShopList => ({
  id,
  owner,
  stayId,
  name: 'Courses',
  created: '2024-05-01T10:00:00.000Z',
  items: [],
  share: null,
});
const stockItem = (id: number, stay: Stay, ingredientId: number): StockItem => ({
  id,
  stayId: stay.id,
  owner: stay.owner,
  ingredientId,
  unite: Unite.Kg,
  val: 2,
});

describe('readableIds', () => {
  it('gives each user exactly what the rules allow', async () => {
    const flour = await w.ingredient(null, { name: 'Farine' });
    // Alice's larder and lists (one from the old phone app, without a stay), and Bob's.
    const aliceStock = stockItem(900, aliceStay, flour.id);
    const bobStock = stockItem(901, bobStay, flour.id);
    await w.store.put('stock', aliceStock);
    // Alice's kitchen register (issue 35): hers alone, like the rest of her stay.
    const aliceEntry = await w.registerEntry(aliceStay);
    await w.store.put('stock', bobStock);
    await w.store.put('shopLists', shopList(910, ALICE, aliceStay.id));
    await w.store.put('shopLists', shopList(911, ALICE, null));
    await w.store.put('shopLists', shopList(912, BOB, bobStay.id));
    // Packs and prices (issue 21): each user's own row for the same catalogue flour.
    const salt = await w.ingredient(null, { name: 'Sel' });
    const alicePurchase = await w.purchase(ALICE, flour, { id: 920 });
    const bobPurchase = await w.purchase(BOB, flour, { id: 921 });
    await w.purchase(ALICE, salt, { id: 922 });
    const common = {
      users: [ALICE, BOB, CAROL],
      ingredients: [flour.id, salt.id],
      profiles: [],
      suppliers: [],
    };
    const alice = await readableIds(w.store, ALICE);
    expect({ ...alice, menus: sorted(alice.menus), recipes: sorted(alice.recipes) }).toEqual({
      ...common,
      stays: [aliceStay.id],
      groups: [],
      meals: [aliceMeal.id],
      menus: sorted(Object.values(m).map((x) => x.id)),
      recipes: sorted(Object.values(r).map((x) => x.id)),
      stock: [aliceStock.id],
      shopLists: [910, 911],
      purchases: [920, 922],
      stayMembers: [],
      stayInvitations: [],
      stayJournal: [],
      register: [aliceEntry.id],
    });

    const bob = await readableIds(w.store, BOB);
    expect({ ...bob, menus: sorted(bob.menus), recipes: sorted(bob.recipes) }).toEqual({
      ...common,
      stays: [bobStay.id],
      groups: [],
      meals: [bobMeal.id],
      menus: sorted([m.published.id, m.unpublished.id]),
      recipes: sorted([r.published.id, r.inPublishedMenu.id, r.inUnpublishedMenu.id]),
      stock: [bobStock.id],
      shopLists: [912],
      purchases: [921],
      stayMembers: [],
      stayInvitations: [],
      stayJournal: [],
      register: [],
    });

    const carol = await readableIds(w.store, CAROL);
    expect({ ...carol, recipes: sorted(carol.recipes) }).toEqual({
      ...common,
      stays: [],
      groups: [],
      meals: [],
      menus: [m.published.id],
      recipes: sorted([r.published.id, r.inPublishedMenu.id]),
      stock: [],
      shopLists: [],
      purchases: [],
      stayMembers: [],
      stayInvitations: [],
      stayJournal: [],
      register: [],
    });

    // canReadRow agrees: the larder, the lists and the prices are their owner's alone.
    expect(await canReadRow(w.store, BOB, 'register', aliceEntry)).toBe(false);
    expect(await canReadRow(w.store, ALICE, 'register', aliceEntry)).toBe(true);
    expect(await canReadRow(w.store, ALICE, 'stock', aliceStock)).toBe(true);
    expect(await canReadRow(w.store, BOB, 'stock', aliceStock)).toBe(false);
    expect(await canReadRow(w.store, ALICE, 'shopLists', shopList(911, ALICE, null))).toBe(true);
    expect(await canReadRow(w.store, CAROL, 'shopLists', shopList(912, BOB, bobStay.id))).toBe(
      false,
    );
    expect(await canReadRow(w.store, ALICE, 'purchases', alicePurchase)).toBe(true);
    expect(await canReadRow(w.store, ALICE, 'purchases', bobPurchase)).toBe(false);
    expect(await canReadRow(w.store, CAROL, 'purchases', alicePurchase)).toBe(false);
  });

  it('agrees with canReadRow on every menu and recipe', async () => {
    for (const userId of [ALICE, BOB, CAROL]) {
      const ids = await readableIds(w.store, userId);
      for (const menu of w.store.snapshot('menus')) {
        expect(ids.menus.includes(menu.id), `${userId} menu ${menu.id}`).toBe(
          await canReadRow(w.store, userId, 'menus', menu),
        );
      }
      for (const recipe of w.store.snapshot('recipes')) {
        expect(ids.recipes.includes(recipe.id), `${userId} recipe ${recipe.id}`).toBe(
          await canReadRow(w.store, userId, 'recipes', recipe),
        );
      }
    }
  });
});

describe('readableDependents', () => {
  it("sends a menu's recipes with it", async () => {
    expect(await readableDependents(w.store, CAROL, 'menus', m.published)).toEqual({
      recipes: [r.inPublishedMenu.id],
    });
  });

  it("sends an own meal's menu and its recipes", async () => {
    expect(await readableDependents(w.store, BOB, 'meals', bobMeal)).toEqual({
      menus: [m.unpublished.id],
      recipes: [r.inUnpublishedMenu.id],
    });
  });

  it("sends nothing for another user's meal or for other tables", async () => {
    expect(await readableDependents(w.store, CAROL, 'meals', bobMeal)).toEqual({});
    expect(await readableDependents(w.store, ALICE, 'stays', aliceStay)).toEqual({});
  });
});

describe("what a device drops after a pull (canReadRow over the device's rows)", () => {
  const readable = async (userId: number, table: 'menus' | 'recipes', rows: (Menu | Recipe)[]) => {
    const ids: number[] = [];
    for (const row of rows) {
      if (await canReadRow(w.store, userId, table, row as Menu & Recipe)) ids.push(row.id);
    }
    return ids;
  };

  it("keeps everything on Bob's device while his meal uses the menu", async () => {
    expect(await readable(BOB, 'menus', [m.published, m.unpublished])).toEqual([
      m.published.id,
      m.unpublished.id,
    ]);
    expect(
      await readable(BOB, 'recipes', [r.published, r.inPublishedMenu, r.inUnpublishedMenu]),
    ).toHaveLength(3);
  });

  it('drops the unpublished menu and its recipe once no meal of his uses it', async () => {
    await w.store.delete('meals', bobMeal.id);
    expect(await readable(BOB, 'menus', [m.published, m.unpublished])).toEqual([m.published.id]);
    expect(
      await readable(BOB, 'recipes', [r.published, r.inPublishedMenu, r.inUnpublishedMenu]),
    ).toEqual([r.published.id, r.inPublishedMenu.id]);
  });

  it('drops a menu and recipe that stopped being published', async () => {
    const unpublished = { ...m.published, isPublished: false };
    const recipe = { ...r.published, isPublished: false };
    await w.store.put('menus', unpublished);
    await w.store.put('recipes', recipe);
    expect(await readable(CAROL, 'menus', [unpublished])).toEqual([]);
    expect(await readable(CAROL, 'recipes', [recipe, r.inPublishedMenu])).toEqual([]);
  });

  it("ignores other users' meals and keeps the user's own rows", async () => {
    expect(await readable(ALICE, 'menus', Object.values(m))).toHaveLength(4);
    expect(await readable(ALICE, 'recipes', Object.values(r))).toHaveLength(4);
    expect(await readable(CAROL, 'menus', [m.unpublished])).toEqual([]);
  });
});

describe('sharing is not transitive (issue 15, hole 1)', () => {
  it("keeps an unpublished recipe readable to Bob's own menu, never to Carol through it", async () => {
    // Alice publishes a recipe, Bob puts it in his menu, then Alice unpublishes it.
    const recipe = await w.recipe(ALICE, { isPublished: true });
    const bobMenu = await w.menu(BOB, { recipeIds: [recipe.id] });
    const unpublished = { ...recipe, isPublished: false };
    await w.store.put('recipes', unpublished);

    expect(await canReadRecipe(w.store, BOB, unpublished)).toBe(true);
    expect(await canReadRecipe(w.store, CAROL, unpublished)).toBe(false);

    // Bob publishes his menu: Carol reads the menu (and the recipe's id in it), not the recipe.
    const published = { ...bobMenu, isPublished: true, isFavorite: true };
    await w.store.put('menus', published);
    expect(await canReadMenu(w.store, CAROL, published)).toBe(true);
    expect(await canReadRecipe(w.store, CAROL, unpublished)).toBe(false);
    expect((await readableIds(w.store, CAROL)).recipes).not.toContain(recipe.id);
    expect(await readableDependents(w.store, CAROL, 'menus', published)).toEqual({
      recipes: [],
    });

    // Carol's meal uses Bob's published menu: still no content of Alice's recipe.
    const carolStay = await w.stay(CAROL);
    const carolMeal = await w.meal(carolStay, { menuId: bobMenu.id });
    expect(await canReadRecipe(w.store, CAROL, unpublished)).toBe(false);
    expect(await readableDependents(w.store, CAROL, 'meals', carolMeal)).toEqual({
      menus: [bobMenu.id],
      recipes: [],
    });
    // Bob's device keeps it.
    expect(await canReadRow(w.store, BOB, 'recipes', unpublished)).toBe(true);
  });

  it("shares a recipe through its own owner's published menu", async () => {
    const recipe = await w.recipe(ALICE);
    await w.menu(BOB, { isPublished: true, recipeIds: [recipe.id] });
    expect(await canReadRecipe(w.store, CAROL, recipe)).toBe(false);
    const aliceMenu = await w.menu(ALICE, { isPublished: true, recipeIds: [recipe.id] });
    expect(await canReadRecipe(w.store, CAROL, recipe)).toBe(true);
    expect(await canReadRow(w.store, CAROL, 'menus', aliceMenu)).toBe(true);
  });
});

describe('a stay run by a team (issue 32)', () => {
  const member = (id: number, stay: Stay, userId: number, role: 'plan' | 'keep' | 'read') => ({
    id,
    stayId: stay.id,
    owner: stay.owner,
    userId,
    role,
    since: '2024-05-01T10:00:00.000Z',
  });

  it("lets every member read the stay, its rows, its meals' menus and the team's recipes", async () => {
    const group = await w.group(aliceStay);
    const larder = stockItem(930, aliceStay, (await w.ingredient(null)).id);
    await w.store.put('stock', larder);
    await w.store.put('shopLists', shopList(931, ALICE, aliceStay.id));
    // Carol, a member, put a recipe of her own into the stay's meal menu.
    const carols = await w.recipe(CAROL);
    const menu = m.alicePrivate;
    await w.store.put('menus', { ...menu, recipeIds: [...menu.recipeIds, carols.id, r.own.id] });
    const asMember = member(940, aliceStay, CAROL, 'read');
    await w.store.put('stayMembers', asMember);
    const bobAsMember = member(941, aliceStay, BOB, 'keep');
    await w.store.put('stayMembers', bobAsMember);

    for (const [table, row] of [
      ['stays', aliceStay],
      ['groups', group],
      ['meals', aliceMeal],
      ['stock', larder],
      ['stayMembers', bobAsMember],
    ] as const) {
      expect(await canReadRow(w.store, CAROL, table, row as never), table).toBe(true);
    }
    const fresh = (await w.get('menus', menu.id))!;
    expect(await canReadMenu(w.store, CAROL, fresh)).toBe(true);
    // Bob, another member, reads Carol's recipe through the stay's menu, and Alice's own.
    expect(await canReadRecipe(w.store, BOB, carols)).toBe(true);
    expect(await canReadRecipe(w.store, BOB, r.own)).toBe(true);
    // Not her favourite menus nor her other recipes.
    expect(await canReadMenu(w.store, CAROL, m.favourite)).toBe(false);
    expect(await canReadRecipe(w.store, CAROL, r.inUnpublishedMenu)).toBe(false);

    const ids = await readableIds(w.store, CAROL);
    expect(ids.stays).toEqual([aliceStay.id]);
    expect(ids.groups).toEqual([group.id]);
    expect(ids.meals).toEqual([aliceMeal.id]);
    expect(ids.stock).toEqual([930]);
    expect(ids.shopLists).toEqual([931]);
    expect(sorted(ids.stayMembers)).toEqual([940, 941]);
    expect(ids.menus).toContain(menu.id);
    expect(ids.recipes).toEqual(expect.arrayContaining([carols.id, r.own.id]));
    expect(ids.purchases).toEqual([]);

    // Joining sends the whole stay along with the membership.
    const deps = await readableDependents(w.store, CAROL, 'stayMembers', asMember);
    expect(deps).toMatchObject({
      stays: [aliceStay.id],
      groups: [group.id],
      meals: [aliceMeal.id],
      stock: [930],
      shopLists: [931],
      menus: [menu.id],
    });
    expect(deps.recipes).toEqual(expect.arrayContaining([carols.id, r.own.id]));
    // Another member's row sends nothing more.
    expect(await readableDependents(w.store, CAROL, 'stayMembers', bobAsMember)).toEqual({});
  });

  it("lets the members read the owner's prices, which count the stay's costs", async () => {
    const price = (id: number, owner: number) => ({
      id,
      owner,
      ingredientId: 5000 + id,
      pack: null,
      prices: [],
    });
    await w.store.put('purchases', price(960, ALICE));
    await w.store.put('purchases', price(961, BOB));
    await w.store.put('purchases', price(962, CAROL));
    const asMember = member(940, aliceStay, CAROL, 'read');
    expect(await canReadRow(w.store, CAROL, 'purchases', price(960, ALICE))).toBe(false);
    await w.store.put('stayMembers', asMember);
    expect(await canReadRow(w.store, CAROL, 'purchases', price(960, ALICE))).toBe(true);
    expect(await canReadRow(w.store, CAROL, 'purchases', price(961, BOB))).toBe(false);
    // The owner reads no member's prices.
    expect(await canReadRow(w.store, ALICE, 'purchases', price(962, CAROL))).toBe(false);
    expect(sorted((await readableIds(w.store, CAROL)).purchases)).toEqual([960, 962]);
    expect((await readableIds(w.store, ALICE)).purchases).toEqual([960]);
    // Joining sends them along with the stay.
    const deps = await readableDependents(w.store, CAROL, 'stayMembers', asMember);
    expect(deps.purchases).toEqual([960]);
    await w.store.delete('stayMembers', 940);
    expect(await canReadRow(w.store, CAROL, 'purchases', price(960, ALICE))).toBe(false);
  });

  it('stops as soon as the membership goes, and never reaches a stranger', async () => {
    await w.store.put('stayMembers', member(940, aliceStay, CAROL, 'plan'));
    expect(await canReadRow(w.store, CAROL, 'meals', aliceMeal)).toBe(true);
    await w.store.delete('stayMembers', 940);
    expect(await canReadRow(w.store, CAROL, 'meals', aliceMeal)).toBe(false);
    expect(await canReadRow(w.store, CAROL, 'stays', aliceStay)).toBe(false);
    expect((await readableIds(w.store, CAROL)).stays).toEqual([]);
    // A member of Alice's stay reads nothing of Bob's.
    await w.store.put('stayMembers', member(942, aliceStay, CAROL, 'plan'));
    expect(await canReadRow(w.store, CAROL, 'meals', bobMeal)).toBe(false);
    expect(await canReadRow(w.store, CAROL, 'stays', bobStay)).toBe(false);
  });
});

describe('readableIdReader', () => {
  /** A store that answers only the window asked (as the server's do), not more. */
  const windowed = (store: ReadStore): ReadStore => ({
    get: (t, id) => store.get(t, id),
    getMany: (t, ids) => store.getMany(t, ids),
    where: (t, i, v) => store.where(t, i, v),
    all: (t) => store.all(t),
    whereIds: async (t, i, v, window) => inWindow(await store.whereIds(t, i, v), window),
    allIds: async (t, window) => inWindow(await store.allIds(t), window),
  });

  /** Every table, every kind of read: a team (Carol a member of Alice's stay), prices, lists. */
  beforeEach(async () => {
    const flour = await w.ingredient(null, { name: 'Farine' });
    await w.ingredient(ALICE, { name: 'Sel de Guérande' });
    const profile = await w.profile(ALICE);
    await w.supplier(profile);
    await w.member(aliceStay, CAROL, 'plan');
    await w.group(aliceStay);
    await w.stock(aliceStay, flour);
    await w.stock(bobStay, flour);
    await w.shopList(aliceStay);
    await w.shopList(aliceStay, { stayId: null });
    await w.shopList(bobStay);
    await w.registerEntry(aliceStay);
    for (const owner of [ALICE, BOB, CAROL]) await w.purchase(owner, flour);
    // Carol's recipe in the menu of a meal of Alice's stay: shared with the team.
    const carols = await w.recipe(CAROL);
    const teamMenu = await w.menu(ALICE, { recipeIds: [carols.id, r.own.id] });
    await w.meal(aliceStay, { menuId: teamMenu.id });
    for (let i = 0; i < 5; i++) await w.recipe(BOB, { isPublished: i % 2 === 0 });
  });

  it('answers, table by table, the ids of readableIds, which are those canReadRow allows', async () => {
    for (const userId of [ALICE, BOB, CAROL]) {
      const all = await readableIds(w.store, userId);
      const readable = readableIdReader(w.store, userId);
      for (const table of TABLE_NAMES) {
        const allowed: number[] = [];
        for (const row of w.store.snapshot(table)) {
          if (await canReadRow(w.store, userId, table, row)) allowed.push(row.id);
        }
        expect(all[table], `${userId} ${table}`).toEqual(sorted(allowed));
        expect(await readable(table), `${userId} ${table}`).toEqual(all[table]);
      }
      expect(all.stays.length + all.recipes.length + all.purchases.length).toBeGreaterThan(0);
    }
    // The team's rows are all there for Carol, to be compared.
    const carol = await readableIds(w.store, CAROL);
    for (const table of ['stays', 'groups', 'meals', 'stock', 'stayMembers', 'register'] as const) {
      expect(carol[table].length, table).toBeGreaterThan(0);
    }
    expect(carol.purchases.length).toBe(2);
  });

  it('pages through the same ids, window after window, whatever the store answers', async () => {
    for (const store of [w.store, windowed(w.store)]) {
      for (const userId of [ALICE, BOB, CAROL]) {
        const all = await readableIds(store, userId);
        for (const limit of [1, 2, 3, 1000]) {
          for (const table of TABLE_NAMES) {
            const paged: number[] = [];
            let after: number | undefined;
            for (;;) {
              // A reader per page, as a pull makes one per snapshot.
              const page = await readableIdReader(store, userId)(table, { after, limit });
              expect(page.length).toBeLessThanOrEqual(limit);
              paged.push(...page);
              if (page.length < limit) break;
              after = page[page.length - 1];
            }
            expect(paged, `${userId} ${table} by ${limit}`).toEqual(all[table]);
          }
        }
      }
    }
  });
});
