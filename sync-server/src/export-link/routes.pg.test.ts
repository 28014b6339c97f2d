/**
 * The public stay export link: a stay made through /sync/push is answered as the phone app's
 * flat JSON, without login, until its owner revokes or replaces the secret.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PullResponse } from '@popote/sync-protocol';
import type { StayExport } from '@popote/domain';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { EXPORT_LINK_MESSAGES } from './routes.js';

// Before the test server's clock (2025-06-01T08:00Z): a later date would be taken as a device's drift.
const NOW = '2025-06-01T07:30:00.000Z';
const SECRET = 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVm';
const OTHER_SECRET = 'c2Vjb25kLXNlY3JldC1vZi10aGUtc2FtZS1zdGF5LTAw';

interface Device {
  token: string;
  clientId: string;
  next: number;
  mutationId: number;
}

let server: TestServer;
let alice: Device;

async function post(d: Device, url: string, payload: object) {
  return server.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${d.token}` },
  });
}

async function device(mail: string, clientId: string): Promise<Device> {
  const { token } = await server.signUp(mail, 'motdepasse-solide');
  const d: Device = { token, clientId, next: 0, mutationId: 0 };
  d.next = (await post(d, '/sync/ids', { clientId })).json<{ first: number }>().first;
  return d;
}

/** Pushes the mutations and proves that the server applied every one of them. */
async function push(d: Device, ...mutations: { name: string; args: unknown }[]) {
  const batch = mutations.map((m) => ({ id: ++d.mutationId, ...m }));
  const res = await post(d, '/sync/push', { clientId: d.clientId, mutations: batch });
  expect(res.statusCode).toBe(200);
  const pulled = await post(d, '/sync/pull', { clientId: d.clientId, cookie: null });
  expect(pulled.json<PullResponse>().rejections).toEqual([]);
}

const fetchExport = (query: string) =>
  server.inject({ method: 'GET', url: `/import-sejour${query}` });

beforeEach(async () => {
  server = await startTestServer();
  alice = await device('alice@popote.test', 'alice-device-1');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

/** A stay of two groups and three meals, with a recipe and an ingredient in its first menu. */
async function seedStay() {
  const ids = Object.fromEntries(
    [
      'stay',
      'petits',
      'ados',
      'meal1',
      'menu1',
      'meal2',
      'menu2',
      'meal3',
      'menu3',
      'ing1',
      'ing2',
      'recipe',
    ].map((k) => [k, alice.next++]),
  ) as Record<string, number>;
  await push(
    alice,
    { name: 'createStay', args: { id: ids.stay, name: "Camp d'été", start: '2025-07-30' } },
    {
      name: 'createGroup',
      args: { id: ids.petits, stayId: ids.stay, name: 'Petits', color: '#AF0853', size: 10 },
    },
    {
      name: 'createMeal',
      args: { id: ids.meal1, menuId: ids.menu1, stayId: ids.stay, day: 0, slot: 1, now: NOW },
    },
    // A new group joins every meal already planned.
    {
      name: 'createGroup',
      args: { id: ids.ados, stayId: ids.stay, name: 'Ados', color: '#123456', size: 12 },
    },
    {
      name: 'createMeal',
      args: { id: ids.meal2, menuId: ids.menu2, stayId: ids.stay, day: 1, slot: 0, now: NOW },
    },
    {
      name: 'createMeal',
      args: { id: ids.meal3, menuId: ids.menu3, stayId: ids.stay, day: 1, slot: 0, now: NOW },
    },
    {
      name: 'moveMealGroup',
      args: { groupId: ids.ados, fromMealId: ids.meal2, toMealId: ids.meal3 },
    },
    { name: 'updateMeal', args: { id: ids.meal3, additionalPeople: 3 } },
    { name: 'createIngredient', args: { id: ids.ing1, name: 'Coquillettes export', kind: 2 } },
    { name: 'createIngredient', args: { id: ids.ing2, name: 'Tomates export', kind: 1 } },
    { name: 'createRecipe', args: { id: ids.recipe, name: 'Sauce export', plat: 2, now: NOW } },
    {
      name: 'addRecipeIngredient',
      args: { recipeId: ids.recipe, ingredientId: ids.ing2, initialFor: 8, now: NOW },
    },
    { name: 'addMenuRecipe', args: { menuId: ids.menu1, recipeId: ids.recipe, now: NOW } },
    { name: 'addMenuIngredient', args: { menuId: ids.menu1, ingredientId: ids.ing1, now: NOW } },
    { name: 'setStayExportSecret', args: { stayId: ids.stay, secret: SECRET } },
  );
  return ids;
}

describe('GET /import-sejour', () => {
  it('answers the flat JSON of the stay, without login', async () => {
    const ids = await seedStay();
    const res = await fetchExport(`?id=${SECRET}&sejour=Camp%20d'%C3%A9t%C3%A9%202025`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<StayExport>();
    expect(body.Meals).toEqual([
      {
        Id: ids.meal1,
        IdMenu: ids.menu1,
        Name: "Camp d'été (Tous)",
        Date: '2025-07-30T12:00:00Z',
        For_: 22,
      },
      {
        Id: ids.meal2,
        IdMenu: ids.menu2,
        Name: "Camp d'été (Petits)",
        Date: '2025-07-31T08:00:00Z',
        For_: 10,
      },
      {
        Id: ids.meal3,
        IdMenu: ids.menu3,
        Name: "Camp d'été (Ados)",
        Date: '2025-07-31T08:00:00Z',
        For_: 15,
      },
    ]);
    expect(body.Menus.map((m) => m.Id)).toEqual([ids.menu1, ids.menu2, ids.menu3]);
    expect(body.Menus[0]).toEqual({
      Id: ids.menu1,
      Owner: expect.any(Number),
      IsFavorite: false,
      IsPublished: false,
      Updated: NOW,
    });
    expect(body.MenuReceipes).toEqual([{ IdMenu: ids.menu1, IdReceipe: ids.recipe }]);
    expect(body.MenuIngredients).toEqual([
      {
        IdMenu: ids.menu1,
        IdIngredient: ids.ing1,
        Quantity: { Val: 10, Unite: 0, For_: 10 },
        Plat: 0,
      },
    ]);
    expect(body.Receipes).toEqual([
      {
        Id: ids.recipe,
        Owner: body.Menus[0]!.Owner,
        Plat: 2,
        Name: 'Sauce export',
        Description: '',
        IsPublished: false,
        Updated: NOW,
      },
    ]);
    expect(body.ReceipeIngredients).toEqual([
      { IdReceipe: ids.recipe, IdIngredient: ids.ing2, Quantity: { Val: 10, Unite: 0, For_: 8 } },
    ]);
    expect(body.Ingredients).toEqual([
      { Id: ids.ing1, Name: 'Coquillettes export', Kind: 2, Owner: body.Menus[0]!.Owner },
      { Id: ids.ing2, Name: 'Tomates export', Kind: 1, Owner: body.Menus[0]!.Owner },
    ]);
  });

  it("matches the phone app's import field by field, at the address /api gives old clients", async () => {
    await seedStay();
    // The phone app's import (reference page, "The stay export link"): one object of flat
    // lists, each row with exactly these fields and JSON types.
    const int = (v: unknown) => Number.isInteger(v);
    const str = (v: unknown) => typeof v === 'string';
    const bool = (v: unknown) => typeof v === 'boolean';
    const time = (v: unknown) => str(v) && !Number.isNaN(Date.parse(v as string));
    const quantity = (v: unknown) => {
      const q = v as Record<string, unknown>;
      return (
        Object.keys(q).sort().join() === 'For_,Unite,Val' &&
        typeof q.Val === 'number' &&
        int(q.Unite) &&
        int(q.For_)
      );
    };
    const PHONE_IMPORT: Record<string, Record<string, (v: unknown) => boolean>> = {
      Ingredients: { Id: int, Name: str, Kind: int, Owner: int },
      Receipes: {
        Id: int,
        Owner: int,
        Plat: int,
        Name: str,
        Description: str,
        IsPublished: bool,
        Updated: time,
      },
      ReceipeIngredients: { IdReceipe: int, IdIngredient: int, Quantity: quantity },
      Menus: { Id: int, Owner: int, IsFavorite: bool, IsPublished: bool, Updated: time },
      MenuReceipes: { IdMenu: int, IdReceipe: int },
      MenuIngredients: { IdMenu: int, IdIngredient: int, Quantity: quantity, Plat: int },
      Meals: { Id: int, IdMenu: int, Name: str, Date: time, For_: int },
    };
    // The link as GET /api/sejours answers it to the original clients (ExportClientURL).
    const [stay] = (
      await server.inject({
        method: 'GET',
        url: '/api/sejours',
        headers: { authorization: `Bearer ${alice.token}` },
      })
    ).json<{ ExportClientURL: string }[]>();
    const link = new URL(stay!.ExportClientURL);
    expect(link.pathname).toBe('/import-sejour');
    expect(link.searchParams.get('id')).toBe(SECRET);
    expect(link.searchParams.get('sejour')).toBe("Camp d'été 2025");
    const body = (await fetchExport(link.search)).json<Record<string, Record<string, unknown>[]>>();
    expect(Object.keys(body).sort()).toEqual(Object.keys(PHONE_IMPORT).sort());
    for (const [list, fields] of Object.entries(PHONE_IMPORT)) {
      expect(Array.isArray(body[list]), list).toBe(true);
      expect(body[list]!.length, list).toBeGreaterThan(0);
      for (const [index, row] of body[list]!.entries()) {
        expect(Object.keys(row).sort(), `${list}[${index}]`).toEqual(Object.keys(fields).sort());
        for (const [field, check] of Object.entries(fields)) {
          expect(
            check(row[field]),
            `${list}[${index}].${field} = ${JSON.stringify(row[field])}`,
          ).toBe(true);
        }
      }
    }
  });

  it('stops answering once the link is revoked, and answers the new link only', async () => {
    const ids = await seedStay();
    await push(alice, { name: 'setStayExportSecret', args: { stayId: ids.stay, secret: null } });
    const revoked = await fetchExport(`?id=${SECRET}`);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ message: EXPORT_LINK_MESSAGES.unknown });

    await push(alice, {
      name: 'setStayExportSecret',
      args: { stayId: ids.stay, secret: OTHER_SECRET },
    });
    expect((await fetchExport(`?id=${SECRET}`)).statusCode).toBe(404);
    const renewed = await fetchExport(`?id=${OTHER_SECRET}`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<StayExport>().Meals).toHaveLength(3);
  });

  it('forgets the link of a deleted stay', async () => {
    const ids = await seedStay();
    await push(alice, { name: 'deleteStay', args: { id: ids.stay } });
    expect((await fetchExport(`?id=${SECRET}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown, malformed or missing id', async () => {
    await seedStay();
    for (const query of [
      `?id=${OTHER_SECRET}`,
      '?id=court',
      `?id=${SECRET}'%20OR%201=1--`,
      `?id=${SECRET}&id=${SECRET}`,
      '?id=',
    ]) {
      const res = await fetchExport(query);
      expect(res.statusCode, query).toBe(404);
      expect(res.json(), query).toEqual({ message: EXPORT_LINK_MESSAGES.unknown });
    }
    const missing = await fetchExport('');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Ressource introuvable.' });
  });

  it("never answers another user's device rows: only the stay of the secret", async () => {
    const ids = await seedStay();
    const bob = await device('bob@popote.test', 'bob-device-1');
    const bobStay = bob.next++;
    const bobSecret = 'Ym9iLXNlY3JldC1mb3ItaGlzLW93bi1zdGF5LTAwMDAw';
    await push(
      bob,
      { name: 'createStay', args: { id: bobStay, name: 'Rando', start: '2025-08-10' } },
      { name: 'setStayExportSecret', args: { stayId: bobStay, secret: bobSecret } },
    );
    const bobExport = (await fetchExport(`?id=${bobSecret}`)).json<StayExport>();
    expect(bobExport.Meals).toEqual([]);
    expect(bobExport.Menus).toEqual([]);
    const aliceExport = (await fetchExport(`?id=${SECRET}`)).json<StayExport>();
    expect(aliceExport.Meals.map((m) => m.Id)).toEqual([ids.meal1, ids.meal2, ids.meal3]);
  });
});
