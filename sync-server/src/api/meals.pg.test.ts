/** /api meals and their menus (spec 7.3). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import type {
  GroupOut,
  IngredientOut,
  MealExtOut,
  MealsLoadOut,
  MenuExtOut,
  Out,
  PreviewQuantitiesOut,
  RecipeHeaderOut,
  ResourceSearchOut,
  StayExtOut,
} from './schemas.js';
import {
  apiClient,
  flatLoad,
  flatMeal,
  type ApiClient,
  type Method,
  type Session,
} from '../../test/api-client.js';

type MealsLoad = ReturnType<typeof flatLoad<Out<typeof MealsLoadOut>>>;

/** A MealsLoadOut answer, its meals flattened for the assertions. */
async function okLoad(client: ApiClient, method: Method, url: string, body?: unknown) {
  return flatLoad(await client.ok<Out<typeof MealsLoadOut>>(method, url, body));
}
type MenuExt = Out<typeof MenuExtOut>;

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let aliceSession: Session;
let stayId: number;
let groupA: number;
let groupB: number;

async function ingredient(client: ApiClient, Name: string, Kind = 1) {
  return client.ok<Out<typeof IngredientOut>>('PUT', '/library/all-ingredients', { Name, Kind });
}

/** Creates a meal (answered as MealExt) and answers the load of that meal with its menu. */
async function newMeal(Day: number, Horaire: number): Promise<MealsLoad> {
  const ext = await alice.ok<Out<typeof MealExtOut>>('PUT', '/meals/details', {
    IdSejour: stayId,
    Day,
    Horaire,
  });
  const day = await okLoad(alice, 'GET', `/meals?idSejour=${stayId}&day=${Day}`);
  const meal = flatMeal(ext);
  expect(day.Meals.find((m) => m.Id === meal.Id)).toEqual(meal);
  return { Meals: [meal], Menus: { [meal.Menu]: day.Menus[meal.Menu]! } };
}

beforeEach(async () => {
  server = await startTestServer();
  aliceSession = await server.signUp('alice@popote.test', 'motdepasse-solide', 'Alice');
  alice = apiClient(server, aliceSession);
  bob = apiClient(server, await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob'));
  stayId = (await alice.ok<Out<typeof StayExtOut>>('PUT', '/sejours')).Sejour.Id;
  const a = await alice.ok<Out<typeof GroupOut>>('PUT', `/sejours/groups?idSejour=${stayId}`);
  const b = await alice.ok<Out<typeof GroupOut>>('PUT', `/sejours/groups?idSejour=${stayId}`);
  groupA = a.Id;
  groupB = b.Id;
  await alice.ok('POST', '/sejours/groups', { Id: groupA, Size: 10 });
  await alice.ok('POST', '/sejours/groups', { Id: groupB, Size: 5 });
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('meals', () => {
  it('creates a meal with a fresh empty private menu and every group', async () => {
    const created = await newMeal(2, 1);
    const meal = created.Meals[0]!;
    expect(created.Meals).toHaveLength(1);
    expect(meal).toEqual({
      Id: meal.Id,
      IdSejour: stayId,
      Jour: 2,
      Horaire: 1,
      Menu: meal.Menu,
      AdditionalPeople: 0,
      Groups: [
        { IdMeal: meal.Id, IdGroup: groupA },
        { IdMeal: meal.Id, IdGroup: groupB },
      ],
    });
    expect(created.Menus).toEqual({
      [meal.Menu]: {
        Menu: {
          Id: meal.Menu,
          Owner: aliceSession.id,
          IsFavorite: false,
          IsPublished: false,
          Updated: '2025-06-01T08:00:00.000Z',
        },
        Ingredients: [],
        Receipes: [],
        OwnerPseudo: 'Alice',
      },
    });

    const updated = await okLoad(alice, 'POST', '/meals/details', {
      Id: meal.Id,
      AdditionalPeople: -3,
      Horaire: 3,
    });
    expect(updated.Meals[0]).toMatchObject({ Jour: 2, Horaire: 3, AdditionalPeople: -3 });

    await newMeal(0, 0);
    const day2 = await okLoad(alice, 'GET', `/meals?idSejour=${stayId}&day=2`);
    expect(day2.Meals.map((m) => m.Id)).toEqual([meal.Id]);
    const all = await okLoad(alice, 'GET', `/meals-all?idSejour=${stayId}`);
    expect(all.Meals.map((m) => m.Jour)).toEqual([0, 2]);
    expect(Object.keys(all.Menus)).toHaveLength(2);

    expect(await alice.ok('DELETE', `/meals/details?idMeal=${meal.Id}`)).toEqual({
      Deleted: true,
      Id: meal.Id,
    });
    const after = await okLoad(alice, 'GET', `/meals-all?idSejour=${stayId}`);
    expect(after.Meals).toHaveLength(1);
  });

  it("keeps other users out of a stay's meals", async () => {
    const meal = (await newMeal(0, 1)).Meals[0]!;
    for (const answer of [
      await bob.get(`/meals?idSejour=${stayId}&day=0`),
      await bob.get(`/meals-all?idSejour=${stayId}`),
      await bob.get(`/meals/quantities?idMeal=${meal.Id}`),
      await bob.put('/meals/details', { IdSejour: stayId, Day: 0, Horaire: 1 }),
      await bob.post('/meals/details', { Id: meal.Id, AdditionalPeople: 2 }),
      await bob.del(`/meals/details?idMeal=${meal.Id}`),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json<{ message: string }>().message).toMatch(/n'existe pas/u);
    }
  });

  it("runs the wizard on the reference page's example, then replaces the meals", async () => {
    const answer = await okLoad(alice, 'PUT', '/meals/wizzard', {
      IdSejour: stayId,
      DaysNumber: 5,
      // One group out on days 0 and 1, both on day 2 (one meal per slot).
      Excursions: { '0': [groupA], '1': [groupB], '2': [groupA, groupB] },
      WithGouter: true,
      GroupsForCinquieme: [groupA],
      DeleteExisting: false,
    });
    expect(answer.Meals).toHaveLength(33);
    expect(Object.keys(answer.Menus)).toHaveLength(33);
    const replaced = await okLoad(alice, 'PUT', '/meals/wizzard', {
      IdSejour: stayId,
      DaysNumber: 1,
      Excursions: null,
      WithGouter: false,
      GroupsForCinquieme: null,
      DeleteExisting: true,
    });
    expect(replaced.Meals.map((m) => m.Horaire)).toEqual([0, 1, 3]);
    const bad = await alice.put('/meals/wizzard', {
      IdSejour: stayId,
      DaysNumber: 0,
      Excursions: {},
      WithGouter: true,
      GroupsForCinquieme: [],
      DeleteExisting: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Requête invalide : le champ « DaysNumber » est manquant ou mal formé.',
    });
  });

  it('moves a group between meals and answers both group lists', async () => {
    const m1 = (await newMeal(0, 1)).Meals[0]!;
    const m2 = (await newMeal(0, 1)).Meals[0]!;
    expect(m2.Groups).toEqual([]);
    const moved = await alice.ok('POST', '/meals/groups', {
      Group: groupB,
      From: m1.Id,
      To: m2.Id,
    });
    expect(moved).toEqual([
      [{ IdMeal: m1.Id, IdGroup: groupA }],
      [{ IdMeal: m2.Id, IdGroup: groupB }],
    ]);
    const same = await alice.ok('POST', '/meals/groups', { Group: groupA, From: m1.Id, To: m1.Id });
    expect(same).toEqual([
      [{ IdMeal: m1.Id, IdGroup: groupA }],
      [{ IdMeal: m1.Id, IdGroup: groupA }],
    ]);
  });

  it("edits a meal's menu: ingredients with the stay's last quantity, recipes, removal", async () => {
    const meal = (await newMeal(0, 1)).Meals[0]!;
    const tomate = await ingredient(alice, 'Tomate test');
    const added = await alice.ok<MenuExt>('PUT', '/meals/ingredients', {
      IdSejour: stayId,
      IdIngredient: tomate.Id,
      IdMenu: meal.Menu,
    });
    expect(added.Ingredients).toEqual([
      {
        IdMenu: meal.Menu,
        IdIngredient: tomate.Id,
        Ingredient: tomate,
        Plat: 0,
        Quantity: { Val: 10, Unite: 0, For_: 10 },
      },
    ]);
    const changed = await alice.ok<MenuExt>('POST', '/meals/ingredients', {
      IdMenu: meal.Menu,
      IdIngredient: tomate.Id,
      Quantity: { Val: 0.2, Unite: 1, For_: 1 },
      Plat: 3,
    });
    expect(changed.Ingredients[0]).toMatchObject({
      Plat: 3,
      Quantity: { Val: 0.2, Unite: 1, For_: 1 },
    });
    // Another meal of the stay offers the quantity last used.
    const other = (await newMeal(1, 1)).Meals[0]!;
    const offered = await alice.ok<MenuExt>('PUT', '/meals/ingredients', {
      IdSejour: stayId,
      IdIngredient: tomate.Id,
      IdMenu: other.Menu,
    });
    expect(offered.Ingredients[0]?.Quantity).toEqual({ Val: 0.2, Unite: 1, For_: 1 });

    const recipe = await alice.ok<Out<typeof RecipeHeaderOut>>('PUT', '/library/receipes');
    const withRecipe = await alice.ok<MenuExt>('PUT', '/meals/receipes', {
      IdReceipe: recipe.ID,
      IdMenu: meal.Menu,
    });
    expect(withRecipe.Receipes).toMatchObject([
      { Id: recipe.ID, Name: 'Nouvelle recette', Plat: 0, Owner: aliceSession.id },
    ]);
    const twice = await alice.put('/meals/receipes', {
      IdReceipe: recipe.ID,
      IdMenu: meal.Menu,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'Cette recette est déjà dans le menu.' });

    const removed = await alice.ok<MenuExt>('POST', '/meals/remove', {
      IdMenu: meal.Menu,
      ID: recipe.ID,
      IsReceipe: true,
    });
    expect(removed.Receipes).toEqual([]);
    expect(removed.Ingredients).toHaveLength(1);

    // Bob may neither read nor edit Alice's private menu.
    const bobEdit = await bob.post('/meals/remove', {
      IdMenu: meal.Menu,
      ID: tomate.Id,
      IsReceipe: false,
    });
    expect(bobEdit.statusCode).toBe(404);
    const badQuantity = await alice.post('/meals/ingredients', {
      IdMenu: meal.Menu,
      IdIngredient: tomate.Id,
      Quantity: { Val: 1, Unite: 1, For_: 0 },
      Plat: 0,
    });
    expect(badQuantity.statusCode).toBe(400);
    expect(badQuantity.json()).toEqual({
      message: 'Requête invalide : le champ « Quantity.For_ » est manquant ou mal formé.',
    });
  });

  it('previews the quantities of a meal for its people', async () => {
    const meal = (await newMeal(0, 1)).Meals[0]!;
    const pates = await ingredient(alice, 'Pâtes test', 2);
    await alice.ok('PUT', '/meals/ingredients', {
      IdSejour: stayId,
      IdIngredient: pates.Id,
      IdMenu: meal.Menu,
    });
    await alice.ok('POST', '/meals/ingredients', {
      IdMenu: meal.Menu,
      IdIngredient: pates.Id,
      Quantity: { Val: 0.1, Unite: 1, For_: 1 },
      Plat: 2,
    });
    await alice.ok('POST', '/meals/details', { Id: meal.Id, AdditionalPeople: 5 });
    const preview = await alice.ok<Out<typeof PreviewQuantitiesOut>>(
      'GET',
      `/meals/quantities?idMeal=${meal.Id}`,
    );
    expect(preview).toEqual({
      NbPeople: 20,
      Quantities: [{ Ingredient: pates, Quantities: [{ Unite: 2, Val: 2000 }] }],
    });
  });

  it('sets, swaps and searches menus', async () => {
    const m1 = (await newMeal(0, 1)).Meals[0]!;
    const m2 = (await newMeal(0, 3)).Meals[0]!;
    const riz = await ingredient(alice, 'Riz au lait test', 5);
    await alice.ok('PUT', '/meals/ingredients', {
      IdSejour: stayId,
      IdIngredient: riz.Id,
      IdMenu: m1.Menu,
    });
    const swapped = await okLoad(alice, 'POST', '/meals/swap', {
      IdMeal1: m1.Id,
      IdMeal2: m2.Id,
    });
    expect(swapped.Meals.map((m) => [m.Id, m.Menu])).toEqual([
      [m1.Id, m2.Menu],
      [m2.Id, m1.Menu],
    ]);

    // A favourite of Bob's, published, can be set on Alice's meal and found by search.
    const header = await bob.ok<{ ID: number }>('PUT', '/library/menus');
    const favourite = await bob.ok<MenuExt>('GET', `/library/menus?idMenu=${header.ID}`);
    const cake = await ingredient(bob, 'Gâteau basque test', 4);
    await bob.ok('PUT', '/library/menus/ingredients', {
      IdMenu: favourite.Menu.Id,
      IdIngredient: cake.Id,
    });
    const refused = await alice.post('/meals/menus', { IdMeal: m1.Id, IdMenu: favourite.Menu.Id });
    expect(refused.statusCode).toBe(404);
    await bob.ok('POST', '/library/menus', { Id: favourite.Menu.Id, IsPublished: true });
    const set = await alice.ok<MenuExt>('POST', '/meals/menus', {
      IdMeal: m1.Id,
      IdMenu: favourite.Menu.Id,
    });
    expect(set.Menu.Id).toBe(favourite.Menu.Id);
    expect(set.OwnerPseudo).toBe('Bob');

    const found = await alice.ok<Out<typeof ResourceSearchOut>>(
      'GET',
      `/meals/search?search=${encodeURIComponent('gateau')}`,
    );
    expect(found.Menus.map((m) => [m.ID, m.Title, m.IsPersonnal, m.Owner])).toEqual([
      [favourite.Menu.Id, 'Gâteau basque test', false, 'Bob'],
    ]);
    expect(found.Receipes).toEqual([]);
    const recipe = await alice.ok<Out<typeof RecipeHeaderOut>>('PUT', '/library/receipes');
    const all = await alice.ok<Out<typeof ResourceSearchOut>>('GET', '/meals/search?search=:R');
    expect(all.Receipes.map((r) => r.ID)).toEqual([recipe.ID]);
    expect(all.Menus).toEqual([]);
    expect(await alice.ok('GET', '/meals/search?search=g')).toEqual({
      Menus: [],
      Receipes: [],
      Ingredients: [],
    });
    const huge = await alice.get(`/meals/search?search=${'a'.repeat(201)}`);
    expect(huge.statusCode).toBe(400);
  });
});
