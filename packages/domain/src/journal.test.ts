import { beforeEach, describe, expect, it } from 'vitest';
import { ALICE, FRESH, NOW, World } from '../test/mutators-world.js';
import type { Meal, Stay } from './entities.js';
import { JOURNAL_ARGS_BYTES, journalArgs, journalOverflow, journalPlace } from './journal.js';
import { changedBy, formatAgo, lastEntryOf, stayJournal } from './journal-entries.js';
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

describe('reading a journal', () => {
  const entry = (id: number, userId: number, target: { table: 'meals'; id: number } | null) => ({
    id,
    stayId: stay.id,
    owner: ALICE,
    userId,
    at: NOW,
    name: 'updateMeal',
    args: {},
    target,
  });

  it("gives a stay's entries newest first, one member's alone, and a row's last change", async () => {
    await w.store.put('stayJournal', entry(901, ALICE, { table: 'meals', id: meal.id }));
    await w.store.put('stayJournal', entry(903, 3, { table: 'meals', id: meal.id }));
    await w.store.put('stayJournal', entry(902, ALICE, null));
    expect((await stayJournal(w.store, stay.id)).map((e) => e.id)).toEqual([903, 902, 901]);
    expect((await stayJournal(w.store, stay.id, ALICE)).map((e) => e.id)).toEqual([902, 901]);
    expect((await lastEntryOf(w.store, 'meals', meal.id))?.userId).toBe(3);
    expect(await lastEntryOf(w.store, 'meals', 424_242)).toBeNull();
  });

  it('says how long ago in French', () => {
    const at = Date.parse('2026-07-03T12:00:00.000Z');
    const iso = new Date(at).toISOString();
    expect(formatAgo(iso, at + 20_000)).toBe("à l'instant");
    expect(formatAgo(iso, at + 5 * 60_000)).toBe('il y a 5 min');
    expect(formatAgo(iso, at + 3 * 3600_000 + 59_000)).toBe('il y a 3 h');
    expect(formatAgo(iso, at + 30 * 3600_000, 120)).toBe('le 3 juillet 2026 à 14:00');
    expect(formatAgo('pas une date', at)).toBe('date inconnue');
    expect(changedBy('Carol', iso, at + 5 * 60_000)).toBe('modifié par Carol, il y a 5 min');
  });
});
