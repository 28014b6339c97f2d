import { beforeEach, describe, expect, it } from 'vitest';
import type { Ingredient, Price, Profile, Purchase, Stay, Supplier } from '../entities.js';
import { IngredientKind, Unite } from '../enums.js';
import { MAX_PRICES_PER_INGREDIENT, MAX_PURCHASES_PER_USER } from '../limits.js';
import { runMutation, type MutationArgs } from './index.js';
import { ALICE, BOB, FRESH, World } from '../../test/mutators-world.js';
import { refusalChecker } from '../../test/refusal-checker.js';

const DAY = '2024-06-15';
const PAQUET = { name: 'paquet', size: 500, unite: Unite.G };
const fieldMessage = (field: string): string =>
  `Modification invalide : le champ « ${field} » est manquant ou mal formé.`;

const price = (amount: number, per: Price['per'], supplierId: number | null = null): Price => ({
  supplierId,
  amount,
  per,
  date: DAY,
});

let w: World;
let flour: Ingredient;
let eggs: Ingredient;
let profile: Profile;
let carrefour: Supplier;
let biocoop: Supplier;
beforeEach(async () => {
  w = await World.create();
  // A catalogue ingredient (nobody's to edit) and one of Alice's.
  flour = await w.ingredient(null, { name: 'Farine', kind: IngredientKind.Epicerie });
  eggs = await w.ingredient(ALICE, { name: 'Œufs', kind: IngredientKind.Laitages });
  profile = await w.profile(ALICE, { name: 'Courses de la colo' });
  carrefour = await w.supplier(profile, { name: 'Carrefour' });
  biocoop = await w.supplier(profile, { name: 'Biocoop' });
});

const expectRefusal = refusalChecker(() => w);

const setPurchase = (
  over: Partial<MutationArgs<'setPurchase'>> = {},
): MutationArgs<'setPurchase'> => ({
  id: FRESH,
  ingredientId: flour.id,
  pack: PAQUET,
  prices: [price(1.2, 'pack')],
  ...over,
});

/** The user's rows, as stored. */
const rowsOf = (owner: number): Purchase[] =>
  w.snapshot().purchases.filter((row) => row.owner === owner);

describe('setPurchase', () => {
  it('creates the user’s row: the pack tidied, the default price first', async () => {
    const ctx = w.as(ALICE);
    await runMutation(
      ctx,
      'setPurchase',
      setPurchase({
        pack: { name: '  paquet ', size: 500, unite: Unite.G },
        prices: [
          price(1, 'pack', carrefour.id),
          price(2.4, Unite.Kg, biocoop.id),
          price(1.5, 'pack'),
        ],
      }),
    );
    expect(ctx.claimed).toEqual([{ table: 'purchases', id: FRESH }]);
    expect(await w.get('purchases', FRESH)).toEqual({
      id: FRESH,
      owner: ALICE,
      ingredientId: flour.id,
      pack: { name: 'paquet', size: 500, unite: Unite.G },
      prices: [
        price(1.5, 'pack'),
        price(1, 'pack', carrefour.id),
        price(2.4, Unite.Kg, biocoop.id),
      ],
    });
  });

  it('keeps a pack without a price, and a price per kg without a pack', async () => {
    await w.run(ALICE, 'setPurchase', setPurchase({ prices: [] }));
    expect(await w.get('purchases', FRESH)).toMatchObject({ pack: PAQUET, prices: [] });
    await w.run(
      ALICE,
      'setPurchase',
      setPurchase({
        id: FRESH + 1,
        ingredientId: eggs.id,
        pack: null,
        prices: [price(0.3, Unite.Pieces)],
      }),
    );
    expect(await w.get('purchases', FRESH + 1)).toMatchObject({
      ingredientId: eggs.id,
      pack: null,
      prices: [price(0.3, Unite.Pieces)],
    });
  });

  it('updates the row the user already has, whatever id the change brings', async () => {
    const mine = await w.purchase(ALICE, flour);
    const ctx = w.as(ALICE);
    await runMutation(ctx, 'setPurchase', setPurchase({ prices: [price(1.1, 'pack')] }));
    expect(ctx.claimed).toEqual([]);
    expect(await w.get('purchases', FRESH)).toBeUndefined();
    expect(rowsOf(ALICE)).toEqual([{ ...mine, pack: PAQUET, prices: [price(1.1, 'pack')] }]);
  });

  it('keeps one row when two offline devices each made one for the ingredient', async () => {
    // The phone's change arrives first and makes the row; the laptop's, made offline with its
    // own new id, updates that row instead of making a second one.
    await w.run(ALICE, 'setPurchase', setPurchase({ id: FRESH, prices: [price(1, 'pack')] }));
    await w.run(
      ALICE,
      'setPurchase',
      setPurchase({ id: FRESH + 7, pack: null, prices: [price(2, Unite.Kg)] }),
    );
    expect(rowsOf(ALICE)).toEqual([
      { id: FRESH, owner: ALICE, ingredientId: flour.id, pack: null, prices: [price(2, Unite.Kg)] },
    ]);
  });

  it('removes the row when neither a pack nor a price is left', async () => {
    const mine = await w.purchase(ALICE, flour);
    const other = await w.purchase(ALICE, eggs);
    await w.run(ALICE, 'setPurchase', setPurchase({ id: FRESH, pack: null, prices: [] }));
    expect(await w.get('purchases', mine.id)).toBeUndefined();
    expect(rowsOf(ALICE)).toEqual([other]);
    // Nothing to remove: nothing written, no id claimed.
    const before = w.snapshot();
    const ctx = w.as(ALICE);
    await runMutation(ctx, 'setPurchase', setPurchase({ id: FRESH + 1, pack: null, prices: [] }));
    expect(ctx.claimed).toEqual([]);
    expect(w.snapshot()).toEqual(before);
  });

  it('never touches another user’s row for the same ingredient', async () => {
    const bobs = await w.purchase(BOB, flour, { pack: PAQUET, prices: [price(9, 'pack')] });
    await w.run(ALICE, 'setPurchase', setPurchase({ prices: [price(1.2, 'pack')] }));
    expect(await w.get('purchases', bobs.id)).toEqual(bobs);
    expect(rowsOf(ALICE).map((r) => [r.id, r.ingredientId, r.prices])).toEqual([
      [FRESH, flour.id, [price(1.2, 'pack')]],
    ]);
    // Alice empties hers: Bob's stays.
    await w.run(ALICE, 'setPurchase', setPurchase({ id: FRESH + 1, pack: null, prices: [] }));
    expect(rowsOf(ALICE)).toEqual([]);
    expect(await w.get('purchases', bobs.id)).toEqual(bobs);
    // Bob's row id as Alice's new id: refused, Bob's row as it was.
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({ id: bobs.id }),
      'conflict',
      `L'identifiant ${bobs.id} est déjà utilisé.`,
    );
  });

  it('takes a supplier of another user’s profile, which a stay may use', async () => {
    const bobsSupplier = await w.supplier(await w.profile(BOB), { name: 'Marché' });
    await w.run(ALICE, 'setPurchase', setPurchase({ prices: [price(1, 'pack', bobsSupplier.id)] }));
    expect((await w.get('purchases', FRESH))?.prices).toEqual([price(1, 'pack', bobsSupplier.id)]);
  });

  it('refuses a price per pack without a pack', async () => {
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({ pack: null, prices: [price(2, Unite.Kg, carrefour.id), price(1, 'pack')] }),
      'invalid',
      'Un prix au paquet demande un paquet.',
    );
  });

  it('refuses two default prices, or two prices of one supplier', async () => {
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({ prices: [price(1, 'pack'), price(2, Unite.Kg)] }),
      'invalid',
      'Un ingrédient a un seul prix par défaut.',
    );
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({
        prices: [
          price(1, 'pack', carrefour.id),
          price(1, 'pack'),
          price(2, Unite.Kg, carrefour.id),
        ],
      }),
      'invalid',
      'Un ingrédient a un seul prix par fournisseur.',
    );
  });

  it('refuses an unknown supplier or ingredient', async () => {
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({ prices: [price(1, 'pack', 99_999)] }),
      'not_found',
      "Ce fournisseur n'existe pas ou n'est plus disponible.",
    );
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({ ingredientId: 99_999 }),
      'not_found',
      "Cet ingrédient n'existe pas ou n'est plus disponible.",
    );
    // A deleted ingredient is unknown too: no new price for it...
    const left = await w.purchase(ALICE, eggs);
    await w.store.delete('ingredients', eggs.id);
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({ ingredientId: eggs.id, prices: [price(2, Unite.Kg)] }),
      'not_found',
      "Cet ingrédient n'existe pas ou n'est plus disponible.",
    );
    expect(await w.get('purchases', left.id)).toEqual(left);
    // ...but the user may still remove the row it left behind.
    await w.run(
      ALICE,
      'setPurchase',
      setPurchase({ ingredientId: eggs.id, pack: null, prices: [] }),
    );
    expect(await w.get('purchases', left.id)).toBeUndefined();
  });

  it('refuses a date that does not exist or is not a date', async () => {
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({ prices: [{ ...price(1, 'pack'), date: '2026-02-30' }] }),
      'invalid',
      "La date « 2026-02-30 » n'existe pas.",
    );
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({ prices: [{ ...price(1, 'pack'), date: '15/06/2024' }] }),
      'invalid',
      fieldMessage('prices.0.date'),
    );
  });

  it('refuses an empty pack name and malformed packs and prices', async () => {
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({ pack: { ...PAQUET, name: '   ' } }),
      'invalid',
      'Le nom du paquet ne peut pas être vide.',
    );
    // A pack may be null: the schema names the whole field for a bad pack.
    const bad: [unknown, string][] = [
      [{ pack: { ...PAQUET, size: 0 } }, 'pack'],
      [{ pack: { ...PAQUET, unite: 5 } }, 'pack'],
      [{ prices: [{ ...price(1, 'pack'), amount: -1 }] }, 'prices.0.amount'],
      [{ prices: [price(1, 'pack', -1)] }, 'prices.0.supplierId'],
      [{ prices: [{ ...price(1, 'pack'), per: 'kg' }] }, 'prices.0.per'],
    ];
    for (const [over, field] of bad) {
      await expectRefusal(
        ALICE,
        'setPurchase',
        { ...setPurchase(), ...(over as object) },
        'invalid',
        fieldMessage(field),
      );
    }
    const tooMany = Array.from({ length: MAX_PRICES_PER_INGREDIENT + 1 }, (_, i) =>
      price(1, 'pack', i + 1),
    );
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase({ prices: tooMany }),
      'invalid',
      fieldMessage('prices'),
    );
  });

  it(`refuses a new ingredient past ${MAX_PURCHASES_PER_USER} rows of the user`, async () => {
    for (let i = 0; i < MAX_PURCHASES_PER_USER; i++) {
      await w.store.put('purchases', {
        id: 100_000 + i,
        owner: ALICE,
        ingredientId: 200_000 + i,
        pack: null,
        prices: [price(1, Unite.Kg)],
      });
    }
    await expectRefusal(
      ALICE,
      'setPurchase',
      setPurchase(),
      'invalid',
      `Les prix et paquets ne peuvent pas concerner plus de ${MAX_PURCHASES_PER_USER} ingrédients.`,
    );
    // A row she has may still change, and the limit is hers alone.
    await w.store.put('purchases', {
      id: 100_000,
      owner: ALICE,
      ingredientId: eggs.id,
      pack: null,
      prices: [],
    });
    await w.run(ALICE, 'setPurchase', setPurchase({ ingredientId: eggs.id }));
    expect(await w.get('purchases', 100_000)).toMatchObject({ pack: PAQUET });
    await w.run(BOB, 'setPurchase', setPurchase());
    expect(await w.get('purchases', FRESH)).toMatchObject({ owner: BOB, ingredientId: flour.id });
  });
});

describe('setStayBudget', () => {
  let stay: Stay;
  beforeEach(async () => {
    stay = await w.stay(ALICE, { name: 'Colo' });
  });

  it('sets a budget per person and per day, and removes it', async () => {
    await w.run(ALICE, 'setStayBudget', { stayId: stay.id, budget: 5 });
    expect(await w.get('stays', stay.id)).toEqual({ ...stay, budget: 5 });
    await w.run(ALICE, 'setStayBudget', { stayId: stay.id, budget: 4.75 });
    expect((await w.get('stays', stay.id))?.budget).toBe(4.75);
    await w.run(ALICE, 'setStayBudget', { stayId: stay.id, budget: 10_000 });
    expect((await w.get('stays', stay.id))?.budget).toBe(10_000);
    await w.run(ALICE, 'setStayBudget', { stayId: stay.id, budget: null });
    expect(await w.get('stays', stay.id)).toEqual({ ...stay, budget: null });
  });

  it('is refused on another user’s stay or an unknown one', async () => {
    const bobs = await w.stay(BOB, { budget: 7 });
    await expectRefusal(
      ALICE,
      'setStayBudget',
      { stayId: bobs.id, budget: 5 },
      'not_found',
      "Ce séjour n'existe pas ou n'est plus disponible.",
    );
    await expectRefusal(
      ALICE,
      'setStayBudget',
      { stayId: 99_999, budget: 5 },
      'not_found',
      "Ce séjour n'existe pas ou n'est plus disponible.",
    );
  });

  it('refuses a budget of nothing, below nothing, past 10 000 € or not a number', async () => {
    for (const budget of [0, -5, 10_000.01, '5', Number.NaN]) {
      await expectRefusal(
        ALICE,
        'setStayBudget',
        { stayId: stay.id, budget },
        'invalid',
        fieldMessage('budget'),
      );
    }
  });
});
