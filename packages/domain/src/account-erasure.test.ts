import { describe, expect, it } from 'vitest';
import { anonymisedEntry, ERASED_USER_ID, eraseAccountRows, namesUser } from './account-erasure.js';
import type { Id, Menu, Meal, Recipe, RegisterEntry, StayJournalEntry } from './entities.js';
import { RESTORABLE_ROW_SCHEMAS } from './mutators/restore.js';
import { Value } from '@sinclair/typebox/value';
import { MemoryStore } from './memory-store.js';
import { hiddenRecipeIds } from './reader-view.js';

const ANNE = 1;
const BRUNO = 2;
const NOW = '2025-06-01T10:00:00.000Z';

const recipe = (id: Id, owner: Id, isPublished = true, ingredientIds: Id[] = []): Recipe =>
  ({
    id,
    owner,
    name: `Recette ${id}`,
    isPublished,
    ingredients: ingredientIds.map((ingredientId) => ({
      ingredientId,
      quantity: { pieces: 0, grams: 100, centiliters: 0 },
    })),
    updated: NOW,
  }) as unknown as Recipe;

const menu = (id: Id, owner: Id, recipeIds: Id[], isPublished = true): Menu => ({
  id,
  owner,
  isFavorite: true,
  isPublished,
  updated: NOW,
  ingredients: [],
  recipeIds,
});

const entry = (id: Id, stayId: Id, owner: Id, userId: Id, args: unknown): StayJournalEntry => ({
  id,
  stayId,
  owner,
  userId,
  at: NOW,
  name: 'updateMeal',
  args,
  target: null,
});

const reading = (id: Id, stayId: Id, owner: Id, by: Id): RegisterEntry => ({
  id,
  stayId,
  owner,
  kind: 'reading',
  day: 0,
  time: '08:00',
  by,
  unit: 'refrigerateur',
  value: 7,
  note: '',
  action: 'Thermostat réglé',
});

let next = 1000;
const allocateIds = async (count: number) => {
  const first = next;
  next += count;
  return first;
};

async function world() {
  const s = new MemoryStore();
  await s.put('users', { id: ANNE, pseudo: 'Anne' });
  await s.put('users', { id: BRUNO, pseudo: 'Bruno' });
  await s.put('ingredients', { id: 10, name: 'Farine', kind: 1, owner: ANNE });
  await s.put('ingredients', { id: 11, name: 'Sel', kind: 1, owner: ANNE });
  await s.put('recipes', recipe(20, ANNE, true, [10]));
  await s.put('recipes', recipe(21, ANNE, false));
  await s.put('menus', menu(30, ANNE, [20]));
  // Bruno: a recipe using Anne's flour, a menu with Anne's recipe, a meal on Anne's menu.
  await s.put('recipes', recipe(40, BRUNO, false, [10]));
  await s.put('menus', menu(41, BRUNO, [20, 40]));
  await s.put('stays', {
    id: 50,
    owner: BRUNO,
    name: 'Colo',
    start: '2025-07-01',
    profileId: null,
    exportSecret: null,
  });
  const meal: Meal = {
    id: 51,
    stayId: 50,
    owner: BRUNO,
    menuId: 30,
    day: 0,
    slot: 1,
    additionalPeople: 0,
    groupIds: [],
  } as Meal;
  await s.put('meals', meal);
  await s.put('stayMembers', {
    id: 52,
    stayId: 50,
    owner: BRUNO,
    userId: ANNE,
    role: 'plan',
    since: NOW,
  });
  await s.put('stayJournal', entry(53, 50, BRUNO, ANNE, { id: 51, additionalPeople: 3 }));
  await s.put('stayJournal', entry(54, 50, BRUNO, BRUNO, { id: 52, userId: ANNE }));
  await s.put('stayJournal', entry(55, 50, BRUNO, BRUNO, { id: 51 }));
  // The kitchen register of Bruno's stay (issue 35): a reading by Anne, a sample by Bruno.
  await s.put('register', reading(56, 50, BRUNO, ANNE));
  await s.put('register', {
    id: 57,
    stayId: 50,
    owner: BRUNO,
    kind: 'sample',
    mealId: 51,
    day: 0,
    slot: 1,
    time: '12:00',
    by: BRUNO,
    dishes: ['Tarte'],
    discarded: null,
  });
  // Anne's own stay, with Bruno in its team.
  await s.put('stays', {
    id: 60,
    owner: ANNE,
    name: 'Camp',
    start: '2025-07-01',
    profileId: null,
    exportSecret: null,
  });
  // Its register, with a reading by Bruno: it goes with the stay.
  await s.put('register', reading(62, 60, ANNE, BRUNO));
  await s.put('stayMembers', {
    id: 61,
    stayId: 60,
    owner: ANNE,
    userId: BRUNO,
    role: 'read',
    since: NOW,
  });
  return s;
}

describe('eraseAccountRows', () => {
  it('erases every row of the user and leaves the others’ plans whole', async () => {
    const s = await world();
    const summary = await eraseAccountRows(s, ANNE, { allocateIds });
    expect(summary).toMatchObject({ stays: 1, memberships: 1, recipes: 2, menusCopied: 1 });
    // Nothing of Anne's left.
    for (const table of ['stays', 'recipes', 'menus', 'stayMembers'] as const) {
      const rows = (await s.all(table)) as { owner: Id; userId?: Id }[];
      expect(rows.filter((r) => r.owner === ANNE || r.userId === ANNE)).toEqual([]);
    }
    expect(await s.get('users', ANNE)).toBeUndefined();
    expect(await s.get('stays', 60)).toBeUndefined();
    expect(await s.get('stayMembers', 61)).toBeUndefined();
    // Bruno's menu keeps the recipe's id: it shows as the placeholder.
    const brunoMenu = (await s.get('menus', 41))!;
    expect(brunoMenu.recipeIds).toEqual([20, 40]);
    const recipes = new Map((await s.all('recipes')).map((r) => [r.id, r]));
    expect(hiddenRecipeIds(brunoMenu, recipes)).toEqual([20]);
    // Bruno's meal has its own copy of Anne's menu.
    const meal = (await s.get('meals', 51))!;
    expect(meal.menuId).not.toBe(30);
    expect(await s.get('menus', meal.menuId)).toMatchObject({
      owner: BRUNO,
      isFavorite: false,
      isPublished: false,
      recipeIds: [20],
    });
    // The flour Bruno's recipe uses joins the catalogue; the unused salt goes.
    expect(await s.get('ingredients', 10)).toMatchObject({ owner: null });
    expect(await s.get('ingredients', 11)).toBeUndefined();
    // The journal of Bruno's stay keeps its entries, without Anne's id.
    const journal = await s.where('stayJournal', 'stayId', 50);
    expect(journal.map((e) => e.id)).toEqual([53, 54, 55]);
    expect(journal.some((e) => namesUser(e, ANNE))).toBe(false);
    expect(journal[0]!.userId).toBe(ERASED_USER_ID);
    // Bruno's register keeps Anne's reading, recorded by no one; his own sample as it was.
    // Anne's stay's register went with it.
    expect(summary.registerAnonymised).toBe(1);
    expect(await s.where('register', 'stayId', 50)).toEqual([
      { ...reading(56, 50, BRUNO, ANNE), by: ERASED_USER_ID },
      expect.objectContaining({ id: 57, by: BRUNO }),
    ]);
    expect(await s.get('register', 62)).toBeUndefined();
    // Still a row an undo or a user's data file accepts (Bruno deletes his stay, then undoes).
    for (const row of await s.where('register', 'stayId', 50)) {
      expect(Value.Check(RESTORABLE_ROW_SCHEMAS.register, row)).toBe(true);
    }
  });

  it('uses the store’s lookup of rows naming the user when given', async () => {
    const s = await world();
    const asked: string[] = [];
    await eraseAccountRows(s, ANNE, {
      allocateIds,
      idsNaming: async (table) => {
        asked.push(table);
        return table === 'stayJournal' ? [53, 54] : table === 'register' ? [56] : [];
      },
    });
    expect(asked.sort()).toEqual(['register', 'stayInvitations', 'stayJournal']);
    expect((await s.get('stayJournal', 53))!.userId).toBe(ERASED_USER_ID);
    expect((await s.get('register', 56))!.by).toBe(ERASED_USER_ID);
  });
});

describe('anonymisedEntry', () => {
  it('replaces the user as author and in the arguments, nothing else', () => {
    const e = entry(1, 2, BRUNO, ANNE, { id: 7, userId: ANNE, nested: { usedBy: ANNE, n: ANNE } });
    expect(anonymisedEntry(e, ANNE)).toEqual({
      ...e,
      userId: ERASED_USER_ID,
      args: { id: 7, userId: ERASED_USER_ID, nested: { usedBy: ERASED_USER_ID, n: ANNE } },
    });
    const other = entry(1, 2, BRUNO, BRUNO, { id: ANNE });
    expect(anonymisedEntry(other, ANNE)).toEqual(other);
    expect(namesUser(other, ANNE)).toBe(false);
  });
});
