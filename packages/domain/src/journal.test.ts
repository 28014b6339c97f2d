import { beforeEach, describe, expect, it } from 'vitest';
import { ALICE, FRESH, NOW, World } from '../test/mutators-world.js';
import type { Meal, Stay } from './entities.js';
import { JOURNAL_ARGS_BYTES, journalArgs, journalOverflow, journalPlace } from './journal.js';
import { JOURNAL_KEPT } from './limits.js';

let w: World;
let stay: Stay;
let meal: Meal;

beforeEach(async () => {
  w = await World.create();
  stay = await w.stay(ALICE);
  meal = await w.meal(stay);
});

describe('journalPlace', () => {
  it("places a stay's change in its journal, on the row it was made on", async () => {
    expect(await journalPlace(w.store, 'updateMeal', { id: meal.id, additionalPeople: 2 })).toEqual(
      {
        stayId: stay.id,
        target: { table: 'meals', id: meal.id },
      },
    );
    expect(await journalPlace(w.store, 'createMeal', { stayId: stay.id, id: FRESH })).toEqual({
      stayId: stay.id,
      target: { table: 'stays', id: stay.id },
    });
    // A meal's own menu is the stay's; a favourite is its owner's library.
    expect(await journalPlace(w.store, 'addMenuRecipe', { menuId: meal.menuId })).toEqual({
      stayId: stay.id,
      target: { table: 'menus', id: meal.menuId },
    });
    const favourite = await w.menu(ALICE, { isFavorite: true });
    expect(await journalPlace(w.store, 'addMenuRecipe', { menuId: favourite.id })).toBeNull();
  });

  it("leaves out a library's changes, unknown names, malformed arguments and missing rows", async () => {
    expect(await journalPlace(w.store, 'createRecipe', { id: FRESH, name: 'Tarte' })).toBeNull();
    expect(await journalPlace(w.store, 'someFutureMutation', { id: meal.id })).toBeNull();
    expect(await journalPlace(w.store, 'updateMeal', 'pas un objet')).toBeNull();
    expect(await journalPlace(w.store, 'updateMeal', { id: 'x' })).toBeNull();
    expect(await journalPlace(w.store, 'updateMeal', { id: 987_654 })).toBeNull();
  });

  it('places an undo in the journal of the stay of the first row it puts back', async () => {
    const put = [
      { table: 'recipes', row: { id: 5 } },
      { table: 'meals', row: { ...meal } },
    ];
    expect(await journalPlace(w.store, 'restoreSnapshot', { put, remove: [] })).toEqual({
      stayId: stay.id,
      target: { table: 'meals', id: meal.id },
    });
    expect(await journalPlace(w.store, 'restoreSnapshot', { put: put.slice(0, 1) })).toBeNull();
  });
});

describe('what a journal keeps', () => {
  it("keeps a change's arguments unless they are too large", () => {
    expect(journalArgs({ id: 1, now: NOW })).toEqual({ id: 1, now: NOW });
    expect(journalArgs({ text: 'x'.repeat(JOURNAL_ARGS_BYTES) })).toBeNull();
  });

  it('drops the oldest entries beyond the newest JOURNAL_KEPT', () => {
    const ids = Array.from({ length: JOURNAL_KEPT + 3 }, (_, i) => JOURNAL_KEPT + 3 - i);
    expect(journalOverflow(ids)).toEqual([1, 2, 3]);
    expect(journalOverflow(ids.slice(0, JOURNAL_KEPT))).toEqual([]);
  });
});
