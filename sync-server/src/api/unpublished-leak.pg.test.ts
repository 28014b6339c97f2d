/**
 * Issue 30, case 1: a recipe made private again never leaks through a menu that is not its
 * owner's. Alice publishes a recipe, Bob puts it in a menu of his and publishes the menu, Alice
 * unpublishes it and rewrites it; Carol puts Bob's menu on a meal of hers. Every read of the
 * REST contract and every file must show Carol what her pull sends her (the recipe's id, shown
 * as 'Recette non publiée'), never its name, description, ingredients or quantities, while
 * Alice and Bob (through his own menu) still read it all.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HIDDEN_RECIPE,
  hiddenNotCounted,
  loadCompileInput,
  readableIds,
  type Id,
} from '@popote/domain';
import { buildAllergenTablePdf, buildWeekPlanPdf, HIDDEN_ALLERGENS } from '@popote/exports';
// Test aids of the exports package (not part of its public API).
import { readPdfPages, readXlsxSheets } from '@popote/exports/readers';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { newDevice, pullAll, pushOne, type Device } from '../../test/sync-device.js';
import { readCtx } from './context.js';
import type { GroupOut, IngredientOut, MenuExtOut, Out, StayExtOut } from './schemas.js';
import { apiClient, putMeal, type ApiClient } from '../../test/api-client.js';

/** What Carol must never read, in any answer or file: the recipe's texts and its ingredient. */
const NAME = 'Tarte Zéphyrine';
const RENAMED = 'Tarte Zéphyrine revue';
const DESCRIPTION = 'Notes privées Quetzal';
const INGREDIENT = 'Farine Xylophage';
const SECRETS = ['Zéphyrine', 'Quetzal', 'Xylophage'];
/** Bob's own recipe in his published menu: readable by all who read the menu. */
const BOB_RECIPE = 'Salade de Bob';
const EXPORT_SECRET = 'Q2Fyb2wtZXhwb3J0LWxpbmstc2VjcmV0LTEyMzQ1Njc4';

let server: TestServer;
let devices: Record<'alice' | 'bob' | 'carol', Device>;
let alice: ApiClient;
let bob: ApiClient;
let carol: ApiClient;
let recipeId: Id;
let menuId: Id;
let carolStay: Id;
let carolMeal: Id;
let bobStay: Id;

const fileText = (bytes: Buffer): string => readPdfPages(new Uint8Array(bytes)).flat().join('\n');
const sheetText = async (bytes: Buffer): Promise<string> =>
  (await readXlsxSheets(new Uint8Array(bytes))).flatMap((s) => s.rows.flat()).join('\n');

/** Every answer and file that showed a secret: all of them are listed when a test fails. */
let leaks: string[];

function expectNoSecret(where: string, text: string): void {
  for (const secret of SECRETS) if (text.includes(secret)) leaks.push(`${where} : ${secret}`);
}

/** A stay of the user with a group of 10 and a meal on day 0 using `menu`. */
async function stayWithMeal(client: ApiClient, menu: Id): Promise<{ stay: Id; meal: Id }> {
  const stay = (await client.ok<Out<typeof StayExtOut>>('PUT', '/sejours')).Sejour.Id;
  await client.ok('POST', '/sejours', { Id: stay, Name: 'Camp', Start: '2025-07-01' });
  const group = await client.ok<Out<typeof GroupOut>>('PUT', `/sejours/groups?idSejour=${stay}`);
  await client.ok('POST', '/sejours/groups', { Id: group.Id, Name: 'Grands', Size: 10 });
  const meal = (await putMeal(client, { IdSejour: stay, Day: 0, Horaire: 1 })).Meals[0]!.Id;
  await client.ok('POST', '/meals/menus', { IdMeal: meal, IdMenu: menu });
  return { stay, meal };
}

beforeEach(async () => {
  leaks = [];
  server = await startTestServer();
  devices = {
    alice: await newDevice(server, 'alice@popote.test', 'alice-device'),
    bob: await newDevice(server, 'bob@popote.test', 'bob-device'),
    carol: await newDevice(server, 'carol@popote.test', 'carol-device'),
  };
  const client = (d: Device) => apiClient(server, { token: d.token, id: d.userId });
  alice = client(devices.alice);
  bob = client(devices.bob);
  carol = client(devices.carol);

  // Alice's recipe, published, 250 g of her flour per person.
  const flour = await alice.ok<Out<typeof IngredientOut>>('PUT', '/library/all-ingredients', {
    Name: INGREDIENT,
    Kind: 2,
  });
  recipeId = (await alice.ok<{ ID: Id }>('PUT', '/library/receipes')).ID;
  await alice.ok('POST', '/library/receipes', { Id: recipeId, Name: NAME, IsPublished: true });
  await alice.ok('PUT', '/library/receipes/ingredients', {
    IdReceipe: recipeId,
    IdIngredient: flour.Id,
  });
  await alice.ok('POST', '/library/receipes/ingredients', {
    IdReceipe: recipeId,
    IdIngredient: flour.Id,
    Quantity: { Val: 250, Unite: 2, For_: 1 },
  });

  // Bob's menu: Alice's recipe and his own, published.
  menuId = (await bob.ok<{ ID: Id }>('PUT', '/library/menus')).ID;
  const bobRecipe = (await bob.ok<{ ID: Id }>('PUT', '/library/receipes')).ID;
  await bob.ok('POST', '/library/receipes', { Id: bobRecipe, Name: BOB_RECIPE, Plat: 3 });
  for (const id of [recipeId, bobRecipe]) {
    await bob.ok('PUT', '/library/menus/receipes', { IdMenu: menuId, IdReceipe: id });
  }
  await bob.ok('POST', '/library/menus', { Id: menuId, IsPublished: true });

  // Alice makes it private again, and writes in it.
  await alice.ok('POST', '/library/receipes', { Id: recipeId, IsPublished: false });
  await alice.ok('POST', '/library/receipes', {
    Id: recipeId,
    Name: RENAMED,
    Description: DESCRIPTION,
  });

  // Carol and Bob put Bob's menu on a meal of theirs; Carol's stay has an export link.
  ({ stay: carolStay, meal: carolMeal } = await stayWithMeal(carol, menuId));
  ({ stay: bobStay } = await stayWithMeal(bob, menuId));
  await pushOne(server, devices.carol, 'setStayExportSecret', {
    stayId: carolStay,
    secret: EXPORT_SECRET,
  });
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

/** Every read of the contract that could carry a recipe, as Carol calls it. */
function carolReads(): { label: string; method: 'GET' | 'POST'; url: string; body?: unknown }[] {
  return [
    { label: 'menus list', method: 'GET', url: '/library/menus' },
    { label: 'menu', method: 'GET', url: `/library/menus?idMenu=${menuId}` },
    { label: 'recipes list', method: 'GET', url: '/library/all-receipes' },
    ...['Tarte', 'Zéphyrine', 'Salade', ':M', ':R'].map((search) => ({
      label: `search ${search}`,
      method: 'GET' as const,
      url: `/meals/search?search=${encodeURIComponent(search)}`,
    })),
    { label: 'meals of a day', method: 'GET', url: `/meals?idSejour=${carolStay}&day=0` },
    { label: 'all meals', method: 'GET', url: `/meals-all?idSejour=${carolStay}` },
    { label: 'quantities', method: 'GET', url: `/meals/quantities?idMeal=${carolMeal}` },
    { label: 'order days', method: 'GET', url: `/order/days?idSejour=${carolStay}` },
    {
      label: 'compiled ingredients',
      method: 'POST',
      url: '/order/ingredients',
      body: { IdSejour: carolStay, DayOffsets: [0] },
    },
    // Writes that answer a menu or meals: Carol's own meal, with Bob's menu.
    {
      label: 'meal menu set',
      method: 'POST',
      url: '/meals/menus',
      body: { IdMeal: carolMeal, IdMenu: menuId },
    },
    {
      label: 'meal update',
      method: 'POST',
      url: '/meals/details',
      body: { Id: carolMeal, AdditionalPeople: 0 },
    },
    { label: 'stays', method: 'GET', url: '/sejours' },
  ];
}

/** GET routes of the contract that carry no recipe of another user, and why. */
const GETS_WITHOUT_RECIPES: Record<string, string> = {
  '/library/all-ingredients': 'ingredients are public',
  '/library/receipes/export-token': 'a download token',
  '/order/profiles': 'supplier profiles',
  '/order/profile/suppliers': 'suppliers',
  '/sejours/duplicate': 'a stay and its groups',
  '/settings': 'the account',
  '/settings/mail/confirm': 'the account',
  '/reset': 'the account',
  '/inscription/confirm': 'the account',
  '/shop-session': "a shared list: the lines its owner's device wrote, no read of a recipe",
  '/team': "a stay's team: pseudonyms and roles",
  '/team/invitation': "an invitation: a stay's name, a pseudonym, a role",
  '/team/invitations/mine': "invitations: stays' names, pseudonyms, roles",
  '/user-data/export':
    "the user's own rows; others' ingredients and recipes by name only, read through readableBy",
};

describe('a recipe made private again (issue 30, case 1)', () => {
  it('walks every GET route of the contract', async () => {
    const doc = (await server.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const walked = new Set([
      ...carolReads().map((r) => r.url.split('?')[0]!),
      '/library/receipes',
      '/library/receipes/export',
    ]);
    const gets = Object.keys(doc.paths)
      .filter((path) => 'get' in doc.paths[path]!)
      .map((path) => path.replace(/^\/api/u, ''));
    expect(gets.length).toBeGreaterThan(10);
    for (const path of gets) {
      expect(walked.has(path) || path in GETS_WITHOUT_RECIPES, path).toBe(true);
    }
  });

  it('is only an id to Carol in her pull', async () => {
    const page = await pullAll(server, devices.carol);
    const rows = page.patch.filter((op) => op.op === 'put' && op.table === 'recipes');
    expect(rows.map((op) => (op as { row: { name: string } }).row.name)).toEqual([BOB_RECIPE]);
    expect(page.patch).toContainEqual(
      expect.objectContaining({ op: 'put', table: 'menus', row: expect.anything() }),
    );
    // Ingredients are public: the pull may hold the flour, never the recipe's texts.
    for (const secret of ['Zéphyrine', 'Quetzal'])
      expect(JSON.stringify(page)).not.toContain(secret);
    // The one rule: what a first sync sends is what every read below may show.
    const ids = await readableIds(server.app.popote.store.rows.reads, devices.carol.userId);
    expect(ids.recipes).not.toContain(recipeId);
  });

  it('never shows Carol its name, description, ingredients or quantities through /api', async () => {
    expect((await carol.get(`/library/receipes?idReceipe=${recipeId}`)).statusCode).toBe(404);
    const { Token } = await carol.ok<{ Token: string }>('GET', '/library/receipes/export-token');
    const csv = await carol.get(`/library/receipes/export?token=${Token}`);
    expect(csv.statusCode).toBe(200);
    expectNoSecret('recipes CSV', csv.body);
    for (const read of carolReads()) {
      const answer = await carol.call(read.method, read.url, read.body);
      expect(answer.statusCode, `${read.label} ${answer.body}`).toBe(200);
      expectNoSecret(read.label, answer.body);
    }
    expect(leaks).toEqual([]);

    // The menu names it as the placeholder, with nothing of it; Bob's recipe stays.
    const menu = await carol.ok<Out<typeof MenuExtOut>>('GET', `/library/menus?idMenu=${menuId}`);
    expect(menu.Receipes.map((r) => r.Name).sort()).toEqual([HIDDEN_RECIPE, BOB_RECIPE].sort());
    expect(menu.Receipes.find((r) => r.Id === recipeId)).toMatchObject({
      Name: HIDDEN_RECIPE,
      Description: '',
      Owner: 0,
    });
    const list = await carol.ok<{ ID: Id; Title: string }[]>('GET', '/library/menus');
    expect(list.find((m) => m.ID === menuId)?.Title).toBe(`${BOB_RECIPE}, ${HIDDEN_RECIPE}`);

    // Its quantities are not counted, and the answers say why.
    const preview = await carol.ok<{ Quantities: unknown[]; Notes?: string[] }>(
      'GET',
      `/meals/quantities?idMeal=${carolMeal}`,
    );
    expect(preview.Quantities).toEqual([]);
    expect(preview.Notes).toEqual([hiddenNotCounted(1)]);
    const compiled = await carol.ok<{ Ingredients: unknown[]; Notes?: string[] }>(
      'POST',
      '/order/ingredients',
      { IdSejour: carolStay, DayOffsets: [0] },
    );
    expect(compiled.Ingredients).toEqual([]);
    expect(compiled.Notes).toEqual([hiddenNotCounted(1)]);
  });

  it('never shows Carol any of it in her files nor her export link', async () => {
    const cookbook = await carol.post('/meals/cookbook', { IdSejour: carolStay, Days: [0] });
    expect(cookbook.statusCode).toBe(200);
    const sheets = fileText(cookbook.rawPayload);
    const xlsx = await carol.post('/order/export', {
      IdSejour: carolStay,
      Data: { DayOffsets: [0] },
      Mapping: null,
      IdProfile: null,
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const cells = await sheetText(xlsx.rawPayload);
    // The week plan and the allergen table, built from what the server reads for Carol.
    const ctx = readCtx(server.app, devices.carol.userId);
    const input = {
      ...(await loadCompileInput(ctx.store, carolStay, [0])),
      stay: { name: 'Camp', start: '2025-07-01' },
    };
    const week = fileText(Buffer.from(await buildWeekPlanPdf(input)));
    const allergens = fileText(Buffer.from(await buildAllergenTablePdf(input)));
    const link = await server.inject({ method: 'GET', url: `/import-sejour?id=${EXPORT_SECRET}` });
    expect(link.statusCode).toBe(200);
    expectNoSecret('cook sheets', sheets);
    expectNoSecret('spreadsheet', cells);
    expectNoSecret('week plan', week);
    expectNoSecret('allergen table', allergens);
    expectNoSecret('export link', link.body);
    expect(leaks).toEqual([]);

    // The dish shows as the placeholder, said not counted where quantities are listed.
    expect(sheets).toContain(HIDDEN_RECIPE);
    expect(sheets).toContain(BOB_RECIPE);
    expect(sheets).toContain(hiddenNotCounted(1));
    expect(cells).toContain(hiddenNotCounted(1));
    expect(week).toContain(HIDDEN_RECIPE);
    expect(allergens).toContain(HIDDEN_RECIPE);
    expect(allergens).toContain(HIDDEN_ALLERGENS);
    const exported = link.json<{
      Receipes: { Id: Id; Name: string }[];
      ReceipeIngredients: { IdReceipe: Id }[];
      MenuReceipes: unknown[];
    }>();
    // The phone gets the placeholder in its place: no text, no owner, no ingredient.
    expect(exported.Receipes.map((r) => r.Name).sort()).toEqual([HIDDEN_RECIPE, BOB_RECIPE].sort());
    expect(exported.Receipes.find((r) => r.Id === recipeId)).toMatchObject({
      Name: HIDDEN_RECIPE,
      Description: '',
      Owner: 0,
    });
    expect(exported.ReceipeIngredients.filter((i) => i.IdReceipe === recipeId)).toEqual([]);
    expect(exported.MenuReceipes).toHaveLength(2);
  });

  it('still shows Alice her recipe and Bob the recipe of his own menu', async () => {
    const own = await alice.ok<{ Receipe: { Name: string; Description: string } }>(
      'GET',
      `/library/receipes?idReceipe=${recipeId}`,
    );
    expect(own.Receipe).toMatchObject({ Name: RENAMED, Description: DESCRIPTION });
    const menu = await bob.ok<Out<typeof MenuExtOut>>('GET', `/library/menus?idMenu=${menuId}`);
    expect(menu.Receipes.find((r) => r.Id === recipeId)).toMatchObject({
      Name: RENAMED,
      Description: DESCRIPTION,
    });
    const list = await bob.ok<{ ID: Id; Title: string }[]>('GET', '/library/menus');
    expect(list.find((m) => m.ID === menuId)?.Title).toContain(RENAMED);
    const cookbook = await bob.post('/meals/cookbook', { IdSejour: bobStay, Days: [0] });
    const sheets = fileText(cookbook.rawPayload);
    expect(sheets).toContain(RENAMED);
    expect(sheets).toContain(INGREDIENT);
    expect(sheets).not.toContain(HIDDEN_RECIPE);
    const compiled = await bob.ok<{ Ingredients: { Ingredient: { Name: string } }[] }>(
      'POST',
      '/order/ingredients',
      { IdSejour: bobStay, DayOffsets: [0] },
    );
    expect(compiled.Ingredients.map((i) => i.Ingredient.Name)).toEqual([INGREDIENT]);
  });
});
