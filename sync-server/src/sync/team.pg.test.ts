/**
 * A stay run by a team (issue 32), through HTTP pushes and pulls, on SQLite and PostgreSQL:
 * a member's pulls bring the stay and follow it, their role is checked on every push, a removed
 * member is told and gets nothing more, a stranger never hears of it, and a device of the
 * previous app version (no `schema` in its pulls) is never sent the new table's rows until it
 * updates and catches up.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Unite } from '@popote/domain';
import { SYNC_SCHEMA, type PullResponse } from '@popote/sync-protocol';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import {
  NOW,
  joinStay,
  newDevice,
  post,
  pullAll,
  pushOne,
  type Device,
} from '../../test/sync-device.js';

let server: TestServer;
let alice: Device;
let carol: Device;
let bob: Device;
let stayId: number;
let mealId: number;

const push = (d: Device, name: string, args: unknown) => pushOne(server, d, name, args);
const pull = (d: Device) => pullAll(server, d, { schema: SYNC_SCHEMA });
const named = (page: PullResponse, table: string) =>
  page.patch
    .filter((op) => op.table === table)
    .map((op) => (op.op === 'put' ? `put ${(op.row as { id: number }).id}` : `del ${op.id}`))
    .sort();

beforeEach(async () => {
  server = await startTestServer();
  alice = await newDevice(server, 'alice@popote.test', 'alice-device-1', 'Alice');
  carol = await newDevice(server, 'carol@popote.test', 'carol-device-1', 'Carol');
  bob = await newDevice(server, 'bob@popote.test', 'bob-device-1');
  stayId = alice.next++;
  mealId = alice.next++;
  await push(alice, 'createStay', { id: stayId, name: 'Colo', start: '2025-07-01' });
  await push(alice, 'createMeal', {
    id: mealId,
    menuId: alice.next++,
    stayId,
    day: 0,
    slot: 1,
    now: NOW,
  });
  for (const d of [alice, carol, bob]) await pull(d);
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('a stay run by a team', () => {
  it('sends a member the stay, follows their role, and forgets them once removed', async () => {
    const memberId = await joinStay(server, alice, carol, stayId, 'plan');
    // Joining brings the whole stay, though none of its rows changed.
    const joined = await pull(carol);
    expect(named(joined, 'stays')).toEqual([`put ${stayId}`]);
    expect(named(joined, 'meals')).toEqual([`put ${mealId}`]);
    expect(named(joined, 'menus')).toHaveLength(1);
    expect(named(joined, 'stayMembers')).toEqual([`put ${memberId}`]);
    // Bob, a stranger, hears of nothing.
    expect((await pull(bob)).patch).toEqual([]);

    // Carol plans; Alice receives it.
    await push(carol, 'updateMeal', { id: mealId, additionalPeople: 4 });
    const forAlice = await pull(alice);
    expect(forAlice.patch).toContainEqual(
      expect.objectContaining({
        op: 'put',
        table: 'meals',
        row: expect.objectContaining({ additionalPeople: 4 }),
      }),
    );

    // 'Lecture': Carol's next change is refused in French and changes nothing.
    await push(alice, 'setStayMemberRole', { id: memberId, role: 'read' });
    await push(carol, 'updateMeal', { id: mealId, additionalPeople: 9 });
    const refused = await pullAll(server, carol, { schema: SYNC_SCHEMA });
    // The refusal says why, and who changed the role (the stay's journal tells it).
    expect(refused.rejections.map((r) => r.message)).toEqual([
      'Votre rôle dans ce séjour ne permet que de le consulter. Votre rôle a été changé par « Alice ».',
    ]);
    expect(named(refused, 'stayMembers')).toEqual([`put ${memberId}`]);

    // Removed: Carol is told her membership went, and nothing of the stay reaches her any more.
    await push(alice, 'removeStayMember', { id: memberId, userId: carol.userId });
    expect(named(await pull(carol), 'stayMembers')).toEqual([`del ${memberId}`]);
    // A change she made offline meanwhile is refused in words that say who removed her.
    await push(carol, 'updateMeal', { id: mealId, additionalPeople: 7 });
    expect(
      (await pullAll(server, carol, { schema: SYNC_SCHEMA })).rejections.map((r) => r.message),
    ).toEqual([
      "Vous ne faites plus partie de l'équipe de ce séjour : « Alice » vous en a retiré.",
    ]);
    await push(alice, 'updateMeal', { id: mealId, additionalPeople: 2 });
    await push(alice, 'updateStay', { id: stayId, name: 'Colo 2025' });
    expect((await pull(carol)).patch).toEqual([]);
    expect((await pull(bob)).patch).toEqual([]);
    // A first sync of a new device of Carol's has nothing of it either.
    const fresh = { ...carol, clientId: 'carol-device-2', cookie: null, mutationId: 0 };
    const full = await pull(fresh);
    expect(named(full, 'stays')).toEqual([]);
    expect(named(full, 'meals')).toEqual([]);
  });

  it("gives the stay to a member: every device follows, and no one else's hears of it", async () => {
    const carolMember = await joinStay(server, alice, carol, stayId, 'keep');
    for (const d of [alice, carol, bob]) await pull(d);

    await push(alice, 'transferStay', { memberId: carolMember, userId: carol.userId, now: NOW });
    const forCarol = await pull(carol);
    // Carol's rows of the stay are now hers; her membership became Alice's, never deleted.
    const stay = forCarol.patch.find((op) => op.op === 'put' && op.table === 'stays');
    expect(stay).toMatchObject({ row: { id: stayId, owner: carol.userId } });
    expect(named(forCarol, 'stayMembers')).toEqual([`put ${carolMember}`]);
    expect(named(forCarol, 'meals')).toEqual([`put ${mealId}`]);
    const forAlice = await pull(alice);
    expect(forAlice.patch).toContainEqual(
      expect.objectContaining({
        op: 'put',
        table: 'stayMembers',
        row: expect.objectContaining({ userId: alice.userId, role: 'plan', owner: carol.userId }),
      }),
    );
    // Nothing of the stay is taken from her: only the link she had made is withdrawn.
    expect(forAlice.patch.filter((op) => op.op === 'del').map((op) => op.table)).toEqual([
      'stayInvitations',
    ]);
    expect((await pull(bob)).patch).toEqual([]);

    // Alice plans still, manages no more; Carol removes her and her devices are told.
    await push(alice, 'updateMeal', { id: mealId, additionalPeople: 5 });
    await push(alice, 'removeStayMember', { id: carolMember });
    const refused = await pull(alice);
    expect(refused.rejections.map((r) => r.message)).toEqual([
      'Seul le responsable du séjour peut faire cette modification.',
    ]);
    await push(carol, 'removeStayMember', { id: carolMember });
    expect(named(await pull(alice), 'stayMembers')).toEqual([`del ${carolMember}`]);
    await push(carol, 'updateMeal', { id: mealId, additionalPeople: 6 });
    expect((await pull(alice)).patch).toEqual([]);
  });

  it('tells a device of the former owner, removed before it heard of the transfer, to drop the stay', async () => {
    const carolMember = await joinStay(server, alice, carol, stayId, 'plan');
    for (const d of [alice, carol]) await pull(d);
    const menus = named(await pull({ ...alice, clientId: 'alice-fresh', cookie: null }), 'menus');

    // Alice gives the stay away and Carol removes her, while Alice's device is offline: it
    // still holds the stay as Alice's own, and the handed-over membership as Carol's.
    await push(alice, 'transferStay', { memberId: carolMember, userId: carol.userId, now: NOW });
    await pull(carol);
    await push(carol, 'removeStayMember', { id: carolMember });
    const back = await pull(alice);
    expect(named(back, 'stays')).toEqual([`del ${stayId}`]);
    expect(named(back, 'meals')).toEqual([`del ${mealId}`]);
    // The meal's own menu went with the stay: Alice may not read it any more.
    expect(named(back, 'menus')).toEqual(menus.map((m) => m.replace('put', 'del')));
    expect(named(back, 'stayMembers')).toEqual([`del ${carolMember}`]);
    expect((await pull(bob)).patch).toEqual([]);
  });

  it('tells the new owner of a row the former owner deleted before giving the stay', async () => {
    const carolMember = await joinStay(server, alice, carol, stayId, 'plan');
    await pull(carol);
    // Carol's device is offline while Alice deletes the meal, then gives her the stay.
    await push(alice, 'deleteMeal', { id: mealId });
    await push(alice, 'transferStay', { memberId: carolMember, userId: carol.userId, now: NOW });
    const back = await pull(carol);
    expect(named(back, 'meals')).toEqual([`del ${mealId}`]);
    expect(named(back, 'stays')).toEqual([`put ${stayId}`]);
    expect((await pull(bob)).patch).toEqual([]);
  });

  it("sends the members the owner's prices (the stay's costs), and takes them back", async () => {
    const ingredientId = alice.next++;
    await push(alice, 'createIngredient', { id: ingredientId, name: 'Farine', kind: 1 });
    const priceId = alice.next++;
    const price = { supplierId: null, amount: 1.5, per: Unite.Kg, date: '2025-06-01' };
    await push(alice, 'setPurchase', { id: priceId, ingredientId, pack: null, prices: [price] });
    await pull(carol);
    const memberId = await joinStay(server, alice, carol, stayId, 'read');
    // Joining brings them along with the stay; a change follows; Bob hears of nothing.
    expect(named(await pull(carol), 'purchases')).toEqual([`put ${priceId}`]);
    await push(alice, 'setPurchase', {
      id: priceId,
      ingredientId,
      pack: null,
      prices: [{ ...price, amount: 2 }],
    });
    expect(named(await pull(carol), 'purchases')).toEqual([`put ${priceId}`]);
    expect(named(await pull(bob), 'purchases')).toEqual([]);
    // As 'Lecture', Carol may not set the stay's prices.
    await push(carol, 'setPurchase', {
      id: carol.next++,
      ingredientId,
      pack: null,
      prices: [price],
      stayId,
    });
    expect(
      (await pullAll(server, carol, { schema: SYNC_SCHEMA })).rejections.map((r) => r.message),
    ).toEqual(['Votre rôle dans ce séjour ne permet pas de modifier ses prix.']);
    // Carol's own prices stay hers.
    await pull(alice);
    const carolPrice = carol.next++;
    await push(carol, 'setPurchase', { id: carolPrice, ingredientId, pack: null, prices: [price] });
    expect(named(await pull(alice), 'purchases')).toEqual([]);
    expect(named(await pull(carol), 'purchases')).toEqual([`put ${carolPrice}`]);
    // A deletion is told to the team; out of it, Carol hears of the prices no more (her
    // device drops them with the stay) and a first sync has only her own.
    await push(alice, 'setPurchase', { id: priceId, ingredientId, pack: null, prices: [] });
    expect(named(await pull(carol), 'purchases')).toEqual([`del ${priceId}`]);
    const again = alice.next++;
    await push(alice, 'setPurchase', { id: again, ingredientId, pack: null, prices: [price] });
    expect(named(await pull(carol), 'purchases')).toEqual([`put ${again}`]);
    await push(alice, 'removeStayMember', { id: memberId });
    await pull(carol);
    await push(alice, 'setPurchase', { id: again, ingredientId, pack: null, prices: [] });
    expect(named(await pull(carol), 'purchases')).toEqual([]);
    const fresh = { ...carol, clientId: 'carol-device-2', cookie: null, mutationId: 0 };
    expect(named(await pull(fresh), 'purchases')).toEqual([`put ${carolPrice}`]);
  });

  it("takes a member's undo of a row another made, never an id no row has used", async () => {
    await joinStay(server, alice, carol, stayId, 'plan');
    await pull(carol);
    const reads = server.app.popote.store.rows.reads;
    const meal = (await reads.get('meals', mealId))!;
    const menu = (await reads.get('menus', meal.menuId))!;
    // Carol deletes Alice's meal (its id was leased to Alice) and takes it back.
    await push(carol, 'deleteMeal', { id: mealId });
    expect(await reads.get('menus', meal.menuId)).toBeUndefined();
    await push(carol, 'restoreSnapshot', {
      put: [
        { table: 'menus', row: menu },
        { table: 'meals', row: meal },
      ],
      remove: [],
    });
    expect((await pull(carol)).rejections).toEqual([]);
    expect(await reads.get('meals', mealId)).toEqual(meal);
    expect(await reads.get('menus', meal.menuId)).toEqual(menu);

    // An id of Alice's that no row has used yet is hers to use: Carol's undo cannot take it.
    const unused = alice.next++;
    await push(carol, 'restoreSnapshot', {
      put: [
        {
          table: 'groups',
          row: { id: unused, stayId, owner: alice.userId, name: 'G', color: '#AABBCC', size: 3 },
        },
      ],
      remove: [],
    });
    expect((await pull(carol)).rejections.map((r) => r.message)).toEqual([
      "Cet identifiant n'a pas été attribué à cet appareil.",
    ]);
    expect(await reads.get('groups', unused)).toBeUndefined();
  });

  it('holds the members back from a device of the previous version until it updates', async () => {
    const memberId = await joinStay(server, alice, carol, stayId, 'keep');
    // Alice's old device: no schema in its pulls, so no row of a table it does not know.
    const old = { ...alice, clientId: 'alice-old-device', cookie: null, mutationId: 0 };
    const first = await pullAll(server, old);
    expect(named(first, 'stays')).toEqual([`put ${stayId}`]);
    expect(named(first, 'stayMembers')).toEqual([]);
    await push(alice, 'setStayMemberRole', { id: memberId, role: 'plan' });
    expect(named(await pullAll(server, old), 'stayMembers')).toEqual([]);
    // Updated to the schema of teams, it catches up: the rows held back, without moving its
    // cookie.
    const cookie = old.cookie;
    const caught = await pullAll(server, old, { schema: 2, catchUpFrom: 1 });
    expect(named(caught, 'stayMembers')).toEqual([`put ${memberId}`]);
    const newTables = ['stayMembers', 'stayInvitations', 'stayJournal'];
    expect(caught.patch.every((op) => newTables.includes(op.table))).toBe(true);
    // The stay's journal came along: the meal made, the link made, Carol's arrival, her role.
    expect(named(caught, 'stayJournal')).toHaveLength(4);
    expect(caught.rejections).toEqual([]);
    expect(old.cookie).toBe(cookie);
  });

  it("keeps every member's change when members push to one stay at once", async () => {
    await joinStay(server, alice, carol, stayId, 'plan');
    const menuId = (await pull(carol)).patch.find((op) => op.table === 'menus' && op.op === 'put');
    const menu = (menuId as { row: { id: number } }).row.id;
    const ingredients: number[] = [];
    for (const d of [alice, carol, alice, carol, alice, carol]) {
      const id = d.next++;
      await push(d, 'createIngredient', { id, name: `Ingrédient ${id}`, kind: 1 });
      ingredients.push(id);
    }
    // Both add to the same meal's menu at the same time: none of the changes may be lost. Each
    // device pushes in order; the two devices at once.
    const addAll = async (d: Device, from: number) => {
      for (let i = from; i < ingredients.length; i += 2) {
        await push(d, 'addMenuIngredient', {
          menuId: menu,
          ingredientId: ingredients[i],
          now: NOW,
        });
      }
    };
    await Promise.all([addAll(alice, 0), addAll(carol, 1)]);
    const stored = await server.app.popote.store.rows.snapshot((s) => s.get('menus', menu));
    expect(stored!.ingredients.map((i) => i.ingredientId).sort()).toEqual([...ingredients].sort());
  });

  it("journals each change of the stay, for its team's devices only", async () => {
    await joinStay(server, alice, carol, stayId, 'plan');
    await pull(carol);
    await push(carol, 'updateMeal', { id: mealId, additionalPeople: 4 });
    // A change of Carol's own library is not the stay's business.
    await push(carol, 'createIngredient', { id: carol.next++, name: 'Sel fin', kind: 1 });
    const journal = (page: PullResponse) =>
      page.patch
        .filter((op) => op.op === 'put' && op.table === 'stayJournal')
        .map((op) => (op as { row: Record<string, unknown> }).row);
    const forAlice = journal(await pull(alice));
    expect(forAlice).toEqual([
      expect.objectContaining({ userId: alice.userId, name: 'inviteToStay' }),
      expect.objectContaining({ userId: alice.userId, name: 'joinWithInvitation' }),
      expect.objectContaining({
        stayId,
        userId: carol.userId,
        name: 'updateMeal',
        args: { id: mealId, additionalPeople: 4 },
        target: { table: 'meals', id: mealId },
      }),
    ]);
    // Bob, a stranger, never hears of it (only of the new ingredient, public); nor does a
    // device of the previous version.
    const forBob = await pull(bob);
    expect(forBob.patch.map((op) => op.table)).toEqual(['ingredients']);
    const old = { ...alice, clientId: 'alice-old-device', cookie: null, mutationId: 0 };
    expect(named(await pullAll(server, old), 'stayJournal')).toEqual([]);
  });

  it('refuses a change of a meal another member deleted meanwhile, naming who', async () => {
    await joinStay(server, alice, carol, stayId, 'plan');
    await pull(carol);
    // Carol deletes the meal; Alice, who had not pulled yet, changes it.
    await push(carol, 'deleteMeal', { id: mealId });
    await push(alice, 'updateMeal', { id: mealId, additionalPeople: 3 });
    const page = await pullAll(server, alice, { schema: SYNC_SCHEMA });
    expect(page.rejections.map((r) => r.message)).toEqual([
      'Ce repas a été supprimé par « Carol ».',
    ]);
    // A stranger trying the same id learns nothing of it.
    await push(bob, 'updateMeal', { id: mealId, additionalPeople: 3 });
    const forBob = await pullAll(server, bob, { schema: SYNC_SCHEMA });
    expect(forBob.rejections.map((r) => r.message)).toEqual([
      "Ce repas n'existe pas ou n'est plus disponible.",
    ]);
  });

  it('refuses a schema field that is not a version', async () => {
    const res = await post(server, alice, '/sync/pull', {
      clientId: alice.clientId,
      cookie: null,
      schema: 'deux',
    });
    expect(res.statusCode).toBe(400);
  });
});
