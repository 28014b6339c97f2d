/**
 * The old phone app's calls (`/api/shop-session`), with the bodies it sends and the shapes it
 * reads (reference page, "The shared shopping session"), backed by the shopLists rows: a
 * session made by a signed-in user is that user's list, shared; helpers read and tick it
 * without an account; the owner's devices receive it and its ticks; the owner can close it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopList } from '@popote/domain';
import { TEST_START, startTestServer, type TestServer } from '../../test/test-server.js';
import {
  TOKEN,
  device,
  pulledLists,
  push,
  sharedWebList,
  webLine,
  type Device,
} from '../../test/shared-list-device.js';

let server: TestServer;
let alice: Device;

const gone = (id: string) => ({ message: `La session ${id} est invalide ou terminée.` });

const api = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  token: string | null = null,
) =>
  server.inject({
    method,
    url: `/api${url}`,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

const origin = (MealDate: string, MealName: string, ReceipeName: string) => ({
  MealDate,
  MealName,
  ReceipeName,
});

/** A list as the old phone app sends it; the ingredient 12 twice (two menus). */
const OLD_LIST = [
  {
    Ingredient: { Id: 12, Name: 'Farine', Kind: 2, Owner: 3 },
    Quantites: [
      {
        Quantite: 2,
        Unite: 1,
        Origin: origin('2025-07-01T12:00:00Z', 'Camp (Tous)', 'Crêpes'),
      },
      { Quantite: 500, Unite: 2, Origin: origin('2025-07-02T19:00:00Z', 'Camp (Tous)', '') },
    ],
    Checked: false,
  },
  {
    Ingredient: { Id: 40, Name: 'Lait', Kind: 3, Owner: 0 },
    Quantites: [{ Quantite: 1.5, Unite: 3, Origin: origin('2025-07-01T08:00:00Z', 'Petit', '') }],
    Checked: true,
  },
  {
    Ingredient: { Id: 12, Name: 'Farine', Kind: 2, Owner: 3 },
    Quantites: [{ Quantite: 3, Unite: 0, Origin: origin('2025-07-03T12:00:00Z', 'Camp', 'Pain') }],
    Checked: false,
  },
  // The old server's empty list is null.
  { Ingredient: { Id: 41, Name: 'Sel', Kind: 6, Owner: 0 }, Quantites: null, Checked: false },
];

async function newSession(body: unknown = OLD_LIST): Promise<string> {
  const res = await api('PUT', '/shop-session', body, alice.token);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<{ SessionID: string }>();
  expect(Object.keys(answer)).toEqual(['SessionID']);
  return answer.SessionID;
}

beforeEach(async () => {
  server = await startTestServer();
  alice = await device(server, 'alice@popote.test', 'alice-device-1');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('PUT /api/shop-session', () => {
  it('refuses a caller without a Popote session (401), creating nothing', async () => {
    const res = await api('PUT', '/shop-session', OLD_LIST);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Votre session a expiré. Merci de vous reconnecter.' });
    const forged = await api('PUT', '/shop-session', OLD_LIST, 'pas.un.jeton');
    expect(forged.statusCode).toBe(401);
  });

  it("answers {SessionID}, a random URL-safe id, and the list reaches the owner's devices", async () => {
    const id = await newSession();
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/u);
    expect(await newSession()).not.toBe(id);
    const lists = await pulledLists(server, alice);
    const list = lists.find((l) => l.share?.token === id);
    expect(list).toMatchObject<Partial<ShopList>>({
      owner: alice.userId,
      stayId: null,
      name: 'Liste partagée du 1er juin 2025',
      created: new Date(TEST_START).toISOString(),
      share: { token: id, created: new Date(TEST_START).toISOString() },
    });
    expect(list!.items).toEqual([
      {
        key: '12',
        ingredientId: 12,
        name: 'Farine',
        kind: 2,
        supplier: '',
        day: null,
        // 2 kg + 500 gr, and 3 pièces, from both entries of the ingredient.
        need: { pieces: 3, grams: 2500, centiliters: 0 },
        inStock: { pieces: 0, grams: 0, centiliters: 0 },
        toBuy: { pieces: 3, grams: 2500, centiliters: 0 },
        uses: [
          {
            val: 2,
            unite: 1,
            mealDate: '2025-07-01T12:00:00Z',
            mealName: 'Camp (Tous)',
            recipeName: 'Crêpes',
          },
          {
            val: 500,
            unite: 2,
            mealDate: '2025-07-02T19:00:00Z',
            mealName: 'Camp (Tous)',
            recipeName: '',
          },
          {
            val: 3,
            unite: 0,
            mealDate: '2025-07-03T12:00:00Z',
            mealName: 'Camp',
            recipeName: 'Pain',
          },
        ],
        checked: false,
        stored: false,
        bought: null,
        tickedAt: null,
      },
      {
        key: '40',
        ingredientId: 40,
        name: 'Lait',
        kind: 3,
        supplier: '',
        day: null,
        need: { pieces: 0, grams: 0, centiliters: 150 },
        inStock: { pieces: 0, grams: 0, centiliters: 0 },
        toBuy: { pieces: 0, grams: 0, centiliters: 150 },
        uses: [
          {
            val: 1.5,
            unite: 3,
            mealDate: '2025-07-01T08:00:00Z',
            mealName: 'Petit',
            recipeName: '',
          },
        ],
        checked: true,
        stored: false,
        bought: null,
        tickedAt: new Date(TEST_START).toISOString(),
      },
      {
        key: '41',
        ingredientId: 41,
        name: 'Sel',
        kind: 6,
        supplier: '',
        day: null,
        need: { pieces: 0, grams: 0, centiliters: 0 },
        inStock: { pieces: 0, grams: 0, centiliters: 0 },
        toBuy: { pieces: 0, grams: 0, centiliters: 0 },
        uses: [],
        checked: false,
        stored: false,
        bought: null,
        tickedAt: null,
      },
    ]);
  });

  it('accepts an empty list, and quantities without Origin', async () => {
    const empty = await newSession([]);
    expect((await api('GET', `/shop-session?sessionID=${empty}`)).json()).toEqual({
      Id: empty,
      List: [],
    });
    const id = await newSession([
      { Ingredient: { Id: 5, Name: 'Oeufs', Kind: 3 }, Quantites: [{ Quantite: 6, Unite: 0 }] },
    ]);
    expect((await api('GET', `/shop-session?sessionID=${id}`)).json()).toEqual({
      Id: id,
      List: [
        {
          Ingredient: { Id: 5, Name: 'Oeufs', Kind: 3, Owner: 0 },
          Quantites: [{ Quantite: 6, Unite: 0, Origin: origin('', '', '') }],
          Checked: false,
        },
      ],
    });
  });

  const item = (over: Record<string, unknown> = {}, ingredient: Record<string, unknown> = {}) => ({
    Ingredient: { Id: 7, Name: 'Riz', Kind: 2, Owner: 0, ...ingredient },
    Quantites: [{ Quantite: 1, Unite: 1, Origin: origin('', 'Midi', '') }],
    Checked: false,
    ...over,
  });
  const quantities = (n: number) =>
    Array.from({ length: n }, () => ({ Quantite: 1, Unite: 2, Origin: origin('', 'Midi', '') }));

  it.each([
    [
      'too many ingredients',
      Array.from({ length: 5001 }, (_, i) => item({}, { Id: i + 1 })),
      'Requête invalide : une liste partagée compte au plus 5 000 ingrédients.',
    ],
    [
      'too many quantities',
      [item({ Quantites: quantities(501) })],
      "Requête invalide : l'ingrédient « Riz » compte plus de 500 quantités.",
    ],
    [
      'too many quantities once one ingredient is merged',
      [item({ Quantites: quantities(300) }), item({ Quantites: quantities(201) })],
      "Requête invalide : l'ingrédient « Riz » compte plus de 500 quantités.",
    ],
    [
      'a name too long',
      [item({}, { Name: 'R'.repeat(201) })],
      "Requête invalide : le nom de l'ingrédient n° 1 dépasse 200 caractères.",
    ],
    [
      'a meal name too long',
      [item({ Quantites: [{ Quantite: 1, Unite: 1, Origin: origin('', 'M'.repeat(201), '') }] })],
      "Requête invalide : un nom de repas ou de recette de l'ingrédient « Riz » dépasse 200 caractères.",
    ],
    [
      'a Kind out of range',
      [item({}, { Kind: 7 })],
      "Requête invalide : la catégorie (Kind) de l'ingrédient « Riz » doit être un entier de 0 à 6.",
    ],
    [
      'a Unite out of range',
      [item({ Quantites: [{ Quantite: 1, Unite: 5 }] })],
      "Requête invalide : l'unité (Unite) d'une quantité de l'ingrédient « Riz » doit être un entier de 0 à 4.",
    ],
    [
      'an object instead of the list',
      { List: [item()] },
      'Requête invalide : le corps de la requête doit être la liste de courses (un tableau JSON).',
    ],
    [
      'an Id as text',
      [item({}, { Id: '7' })],
      'Requête invalide : le champ « 0.Ingredient.Id » est manquant ou mal formé.',
    ],
    [
      'a negative quantity',
      [item({ Quantites: [{ Quantite: -1, Unite: 1 }] })],
      "Requête invalide : chaque quantité (Quantite) de l'ingrédient « Riz » doit être un nombre de 0 à 1 000 000 000.",
    ],
    [
      'a quantity as text',
      [item({ Quantites: [{ Quantite: '1', Unite: 1 }] })],
      "Requête invalide : chaque quantité (Quantite) de l'ingrédient « Riz » doit être un nombre de 0 à 1 000 000 000.",
    ],
    [
      'a meal date too long',
      [item({ Quantites: [{ Quantite: 1, Unite: 1, Origin: origin('2'.repeat(41), '', '') }] })],
      "Requête invalide : la date de repas (MealDate) d'une quantité de l'ingrédient « Riz » est trop longue.",
    ],
    [
      'a quantity too large once added up',
      [item({ Quantites: Array.from({ length: 400 }, () => ({ Quantite: 1e9, Unite: 1 })) })],
      "Requête invalide : la quantité totale de l'ingrédient « Riz » est trop grande.",
    ],
  ])('refuses %s with 400 and a French message, creating nothing', async (_, body, message) => {
    const res = await api('PUT', '/shop-session', body, alice.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await pulledLists(server, alice)).toEqual([]);
  });
});

describe('GET and POST /api/shop-session', () => {
  it('answers {Id, List} in the old shape to anyone holding the id, without a token', async () => {
    const id = await newSession();
    const res = await api('GET', `/shop-session?sessionID=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      Id: id,
      List: [
        {
          Ingredient: { Id: 12, Name: 'Farine', Kind: 2, Owner: 0 },
          Quantites: [...OLD_LIST[0]!.Quantites!, ...OLD_LIST[2]!.Quantites!],
          Checked: false,
        },
        { ...OLD_LIST[1], Ingredient: { ...OLD_LIST[1]!.Ingredient } },
        { ...OLD_LIST[3], Quantites: [] },
      ],
    });
    // The owner is never told: Owner 0 even where the app sent another.
    expect(res.body).not.toContain(`"Owner":${alice.userId}`);
  });

  it("ticks every line of an ingredient, answers the whole session, and the owner's pull has it", async () => {
    const id = await newSession();
    await pulledLists(server, alice);
    server.clock.now = TEST_START + 60_000;
    const res = await api('POST', `/shop-session?sessionID=${id}`, { Id: 12, Checked: true });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{
      Id: string;
      List: { Ingredient: { Id: number }; Checked: boolean }[];
    }>();
    expect(answer.Id).toBe(id);
    expect(answer.List.map((l) => [l.Ingredient.Id, l.Checked])).toEqual([
      [12, true],
      [40, true],
      [41, false],
    ]);
    const [row] = await pulledLists(server, alice);
    expect(row?.items[0]).toMatchObject({
      key: '12',
      checked: true,
      tickedAt: new Date(TEST_START + 60_000).toISOString(),
    });
    // Unticking, and an ingredient the session does not hold (nothing to do).
    await api('POST', `/shop-session?sessionID=${id}`, { Id: 40, Checked: false });
    const other = await api('POST', `/shop-session?sessionID=${id}`, { Id: 999, Checked: true });
    expect(other.statusCode).toBe(200);
    expect(other.json<typeof answer>().List.map((l) => l.Checked)).toEqual([true, false, false]);
  });

  it("answers a web app's list in the old shape: its measures to buy, every day's line", async () => {
    await sharedWebList(server, alice, [
      webLine(9001, 'Pâtes', null, { grams: 2500, pieces: 2 }),
      webLine(9002, 'Tomates', 0, { grams: 1200 }),
      webLine(9002, 'Tomates', 2, { centiliters: 30 }),
    ]);
    const none = origin('', '', '');
    const expected = (checked: boolean) => ({
      Id: TOKEN,
      List: [
        {
          Ingredient: { Id: 9001, Name: 'Pâtes', Kind: 1, Owner: 0 },
          Quantites: [
            { Quantite: 2, Unite: 0, Origin: none },
            { Quantite: 2500, Unite: 2, Origin: none },
          ],
          Checked: false,
        },
        {
          Ingredient: { Id: 9002, Name: 'Tomates', Kind: 1, Owner: 0 },
          Quantites: [{ Quantite: 1200, Unite: 2, Origin: none }],
          Checked: checked,
        },
        {
          Ingredient: { Id: 9002, Name: 'Tomates', Kind: 1, Owner: 0 },
          Quantites: [{ Quantite: 30, Unite: 4, Origin: none }],
          Checked: checked,
        },
      ],
    });
    expect((await api('GET', `/shop-session?sessionID=${TOKEN}`)).json()).toEqual(expected(false));
    const ticked = await api('POST', `/shop-session?sessionID=${TOKEN}`, {
      Id: 9002,
      Checked: true,
    });
    expect(ticked.json()).toEqual(expected(true));
  });

  it('answers 404 "La session X est invalide ou terminée." for an unknown id', async () => {
    for (const id of ['abcdefghij', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const read = await api('GET', `/shop-session?sessionID=${id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(gone(id));
      const tick = await api('POST', `/shop-session?sessionID=${id}`, { Id: 12, Checked: true });
      expect(tick.statusCode).toBe(404);
      expect(tick.json()).toEqual(gone(id));
    }
  });

  it('ends when the owner stops sharing the list from a device, or deletes it', async () => {
    const id = await newSession();
    const second = await newSession([]);
    const lists = await pulledLists(server, alice);
    const listOf = (token: string) => lists.find((l) => l.share?.token === token)!.id;
    await push(server, alice, { name: 'stopSharingShopList', args: { id: listOf(id) } });
    await push(server, alice, { name: 'deleteShopList', args: { id: listOf(second) } });
    for (const token of [id, second]) {
      expect((await api('GET', `/shop-session?sessionID=${token}`)).json()).toEqual(gone(token));
      const tick = await api('POST', `/shop-session?sessionID=${token}`, { Id: 12, Checked: true });
      expect(tick.statusCode).toBe(404);
    }
  });

  it('ends 30 days after it was made', async () => {
    const id = await newSession();
    server.clock.now = TEST_START + 30 * 24 * 3600 * 1000;
    expect((await api('GET', `/shop-session?sessionID=${id}`)).json()).toEqual(gone(id));
  });

  it('refuses a malformed tick with 400 in French', async () => {
    const id = await newSession();
    for (const body of [{ Id: '12', Checked: true }, { Id: 12 }, { Id: 12, Checked: 'oui' }, []]) {
      const res = await api('POST', `/shop-session?sessionID=${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^Requête invalide/u);
    }
  });
});
