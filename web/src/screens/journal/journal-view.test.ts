import { beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL, World } from '@popote/domain/testing';
import type { Id, Meal, Stay, StayJournalEntry } from '@popote/domain';
import {
  ALL_MEMBERS,
  entryWords,
  memberChoices,
  memberFromParam,
  readJournal,
} from './journal-view';

let w: World;
let stay: Stay;
let meal: Meal;
let nextId = 5000;

beforeEach(async () => {
  w = await World.create();
  stay = await w.stay(ALICE, { name: 'Colo' });
  meal = await w.meal(stay, { day: 0, slot: 1 });
});

/** An entry of the stay's journal, `minutes` after 10:00 on 1 July 2024. */
async function entry(
  userId: Id,
  minutes: number,
  over: Partial<StayJournalEntry> = {},
): Promise<StayJournalEntry> {
  const row: StayJournalEntry = {
    id: nextId++,
    stayId: stay.id,
    owner: ALICE,
    userId,
    at: new Date(Date.UTC(2024, 6, 1, 10, minutes)).toISOString(),
    name: 'updateMeal',
    args: { id: meal.id, additionalPeople: 2 },
    target: { table: 'meals', id: meal.id },
    ...over,
  };
  await w.store.put('stayJournal', row);
  return row;
}

describe("an entry's sentence", () => {
  it('is the sentence of a refused change, naming the meal', async () => {
    expect(await entryWords(w.store, { name: 'deleteMeal', args: { id: meal.id } })).toBe(
      'Suppression du repas de midi du lundi 1er juillet 2024 (séjour « Colo »)',
    );
  });

  it("is the mutation's label when its arguments were not kept", async () => {
    expect(await entryWords(w.store, { name: 'updateMeal', args: null })).toBe(
      "Modification d'un repas",
    );
  });

  it('names a change of a newer app plainly', async () => {
    expect(await entryWords(w.store, { name: 'someFutureMutation', args: null })).toBe(
      'Modification non décrite (someFutureMutation)',
    );
  });
});

describe('readJournal', () => {
  it("lists the stay's entries newest first, with who and when", async () => {
    const first = await entry(ALICE, 0, { name: 'deleteMeal', args: { id: meal.id } });
    const second = await entry(BOB, 5, { args: null });
    // Another stay's entry is not this journal's.
    const other = await w.stay(BOB);
    await entry(BOB, 7, { stayId: other.id, owner: BOB });

    const view = await readJournal(w.store, stay.id, null, 100);
    expect(view.total).toBe(2);
    expect(view.lines).toEqual([
      {
        id: second.id,
        userId: BOB,
        pseudo: 'Bob',
        at: '2024-07-01T10:05:00.000Z',
        words: "Modification d'un repas",
      },
      {
        id: first.id,
        userId: ALICE,
        pseudo: 'Alice',
        at: '2024-07-01T10:00:00.000Z',
        words: 'Suppression du repas de midi du lundi 1er juillet 2024 (séjour « Colo »)',
      },
    ]);
    expect(view.authors).toEqual([
      { userId: BOB, pseudo: 'Bob' },
      { userId: ALICE, pseudo: 'Alice' },
    ]);
  });

  it("keeps one member's entries, and still names every author", async () => {
    await entry(ALICE, 0);
    const bobs = await entry(BOB, 1);
    await entry(CAROL, 2);
    const view = await readJournal(w.store, stay.id, BOB, 100);
    expect(view.total).toBe(1);
    expect(view.lines.map((l) => l.id)).toEqual([bobs.id]);
    expect(view.authors.map((a) => a.userId)).toEqual([CAROL, BOB, ALICE]);
  });

  it('describes only the entries shown, and counts them all', async () => {
    for (let n = 0; n < 250; n++) await entry(n % 2 === 0 ? ALICE : BOB, n, { args: null });
    const first = await readJournal(w.store, stay.id, null, 100);
    expect(first.total).toBe(250);
    expect(first.lines).toHaveLength(100);
    expect(first.lines[0]!.at).toBe(new Date(Date.UTC(2024, 6, 1, 10, 249)).toISOString());
    const more = await readJournal(w.store, stay.id, null, 200);
    expect(more.lines).toHaveLength(200);
    expect(more.lines.slice(0, 100)).toEqual(first.lines);
    expect((await readJournal(w.store, stay.id, BOB, 100)).total).toBe(125);
    expect((await readJournal(w.store, stay.id, null, 0)).lines).toEqual([]);
  });

  it('names an author the device does not know as null', async () => {
    await entry(99, 0);
    const view = await readJournal(w.store, stay.id, null, 10);
    expect(view.lines[0]!.pseudo).toBeNull();
    expect(view.authors).toEqual([{ userId: 99, pseudo: null }]);
  });

  it('reads an empty journal', async () => {
    expect(await readJournal(w.store, stay.id, null, 100)).toEqual({
      total: 0,
      lines: [],
      authors: [],
    });
  });
});

describe("the 'Membre' select", () => {
  const words = {
    all: 'Tous',
    unknown: 'Utilisateur inconnu',
    owner: (p: string) => `${p} (responsable)`,
    former: (p: string) => `${p} (ne fait plus partie de l'équipe)`,
  };

  it('offers everyone, the owner, the members, then former authors', () => {
    expect(
      memberChoices(
        { userId: 1, pseudo: 'Alice' },
        [
          { userId: 2, pseudo: 'Bob' },
          { userId: 3, pseudo: null },
        ],
        [
          { userId: 4, pseudo: 'Dora' },
          { userId: 2, pseudo: 'Bob' },
          { userId: 1, pseudo: 'Alice' },
        ],
        words,
      ),
    ).toEqual([
      { value: ALL_MEMBERS, label: 'Tous' },
      { value: '1', label: 'Alice (responsable)' },
      { value: '2', label: 'Bob' },
      { value: '3', label: 'Utilisateur inconnu' },
      { value: '4', label: "Dora (ne fait plus partie de l'équipe)" },
    ]);
  });

  it('reads the member kept in the address', () => {
    expect(memberFromParam('12')).toBe(12);
    expect(memberFromParam(null)).toBeNull();
    expect(memberFromParam('')).toBeNull();
    expect(memberFromParam('tous')).toBeNull();
    expect(memberFromParam('0')).toBeNull();
    expect(memberFromParam('-3')).toBeNull();
    expect(memberFromParam('1.5')).toBeNull();
    expect(memberFromParam('99999999999999999999')).toBeNull();
  });
});
