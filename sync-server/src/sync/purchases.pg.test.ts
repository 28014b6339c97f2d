/**
 * Packs, prices and budgets (issue 21) through HTTP: a user's purchase rows are his alone (no
 * pull of another user ever carries or names them), one per ingredient whatever his devices
 * send, and a malformed setPurchase is refused in French without changing anything.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PatchOp, PullResponse } from '@popote/sync-protocol';
import {
  MAX_PRICES_PER_INGREDIENT,
  Unite,
  type Ingredient,
  type Purchase,
  type Recipe,
  type Stay,
} from '@popote/domain';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import {
  NOW,
  newDevice,
  post,
  pullAll,
  pushOne,
  storedRows,
  type Device,
} from '../../test/sync-device.js';

let server: TestServer;
let alice: Device;
let bob: Device;
/** An ingredient of the catalogue: every user may give it a pack and prices. */
let ingredientId: number;

const DAY = '2025-06-01';
const PACK = { name: 'paquet', size: 500, unite: Unite.G };
const byPack = (amount: number) => ({ supplierId: null, amount, per: 'pack', date: DAY });
const byKg = (amount: number) => ({ supplierId: null, amount, per: Unite.Kg, date: DAY });

const push = (d: Device, name: string, args: unknown) => pushOne(server, d, name, args);
async function pull(d: Device): Promise<PullResponse> {
  const page = await pullAll(server, d);
  expect(page.rejections).toEqual([]);
  return page;
}

/** Another device (browser profile) of the same user, with its own id block. */
async function otherDevice(d: Device, clientId: string): Promise<Device> {
  const device: Device = { ...d, clientId, next: 0, mutationId: 0, cookie: null };
  const block = await post(server, device, '/sync/ids', { clientId });
  expect(block.statusCode).toBe(200);
  device.next = block.json<{ first: number }>().first;
  return device;
}

/** What a pull says of the purchases table. */
const purchaseOps = (page: PullResponse): PatchOp[] =>
  page.patch.filter((op) => op.table === 'purchases');
const putRows = <T = Purchase>(ops: PatchOp[]): T[] =>
  ops.flatMap((op) => (op.op === 'put' ? [op.row as T] : []));

/** The live purchase rows on the server, by id. */
async function purchasesOnServer(): Promise<Purchase[]> {
  return (await storedRows(server))
    .filter((r) => r.tbl === 'purchases' && r.data !== null)
    .map((r) => JSON.parse(r.data!) as Purchase);
}

beforeEach(async () => {
  server = await startTestServer();
  alice = await newDevice(server, 'alice@popote.test', 'alice-device-1');
  bob = await newDevice(server, 'bob@popote.test', 'bob-device-1');
  const first = await pull(alice);
  const [catalogue] = putRows<Ingredient>(
    first.patch.filter((op) => op.table === 'ingredients'),
  ).filter((row) => row.owner === null);
  expect(catalogue).toBeDefined();
  ingredientId = catalogue!.id;
  await pull(bob);
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('setPurchase', () => {
  it("is the owner's alone: another user never pulls it and prices the same ingredient in his own row", async () => {
    const aliceRow = alice.next++;
    await push(alice, 'setPurchase', {
      id: aliceRow,
      ingredientId,
      pack: { ...PACK, name: '  paquet  ' },
      prices: [byPack(2.5)],
    });
    expect(putRows(purchaseOps(await pull(alice)))).toEqual([
      {
        id: aliceRow,
        owner: alice.userId,
        ingredientId,
        pack: PACK,
        prices: [byPack(2.5)],
      },
    ]);
    // Neither an incremental pull nor a first sync of Bob's says anything of it.
    expect(purchaseOps(await pull(bob))).toEqual([]);
    const bobFresh = await otherDevice(bob, 'bob-device-2');
    expect(purchaseOps(await pull(bobFresh))).toEqual([]);

    // Bob prices the same ingredient: his own row, with his own id.
    const bobRow = bob.next++;
    await push(bob, 'setPurchase', { id: bobRow, ingredientId, pack: null, prices: [byKg(6)] });
    expect(putRows(purchaseOps(await pull(bob)))).toEqual([
      { id: bobRow, owner: bob.userId, ingredientId, pack: null, prices: [byKg(6)] },
    ]);
    expect(purchaseOps(await pull(alice))).toEqual([]);
    expect((await purchasesOnServer()).map((p) => [p.id, p.owner])).toEqual([
      [aliceRow, alice.userId],
      [bobRow, bob.userId],
    ]);

    // Bob naming Alice's row changes his own (the id is only for a new row), never hers.
    await push(bob, 'setPurchase', { id: aliceRow, ingredientId, pack: null, prices: [byKg(7)] });
    expect(putRows(purchaseOps(await pull(bob)))).toMatchObject([
      { id: bobRow, prices: [byKg(7)] },
    ]);
    expect(purchaseOps(await pull(alice))).toEqual([]);
    expect((await purchasesOnServer())[0]).toMatchObject({ id: aliceRow, prices: [byPack(2.5)] });

    // Alice removes hers (no pack, no price): her devices are told, Bob's pull names nothing.
    await push(alice, 'setPurchase', { id: aliceRow, ingredientId, pack: null, prices: [] });
    expect(purchaseOps(await pull(alice))).toEqual([
      { op: 'del', table: 'purchases', id: aliceRow },
    ]);
    expect(purchaseOps(await pull(bob))).toEqual([]);
    expect(purchaseOps(await pull(bobFresh))).toMatchObject([{ op: 'put', row: { id: bobRow } }]);
  });

  it('keeps one row per user and ingredient when two devices each made one offline', async () => {
    const tablet = await otherDevice(alice, 'alice-tablet');
    await pull(tablet);
    // Neither device has seen the other's row: each sends a new one with its own id.
    const phoneRow = alice.next++;
    const tabletRow = tablet.next++;
    await push(alice, 'setPurchase', {
      id: phoneRow,
      ingredientId,
      pack: PACK,
      prices: [byPack(2)],
    });
    await push(tablet, 'setPurchase', {
      id: tabletRow,
      ingredientId,
      pack: null,
      prices: [byKg(3)],
    });
    // The tablet's change went to the phone's row; its own id was never used.
    const rows = await purchasesOnServer();
    expect(rows).toEqual([
      { id: phoneRow, owner: alice.userId, ingredientId, pack: null, prices: [byKg(3)] },
    ]);
    expect((await storedRows(server)).some((r) => r.id === tabletRow)).toBe(false);
    expect(putRows(purchaseOps(await pull(tablet)))).toEqual(rows);
    expect(putRows(purchaseOps(await pull(alice)))).toEqual(rows);
  });

  it('refuses anonymous pushes and pulls', async () => {
    const anonymous = (url: string, payload: object) =>
      server.inject({ method: 'POST', url, payload });
    const pushed = await anonymous('/sync/push', {
      clientId: alice.clientId,
      mutations: [
        {
          id: 1,
          name: 'setPurchase',
          args: { id: alice.next, ingredientId, pack: null, prices: [byKg(1)] },
        },
      ],
    });
    expect(pushed.statusCode).toBe(401);
    expect(pushed.json<{ message: string }>().message).toMatch(/connect/u);
    const pulled = await anonymous('/sync/pull', { clientId: alice.clientId, cookie: null });
    expect(pulled.statusCode).toBe(401);
    expect(await purchasesOnServer()).toEqual([]);
  });

  it('refuses malformed packs and prices in French, changing nothing', async () => {
    const ok = { id: alice.next++, ingredientId, pack: PACK, prices: [byPack(2)] };
    const price = byPack(2);
    const refused: [unknown, string][] = [
      // A malformed pack is named as a whole (it may also be null).
      [{ ...ok, pack: { ...PACK, name: 'x'.repeat(5000) } }, 'champ « pack »'],
      [{ ...ok, pack: { ...PACK, name: '   ' } }, 'Le nom du paquet ne peut pas être vide.'],
      [{ ...ok, pack: { ...PACK, size: 0 } }, 'champ « pack »'],
      [{ ...ok, pack: { ...PACK, unite: 9 } }, 'champ « pack »'],
      [{ ...ok, pack: 'paquet' }, 'champ « pack »'],
      [{ ...ok, ingredientId: String(ingredientId) }, 'champ « ingredientId »'],
      [{ ...ok, id: 'x'.repeat(100_000) }, 'champ « id »'],
      [{ ...ok, prices: 'gratuit' }, 'champ « prices »'],
      [{ ...ok, prices: [{ ...price, amount: '2' }] }, 'champ « prices.0.amount »'],
      [{ ...ok, prices: [{ ...price, amount: -1 }] }, 'champ « prices.0.amount »'],
      [{ ...ok, prices: [{ ...price, amount: 1e7 }] }, 'champ « prices.0.amount »'],
      [{ ...ok, prices: [{ ...price, per: 'box' }] }, 'champ « prices.0.per »'],
      [{ ...ok, prices: [{ ...price, date: 'x'.repeat(5000) }] }, 'champ « prices.0.date »'],
      [{ ...ok, prices: [{ ...price, supplierId: 'Metro' }] }, 'champ « prices.0.supplierId »'],
      [{ ...ok, prices: [{ ...price, note: 'promo' }] }, 'champ « prices.0.note »'],
      [
        { ...ok, prices: Array.from({ length: MAX_PRICES_PER_INGREDIENT + 1 }, () => price) },
        'champ « prices »',
      ],
      [{ ...ok, prices: [price, price] }, 'Un ingrédient a un seul prix par défaut.'],
      [{ ...ok, pack: null }, 'Un prix au paquet demande un paquet.'],
      [
        { ...ok, prices: [{ ...price, date: '2025-02-30' }] },
        "La date « 2025-02-30 » n'existe pas.",
      ],
      [
        { ...ok, prices: [{ ...price, supplierId: 999_999_999 }] },
        "Ce fournisseur n'existe pas ou n'est plus disponible.",
      ],
      [
        { ...ok, ingredientId: 999_999_999 },
        "Cet ingrédient n'existe pas ou n'est plus disponible.",
      ],
    ];
    const before = await storedRows(server);
    const res = await post(server, alice, '/sync/push', {
      clientId: alice.clientId,
      mutations: refused.map(([args], i) => ({ id: i + 1, name: 'setPurchase', args })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ lastMutationId: refused.length });
    const { rejections, patch } = await pullAll(server, alice);
    expect(rejections.map((r) => r.mutationId)).toEqual(refused.map((_, i) => i + 1));
    rejections.forEach((rejection, i) => {
      const [args, reason] = refused[i]!;
      const message = reason.startsWith('champ')
        ? `Modification invalide : le ${reason} est manquant ou mal formé.`
        : reason;
      expect(rejection.message, JSON.stringify(args).slice(0, 200)).toBe(message);
    });
    expect(patch.filter((op) => op.table === 'purchases')).toEqual([]);
    expect(await storedRows(server)).toEqual(before);
  });
});

describe('setStayBudget', () => {
  it("sets and removes the owner's budget; another user's is refused", async () => {
    const stayId = alice.next++;
    await push(alice, 'createStay', { id: stayId, name: 'Camp', start: '2025-07-01' });
    await push(alice, 'setStayBudget', { stayId, budget: 5.5 });
    const stay = (page: PullResponse) =>
      putRows<Stay>(page.patch.filter((op) => op.table === 'stays'));
    expect(stay(await pull(alice))).toMatchObject([{ id: stayId, budget: 5.5 }]);

    await push(bob, 'setStayBudget', { stayId, budget: 1 });
    await push(bob, 'setStayBudget', { stayId, budget: 0 });
    const refused = (await pullAll(server, bob)).rejections;
    expect(refused.map((r) => r.message)).toEqual([
      "Ce séjour n'existe pas ou n'est plus disponible.",
      'Modification invalide : le champ « budget » est manquant ou mal formé.',
    ]);
    await push(alice, 'updateStay', { id: stayId, name: 'Colo' });
    expect(stay(await pull(alice))).toMatchObject([{ name: 'Colo', budget: 5.5 }]);
    await push(alice, 'setStayBudget', { stayId, budget: null });
    expect(stay(await pull(alice))).toMatchObject([{ budget: null }]);
  });
});

describe("a quantity marked 'quantité fixe'", () => {
  it('reaches the devices with its mark', async () => {
    const recipeId = alice.next++;
    await push(alice, 'createRecipe', { id: recipeId, name: 'Vinaigrette', plat: 1, now: NOW });
    await push(alice, 'addRecipeIngredient', { recipeId, ingredientId, now: NOW });
    const quantity = { val: 1, unite: Unite.L, forPeople: 10, fixed: true };
    await push(alice, 'updateRecipeIngredient', { recipeId, ingredientId, quantity, now: NOW });
    const recipes = putRows<Recipe>(
      (await pull(alice)).patch.filter((op) => op.table === 'recipes'),
    );
    expect(recipes).toMatchObject([{ ingredients: [{ ingredientId, quantity }] }]);
  });
});
