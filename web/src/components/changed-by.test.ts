import { beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, World } from '@popote/domain/testing';
import type { Id, Meal, Stay, StayJournalEntry } from '@popote/domain';
import { changedByText, lastChangeOf } from './changed-by';

let w: World;
let stay: Stay;
let meal: Meal;
let nextId = 7000;

beforeEach(async () => {
  w = await World.create();
  stay = await w.stay(ALICE);
  meal = await w.meal(stay);
});

async function entry(userId: Id, at: string, target: StayJournalEntry['target']): Promise<void> {
  await w.store.put('stayJournal', {
    id: nextId++,
    stayId: stay.id,
    owner: ALICE,
    userId,
    at,
    name: 'updateMeal',
    args: null,
    target,
  });
}

describe('lastChangeOf', () => {
  it('is null when the journal holds nothing on the rows', async () => {
    const favourite = await w.menu(ALICE);
    expect(await lastChangeOf(w.store, [{ table: 'menus', id: favourite.id }])).toBeNull();
    expect(await lastChangeOf(w.store, [])).toBeNull();
  });

  it('names the newest change of a meal and its own menu', async () => {
    const mealRow = { table: 'meals', id: meal.id } as const;
    const menuRow = { table: 'menus', id: meal.menuId } as const;
    await entry(ALICE, '2024-07-01T10:00:00.000Z', mealRow);
    await entry(BOB, '2024-07-01T10:05:00.000Z', menuRow);
    await entry(ALICE, '2024-07-01T10:02:00.000Z', { table: 'stays', id: stay.id });
    expect(await lastChangeOf(w.store, [mealRow, menuRow])).toEqual({
      userId: BOB,
      pseudo: 'Bob',
      at: '2024-07-01T10:05:00.000Z',
    });
    expect(await lastChangeOf(w.store, [mealRow])).toEqual({
      userId: ALICE,
      pseudo: 'Alice',
      at: '2024-07-01T10:00:00.000Z',
    });
  });

  it('leaves the pseudonym null when the device does not hold it', async () => {
    await entry(42, '2024-07-01T10:00:00.000Z', { table: 'meals', id: meal.id });
    expect((await lastChangeOf(w.store, [{ table: 'meals', id: meal.id }]))?.pseudo).toBeNull();
  });
});

describe('changedByText', () => {
  const at = '2024-07-01T10:00:00.000Z';
  const now = Date.parse(at);

  it('says who and how long ago', () => {
    const change = { userId: BOB, pseudo: 'Bob', at };
    expect(changedByText(change, now + 5 * 60_000, '?')).toBe('modifié par Bob, il y a 5 min');
    expect(changedByText(change, now + 30_000, '?')).toBe("modifié par Bob, à l'instant");
    expect(changedByText(change, now + 3 * 3600_000, '?')).toBe('modifié par Bob, il y a 3 h');
  });

  it('names an unknown author with the given words', () => {
    expect(
      changedByText({ userId: 42, pseudo: null, at }, now + 60_000, 'Utilisateur inconnu'),
    ).toBe('modifié par Utilisateur inconnu, il y a 1 min');
  });
});
