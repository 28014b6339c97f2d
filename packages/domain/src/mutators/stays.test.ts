import { beforeEach, describe, expect, it } from 'vitest';
import { Horaire, Plat, Unite } from '../enums.js';
import { MAX_GROUPS_PER_STAY } from '../limits.js';
import { runMutation } from './index.js';
import { ALICE, BOB, FRESH, LATER, World } from '../../test/mutators-world.js';

let w: World;
beforeEach(async () => {
  w = await World.create();
});

describe('createStay', () => {
  it('creates an empty stay owned by the user, name trimmed', async () => {
    await w.run(ALICE, 'createStay', { id: FRESH, name: '  Camp été ', start: '2024-07-01' });
    expect(await w.get('stays', FRESH)).toEqual({
      id: FRESH,
      owner: ALICE,
      name: 'Camp été',
      start: '2024-07-01',
      profileId: null,
      exportSecret: null,
    });
  });

  it('accepts an empty name (a blank stay)', async () => {
    await w.run(ALICE, 'createStay', { id: FRESH, name: '', start: '2024-07-01' });
    expect((await w.get('stays', FRESH))?.name).toBe('');
  });

  it('claims its id and refuses one already used', async () => {
    const ctx = w.as(ALICE);
    await runMutation(ctx, 'createStay', { id: FRESH, name: 'A', start: '2024-07-01' });
    expect(ctx.claimed).toEqual([{ table: 'stays', id: FRESH }]);
    const { error, before, after } = await w.refusal(BOB, 'createStay', {
      id: FRESH,
      name: 'B',
      start: '2024-07-01',
    });
    expect(error.code).toBe('conflict');
    expect(after).toEqual(before);
    expect((await w.get('stays', FRESH))?.owner).toBe(ALICE);
  });

  // Bug: the schema only checks the shape AAAA-MM-JJ, so an impossible day is stored; every
  // later date computation of the stay (agenda, order, exports) then throws on parseIsoDay.
  it('refuses a start day that does not exist', async () => {
    const { error } = await w.refusal(ALICE, 'createStay', {
      id: FRESH,
      name: 'Camp',
      start: '2023-02-30',
    });
    expect(error.code).toBe('invalid');
  });
});

describe('updateStay', () => {
  it('changes only the fields given', async () => {
    const stay = await w.stay(ALICE, { name: 'Camp', start: '2024-07-01' });
    await w.run(ALICE, 'updateStay', { id: stay.id, name: ' Camp d’hiver ' });
    expect(await w.get('stays', stay.id)).toEqual({ ...stay, name: 'Camp d’hiver' });
    await w.run(ALICE, 'updateStay', { id: stay.id, start: '2025-01-03' });
    expect(await w.get('stays', stay.id)).toEqual({
      ...stay,
      name: 'Camp d’hiver',
      start: '2025-01-03',
    });
  });

  // Same gap as createStay: '2024-13-01' has the right shape and is stored.
  it('refuses a start day that does not exist', async () => {
    const stay = await w.stay(ALICE);
    const { error } = await w.refusal(ALICE, 'updateStay', { id: stay.id, start: '2024-13-01' });
    expect(error.code).toBe('invalid');
  });
});

describe('deleteStay', () => {
  it('deletes groups, meals and private menus, keeping favourite and published menus', async () => {
    const stay = await w.stay(ALICE);
    const other = await w.stay(ALICE);
    const g1 = await w.group(stay);
    const g2 = await w.group(stay);
    const otherGroup = await w.group(other);
    const favourite = await w.menu(ALICE, { isFavorite: true });
    const bobsPublished = await w.menu(BOB, { isFavorite: true, isPublished: true });
    const m1 = await w.meal(stay, { groupIds: [g1.id, g2.id] });
    const m2 = await w.meal(stay, { menuId: favourite.id });
    const m3 = await w.meal(stay, { menuId: bobsPublished.id });
    const kept = await w.meal(other, { groupIds: [otherGroup.id] });

    await w.run(ALICE, 'deleteStay', { id: stay.id });

    expect(w.ids('stays')).toEqual([other.id]);
    expect(w.ids('groups')).toEqual([otherGroup.id]);
    expect(w.ids('meals')).toEqual([kept.id]);
    expect(w.ids('menus')).toEqual(
      [favourite.id, bobsPublished.id, kept.menuId].sort((a, b) => a - b),
    );
    expect(await w.get('menus', m1.menuId)).toBeUndefined();
    expect([m2.id, m3.id].some((id) => w.ids('meals').includes(id))).toBe(false);
  });

  it("refuses another user's stay as missing, writing nothing", async () => {
    const stay = await w.stay(ALICE);
    await w.meal(stay);
    const { error, before, after } = await w.refusal(BOB, 'deleteStay', { id: stay.id });
    expect(error.code).toBe('not_found');
    expect(error.message).toBe("Ce séjour n'existe pas ou n'est plus disponible.");
    expect(after).toEqual(before);
  });
});

describe('duplicateStay', () => {
  async function campWithMeals() {
    const stay = await w.stay(ALICE, {
      name: 'Camp',
      start: '2024-07-01',
      profileId: 77,
      exportSecret: 'abcdefghijklmnopqrstuvwxyz',
    });
    const g1 = await w.group(stay, { name: 'Petits', color: '#112233', size: 8 });
    const g2 = await w.group(stay, { name: 'Grands', color: '#445566', size: 12 });
    const favourite = await w.menu(ALICE, { isFavorite: true });
    const privateMeal = await w.meal(stay, {
      day: 1,
      slot: Horaire.Diner,
      additionalPeople: 2,
      groupIds: [g1.id, g2.id],
    });
    const privateMenu = (await w.get('menus', privateMeal.menuId))!;
    await w.store.put('menus', {
      ...privateMenu,
      ingredients: [
        {
          ingredientId: 500,
          quantity: { val: 2, unite: Unite.Kg, forPeople: 10 },
          plat: Plat.Dessert,
        },
      ],
      recipeIds: [600],
    });
    const favouriteMeal = await w.meal(stay, { day: 2, menuId: favourite.id, groupIds: [g2.id] });
    return { stay, g1, g2, favourite, privateMeal, favouriteMeal };
  }

  it('copies the stay, groups, meals and private menus with ids drawn from the range', async () => {
    const { stay, g1, g2, favourite, privateMeal, favouriteMeal } = await campWithMeals();
    const ctx = w.as(ALICE);
    await runMutation(ctx, 'duplicateStay', {
      id: stay.id,
      ids: { first: FRESH, count: 10 },
      now: LATER,
    });

    // Drawn in order: stay, groups, then per meal its copied private menu and the meal.
    const [S, G1, G2, MENU, MEAL1, MEAL2] = [
      FRESH,
      FRESH + 1,
      FRESH + 2,
      FRESH + 3,
      FRESH + 4,
      FRESH + 5,
    ] as const;
    expect(ctx.claimed).toEqual([
      { table: 'stays', id: S },
      { table: 'groups', id: G1 },
      { table: 'groups', id: G2 },
      { table: 'menus', id: MENU },
      { table: 'meals', id: MEAL1 },
      { table: 'meals', id: MEAL2 },
    ]);
    expect(await w.get('stays', S)).toEqual({
      ...stay,
      id: S,
      name: 'Camp (copie)',
      exportSecret: null,
    });
    expect(await w.get('groups', G1)).toEqual({ ...g1, id: G1, stayId: S });
    expect(await w.get('groups', G2)).toEqual({ ...g2, id: G2, stayId: S });
    expect(await w.get('meals', MEAL1)).toEqual({
      ...privateMeal,
      id: MEAL1,
      stayId: S,
      menuId: MENU,
      groupIds: [G1, G2],
    });
    expect(await w.get('meals', MEAL2)).toEqual({
      ...favouriteMeal,
      id: MEAL2,
      stayId: S,
      menuId: favourite.id,
      groupIds: [G2],
    });
    expect(await w.get('menus', MENU)).toEqual({
      id: MENU,
      owner: ALICE,
      isFavorite: false,
      isPublished: false,
      updated: LATER,
      ingredients: [
        {
          ingredientId: 500,
          quantity: { val: 2, unite: Unite.Kg, forPeople: 10 },
          plat: Plat.Dessert,
        },
      ],
      recipeIds: [600],
    });
    // The original is untouched and the favourite menu was shared, not copied.
    expect(w.ids('menus')).toEqual([favourite.id, privateMeal.menuId, MENU].sort((a, b) => a - b));
    expect(await w.get('stays', stay.id)).toEqual(stay);
  });

  it('refuses too small a range, writing nothing', async () => {
    const { stay } = await campWithMeals();
    const { error, before, after } = await w.refusal(ALICE, 'duplicateStay', {
      id: stay.id,
      ids: { first: FRESH, count: 5 },
      now: LATER,
    });
    expect(error.code).toBe('invalid');
    expect(error.message).toBe("Pas assez d'identifiants réservés pour cette modification.");
    expect(after).toEqual(before);
  });

  it('refuses a range that overlaps ids already used, writing nothing', async () => {
    const { stay } = await campWithMeals();
    // FRESH + 4 would be the first copied meal.
    await w.meal(await w.stay(BOB), { id: FRESH + 4 });
    const { error, before, after } = await w.refusal(ALICE, 'duplicateStay', {
      id: stay.id,
      ids: { first: FRESH, count: 10 },
      now: LATER,
    });
    expect(error.code).toBe('conflict');
    expect(after).toEqual(before);
  });

  it("refuses another user's stay", async () => {
    const { stay } = await campWithMeals();
    const { error, before, after } = await w.refusal(BOB, 'duplicateStay', {
      id: stay.id,
      ids: { first: FRESH, count: 10 },
      now: LATER,
    });
    expect(error.code).toBe('not_found');
    expect(after).toEqual(before);
  });
});

describe('setStayProfile', () => {
  it("sets any readable profile, another user's included, and clears it", async () => {
    const stay = await w.stay(ALICE);
    const bobs = await w.profile(BOB);
    await w.run(ALICE, 'setStayProfile', { stayId: stay.id, profileId: bobs.id });
    expect((await w.get('stays', stay.id))?.profileId).toBe(bobs.id);
    await w.run(ALICE, 'setStayProfile', { stayId: stay.id, profileId: null });
    expect((await w.get('stays', stay.id))?.profileId).toBeNull();
  });

  it('refuses a missing profile and a stay of another user', async () => {
    const stay = await w.stay(ALICE);
    const missing = await w.refusal(ALICE, 'setStayProfile', { stayId: stay.id, profileId: 999 });
    expect(missing.error.code).toBe('not_found');
    expect(missing.error.message).toBe("Ce profil n'existe pas ou n'est plus disponible.");
    expect(missing.after).toEqual(missing.before);
    const bobs = await w.profile(BOB);
    const other = await w.refusal(BOB, 'setStayProfile', { stayId: stay.id, profileId: bobs.id });
    expect(other.error.code).toBe('not_found');
    expect(other.after).toEqual(other.before);
  });
});

describe('setStayExportSecret', () => {
  const SECRET = 'Ab3_-xYz0123456789abcdEFGHIJKLMNOP';

  it('sets and revokes the secret', async () => {
    const stay = await w.stay(ALICE);
    await w.run(ALICE, 'setStayExportSecret', { stayId: stay.id, secret: SECRET });
    expect((await w.get('stays', stay.id))?.exportSecret).toBe(SECRET);
    await w.run(ALICE, 'setStayExportSecret', { stayId: stay.id, secret: null });
    expect((await w.get('stays', stay.id))?.exportSecret).toBeNull();
  });

  it('refuses a secret too short or with characters outside the URL-safe set', async () => {
    const stay = await w.stay(ALICE);
    for (const secret of ['short', 'a'.repeat(21), `${'a'.repeat(22)}/`, `${'a'.repeat(22)} `]) {
      const { error, before, after } = await w.refusal(ALICE, 'setStayExportSecret', {
        stayId: stay.id,
        secret,
      });
      expect(error.code, secret).toBe('invalid');
      expect(error.message).toBe("Le lien d'export est mal formé.");
      expect(after).toEqual(before);
    }
  });

  it("refuses another user's stay", async () => {
    const stay = await w.stay(ALICE);
    const { error, after, before } = await w.refusal(BOB, 'setStayExportSecret', {
      stayId: stay.id,
      secret: SECRET,
    });
    expect(error.code).toBe('not_found');
    expect(after).toEqual(before);
  });
});

describe('createGroup', () => {
  it('creates the group with an upper-case colour and adds it to every meal', async () => {
    const stay = await w.stay(ALICE);
    const g1 = await w.group(stay);
    const m1 = await w.meal(stay, { groupIds: [g1.id] });
    const m2 = await w.meal(stay, { day: 1, groupIds: [] });
    const otherStay = await w.stay(ALICE);
    const elsewhere = await w.meal(otherStay);

    await w.run(ALICE, 'createGroup', {
      id: FRESH,
      stayId: stay.id,
      name: ' Ados ',
      color: '#a1b2c3',
      size: 14,
    });

    expect(await w.get('groups', FRESH)).toEqual({
      id: FRESH,
      stayId: stay.id,
      owner: ALICE,
      name: 'Ados',
      color: '#A1B2C3',
      size: 14,
    });
    expect((await w.get('meals', m1.id))?.groupIds).toEqual([g1.id, FRESH]);
    expect((await w.get('meals', m2.id))?.groupIds).toEqual([FRESH]);
    expect(await w.get('meals', elsewhere.id)).toEqual(elsewhere);
  });

  it('refuses a colour not of the form #RRGGBB, writing nothing', async () => {
    const stay = await w.stay(ALICE);
    for (const color of ['red', '#12345', '#GGGGGG', 'A1B2C3']) {
      const { error, before, after } = await w.refusal(ALICE, 'createGroup', {
        id: FRESH,
        stayId: stay.id,
        name: 'Ados',
        color,
        size: 3,
      });
      expect(error.code, color).toBe('invalid');
      expect(error.message).toBe('La couleur doit être de la forme #RRVVBB.');
      expect(after).toEqual(before);
    }
  });

  it('refuses a negative size and a stay of another user', async () => {
    const stay = await w.stay(ALICE);
    const negative = await w.refusal(ALICE, 'createGroup', {
      id: FRESH,
      stayId: stay.id,
      name: 'Ados',
      color: '#A1B2C3',
      size: -1,
    });
    expect(negative.error.code).toBe('invalid');
    const other = await w.refusal(BOB, 'createGroup', {
      id: FRESH,
      stayId: stay.id,
      name: 'Ados',
      color: '#A1B2C3',
      size: 1,
    });
    expect(other.error.code).toBe('not_found');
    expect(other.after).toEqual(other.before);
  });

  it(`refuses a group past ${MAX_GROUPS_PER_STAY} in one stay`, async () => {
    const stay = await w.stay(ALICE);
    for (let i = 0; i < MAX_GROUPS_PER_STAY; i++) await w.group(stay);
    const { error, before, after } = await w.refusal(ALICE, 'createGroup', {
      id: FRESH,
      stayId: stay.id,
      name: 'Un de trop',
      color: '#A1B2C3',
      size: 1,
    });
    expect(error.code).toBe('invalid');
    expect(error.message).toBe(
      `Un séjour ne peut pas avoir plus de ${MAX_GROUPS_PER_STAY} groupes.`,
    );
    expect(after).toEqual(before);
  });
});

describe('updateGroup', () => {
  it('changes the fields given, upper-casing the colour', async () => {
    const stay = await w.stay(ALICE);
    const group = await w.group(stay, { name: 'Petits', color: '#112233', size: 8 });
    await w.run(ALICE, 'updateGroup', { id: group.id, color: '#abcdef' });
    expect(await w.get('groups', group.id)).toEqual({ ...group, color: '#ABCDEF' });
    await w.run(ALICE, 'updateGroup', { id: group.id, name: ' Moyens ', size: 0 });
    expect(await w.get('groups', group.id)).toEqual({
      ...group,
      name: 'Moyens',
      color: '#ABCDEF',
      size: 0,
    });
  });

  it('refuses a bad colour and a group of another user, writing nothing', async () => {
    const stay = await w.stay(ALICE);
    const group = await w.group(stay);
    const bad = await w.refusal(ALICE, 'updateGroup', { id: group.id, color: '#abc' });
    expect(bad.error.code).toBe('invalid');
    expect(bad.after).toEqual(bad.before);
    const other = await w.refusal(BOB, 'updateGroup', { id: group.id, size: 3 });
    expect(other.error.code).toBe('not_found');
    expect(other.error.message).toBe("Ce groupe n'existe pas ou n'est plus disponible.");
    expect(other.after).toEqual(other.before);
  });
});

describe('deleteGroup', () => {
  it('deletes the group and removes it from the meals', async () => {
    const stay = await w.stay(ALICE);
    const g1 = await w.group(stay);
    const g2 = await w.group(stay);
    const m1 = await w.meal(stay, { groupIds: [g1.id, g2.id] });
    const m2 = await w.meal(stay, { groupIds: [g2.id] });
    const m3 = await w.meal(stay, { groupIds: [g1.id] });
    await w.run(ALICE, 'deleteGroup', { id: g2.id });
    expect(w.ids('groups')).toEqual([g1.id]);
    expect((await w.get('meals', m1.id))?.groupIds).toEqual([g1.id]);
    expect((await w.get('meals', m2.id))?.groupIds).toEqual([]);
    expect(await w.get('meals', m3.id)).toEqual(m3);
  });

  it('refuses a group of another user', async () => {
    const stay = await w.stay(ALICE);
    const group = await w.group(stay);
    await w.meal(stay, { groupIds: [group.id] });
    const { error, before, after } = await w.refusal(BOB, 'deleteGroup', { id: group.id });
    expect(error.code).toBe('not_found');
    expect(after).toEqual(before);
  });
});
