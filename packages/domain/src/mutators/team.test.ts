import { beforeEach, describe, expect, it } from 'vitest';
import type { Group, Meal, ShopList, Stay, StockItem } from '../entities.js';
import { runUndoable } from '../undo.js';
import {
  ALICE,
  BOB,
  CAROL,
  FRESH,
  LATER,
  NOW,
  World,
  shopLine,
} from '../../test/mutators-world.js';
import { mayOnStay, roleIn } from './access.js';
import { invitationsTo } from './team.js';
import { canReadRow } from '../visibility.js';
import { describeMutation } from '../describe-mutation.js';
import { refusalChecker } from '../../test/refusal-checker.js';

/**
 * A stay run by a team (issue 32): Alice owns the stay; Bob and Carol take part with a role.
 * What each role may change is decided by mayOnStay, once, before any mutator's body.
 */
let w: World;
let stay: Stay;
let group: Group;
let meal: Meal;
let list: ShopList;
let stock: StockItem;

const DAVE = 4;
const expectRefusal = refusalChecker(() => w);

beforeEach(async () => {
  w = await World.create();
  await w.store.put('users', { id: DAVE, pseudo: 'Dave' });
  stay = await w.stay(ALICE);
  group = await w.group(stay);
  meal = await w.meal(stay, { groupIds: [group.id] });
  const flour = await w.ingredient(null, { name: 'Farine' });
  list = await w.shopList(stay, { items: [shopLine(flour)] });
  stock = await w.stock(stay, flour);
});

/** `userId` follows a link of Alice's with `role` (the membership's id: FRESH + userId). */
const join = (userId: number, role: 'plan' | 'keep' | 'read', id = FRESH + userId) =>
  w.member(stay, userId, role, id);

describe('the team of a stay', () => {
  it('takes members in with a role, once each, never the owner nor someone without an account', async () => {
    await join(BOB, 'plan');
    expect(w.snapshot().stayMembers).toEqual([
      { id: FRESH + BOB, stayId: stay.id, owner: ALICE, userId: BOB, role: 'plan', since: NOW },
    ]);
    expect(await roleIn(w.store, stay, BOB)).toBe('plan');
    expect(await roleIn(w.store, stay, ALICE)).toBe('owner');
    expect(await roleIn(w.store, stay, CAROL)).toBeNull();
    const joinAgain = (userId: number, id: number) =>
      w.refusal(ALICE, 'joinWithInvitation', {
        id,
        invitationId: w.snapshot().stayInvitations[0]!.id,
        userId,
        now: NOW,
      });
    expect((await joinAgain(BOB, FRESH + 50)).error.message).toBe(
      'Cette personne fait déjà partie du séjour.',
    );
    expect((await joinAgain(ALICE, FRESH + 51)).error.message).toBe(
      'Le responsable du séjour en fait déjà partie.',
    );
    expect((await joinAgain(999, FRESH + 52)).error.message).toBe(
      "Cette personne n'a pas de compte Popote.",
    );
  });

  it('gives each role its rights, and the owner all of them', async () => {
    await join(BOB, 'plan');
    await join(CAROL, 'keep');
    await join(DAVE, 'read');
    const rights = async (userId: number) => ({
      manage: await mayOnStay(w.store, stay, userId, 'manage'),
      plan: await mayOnStay(w.store, stay, userId, 'plan'),
      keep: await mayOnStay(w.store, stay, userId, 'keep'),
    });
    expect(await rights(ALICE)).toEqual({ manage: true, plan: true, keep: true });
    expect(await rights(BOB)).toEqual({ manage: false, plan: true, keep: true });
    expect(await rights(CAROL)).toEqual({ manage: false, plan: false, keep: true });
    expect(await rights(DAVE)).toEqual({ manage: false, plan: false, keep: false });
  });

  it("lets an 'Organisation' member plan: meals, groups, menus of the stay's meals", async () => {
    await join(BOB, 'plan');
    await w.run(BOB, 'updateMeal', { id: meal.id, additionalPeople: 3 });
    await w.run(BOB, 'updateGroup', { id: group.id, name: 'Les grands' });
    await w.run(BOB, 'createMeal', {
      id: FRESH + 100,
      menuId: FRESH + 101,
      stayId: stay.id,
      day: 2,
      slot: 3,
      now: LATER,
    });
    // The new meal and its menu belong to the stay's owner, as every row of the stay.
    expect((await w.get('meals', FRESH + 100))?.owner).toBe(ALICE);
    expect((await w.get('menus', FRESH + 101))?.owner).toBe(ALICE);
    const ingredient = await w.ingredient(BOB, { name: 'Sucre' });
    await w.run(BOB, 'addMenuIngredient', {
      menuId: meal.menuId,
      ingredientId: ingredient.id,
      now: LATER,
    });
    // A recipe of Bob's own goes into the stay's menu.
    const bobs = await w.recipe(BOB);
    await w.run(BOB, 'addMenuRecipe', { menuId: meal.menuId, recipeId: bobs.id, now: LATER });
    expect((await w.get('menus', meal.menuId))?.recipeIds).toContain(bobs.id);
    // Not the owner's part: the team, deleting the stay, Alice's library.
    await expectRefusal(
      BOB,
      'deleteStay',
      { id: stay.id },
      'forbidden',
      'Seul le responsable du séjour peut faire cette modification.',
    );
    await expectRefusal(
      BOB,
      'inviteToStay',
      {
        id: FRESH + 200,
        stayId: stay.id,
        role: 'plan',
        mail: null,
        token: 'lien-de-bob-pour-carol',
        now: NOW,
      },
      'forbidden',
      'Seul le responsable du séjour peut faire cette modification.',
    );
    const favourite = await w.menu(ALICE, { isFavorite: true });
    await expectRefusal(
      BOB,
      'deleteMenu',
      { id: favourite.id },
      'not_found',
      "Ce menu n'existe pas ou n'est plus disponible.",
    );
  });

  it("lets a 'Cuisine' member tick, note what was bought and keep the larder, nothing more", async () => {
    await join(CAROL, 'keep');
    const key = list.items[0]!.key;
    await w.run(CAROL, 'tickShopItem', { id: list.id, key, checked: true, now: LATER });
    await w.run(CAROL, 'updateStock', { id: stock.id, val: 7 });
    expect((await w.get('stock', stock.id))?.val).toBe(7);
    for (const [name, args] of [
      ['updateMeal', { id: meal.id, additionalPeople: 1 }],
      ['deleteGroup', { id: group.id }],
      ['deleteShopList', { id: list.id }],
      ['addMenuIngredient', { menuId: meal.menuId, ingredientId: stock.ingredientId, now: NOW }],
    ] as const) {
      const { error, before, after } = await w.refusal(CAROL, name, args);
      expect(error.code, name).toBe('forbidden');
      expect(after, name).toEqual(before);
    }
    const { error } = await w.refusal(CAROL, 'updateMeal', { id: meal.id, additionalPeople: 1 });
    expect(error.message).toBe(
      'Votre rôle dans ce séjour ne permet pas de modifier son organisation.',
    );
  });

  it("gives the rows a member makes in the stay to the stay's owner, who reads them", async () => {
    await join(BOB, 'plan');
    await join(CAROL, 'keep');
    await w.run(BOB, 'createShopList', {
      id: FRESH + 300,
      stayId: stay.id,
      name: 'Marché',
      now: LATER,
      items: [],
    });
    await w.run(CAROL, 'addStock', {
      id: FRESH + 301,
      stayId: stay.id,
      ingredientId: stock.ingredientId,
      unite: 1,
      val: 2,
    });
    const made = [(await w.get('shopLists', FRESH + 300))!, (await w.get('stock', FRESH + 301))!];
    expect(made.map((row) => row.owner)).toEqual([ALICE, ALICE]);
    expect(await canReadRow(w.store, ALICE, 'shopLists', made[0] as ShopList)).toBe(true);
    expect(await canReadRow(w.store, CAROL, 'shopLists', made[0] as ShopList)).toBe(true);
    expect(await canReadRow(w.store, DAVE, 'stock', made[1] as StockItem)).toBe(false);
  });

  it('gives a copy of the stay made by a member to that member, who reads it', async () => {
    await join(BOB, 'plan');
    await w.run(BOB, 'duplicateStay', {
      id: stay.id,
      ids: { first: FRESH + 500, count: 100 },
      now: LATER,
    });
    const copy = (await w.get('stays', FRESH + 500))!;
    expect(copy.owner).toBe(BOB);
    const rows = [
      ...(await w.store.where('groups', 'stayId', copy.id)),
      ...(await w.store.where('meals', 'stayId', copy.id)),
    ];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.owner === BOB)).toBe(true);
    const [copiedMeal] = await w.store.where('meals', 'stayId', copy.id);
    expect((await w.get('menus', copiedMeal!.menuId))!.owner).toBe(BOB);
    expect(await canReadRow(w.store, BOB, 'stays', copy)).toBe(true);
    // The team stays with the original.
    expect(await w.store.where('stayMembers', 'stayId', copy.id)).toEqual([]);
  });

  it("keeps publishing a meal's menu to the stay's owner", async () => {
    await join(BOB, 'plan');
    const refused = await w.refusal(BOB, 'setMenuPublished', {
      id: meal.menuId,
      isPublished: true,
      now: LATER,
    });
    expect(refused.error.message).toBe('Seul son propriétaire peut modifier ce menu.');
    expect(refused.after).toEqual(refused.before);
    await w.run(ALICE, 'setMenuPublished', { id: meal.menuId, isPublished: true, now: LATER });
    expect((await w.get('menus', meal.menuId))!.isPublished).toBe(true);
  });

  it("tells a member whose role does not plan why a meal's menu is refused", async () => {
    await join(CAROL, 'read');
    const refused = await w.refusal(CAROL, 'updateMenuIngredient', {
      menuId: meal.menuId,
      ingredientId: stock.ingredientId,
      quantity: { val: 1, unite: 1, forPeople: 1 },
      plat: 1,
      now: LATER,
    });
    expect(refused.error.message).toMatch(
      /^Votre rôle dans ce séjour ne permet que de le consulter\./u,
    );
    expect(refused.after).toEqual(refused.before);
  });

  it("lets a 'Lecture' member read everything and change nothing", async () => {
    await join(DAVE, 'read');
    const key = list.items[0]!.key;
    const { error, before, after } = await w.refusal(DAVE, 'tickShopItem', {
      id: list.id,
      key,
      checked: true,
      now: LATER,
    });
    expect(error.message).toBe('Votre rôle dans ce séjour ne permet que de le consulter.');
    expect(after).toEqual(before);
  });

  it("changes a role, removes a member (with 'Annuler') and lets a member leave", async () => {
    await join(BOB, 'plan');
    await join(CAROL, 'keep');
    await w.run(ALICE, 'setStayMemberRole', { id: FRESH + BOB, role: 'read' });
    expect(await roleIn(w.store, stay, BOB)).toBe('read');
    const { error } = await w.refusal(BOB, 'updateMeal', { id: meal.id, additionalPeople: 1 });
    expect(error.code).toBe('forbidden');

    const undo = await runUndoable(w.store, ALICE, 'removeStayMember', { id: FRESH + BOB }, () =>
      w.run(ALICE, 'removeStayMember', { id: FRESH + BOB }),
    );
    expect(await roleIn(w.store, stay, BOB)).toBeNull();
    const gone = await w.refusal(BOB, 'updateMeal', { id: meal.id, additionalPeople: 1 });
    expect(gone.error.code).toBe('not_found');
    await w.run(ALICE, 'restoreSnapshot', undo!);
    expect(await roleIn(w.store, stay, BOB)).toBe('read');

    // Carol leaves by herself; Bob cannot make her leave.
    await expectRefusal(
      BOB,
      'leaveStay',
      { id: FRESH + CAROL },
      'forbidden',
      'Seul ce membre peut quitter le séjour : le responsable peut le retirer.',
    );
    await w.run(CAROL, 'leaveStay', { id: FRESH + CAROL });
    expect(await roleIn(w.store, stay, CAROL)).toBeNull();
  });

  it('deletes the team with the stay, and brings it back with the undo', async () => {
    await join(BOB, 'plan');
    const before = w.snapshot();
    const undo = await runUndoable(w.store, ALICE, 'deleteStay', { id: stay.id }, () =>
      w.run(ALICE, 'deleteStay', { id: stay.id }),
    );
    expect(w.snapshot().stayMembers).toEqual([]);
    await w.run(ALICE, 'restoreSnapshot', undo!);
    expect(w.snapshot().stayMembers).toEqual(before.stayMembers);
    expect(w.snapshot().stays).toEqual(before.stays);
  });
});

describe('invitations', () => {
  const TOKEN = 'invitation-token-1234567';
  const invite = (mail: string | null, role: 'plan' | 'keep' | 'read' = 'keep', id = FRESH + 400) =>
    w.run(ALICE, 'inviteToStay', {
      id,
      stayId: stay.id,
      role,
      mail,
      token: `${TOKEN}${id}`,
      now: NOW,
    });

  it('makes a mailed invitation and a link, for 7 days, the owner alone', async () => {
    await invite(' Bob@Exemple.FR ');
    await invite(null, 'read', FRESH + 401);
    expect(w.snapshot().stayInvitations).toEqual([
      {
        id: FRESH + 400,
        stayId: stay.id,
        owner: ALICE,
        role: 'keep',
        mail: 'bob@exemple.fr',
        token: `${TOKEN}${FRESH + 400}`,
        created: NOW,
        expires: '2024-05-08T10:00:00.000Z',
        usedBy: null,
      },
      expect.objectContaining({ id: FRESH + 401, mail: null, role: 'read' }),
    ]);
    await join(BOB, 'plan');
    await expectRefusal(
      BOB,
      'inviteToStay',
      { id: FRESH + 402, stayId: stay.id, role: 'plan', mail: null, token: `${TOKEN}x`, now: NOW },
      'forbidden',
      'Seul le responsable du séjour peut faire cette modification.',
    );
    await expectRefusal(
      ALICE,
      'inviteToStay',
      {
        id: FRESH + 403,
        stayId: stay.id,
        role: 'plan',
        mail: 'pas-une-adresse',
        token: `${TOKEN}y`,
        now: NOW,
      },
      'invalid',
      "L'adresse mail n'est pas valide.",
    );
  });

  it('lets someone join with it: a mailed one once, a link until it expires or is withdrawn', async () => {
    await invite('carol@exemple.fr', 'keep');
    await w.run(ALICE, 'joinWithInvitation', {
      id: FRESH + 500,
      invitationId: FRESH + 400,
      userId: CAROL,
      now: LATER,
    });
    expect(await roleIn(w.store, stay, CAROL)).toBe('keep');
    expect((await w.get('stayInvitations', FRESH + 400))?.usedBy).toBe(CAROL);
    await expectRefusal(
      ALICE,
      'joinWithInvitation',
      { id: FRESH + 501, invitationId: FRESH + 400, userId: DAVE, now: LATER },
      'not_found',
      "Cette invitation n'est plus valable : demandez-en une nouvelle.",
    );

    await invite(null, 'read', FRESH + 401);
    await w.run(ALICE, 'joinWithInvitation', {
      id: FRESH + 502,
      invitationId: FRESH + 401,
      userId: DAVE,
      now: LATER,
    });
    expect(await roleIn(w.store, stay, DAVE)).toBe('read');
    // A link still opens the stay to others, not after 7 days, not once withdrawn.
    const late = '2024-05-09T10:00:00.000Z';
    await expectRefusal(
      ALICE,
      'joinWithInvitation',
      { id: FRESH + 503, invitationId: FRESH + 401, userId: BOB, now: late },
      'not_found',
      "Cette invitation n'est plus valable : demandez-en une nouvelle.",
    );
    await w.run(ALICE, 'revokeStayInvitation', { id: FRESH + 401 });
    expect(await w.get('stayInvitations', FRESH + 401)).toBeUndefined();
    // Only a stay's owner reads its invitations, not even its members.
    const mailed = (await w.get('stayInvitations', FRESH + 400))!;
    expect(await canReadRow(w.store, ALICE, 'stayInvitations', mailed)).toBe(true);
    expect(await canReadRow(w.store, CAROL, 'stayInvitations', mailed)).toBe(false);
  });

  it("is shown to its address's account while it opens the stay", async () => {
    await invite(' Bob@Exemple.FR ', 'plan', FRESH + 401);
    await invite(null, 'keep', FRESH + 402);
    const now = Date.parse(NOW);
    expect((await invitationsTo(w.store, 'BOB@exemple.fr', now)).map((i) => i.id)).toEqual([
      FRESH + 401,
    ]);
    expect(await invitationsTo(w.store, 'carol@exemple.fr', now)).toEqual([]);
    expect(await invitationsTo(w.store, 'bob@exemple.fr', now + 8 * 24 * 3600 * 1000)).toEqual([]);
  });

  it('goes with its stay', async () => {
    await invite(null);
    await w.run(ALICE, 'deleteStay', { id: stay.id });
    expect(w.snapshot().stayInvitations).toEqual([]);
  });
});

describe("giving the stay to a member ('Transférer le séjour')", () => {
  const transfer = (by: number, memberId: number, userId: number) =>
    w.run(by, 'transferStay', { memberId, userId, now: LATER });

  it('hands every row of the stay and its meals’ own menus over; the former owner plans', async () => {
    await join(BOB, 'keep');
    await join(CAROL, 'read');
    const favourite = await w.menu(ALICE);
    const favMeal = await w.meal(stay, { menuId: favourite.id });
    // A meal's own menu also used by another stay of Alice's stays hers.
    const elsewhere = await w.stay(ALICE, { name: 'Autre' });
    const sharedMenu = (await w.meal(stay)).menuId;
    await w.meal(elsewhere, { menuId: sharedMenu });
    await w.run(ALICE, 'inviteToStay', {
      id: FRESH + 300,
      stayId: stay.id,
      role: 'plan',
      mail: null,
      token: 'transfer-token-1234567',
      now: NOW,
    });

    await transfer(ALICE, FRESH + BOB, BOB);

    const after = w.snapshot();
    expect(after.stays.find((s) => s.id === stay.id)!.owner).toBe(BOB);
    expect(after.stays.find((s) => s.id === elsewhere.id)!.owner).toBe(ALICE);
    for (const table of ['groups', 'meals', 'stock', 'shopLists', 'stayMembers'] as const) {
      const ofStay = (after[table] as { stayId: number | null; owner: number }[]).filter(
        (r) => r.stayId === stay.id,
      );
      expect(ofStay.length).toBeGreaterThan(0);
      expect(ofStay.every((r) => r.owner === BOB)).toBe(true);
    }
    const menuOwner = (id: number) => after.menus.find((m) => m.id === id)!.owner;
    expect(menuOwner(meal.menuId)).toBe(BOB);
    expect(menuOwner(favourite.id)).toBe(ALICE);
    expect(menuOwner(sharedMenu)).toBe(ALICE);
    expect(favMeal.menuId).toBe(favourite.id);
    expect(after.stayInvitations).toEqual([]);
    // Bob's membership became Alice's, as 'Organisation' since the transfer.
    expect(after.stayMembers.find((m) => m.id === FRESH + BOB)).toEqual({
      id: FRESH + BOB,
      stayId: stay.id,
      owner: BOB,
      userId: ALICE,
      role: 'plan',
      since: LATER,
    });
    const moved = after.stays.find((s) => s.id === stay.id)!;
    expect(await roleIn(w.store, moved, BOB)).toBe('owner');
    expect(await roleIn(w.store, moved, ALICE)).toBe('plan');
    expect(await roleIn(w.store, moved, CAROL)).toBe('read');
    expect(await canReadRow(w.store, ALICE, 'meals', after.meals[0]!)).toBe(true);

    // Alice plans still, and manages no more; Bob manages.
    await w.run(ALICE, 'updateMeal', { id: meal.id, additionalPeople: 3 });
    await expectRefusal(
      ALICE,
      'removeStayMember',
      { id: FRESH + CAROL },
      'forbidden',
      'Seul le responsable du séjour peut faire cette modification.',
    );
    await w.run(BOB, 'setStayMemberRole', { id: FRESH + CAROL, role: 'keep' });
    expect(await roleIn(w.store, moved, CAROL)).toBe('keep');
  });

  it('is the owner’s alone, and refused when the member has changed meanwhile', async () => {
    await join(BOB, 'plan');
    await join(CAROL, 'plan');
    await expectRefusal(
      BOB,
      'transferStay',
      { memberId: FRESH + CAROL, userId: CAROL, now: LATER },
      'forbidden',
      'Seul le responsable du séjour peut faire cette modification.',
    );
    await expectRefusal(
      DAVE,
      'transferStay',
      { memberId: FRESH + CAROL, userId: CAROL, now: LATER },
      'not_found',
      "Ce membre n'existe pas ou n'est plus disponible.",
    );
    await expectRefusal(
      ALICE,
      'transferStay',
      { memberId: FRESH + CAROL, userId: BOB, now: LATER },
      'conflict',
      'Cette personne ne fait plus partie du séjour.',
    );
    await w.run(CAROL, 'leaveStay', { id: FRESH + CAROL });
    await expectRefusal(
      ALICE,
      'transferStay',
      { memberId: FRESH + CAROL, userId: CAROL, now: LATER },
      'not_found',
      "Ce membre n'existe pas ou n'est plus disponible.",
    );
  });

  it('says who gets the stay', async () => {
    await join(BOB, 'plan');
    const sentence = await describeMutation(w.store, 'transferStay', {
      memberId: FRESH + BOB,
      userId: BOB,
      now: LATER,
    });
    expect(sentence).toBe('Transfert du séjour « Camp » à « Bob »');
  });
});

describe("a member's 'Annuler'", () => {
  const undoable = async (
    by: number,
    name: 'deleteMeal' | 'deleteStock' | 'deleteGroup',
    args: { id: number },
  ) => runUndoable(w.store, by, name, args, () => w.run(by, name, args));

  it("puts back what an 'Organisation' member deleted, the meal's own menu with it", async () => {
    await join(BOB, 'plan');
    const before = w.snapshot();
    const undoMeal = await undoable(BOB, 'deleteMeal', { id: meal.id });
    // The meal's own menu went with it, though it is the owner's.
    expect(w.snapshot().menus.some((m) => m.id === meal.menuId)).toBe(false);
    await w.run(BOB, 'restoreSnapshot', undoMeal!);
    const undoGroup = await undoable(BOB, 'deleteGroup', { id: group.id });
    await w.run(BOB, 'restoreSnapshot', undoGroup!);
    expect(w.snapshot().meals).toEqual(before.meals);
    expect(w.snapshot().menus).toEqual(before.menus);
    expect(w.snapshot().groups).toEqual(before.groups);
  });

  it("puts back a larder entry for 'Cuisine', and no meal", async () => {
    await join(BOB, 'keep');
    const undoStock = await undoable(BOB, 'deleteStock', { id: stock.id });
    await w.run(BOB, 'restoreSnapshot', undoStock!);
    expect(w.snapshot().stock).toEqual([stock]);
    // The owner's undo of a meal, replayed by a 'Cuisine' member, is refused.
    const undoMeal = await undoable(ALICE, 'deleteMeal', { id: meal.id });
    await expectRefusal(
      BOB,
      'restoreSnapshot',
      undoMeal,
      'forbidden',
      'Seul son propriétaire peut modifier ce repas.',
    );
  });

  it('is refused once the role no longer allows it, and to a former member', async () => {
    await join(BOB, 'plan');
    const undoMeal = await undoable(BOB, 'deleteMeal', { id: meal.id });
    await w.run(ALICE, 'setStayMemberRole', { id: FRESH + BOB, role: 'read' });
    await expectRefusal(
      BOB,
      'restoreSnapshot',
      undoMeal,
      'forbidden',
      'Seul son propriétaire peut modifier ce repas.',
    );
    await w.run(ALICE, 'removeStayMember', { id: FRESH + BOB });
    const { error } = await w.refusal(BOB, 'restoreSnapshot', undoMeal);
    expect(error.code).toBe('forbidden');
    // The owner may still bring it back.
    await w.run(ALICE, 'restoreSnapshot', undoMeal!);
    expect(w.snapshot().meals.map((m) => m.id)).toContain(meal.id);
  });
});

describe('the words of a refused change of a former member', () => {
  it('say who removed them, as the journal tells it', async () => {
    await join(BOB, 'plan');
    await w.run(ALICE, 'removeStayMember', { id: FRESH + BOB, userId: BOB });
    // The server journals the removal, naming the member.
    await w.store.put('stayJournal', {
      id: FRESH + 900,
      stayId: stay.id,
      owner: ALICE,
      userId: ALICE,
      at: NOW,
      name: 'removeStayMember',
      args: { id: FRESH + BOB, userId: BOB },
      target: { table: 'stayMembers', id: FRESH + BOB },
    });
    await expectRefusal(
      BOB,
      'updateMeal',
      { id: meal.id, additionalPeople: 2 },
      'forbidden',
      "Vous ne faites plus partie de l'équipe de ce séjour : « Alice » vous en a retiré.",
    );
    // A stranger learns nothing of it.
    await expectRefusal(
      CAROL,
      'updateMeal',
      { id: meal.id, additionalPeople: 2 },
      'not_found',
      "Ce repas n'existe pas ou n'est plus disponible.",
    );
    // The removal is said with the member's name, once their row is gone.
    expect(
      await describeMutation(w.store, 'removeStayMember', { id: FRESH + BOB, userId: BOB }),
    ).toBe('Retrait du membre « Bob »');
  });
});

describe("the stay's prices", () => {
  it("are set by whoever plans the stay: the owner's row, which its costs count", async () => {
    await join(BOB, 'plan');
    await join(CAROL, 'keep');
    const flour = await w.ingredient(null, { name: 'Sucre' });
    const price = { supplierId: null, amount: 2, per: 1 as const, date: '2024-05-01' };
    await w.run(BOB, 'setPurchase', {
      id: FRESH + 700,
      ingredientId: flour.id,
      pack: null,
      prices: [price],
      stayId: stay.id,
    });
    expect(w.snapshot().purchases).toEqual([
      { id: FRESH + 700, owner: ALICE, ingredientId: flour.id, pack: null, prices: [price] },
    ]);
    // Changed again by Bob: the same row, Alice's.
    await w.run(BOB, 'setPurchase', {
      id: FRESH + 701,
      ingredientId: flour.id,
      pack: null,
      prices: [{ ...price, amount: 3 }],
      stayId: stay.id,
    });
    expect(w.snapshot().purchases.map((p) => [p.id, p.owner, p.prices[0]!.amount])).toEqual([
      [FRESH + 700, ALICE, 3],
    ]);
    await expectRefusal(
      CAROL,
      'setPurchase',
      { id: FRESH + 702, ingredientId: flour.id, pack: null, prices: [], stayId: stay.id },
      'forbidden',
      'Votre rôle dans ce séjour ne permet pas de modifier ses prix.',
    );
    await expectRefusal(
      DAVE,
      'setPurchase',
      { id: FRESH + 703, ingredientId: flour.id, pack: null, prices: [], stayId: stay.id },
      'not_found',
      "Ce séjour n'existe pas ou n'est plus disponible.",
    );
  });
});
