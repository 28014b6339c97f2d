/** The synced schema's declarations: what a device of each version is sent, how old changes run. */
import { describe, expect, it } from 'vitest';
import {
  fieldsUnknownTo,
  knowsTable,
  MUTATION_UPGRADES,
  RETIRED_MUTATIONS,
  rowJsonFor,
  SYNC_SCHEMA,
  tablesNewTo,
  upgradeMutation,
  type MutationUpgrade,
  type UpgradeReads,
} from './versions.js';

const NO_ROWS: UpgradeReads = { get: async () => undefined };

/** Declarations of a future schema 4, as a later version would write them. */
const FIELDS = { meals: { notes: 3, cook: 4 }, stays: { colour: 4 } } as const;

describe('tables and fields by version', () => {
  it('knows the tables of each schema', async () => {
    expect(knowsTable(undefined, 'stays')).toBe(true);
    expect(knowsTable(undefined, 'stayMembers')).toBe(false);
    expect(knowsTable(1, 'stayJournal')).toBe(false);
    expect(knowsTable(2, 'stayJournal')).toBe(true);
    expect(knowsTable(SYNC_SCHEMA, 'stayInvitations')).toBe(true);
  });

  it('lists the fields a device does not know yet', async () => {
    expect(fieldsUnknownTo(undefined, 'meals', FIELDS)).toEqual(['notes', 'cook']);
    expect(fieldsUnknownTo(3, 'meals', FIELDS)).toEqual(['cook']);
    expect(fieldsUnknownTo(4, 'meals', FIELDS)).toEqual([]);
    expect(fieldsUnknownTo(1, 'groups', FIELDS)).toEqual([]);
  });

  it('sends a row without the fields the device does not know, as stored otherwise', async () => {
    const meal = '{"id":5,"day":0,"notes":"sans sel","cook":"Anne"}';
    expect(JSON.parse(rowJsonFor(3, 'meals', meal, FIELDS))).toEqual({
      id: 5,
      day: 0,
      notes: 'sans sel',
    });
    expect(JSON.parse(rowJsonFor(2, 'meals', meal, FIELDS))).toEqual({ id: 5, day: 0 });
    // Untouched (not even parsed) when nothing is held back.
    expect(rowJsonFor(4, 'meals', meal, FIELDS)).toBe(meal);
    expect(rowJsonFor(1, 'groups', '{"id":1}', FIELDS)).toBe('{"id":1}');
  });

  it('names the tables a catch-up sends after an update', async () => {
    const tables = ['stays', 'meals', 'groups', 'stayMembers'] as const;
    expect(tablesNewTo(1, 2, tables, {})).toEqual(['stayMembers']);
    expect(tablesNewTo(2, 4, tables, FIELDS)).toEqual(['stays', 'meals']);
    expect(tablesNewTo(3, 4, tables, FIELDS)).toEqual(['stays', 'meals']);
    expect(tablesNewTo(4, 4, tables, FIELDS)).toEqual([]);
  });
});

describe('changes recorded by an older app', () => {
  const rules: MutationUpgrade[] = [
    {
      name: 'setMealCook',
      since: 4,
      why: 'the cook became a member id',
      upgrade: (args) => {
        const a = args as { id: number; cook?: string; cookId?: number };
        if (a.cookId !== undefined) return { name: 'setMealCook', args: a };
        return { name: 'setMealCook', args: { id: a.id, cookId: 0 } };
      },
    },
    {
      name: 'renameMeal',
      since: 3,
      why: 'renamed',
      upgrade: (args) => ({ name: 'setMealCook', args: { ...(args as object), cook: 'x' } }),
    },
    {
      name: 'dropMe',
      since: 3,
      why: 'gone',
      upgrade: () => ({ refused: 'Cette modification ne se fait plus ainsi.' }),
    },
  ];

  it('runs every rule of the schemas since the one it was recorded under, in order', async () => {
    // renameMeal (since 3) becomes setMealCook, which the rule of schema 4 then reshapes.
    expect(
      await upgradeMutation({ name: 'renameMeal', args: { id: 1 } }, 2, NO_ROWS, rules),
    ).toEqual({
      name: 'setMealCook',
      args: { id: 1, cookId: 0 },
    });
    expect(
      await upgradeMutation({ name: 'setMealCook', args: { id: 1, cook: 'A' } }, 3, NO_ROWS, rules),
    ).toEqual({
      name: 'setMealCook',
      args: { id: 1, cookId: 0 },
    });
  });

  it('leaves a change of the current shape as it is', async () => {
    const current = { name: 'setMealCook', args: { id: 1, cookId: 9 } };
    expect(await upgradeMutation(current, 4, NO_ROWS, rules)).toEqual(current);
    // A rule also accepts the new shape under a misreported schema.
    expect(await upgradeMutation(current, 1, NO_ROWS, rules)).toEqual(current);
    expect(await upgradeMutation({ name: 'other', args: 1 }, undefined, NO_ROWS, rules)).toEqual({
      name: 'other',
      args: 1,
    });
  });

  it('refuses, with its reason, what no rule can carry over', async () => {
    expect(await upgradeMutation({ name: 'dropMe', args: {} }, 2, NO_ROWS, rules)).toEqual({
      refused: 'Cette modification ne se fait plus ainsi.',
    });
    expect(await upgradeMutation({ name: 'dropMe', args: {} }, 3, NO_ROWS, rules)).toEqual({
      name: 'dropMe',
      args: {},
    });
    expect(await upgradeMutation({ name: 'addStayMember', args: {} }, 2, NO_ROWS)).toEqual({
      refused: RETIRED_MUTATIONS.addStayMember,
    });
  });

  it("names the lines an older app's 'Ranger les achats' put away: those ticked and not yet put away", async () => {
    const line = (key: string, checked: boolean, stored: boolean) => ({ key, checked, stored });
    const list = {
      id: 8,
      items: [line('a', true, false), line('b', false, false), line('c', true, true)],
    };
    const read = {
      get: async (_table: string, id: number) => (id === 8 ? list : undefined),
    } as unknown as UpgradeReads;
    const ids = { first: 100, count: 3 };
    expect(
      await upgradeMutation({ name: 'addPurchasesToStock', args: { id: 8, ids } }, 1, read),
    ).toEqual({
      name: 'addPurchasesToStock',
      args: { id: 8, ids, keys: ['a'] },
    });
    // Recorded with its keys (a later app of the same schema): as it is.
    const keyed = { id: 8, ids, keys: ['c'] };
    expect(await upgradeMutation({ name: 'addPurchasesToStock', args: keyed }, 1, read)).toEqual({
      name: 'addPurchasesToStock',
      args: keyed,
    });
    // A list gone meanwhile: no line named (the mutator then refuses it for the list).
    expect(
      await upgradeMutation({ name: 'addPurchasesToStock', args: { id: 9, ids } }, 1, read),
    ).toEqual({
      name: 'addPurchasesToStock',
      args: { id: 9, ids, keys: [] },
    });
  });

  it('declares each rule for a schema this build knows', async () => {
    for (const rule of MUTATION_UPGRADES) {
      expect(rule.since).toBeGreaterThan(1);
      expect(rule.since).toBeLessThanOrEqual(SYNC_SCHEMA);
    }
  });
});
