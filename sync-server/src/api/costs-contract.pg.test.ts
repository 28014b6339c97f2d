/**
 * The original contract beside issue 21: a stay's budget and a quantity's 'quantité fixe' mark
 * exist only in the synced rows. The /api routes and the phone export link answer exactly the
 * old shapes (no new field leaks), an /api change of a stay keeps its budget, and an /api change
 * of a quantity keeps its fixed mark (the old wire format cannot carry it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PullResponse } from '@popote/sync-protocol';
import { Unite, type Menu, type Recipe, type Stay } from '@popote/domain';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { NOW, newDevice, pullAll, pushOne, type Device } from '../../test/sync-device.js';
import type { MealsLoadOut, Out, RecipeExtOut, StayExtOut } from './schemas.js';
import { apiClient, type ApiClient } from '../../test/api-client.js';

type StayExt = Out<typeof StayExtOut>;

const SECRET = 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVm';
const FIXED = { val: 1, unite: Unite.L, forPeople: 10, fixed: true };
const SCALED = { val: 200, unite: Unite.G, forPeople: 10 };

let server: TestServer;
let phone: Device;
let alice: ApiClient;
let bob: ApiClient;
/** Alice's stay (budget 5 € per person-day), its group, its meal and the meal's menu. */
let ids: Record<'stay' | 'group' | 'meal' | 'menu' | 'recipe' | 'oil' | 'pasta', number>;

const push = (name: string, args: unknown) => pushOne(server, phone, name, args);
async function pull(): Promise<PullResponse> {
  const page = await pullAll(server, phone);
  expect(page.rejections).toEqual([]);
  return page;
}
/** The row as the phone holds it after a full pull. */
async function rowOf<T>(table: string, id: number): Promise<T> {
  phone.cookie = null;
  const op = (await pull()).patch.find(
    (o) => o.op === 'put' && o.table === table && (o.row as { id: number }).id === id,
  );
  expect(op, `${table} ${id}`).toBeDefined();
  return (op as { row: T }).row;
}

beforeEach(async () => {
  server = await startTestServer();
  phone = await newDevice(server, 'alice@popote.test', 'alice-phone');
  alice = apiClient(server, { token: phone.token, id: phone.userId });
  bob = apiClient(server, await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob'));
  ids = {
    stay: phone.next++,
    group: phone.next++,
    meal: phone.next++,
    menu: phone.next++,
    recipe: phone.next++,
    oil: phone.next++,
    pasta: phone.next++,
  };
  await push('createStay', { id: ids.stay, name: 'Camp', start: '2025-07-01' });
  await push('setStayBudget', { stayId: ids.stay, budget: 5 });
  await push('createGroup', {
    id: ids.group,
    stayId: ids.stay,
    name: 'Petits',
    color: '#AF0853',
    size: 12,
  });
  await push('createMeal', {
    id: ids.meal,
    menuId: ids.menu,
    stayId: ids.stay,
    day: 0,
    slot: 1,
    now: NOW,
  });
  await push('createIngredient', { id: ids.oil, name: 'Huile contrat 21', kind: 4 });
  await push('createIngredient', { id: ids.pasta, name: 'Coquillettes contrat 21', kind: 2 });
  await push('createRecipe', { id: ids.recipe, name: 'Vinaigrette', plat: 1, now: NOW });
  for (const [ingredientId, quantity] of [
    [ids.oil, FIXED],
    [ids.pasta, SCALED],
  ] as const) {
    await push('addRecipeIngredient', { recipeId: ids.recipe, ingredientId, now: NOW });
    await push('updateRecipeIngredient', {
      recipeId: ids.recipe,
      ingredientId,
      quantity,
      now: NOW,
    });
    await push('addMenuIngredient', { menuId: ids.menu, ingredientId, stayId: ids.stay, now: NOW });
    await push('updateMenuIngredient', {
      menuId: ids.menu,
      ingredientId,
      quantity,
      plat: 2,
      now: NOW,
    });
  }
  await push('addMenuRecipe', { menuId: ids.menu, recipeId: ids.recipe, now: NOW });
  await pull();
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

/** Exactly the contract's SejourExt of Alice's stay, as it was before issue 21. */
const oldStayExt = (name: string, start: string, url = ''): StayExt => ({
  Sejour: {
    Id: ids.stay,
    Owner: phone.userId,
    Start: `${start}T00:00:00Z`,
    Name: name,
    IdProfile: { Valid: false, IdProfile: 0 },
    Label: name,
  },
  Groups: [
    {
      Id: ids.group,
      Sejour: ids.stay,
      Name: 'Petits',
      Color: '#AF0853',
      Size: 12,
      IdSejour: ids.stay,
    },
  ],
  ExportClientURL: url,
  Label: name,
});

describe('a stay with a budget through the original contract', () => {
  it('answers the old shapes only, and an /api update keeps the budget', async () => {
    const listed = await alice.get('/sejours');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([oldStayExt('Camp', '2025-07-01')]);
    expect(listed.body).not.toMatch(/budget|fixed/iu);

    const updated = await alice.post('/sejours', {
      Id: ids.stay,
      Name: 'Colo',
      Start: '2025-07-02T00:00:00Z',
      IdProfile: { Valid: false, IdProfile: 0 },
    });
    expect(updated.json()).toEqual(oldStayExt('Colo', '2025-07-02'));
    expect(await rowOf<Stay>('stays', ids.stay)).toMatchObject({ name: 'Colo', budget: 5 });

    // The copy keeps the budget in its row, and answers the old shape too.
    const copied = await alice.get(`/sejours/duplicate?idSejour=${ids.stay}`);
    expect(copied.statusCode).toBe(200);
    const copy = copied.json<StayExt>();
    expect(Object.keys(copy).sort()).toEqual(['ExportClientURL', 'Groups', 'Label', 'Sejour']);
    expect(Object.keys(copy.Sejour).sort()).toEqual(
      ['Id', 'IdProfile', 'Label', 'Name', 'Owner', 'Start'].sort(),
    );
    expect(copied.body).not.toMatch(/budget|fixed/iu);
    expect(await rowOf<Stay>('stays', copy.Sejour.Id)).toMatchObject({ budget: 5 });

    // The phone app's export link: the old flat JSON, with neither budget nor fixed mark.
    await push('setStayExportSecret', { stayId: ids.stay, secret: SECRET });
    const exported = await server.inject({ method: 'GET', url: `/import-sejour?id=${SECRET}` });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toMatch(/budget|fixed/iu);
    const [withLink] = (await alice.ok<StayExt[]>('GET', '/sejours')).filter(
      (s) => s.Sejour.Id === ids.stay,
    );
    expect(withLink).toEqual(oldStayExt('Colo', '2025-07-02', withLink!.ExportClientURL));
    expect(withLink!.ExportClientURL).toContain(SECRET);
  });
});

describe("a quantity marked 'quantité fixe' through the original contract", () => {
  it('reads as the old QuantityR, without the mark', async () => {
    const recipe = await alice.ok<Out<typeof RecipeExtOut>>(
      'GET',
      `/library/receipes?idReceipe=${ids.recipe}`,
    );
    expect(recipe.Ingredients.map((i) => i.Quantity)).toEqual([
      { Val: 1, Unite: Unite.L, For_: 10 },
      { Val: 200, Unite: Unite.G, For_: 10 },
    ]);
    const load = await alice.get(`/meals-all?idSejour=${ids.stay}`);
    expect(load.body).not.toMatch(/fixed/iu);
    const menu = load.json<Out<typeof MealsLoadOut>>().Menus[ids.menu]!;
    expect(menu.Ingredients.map((i) => i.Quantity)).toEqual([
      { Val: 1, Unite: Unite.L, For_: 10 },
      { Val: 200, Unite: Unite.G, For_: 10 },
    ]);
  });

  it('keeps the mark when an /api edit changes the value, and adds none to a scaled line', async () => {
    const quantity = { Val: 2, Unite: Unite.L, For_: 12 };
    for (const [ingredientId, sent] of [
      [ids.oil, quantity],
      [ids.pasta, { Val: 300, Unite: Unite.G, For_: 12 }],
    ] as const) {
      const answered = await alice.ok<Out<typeof RecipeExtOut>>(
        'POST',
        '/library/receipes/ingredients',
        { IdReceipe: ids.recipe, IdIngredient: ingredientId, Quantity: sent },
      );
      expect(answered.Ingredients.find((i) => i.Id === ingredientId)?.Quantity).toEqual(sent);
      const menu = await alice.ok<{ Ingredients: { IdIngredient: number; Quantity: unknown }[] }>(
        'POST',
        '/meals/ingredients',
        { IdMenu: ids.menu, IdIngredient: ingredientId, Quantity: sent, Plat: 2 },
      );
      expect(menu.Ingredients.find((i) => i.IdIngredient === ingredientId)?.Quantity).toEqual(sent);
    }
    const fixed = { val: 2, unite: Unite.L, forPeople: 12, fixed: true };
    const scaled = { val: 300, unite: Unite.G, forPeople: 12 };
    expect((await rowOf<Recipe>('recipes', ids.recipe)).ingredients).toEqual([
      { ingredientId: ids.oil, quantity: fixed },
      { ingredientId: ids.pasta, quantity: scaled },
    ]);
    expect((await rowOf<Menu>('menus', ids.menu)).ingredients).toEqual([
      { ingredientId: ids.oil, quantity: fixed, plat: 2 },
      { ingredientId: ids.pasta, quantity: scaled, plat: 2 },
    ]);
    // A device that removes the mark is followed by the next /api edit.
    await push('updateRecipeIngredient', {
      recipeId: ids.recipe,
      ingredientId: ids.oil,
      quantity: { ...FIXED, fixed: false },
      now: NOW,
    });
    await alice.ok('POST', '/library/receipes/ingredients', {
      IdReceipe: ids.recipe,
      IdIngredient: ids.oil,
      Quantity: quantity,
    });
    expect((await rowOf<Recipe>('recipes', ids.recipe)).ingredients[0]).toEqual({
      ingredientId: ids.oil,
      quantity: { val: 2, unite: Unite.L, forPeople: 12 },
    });
  });

  it("refuses another user's edit and leaves the mark alone", async () => {
    const sent = { Val: 9, Unite: Unite.L, For_: 1 };
    const onRecipe = await bob.post('/library/receipes/ingredients', {
      IdReceipe: ids.recipe,
      IdIngredient: ids.oil,
      Quantity: sent,
    });
    expect(onRecipe.statusCode).toBe(404);
    const onMenu = await bob.post('/meals/ingredients', {
      IdMenu: ids.menu,
      IdIngredient: ids.oil,
      Quantity: sent,
      Plat: 2,
    });
    expect(onMenu.statusCode).toBe(404);
    expect((await rowOf<Recipe>('recipes', ids.recipe)).ingredients[0]?.quantity).toEqual(FIXED);
    expect((await rowOf<Menu>('menus', ids.menu)).ingredients[0]?.quantity).toEqual(FIXED);
  });
});
