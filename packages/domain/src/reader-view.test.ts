import { beforeEach, describe, expect, it } from 'vitest';
import { TABLE_NAMES, type Id, type Menu, type Recipe, type TableName } from './entities.js';
import { compileIngredients, loadCompileInput } from './compile.js';
import { ALICE, BOB, CAROL, World } from '../test/mutators-world.js';
import {
  HIDDEN_RECIPE,
  hiddenNotCounted,
  hiddenRecipeIds,
  hiddenRecipesOfMeals,
  readableBy,
  titleWithHidden,
} from './reader-view.js';
import type { ReadStore } from './store.js';
import { readableIds } from './visibility.js';

/**
 * Issue 30: Alice's recipe, published when Bob put it in his menu, unpublished since; Bob
 * published the menu and Carol's meal uses it. Plus the rows of each user that others may not
 * read, and rows everyone may; each user also takes part in another's stay.
 */
let w: World;
let secret: Recipe;
let bobMenu: Menu;
let carolMealId: Id;

beforeEach(async () => {
  w = await World.create();
  const flour = await w.ingredient(null);
  secret = await w.recipe(ALICE, {
    name: 'Tarte secrète',
    ingredients: [{ ingredientId: flour.id, quantity: { val: 100, unite: 2, forPeople: 1 } }],
  });
  const bobOwn = await w.recipe(BOB, { isPublished: false });
  bobMenu = await w.menu(BOB, { isPublished: true, recipeIds: [secret.id, bobOwn.id] });
  await w.menu(ALICE, { recipeIds: [secret.id] });
  await w.recipe(CAROL);
  for (const user of [ALICE, BOB, CAROL]) {
    const stay = await w.stay(user);
    await w.group(stay);
    await w.meal(stay);
    // Each takes part in the next one's stay (issue 32): Alice in Bob's, Bob in Carol's...
    const member = user === ALICE ? CAROL : user === BOB ? ALICE : BOB;
    await w.store.put('stayMembers', {
      id: 90_000 + user,
      stayId: stay.id,
      owner: user,
      userId: member,
      role: 'read',
      since: '2024-05-01T10:00:00.000Z',
    });
  }
  const carolStay = await w.stay(CAROL);
  carolMealId = (await w.meal(carolStay, { menuId: bobMenu.id })).id;
});

const sorted = (ids: Id[]): Id[] => [...ids].sort((a, b) => a - b);

async function viewIds(view: ReadStore, table: TableName): Promise<Id[]> {
  return sorted((await view.all(table)).map((r) => r.id));
}

describe('readableBy', () => {
  it('holds exactly what a first sync sends, table by table, for every user', async () => {
    for (const user of [ALICE, BOB, CAROL]) {
      const view = readableBy(w.store, user);
      const pull = await readableIds(w.store, user);
      for (const table of TABLE_NAMES) {
        expect({ user, table, ids: await viewIds(view, table) }).toEqual({
          user,
          table,
          ids: sorted(pull[table]),
        });
        expect(sorted(await view.allIds(table))).toEqual(sorted(pull[table]));
      }
    }
  });

  it("hides Alice's unpublished recipe from Carol on every read, not from Alice nor Bob", async () => {
    const carol = readableBy(w.store, CAROL);
    expect(await carol.get('recipes', secret.id)).toBeUndefined();
    // Bob's own recipe in his menu is shared by it; Alice's is not (not transitive).
    expect((await carol.getMany('recipes', bobMenu.recipeIds)).map((r) => r.owner)).toEqual([BOB]);
    expect(await carol.where('recipes', 'owner', ALICE)).toEqual([]);
    expect(await carol.whereIds('recipes', 'owner', ALICE)).toEqual([]);
    // Carol still reads Bob's menu (published, and her meal uses it), naming the recipe.
    expect((await carol.get('menus', bobMenu.id))?.recipeIds).toContain(secret.id);
    for (const user of [ALICE, BOB]) {
      expect((await readableBy(w.store, user).get('recipes', secret.id))?.name).toBe(
        'Tarte secrète',
      );
    }
  });

  it("hides another user's stays, groups and meals, even by index, but not from a member", async () => {
    const bob = readableBy(w.store, BOB);
    const aliceStays = await w.store.whereIds('stays', 'owner', ALICE);
    expect(aliceStays.length).toBeGreaterThan(0);
    expect(await bob.whereIds('stays', 'owner', ALICE)).toEqual([]);
    expect(await bob.where('groups', 'stayId', aliceStays[0]!)).toEqual([]);
    expect(await bob.where('meals', 'stayId', aliceStays[0]!)).toEqual([]);
    // Carol takes part in Alice's stay: she reads it.
    const carol = readableBy(w.store, CAROL);
    expect(await carol.whereIds('stays', 'owner', ALICE)).toEqual(aliceStays);
    expect(await carol.where('meals', 'stayId', aliceStays[0]!)).toHaveLength(1);
  });

  it("leaves a hidden recipe's quantities out of a compile, and says so", async () => {
    const carolMeal = (await w.get('meals', carolMealId))!;
    const input = await loadCompileInput(readableBy(w.store, CAROL), carolMeal.stayId, [0]);
    expect(input.recipes.map((r) => r.id)).not.toContain(secret.id);
    expect(compileIngredients(input).ingredients).toEqual([]);
    expect(hiddenRecipesOfMeals(input)).toEqual([secret.id]);
    const raw = await loadCompileInput(w.store, carolMeal.stayId, [0]);
    expect(compileIngredients(raw).ingredients).toHaveLength(1);
    expect(hiddenRecipesOfMeals(raw)).toEqual([]);
  });

  it('decides each row once per view', async () => {
    let reads = 0;
    const counting: ReadStore = {
      ...w.store,
      get: (t, id) => w.store.get(t, id),
      getMany: (t, ids) => w.store.getMany(t, ids),
      where: (t, i, v) => {
        reads++;
        return w.store.where(t, i, v);
      },
      whereIds: (t, i, v) => w.store.whereIds(t, i, v),
      all: (t) => w.store.all(t),
      allIds: (t) => w.store.allIds(t),
    };
    const view = readableBy(counting, CAROL);
    await view.get('recipes', secret.id);
    const once = reads;
    expect(once).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await view.getMany('recipes', [secret.id]);
    expect(reads).toBe(once);
  });
});

describe('placeholders', () => {
  it("name each hidden recipe 'Recette non publiée' after the readable title", () => {
    const readable = new Map([[2, {}]]);
    expect(hiddenRecipeIds({ recipeIds: [1, 2, 3, 1] }, readable)).toEqual([1, 3]);
    expect(titleWithHidden('Lasagnes', 1)).toBe(`Lasagnes, ${HIDDEN_RECIPE}`);
    expect(titleWithHidden('', 2)).toBe('Recette non publiée, Recette non publiée');
    expect(titleWithHidden('Lasagnes', 0)).toBe('Lasagnes');
  });

  it('say that the quantities are not counted', () => {
    expect(hiddenNotCounted(1)).toBe('Recette non publiée : ses quantités ne sont pas comptées.');
    expect(hiddenNotCounted(3)).toBe(
      '3 recettes non publiées : leurs quantités ne sont pas comptées.',
    );
  });
});
