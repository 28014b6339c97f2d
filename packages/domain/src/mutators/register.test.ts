import { beforeEach, describe, expect, it } from 'vitest';
import type { Ingredient, Meal, RegisterDelivery, Stay } from '../entities.js';
import { Horaire, Unite } from '../enums.js';
import { runUndoable } from '../undo.js';
import { ALICE, BOB, CAROL, FRESH, LATER, World, shopLine } from '../../test/mutators-world.js';
import {
  ALREADY_IN_LARDER,
  REFUSAL_NEEDS_REASON,
  REFUSED_NOT_STORED,
  SAMPLE_ALREADY_TAKEN,
} from './register.js';
import { RESTORE_REWRITES_AUTHOR } from './restore.js';

let w: World;
let stay: Stay;
let lunch: Meal;
let milk: Ingredient;

const delivery = (over: Partial<RegisterDelivery> = {}) => ({
  id: FRESH,
  stayId: stay.id,
  day: 1,
  time: '09:15',
  supplier: ' Ferme des Prés ',
  ingredientId: milk.id,
  val: 6,
  unite: Unite.L,
  lot: ' L2607 ',
  dateKind: 'dlc' as const,
  date: '2026-07-10',
  storage: 'chilled' as const,
  temperature: 3.5,
  accepted: true,
  reason: '',
  ...over,
});

beforeEach(async () => {
  w = await World.create();
  stay = await w.stay(ALICE, { start: '2026-07-06' });
  lunch = await w.meal(stay, { day: 1, slot: Horaire.Midi });
  milk = await w.ingredient(null, { name: 'Lait' });
  // Bob cooks ('Cuisine'), Carol only reads ('Lecture').
  await w.member(stay, BOB, 'keep');
  await w.member(stay, CAROL, 'read');
});

describe("the kitchen's register", () => {
  it('records a sample of a meal, by the account that took it, once', async () => {
    await w.run(BOB, 'takeSample', {
      id: FRESH,
      mealId: lunch.id,
      time: '12:40',
      dishes: [' Lasagnes ', '', 'Salade'],
    });
    expect(await w.get('register', FRESH)).toEqual({
      id: FRESH,
      stayId: stay.id,
      owner: ALICE,
      kind: 'sample',
      mealId: lunch.id,
      day: 1,
      slot: Horaire.Midi,
      time: '12:40',
      by: BOB,
      dishes: ['Lasagnes', 'Salade'],
      discarded: null,
    });
    const twice = await w.refusal(ALICE, 'takeSample', {
      id: FRESH + 1,
      mealId: lunch.id,
      time: '12:45',
      dishes: [],
    });
    expect(twice.error.message).toBe(SAMPLE_ALREADY_TAKEN);
    expect(twice.after).toEqual(twice.before);
    // A 'Lecture' member records nothing.
    const reader = await w.refusal(CAROL, 'discardSample', { id: FRESH, at: LATER });
    expect(reader.error.code).toBe('forbidden');

    // Thrown away, with 'Annuler'.
    const undo = await runUndoable(w.store, BOB, 'discardSample', { id: FRESH, at: LATER }, () =>
      w.run(BOB, 'discardSample', { id: FRESH, at: LATER }),
    );
    expect(await w.get('register', FRESH)).toMatchObject({ discarded: LATER });
    await w.run(BOB, 'restoreSnapshot', undo!);
    expect(await w.get('register', FRESH)).toMatchObject({ discarded: null });
  });

  it('records readings, their corrective action, and their changes with an undo', async () => {
    await w.run(BOB, 'addReading', {
      id: FRESH,
      stayId: stay.id,
      unit: 'refrigerateur',
      day: 1,
      time: '08:05',
      value: 7.5,
      note: ' porte ouverte ',
      action: '',
    });
    expect(await w.get('register', FRESH)).toMatchObject({
      kind: 'reading',
      by: BOB,
      value: 7.5,
      note: 'porte ouverte',
      action: '',
    });
    const before = await w.get('register', FRESH);
    const undo = await runUndoable(
      w.store,
      ALICE,
      'updateReading',
      { id: FRESH, action: 'Denrées jetées, thermostat réglé' },
      () =>
        w.run(ALICE, 'updateReading', { id: FRESH, action: 'Denrées jetées, thermostat réglé' }),
    );
    // The change keeps who recorded it (its author is in the stay's journal).
    expect(await w.get('register', FRESH)).toMatchObject({
      by: BOB,
      value: 7.5,
      action: 'Denrées jetées, thermostat réglé',
    });
    await w.run(ALICE, 'restoreSnapshot', undo!);
    expect(await w.get('register', FRESH)).toEqual(before);
    // Deleted, then back with 'Annuler'.
    const undoDelete = await runUndoable(w.store, BOB, 'deleteRegisterEntry', { id: FRESH }, () =>
      w.run(BOB, 'deleteRegisterEntry', { id: FRESH }),
    );
    expect(await w.get('register', FRESH)).toBeUndefined();
    await w.run(BOB, 'restoreSnapshot', undoDelete!);
    expect(await w.get('register', FRESH)).toEqual(before);
    // A reading is not a delivery.
    const wrong = await w.refusal(BOB, 'updateDelivery', { id: FRESH, lot: 'X' });
    expect(wrong.error.code).toBe('invalid');
  });

  it('sets the cold units, refusing a range upside down or two units with one key', async () => {
    const units = [
      { key: 'cf', name: ' Chambre froide ', min: 0, max: 3, checks: ['matin' as const] },
    ];
    await w.run(BOB, 'setColdUnits', { stayId: stay.id, units });
    expect((await w.get('stays', stay.id))?.coldUnits).toEqual([
      { key: 'cf', name: 'Chambre froide', min: 0, max: 3, checks: ['matin'] },
    ]);
    const upside = await w.refusal(BOB, 'setColdUnits', {
      stayId: stay.id,
      units: [{ ...units[0]!, min: 5 }],
    });
    expect(upside.error.message).toBe(
      'La température minimale de « Chambre froide » dépasse sa maximale.',
    );
    const twice = await w.refusal(BOB, 'setColdUnits', {
      stayId: stay.id,
      units: [units[0]!, units[0]!],
    });
    expect(twice.error.code).toBe('invalid');
    // Renaming the stay later keeps its units.
    await w.run(ALICE, 'updateStay', { id: stay.id, name: 'Colo du lac' });
    expect((await w.get('stays', stay.id))?.coldUnits).toHaveLength(1);
  });

  it('records a delivery, refused ones with their reason, and puts it in the larder with its date and lot', async () => {
    const noReason = await w.refusal(BOB, 'addDelivery', delivery({ accepted: false }));
    expect(noReason.error.message).toBe(REFUSAL_NEEDS_REASON);
    await w.run(BOB, 'addDelivery', delivery());
    expect(await w.get('register', FRESH)).toMatchObject({
      kind: 'delivery',
      by: BOB,
      product: 'Lait',
      supplier: 'Ferme des Prés',
      lot: 'L2607',
      stockId: null,
    });
    await w.run(BOB, 'storeDelivery', { id: FRESH, stockId: FRESH + 1 });
    expect(await w.get('stock', FRESH + 1)).toEqual({
      id: FRESH + 1,
      stayId: stay.id,
      owner: ALICE,
      ingredientId: milk.id,
      unite: Unite.L,
      val: 6,
      useBy: '2026-07-10',
      dateKind: 'dlc',
      lot: 'L2607',
    });
    expect(await w.get('register', FRESH)).toMatchObject({ stockId: FRESH + 1 });
    const again = await w.refusal(BOB, 'storeDelivery', { id: FRESH, stockId: FRESH + 2 });
    expect(again.error.message).toBe(ALREADY_IN_LARDER);

    await w.run(BOB, 'addDelivery', {
      ...delivery({ id: FRESH + 3, accepted: false, reason: ' Chaîne du froid rompue ' }),
    });
    expect(await w.get('register', FRESH + 3)).toMatchObject({
      accepted: false,
      reason: 'Chaîne du froid rompue',
    });
    const refused = await w.refusal(BOB, 'storeDelivery', { id: FRESH + 3, stockId: FRESH + 4 });
    expect(refused.error.message).toBe(REFUSED_NOT_STORED);
    // Accepted after all: the reason goes.
    await w.run(BOB, 'updateDelivery', { id: FRESH + 3, accepted: true });
    expect(await w.get('register', FRESH + 3)).toMatchObject({ accepted: true, reason: '' });
  });

  it('keeps a larder entry apart when it has a date: purchases join only undated entries', async () => {
    await w.run(BOB, 'addStock', {
      id: FRESH,
      stayId: stay.id,
      ingredientId: milk.id,
      unite: Unite.L,
      val: 2,
      useBy: '2026-07-08',
      lot: ' A1 ',
    });
    expect(await w.get('stock', FRESH)).toMatchObject({
      useBy: '2026-07-08',
      dateKind: 'dlc',
      lot: 'A1',
    });
    await w.run(BOB, 'updateStock', { id: FRESH, useBy: null });
    const undated = await w.get('stock', FRESH);
    expect(undated && 'useBy' in undated).toBe(false);
    expect(undated).toMatchObject({ lot: 'A1', val: 2 });
    await w.run(BOB, 'updateStock', { id: FRESH, useBy: '2026-07-09', dateKind: 'ddm' });
    expect(await w.get('stock', FRESH)).toMatchObject({ useBy: '2026-07-09', dateKind: 'ddm' });

    // Purchases put away join an undated entry of their unit, never a dated one.
    await w.run(BOB, 'addStock', {
      id: FRESH + 1,
      stayId: stay.id,
      ingredientId: milk.id,
      unite: Unite.G,
      val: 500,
      useBy: '2026-07-08',
    });
    const list = await w.shopList(stay, { items: [shopLine(milk, { checked: true })] });
    await w.run(BOB, 'addPurchasesToStock', {
      id: list.id,
      keys: [String(milk.id)],
      ids: { first: FRESH + 2, count: 3 },
    });
    expect(await w.get('stock', FRESH + 1)).toMatchObject({ val: 500, useBy: '2026-07-08' });
    expect(await w.get('stock', FRESH + 2)).toMatchObject({ unite: Unite.G, val: 1000 });
    expect(await w.get('stock', FRESH + 2)).not.toHaveProperty('useBy');
  });

  it('deletes the register with its stay, and brings it back with the undo', async () => {
    await w.registerEntry(stay, {}, lunch);
    await w.registerEntry(stay);
    const before = w.snapshot();
    const undo = await runUndoable(w.store, ALICE, 'deleteStay', { id: stay.id }, () =>
      w.run(ALICE, 'deleteStay', { id: stay.id }),
    );
    expect(w.snapshot().register).toEqual([]);
    await w.run(ALICE, 'restoreSnapshot', undo!);
    expect(w.snapshot().register).toEqual(before.register);
  });
});

describe('an undo of a register change', () => {
  it('never changes who recorded the entry', async () => {
    const entry = await w.registerEntry(stay, { by: BOB });
    const refused = await w.refusal(BOB, 'restoreSnapshot', {
      put: [{ table: 'register', row: { ...entry, by: ALICE } }],
      remove: [],
    });
    expect(refused.error.message).toBe(RESTORE_REWRITES_AUTHOR);
    expect(refused.after).toEqual(refused.before);
  });
});
