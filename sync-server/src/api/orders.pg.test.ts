/** /api orders (spec 7.5): days, compiled ingredients, supplier profiles and their mapping. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileIngredients, loadCompileInput, sumQuantities, type Unite } from '@popote/domain';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import type {
  CompileIngredientsOut,
  GroupOut,
  IngredientOut,
  Out,
  ProfileExtOut,
  SupplierOut,
  ProfileHeaderOut,
  RecipeExtOut,
  StayExtOut,
} from './schemas.js';
import {
  apiClient,
  newProfile,
  newRecipe,
  putMeal,
  type ApiClient,
  type Session,
} from '../../test/api-client.js';

type Compiled = Out<typeof CompileIngredientsOut>;
type ProfileExt = Out<typeof ProfileExtOut>;
type Supplier = Out<typeof SupplierOut>;

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let aliceSession: Session;
let stayId: number;

beforeEach(async () => {
  server = await startTestServer();
  aliceSession = await server.signUp('alice@popote.test', 'motdepasse-solide', 'Alice');
  alice = apiClient(server, aliceSession);
  bob = apiClient(server, await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob'));
  stayId = (await alice.ok<Out<typeof StayExtOut>>('PUT', '/sejours')).Sejour.Id;
  await alice.ok('POST', '/sejours', { Id: stayId, Start: '2025-07-01' });
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

/** A stay of 3 days: 12 people, a recipe and own ingredients in mass, volume and pièces. */
async function plannedStay() {
  const group = await alice.ok<Out<typeof GroupOut>>('PUT', `/sejours/groups?idSejour=${stayId}`);
  await alice.ok('POST', '/sejours/groups', { Id: group.Id, Size: 12 });
  const ing = (Name: string, Kind: number) =>
    alice.ok<Out<typeof IngredientOut>>('PUT', '/library/all-ingredients', { Name, Kind });
  const farine = await ing('Farine test', 4);
  const lait = await ing('Lait test', 5);
  const oeuf = await ing('Oeuf test', 5);
  const recipe = await newRecipe<Out<typeof RecipeExtOut>>(alice);
  for (const [ingredient, Quantity] of [
    [farine, { Val: 250, Unite: 2, For_: 4 }],
    [lait, { Val: 0.5, Unite: 3, For_: 4 }],
    [oeuf, { Val: 3, Unite: 0, For_: 4 }],
  ] as const) {
    await alice.ok('PUT', '/library/receipes/ingredients', {
      IdReceipe: recipe.Receipe.Id,
      IdIngredient: ingredient.Id,
    });
    await alice.ok('POST', '/library/receipes/ingredients', {
      IdReceipe: recipe.Receipe.Id,
      IdIngredient: ingredient.Id,
      Quantity,
    });
  }
  const mealIds: number[] = [];
  for (const day of [0, 1, 2]) {
    const { Meals } = await putMeal(alice, {
      IdSejour: stayId,
      Day: day,
      Horaire: 0,
    });
    const meal = Meals[0]!;
    mealIds.push(meal.Id);
    await alice.ok('PUT', '/meals/receipes', { IdReceipe: recipe.Receipe.Id, IdMenu: meal.Menu });
    // The flour again as the menu's own ingredient, in kg: sums convert kg to gr.
    await alice.ok('PUT', '/meals/ingredients', {
      IdSejour: stayId,
      IdIngredient: farine.Id,
      IdMenu: meal.Menu,
    });
    await alice.ok('POST', '/meals/ingredients', {
      IdMenu: meal.Menu,
      IdIngredient: farine.Id,
      Quantity: { Val: 0.1, Unite: 1, For_: 1 },
      Plat: 2,
    });
  }
  await alice.ok('POST', '/meals/details', { Id: mealIds[2], AdditionalPeople: -12 });
  return { farine, lait, oeuf, mealIds };
}

describe('order', () => {
  it('lists the day offsets that hold meals', async () => {
    await plannedStay();
    expect(await alice.ok('GET', `/order/days?idSejour=${stayId}`)).toEqual([0, 1, 2]);
    expect((await bob.get(`/order/days?idSejour=${stayId}`)).statusCode).toBe(404);
  });

  it("compiles the chosen days' ingredients exactly as the domain does", async () => {
    const { farine, lait, oeuf, mealIds } = await plannedStay();
    const days = [0, 2];
    const answer = await alice.ok<Compiled>('POST', '/order/ingredients', {
      IdSejour: stayId,
      DayOffsets: days,
    });

    const store = server.app.popote.store.rows.reads;
    const domain = compileIngredients(await loadCompileInput(store, stayId, days));
    expect(answer.Ingredients.map((i) => i.Ingredient.Id)).toEqual(
      domain.ingredients.map((i) => i.ingredient.id),
    );
    for (const [index, compiled] of domain.ingredients.entries()) {
      const out = answer.Ingredients[index]!;
      const total = sumQuantities(
        out.Quantities.map((q) => ({ unite: q.Quantity.Unite as Unite, val: q.Quantity.Val })),
      );
      expect(total).toEqual(compiled.total);
      expect(out.Quantities).toEqual(
        compiled.uses.map((u) => ({ Quantity: { Unite: u.unite, Val: u.val }, Origin: u.mealId })),
      );
    }
    expect(answer.Meals).toEqual({
      [mealIds[0]!]: expect.objectContaining({
        Id: mealIds[0],
        Sejour: stayId,
        Jour: 0,
        Horaire: 0,
      }),
      [mealIds[2]!]: expect.objectContaining({
        Id: mealIds[2],
        Sejour: stayId,
        Jour: 2,
        Horaire: 0,
      }),
    });

    // By hand: day 0 has 12 people, day 2 nobody (12 - 12).
    const byId = new Map(answer.Ingredients.map((i) => [i.Ingredient.Id, i]));
    // Raw sums as the domain computes them (0.1 kg × 12 is not exactly 1200 gr in floating point).
    const flour = byId.get(farine.Id)?.Total;
    expect(flour?.map((t) => t.Unite)).toEqual([2]);
    expect(flour?.[0]?.Val).toBeCloseTo(750 + 1200, 9);
    expect(byId.get(lait.Id)?.Total).toEqual([{ Unite: 4, Val: 150 }]);
    expect(byId.get(oeuf.Id)?.Total).toEqual([{ Unite: 0, Val: 9 }]);
    // Kind order: Épicerie (4) before Laitages (5), then by name.
    expect(answer.Ingredients.map((i) => i.Ingredient.Name)).toEqual([
      'Farine test',
      'Lait test',
      'Oeuf test',
    ]);

    expect(
      (await bob.post('/order/ingredients', { IdSejour: stayId, DayOffsets: [0] })).statusCode,
    ).toBe(404);
    const badDays = await alice.post('/order/ingredients', { IdSejour: stayId, DayOffsets: 'all' });
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json()).toEqual({
      message: 'Requête invalide : le champ « DayOffsets » est manquant ou mal formé.',
    });
  });
});

describe('supplier profiles', () => {
  it('creates a profile with suppliers, maps ingredients and kinds, tidies, and answers defaults', async () => {
    const created = await newProfile(alice);
    const profileId = created.Profile.Id;
    expect(created).toEqual({
      Profile: { Id: profileId, Name: 'Nouveau profil', IdOwner: aliceSession.id },
    });
    const renamed = await alice.ok<Out<typeof ProfileHeaderOut>>('POST', '/order/profiles', {
      Id: profileId,
      Name: 'Intermarché',
    });
    expect(renamed.Profile.Name).toBe('Intermarché');

    // The new Supplier, its id chosen by the server.
    const withSupplier = await alice.ok<Supplier>('PUT', '/order/profile/suppliers', {
      IdProfile: profileId,
      Id: 0,
    });
    const supplierId = withSupplier.Id;
    expect(withSupplier).toEqual({ Id: supplierId, Name: 'Fournisseur', IdProfile: profileId });
    const bakerId = (
      await alice.ok<Supplier>('PUT', '/order/profile/suppliers', {
        IdProfile: profileId,
        Name: 'Boulangerie du coin',
      })
    ).Id;
    expect(
      await alice.ok<Supplier>('POST', '/order/profile/suppliers', {
        Id: supplierId,
        Name: 'Primeur',
      }),
    ).toEqual({ Id: supplierId, Name: 'Primeur', IdProfile: profileId });
    const named = await alice.ok<ProfileExt>(
      'GET',
      `/order/profile/suppliers?idProfile=${profileId}`,
    );
    expect(named.map((c) => c.Name)).toEqual([
      'Sans fournisseur',
      'Boulangerie du coin',
      'Primeur',
    ]);

    const pain = await alice.ok<Out<typeof IngredientOut>>('PUT', '/library/all-ingredients', {
      Name: 'Pain test',
      Kind: 6,
    });
    const byKind = await alice.ok<ProfileExt>('POST', '/order/profile/map-kind', {
      IdProfile: profileId,
      Kinds: [6],
      Supplier: bakerId,
    });
    const baker = byKind.find((c) => c.Id === bakerId)!;
    expect(baker.Kinds).toEqual([6]);
    expect(baker.Ingredients).toContain(pain.Id);

    const byIngredient = await alice.ok<ProfileExt>('POST', '/order/profile/map-ing', {
      IdProfile: profileId,
      Ingredients: [pain.Id],
      NewSupplier: supplierId,
    });
    expect(byIngredient.find((c) => c.Id === supplierId)!.Ingredients).toEqual([pain.Id]);
    expect(
      await alice.ok('POST', '/order/profile/default-map', {
        Profile: profileId,
        Ingredients: [pain.Id],
      }),
    ).toEqual({ [pain.Id]: supplierId });
    expect(
      await alice.ok('POST', '/order/profile/default-map', {
        Profile: null,
        Ingredients: [pain.Id],
      }),
    ).toEqual({ [pain.Id]: -1 });

    // Linking to the kind's supplier makes the ingredient link redundant: tidy drops it.
    await alice.ok('POST', '/order/profile/map-ing', {
      IdProfile: profileId,
      Ingredients: [pain.Id],
      NewSupplier: bakerId,
    });
    await alice.ok('POST', '/order/profile/tidy', { Id: profileId });
    const profileRow = await server.app.popote.store.rows.reads.get('profiles', profileId);
    expect(profileRow?.ingredientLinks).toEqual([]);

    const stay = await alice.ok<Out<typeof StayExtOut>>('POST', '/order/profile/default', {
      IdProfile: profileId,
      IdSejour: stayId,
    });
    expect(stay.Sejour.IdProfile).toEqual({ Valid: true, IdProfile: profileId });

    // Bob reads profiles (public) but edits nothing of Alice's.
    const list = await bob.ok<Out<typeof ProfileHeaderOut>[]>('GET', '/order/profiles');
    expect(list.map((p) => [p.Profile.Id, p.OwnerPseudo])).toEqual([[profileId, 'Alice']]);
    expect((await bob.get(`/order/profile/suppliers?idProfile=${profileId}`)).statusCode).toBe(200);
    for (const answer of [
      await bob.post('/order/profiles', { Id: profileId, Name: 'x' }),
      await bob.put('/order/profile/suppliers', { IdProfile: profileId }),
      await bob.post('/order/profile/suppliers', { Id: supplierId, Name: 'x' }),
      await bob.post('/order/profile/map-kind', { IdProfile: profileId, Kinds: [1], Supplier: -1 }),
      await bob.post('/order/profile/map-ing', {
        IdProfile: profileId,
        Ingredients: [],
        NewSupplier: -1,
      }),
      await bob.post('/order/profile/tidy', { Id: profileId }),
      await bob.del(`/order/profile/suppliers?id=${supplierId}`),
      await bob.del(`/order/profiles?id=${profileId}`),
    ]) {
      expect(answer.statusCode).toBe(403);
    }
    expect(
      (await bob.post('/order/profile/default', { IdProfile: profileId, IdSejour: stayId }))
        .statusCode,
    ).toBe(404);
    const foreign = await alice.post('/order/profile/map-ing', {
      IdProfile: profileId,
      Ingredients: [pain.Id],
      NewSupplier: 999_999,
    });
    expect(foreign.statusCode).toBe(400);

    const afterDelete = await alice.ok<ProfileExt>(
      'DELETE',
      `/order/profile/suppliers?id=${supplierId}`,
    );
    expect(afterDelete.map((c) => c.Id)).toEqual([-1, bakerId]);
    expect(await alice.ok('DELETE', `/order/profiles?id=${profileId}`)).toEqual({
      Deleted: true,
      Id: profileId,
    });
    const [after] = await alice.ok<Out<typeof StayExtOut>[]>('GET', '/sejours');
    expect(after?.Sejour.IdProfile).toEqual({ Valid: false, IdProfile: 0 });
  });
});
