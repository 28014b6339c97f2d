/** /api library (spec 7.4): ingredients, recipes and favourite menus. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import type {
  IngredientOut,
  MenuExtOut,
  DeleteIngredientOut,
  ResourceHeaderOut,
  Out,
  RecipeExtOut,
  StayExtOut,
} from './schemas.js';
import {
  apiClient,
  newMenu,
  newRecipe,
  putMeal,
  type ApiClient,
  type Session,
} from '../../test/api-client.js';

type Ingredient = Out<typeof IngredientOut>;
type RecipeExt = Out<typeof RecipeExtOut>;
type MenuExt = Out<typeof MenuExtOut>;

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let aliceSession: Session;
let bobSession: Session;

beforeEach(async () => {
  server = await startTestServer();
  aliceSession = await server.signUp('alice@popote.test', 'motdepasse-solide', 'Alice');
  bobSession = await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob');
  alice = apiClient(server, aliceSession);
  bob = apiClient(server, bobSession);
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('ingredients', () => {
  it('lists everyone’s ingredients by name; only the owner edits', async () => {
    const created = await alice.ok<Ingredient>('PUT', '/library/all-ingredients', {
      Name: ' Zeste de yuzu ',
      Kind: 1,
    });
    expect(created).toEqual({
      Id: created.Id,
      Name: 'Zeste de yuzu',
      Kind: 1,
      Owner: aliceSession.id,
    });
    // Keyed by id, as the original service answers it.
    const list = await bob.ok<Record<string, Ingredient>>('GET', '/library/all-ingredients');
    expect(list[created.Id]).toEqual(created);
    expect(Object.values(list).every((i) => String(i.Id) in list)).toBe(true);

    const renamed = await alice.ok('POST', '/library/all-ingredients', {
      Id: created.Id,
      Name: 'Zeste de citron yuzu',
      Kind: 4,
    });
    expect(renamed).toEqual({ ...created, Name: 'Zeste de citron yuzu', Kind: 4 });

    const stolen = await bob.post('/library/all-ingredients', { Id: created.Id, Name: 'À moi' });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toEqual({
      message: 'Seul son propriétaire peut modifier cet ingrédient.',
    });
    const twin = await bob.put('/library/all-ingredients', { Name: 'zeste de CITRON yuzu' });
    expect(twin.statusCode).toBe(409);
    expect((await bob.del(`/library/all-ingredients?idIngredient=${created.Id}`)).statusCode).toBe(
      403,
    );
    expect((await alice.put('/library/all-ingredients', { Name: '   ' })).statusCode).toBe(400);
    expect((await alice.put('/library/all-ingredients', { Name: 'x', Kind: 7 })).statusCode).toBe(
      400,
    );
    expect((await alice.put('/library/all-ingredients', { Kind: 1 })).statusCode).toBe(400);
  });

  it('answers Deleted false with the uses of an ingredient in use, Deleted true otherwise', async () => {
    const used = await alice.ok<Ingredient>('PUT', '/library/all-ingredients', { Name: 'Yuzu' });
    const recipe = await newRecipe<RecipeExt>(alice);
    await alice.ok('PUT', '/library/receipes/ingredients', {
      IdReceipe: recipe.Receipe.Id,
      IdIngredient: used.Id,
    });
    const refused = await alice.ok<Out<typeof DeleteIngredientOut>>(
      'DELETE',
      `/library/all-ingredients?idIngredient=${used.Id}`,
    );
    expect(refused.Deleted).toBe(false);
    expect(refused.UsesReceipes).toEqual([recipe.Receipe.Id]);
    expect(refused.UsesMenus).toEqual([]);

    const free = await alice.ok<Ingredient>('PUT', '/library/all-ingredients', { Name: 'Kumquat' });
    expect(await alice.ok('DELETE', `/library/all-ingredients?idIngredient=${free.Id}`)).toEqual({
      Deleted: true,
      UsesReceipes: [],
      UsesMenus: [],
    });
    expect((await alice.del(`/library/all-ingredients?idIngredient=${free.Id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('recipes', () => {
  it('creates numbered blank recipes, edits, publishes and deletes them', async () => {
    const first = await newRecipe<RecipeExt>(alice);
    const second = await newRecipe<RecipeExt>(alice);
    expect(first).toEqual({
      Receipe: {
        Id: first.Receipe.Id,
        Name: 'Nouvelle recette',
        Plat: 0,
        Description: '',
        Owner: aliceSession.id,
        IsPublished: false,
        Updated: '2025-06-01T08:00:00.000Z',
      },
      Ingredients: [],
      OwnerPseudo: 'Alice',
    });
    expect(second.Receipe.Name).toBe('Nouvelle recette 2');

    const edited = await alice.ok<RecipeExt>('POST', '/library/receipes', {
      Id: first.Receipe.Id,
      Name: 'Crumble',
      Plat: 1,
      Description: 'Au four 30 min.',
      IsPublished: true,
    });
    expect(edited.Receipe).toMatchObject({
      Name: 'Crumble',
      Plat: 1,
      Description: 'Au four 30 min.',
      IsPublished: true,
    });
    const clash = await alice.post('/library/receipes', { Id: second.Receipe.Id, Name: 'crumble' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: 'Vous avez déjà une recette nommée « crumble ».' });

    // Published: Bob reads it (read-only), and lists it among the library's recipes.
    const seen = await bob.ok<RecipeExt>('GET', `/library/receipes?idReceipe=${first.Receipe.Id}`);
    expect(seen.OwnerPseudo).toBe('Alice');
    // Keyed by id, as the original service answers it.
    const bobList = await bob.ok<Record<string, unknown>>('GET', '/library/all-receipes');
    expect(Object.keys(bobList)).toEqual([String(first.Receipe.Id)]);
    expect(bobList[first.Receipe.Id]).toEqual(seen.Receipe);
    expect((await bob.get(`/library/receipes?idReceipe=${second.Receipe.Id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await bob.post('/library/receipes', { Id: first.Receipe.Id, Name: 'x' })).statusCode,
    ).toBe(403);
    expect((await bob.del(`/library/receipes?idReceipe=${first.Receipe.Id}`)).statusCode).toBe(403);
    const aliceList = await alice.ok<Record<string, { Name: string }>>(
      'GET',
      '/library/all-receipes',
    );
    expect(Object.values(aliceList).map((r) => r.Name)).toEqual(['Crumble', 'Nouvelle recette 2']);

    expect(await alice.ok('DELETE', `/library/receipes?idReceipe=${second.Receipe.Id}`)).toEqual({
      Deleted: true,
      Id: second.Receipe.Id,
    });
    const huge = await alice.post('/library/receipes', {
      Id: first.Receipe.Id,
      Description: 'x'.repeat(20_001),
    });
    expect(huge.statusCode).toBe(400);
  });

  it("edits a recipe's ingredients", async () => {
    const { Receipe: recipe } = await newRecipe<RecipeExt>(alice);
    const sugar = await alice.ok<Ingredient>('PUT', '/library/all-ingredients', {
      Name: 'Sucre test',
      Kind: 4,
    });
    // The ingredient added (ReceipeIngredientExt).
    const added = await alice.ok('PUT', '/library/receipes/ingredients', {
      IdReceipe: recipe.Id,
      IdIngredient: sugar.Id,
      InitialFor: 8,
    });
    expect(added).toEqual({ ...sugar, Quantity: { Val: 10, Unite: 0, For_: 8 } });
    const updated = await alice.ok<RecipeExt>('POST', '/library/receipes/ingredients', {
      IdReceipe: recipe.Id,
      IdIngredient: sugar.Id,
      Quantity: { Val: 150, Unite: 2, For_: 6 },
    });
    expect(updated.Ingredients[0]?.Quantity).toEqual({ Val: 150, Unite: 2, For_: 6 });
    const bobTry = await bob.put('/library/receipes/ingredients', {
      IdReceipe: recipe.Id,
      IdIngredient: sugar.Id,
    });
    expect(bobTry.statusCode).toBe(404);
    const removed = await alice.ok<RecipeExt>(
      'DELETE',
      `/library/receipes/ingredients?idReceipe=${recipe.Id}&idIngredient=${sugar.Id}`,
    );
    expect(removed.Ingredients).toEqual([]);
    const wrongUnit = await alice.post('/library/receipes/ingredients', {
      IdReceipe: recipe.Id,
      IdIngredient: sugar.Id,
      Quantity: { Val: 1, Unite: 9, For_: 6 },
    });
    expect(wrongUnit.statusCode).toBe(400);
  });
});

describe('favourite menus', () => {
  it('creates, fills, publishes, lists and deletes a favourite menu', async () => {
    const menu = await newMenu<MenuExt>(alice);
    expect(menu.Menu).toEqual({
      Id: menu.Menu.Id,
      Owner: aliceSession.id,
      IsFavorite: true,
      IsPublished: false,
      Updated: '2025-06-01T08:00:00.000Z',
    });
    const flan = await alice.ok<Ingredient>('PUT', '/library/all-ingredients', {
      Name: 'Flan test',
    });
    const recipe = await newRecipe<RecipeExt>(alice);
    await alice.ok('POST', '/library/receipes', {
      Id: recipe.Receipe.Id,
      Name: 'Salade test',
      Plat: 3,
    });
    await alice.ok('PUT', '/library/menus/ingredients', {
      IdMenu: menu.Menu.Id,
      IdIngredient: flan.Id,
    });
    const withPlat = await alice.ok<MenuExt>('POST', '/library/menus/ingredients', {
      IdMenu: menu.Menu.Id,
      IdIngredient: flan.Id,
      Quantity: { Val: 1, Unite: 0, For_: 1 },
      Plat: 1,
    });
    expect(withPlat.Ingredients[0]).toMatchObject({
      Plat: 1,
      Quantity: { Val: 1, Unite: 0, For_: 1 },
    });
    // The recipe added (Receipe).
    const filled = await alice.ok('PUT', '/library/menus/receipes', {
      IdMenu: menu.Menu.Id,
      IdReceipe: recipe.Receipe.Id,
    });
    expect(filled).toMatchObject({ Id: recipe.Receipe.Id, Name: 'Salade test', Plat: 3 });

    const list = await alice.ok<Out<typeof ResourceHeaderOut>[]>('GET', '/library/menus');
    expect(list.map((m) => [m.ID, m.Title, m.IsPersonnal])).toEqual([
      [menu.Menu.Id, 'Salade test, Flan test', true],
    ]);
    expect(await bob.ok('GET', '/library/menus')).toEqual([]);
    expect((await bob.get(`/library/menus?idMenu=${menu.Menu.Id}`)).statusCode).toBe(404);

    const published = await alice.ok<MenuExt>('POST', '/library/menus', {
      Id: menu.Menu.Id,
      IsPublished: true,
    });
    expect(published.Menu.IsPublished).toBe(true);
    const bobView = await bob.ok<MenuExt>('GET', `/library/menus?idMenu=${menu.Menu.Id}`);
    expect(bobView.OwnerPseudo).toBe('Alice');
    expect(bobView.Receipes).toHaveLength(1);
    expect(
      (await bob.post('/library/menus', { Id: menu.Menu.Id, IsPublished: false })).statusCode,
    ).toBe(403);
    const unfavourite = await alice.post('/library/menus', { Id: menu.Menu.Id, IsFavorite: false });
    expect(unfavourite.statusCode).toBe(422);

    // A recipe in a menu cannot be deleted; the menu's items can be removed.
    expect((await alice.del(`/library/receipes?idReceipe=${recipe.Receipe.Id}`)).statusCode).toBe(
      409,
    );
    const noRecipe = await alice.ok<MenuExt>(
      'DELETE',
      `/library/menus/receipes?idMenu=${menu.Menu.Id}&idReceipe=${recipe.Receipe.Id}`,
    );
    expect(noRecipe.Receipes).toEqual([]);
    const empty = await alice.ok<MenuExt>(
      'DELETE',
      `/library/menus/ingredients?idMenu=${menu.Menu.Id}&idIngredient=${flan.Id}`,
    );
    expect(empty.Ingredients).toEqual([]);
    expect((await bob.del(`/library/menus?idMenu=${menu.Menu.Id}`)).statusCode).toBe(403);
    expect(await alice.ok('DELETE', `/library/menus?idMenu=${menu.Menu.Id}`)).toEqual({
      Deleted: true,
      Id: menu.Menu.Id,
    });
  });

  it("saves a meal's menu as a favourite ('Enregistrer comme favori')", async () => {
    const stay = await alice.ok<Out<typeof StayExtOut>>('PUT', '/sejours');
    const meals = await putMeal(alice, {
      IdSejour: stay.Sejour.Id,
      Day: 0,
      Horaire: 1,
    });
    const menuId = meals.Meals[0]!.Menu;
    const saved = await alice.ok<MenuExt>('POST', '/library/menus', {
      Id: menuId,
      IsFavorite: true,
    });
    expect(saved.Menu).toMatchObject({ IsFavorite: true, IsPublished: false });
    const inUse = await alice.del(`/library/menus?idMenu=${menuId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({
      message: 'Ce menu est utilisé par un repas : il ne peut pas être supprimé.',
    });
  });
});
