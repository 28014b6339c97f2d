/**
 * /api and sync are two doors to the same rows: a change made through /api reaches devices
 * through /sync/pull, and a change a device pushes shows in /api answers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PatchOp, PullResponse } from '@popote/sync-protocol';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import type { MealsLoadOut, MenuExtOut, Out, StayExtOut } from './schemas.js';
import {
  apiClient,
  flatLoad,
  putMeal,
  type ApiClient,
  type Session,
} from '../../test/api-client.js';

interface Device {
  session: Session;
  clientId: string;
  next: number;
  mutationId: number;
  cookie: number | null;
}

let server: TestServer;
let aliceSession: Session;
let alice: ApiClient;
let phone: Device;
let bobPhone: Device;

async function post(device: Device, url: string, payload: object) {
  const answer = await server.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${device.session.token}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer;
}

async function device(session: Session, clientId: string): Promise<Device> {
  const d: Device = { session, clientId, next: 0, mutationId: 0, cookie: null };
  d.next = (await post(d, '/sync/ids', { clientId })).json<{ first: number }>().first;
  await pull(d);
  return d;
}

async function pull(d: Device): Promise<PatchOp[]> {
  const patch: PatchOp[] = [];
  let cursor: string | null = null;
  let page: PullResponse;
  do {
    page = (await post(d, '/sync/pull', { clientId: d.clientId, cookie: d.cookie, cursor })).json();
    patch.push(...page.patch);
    cursor = page.cursor;
  } while (page.more);
  d.cookie = page.cookie;
  return patch;
}

async function push(d: Device, name: string, args: unknown) {
  const answer = await post(d, '/sync/push', {
    clientId: d.clientId,
    mutations: [{ id: ++d.mutationId, name, args }],
  });
  expect(answer.json()).toEqual({ lastMutationId: d.mutationId });
}

const rowOf = (patch: PatchOp[], table: string, id: number) =>
  patch.find((op) => op.op === 'put' && op.table === table && (op.row as { id: number }).id === id);

beforeEach(async () => {
  server = await startTestServer();
  aliceSession = await server.signUp('alice@popote.test', 'motdepasse-solide', 'Alice');
  alice = apiClient(server, aliceSession);
  phone = await device(aliceSession, 'alice-phone-1');
  bobPhone = await device(
    await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob'),
    'bob-phone-01',
  );
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('/api and sync', () => {
  it("carries an /api write to the owner's devices, and to no one else's", async () => {
    const { Sejour } = await alice.ok<Out<typeof StayExtOut>>('PUT', '/sejours');
    await alice.ok('POST', '/sejours', { Id: Sejour.Id, Name: 'Camp du lac' });
    const meals = await putMeal(alice, {
      IdSejour: Sejour.Id,
      Day: 1,
      Horaire: 3,
    });
    const meal = meals.Meals[0]!;

    const patch = await pull(phone);
    expect(rowOf(patch, 'stays', Sejour.Id)).toMatchObject({
      row: { id: Sejour.Id, owner: aliceSession.id, name: 'Camp du lac', start: '2025-06-01' },
    });
    expect(rowOf(patch, 'meals', meal.Id)).toMatchObject({
      row: { id: meal.Id, stayId: Sejour.Id, menuId: meal.Menu, day: 1, slot: 3 },
    });
    expect(rowOf(patch, 'menus', meal.Menu)).toBeDefined();
    // Bob's device gets no row of Alice's (at most a delete for an id it may not read).
    expect((await pull(bobPhone)).filter((op) => op.op === 'put')).toEqual([]);

    await alice.ok('DELETE', `/meals/details?idMeal=${meal.Id}`);
    expect(await pull(phone)).toEqual(
      expect.arrayContaining([
        { op: 'del', table: 'meals', id: meal.Id },
        { op: 'del', table: 'menus', id: meal.Menu },
      ]),
    );
  });

  it('shows what a device pushed in /api answers', async () => {
    const stayId = phone.next++;
    const groupId = phone.next++;
    const menuId = phone.next++;
    const mealId = phone.next++;
    const now = '2025-06-01T09:00:00.000Z';
    await push(phone, 'createStay', { id: stayId, name: 'Colo', start: '2025-08-01' });
    await push(phone, 'createGroup', {
      id: groupId,
      stayId,
      name: 'Grands',
      color: '#112233',
      size: 20,
    });
    await push(phone, 'createMeal', { id: mealId, menuId, stayId, day: 0, slot: 1, now });

    const [stay] = await alice.ok<Out<typeof StayExtOut>[]>('GET', '/sejours');
    expect(stay).toEqual({
      Sejour: {
        Id: stayId,
        Owner: aliceSession.id,
        Name: 'Colo',
        Label: 'Colo',
        Start: '2025-08-01T00:00:00Z',
        IdProfile: { Valid: false, IdProfile: 0 },
      },
      Groups: [
        {
          Id: groupId,
          Sejour: stayId,
          IdSejour: stayId,
          Name: 'Grands',
          Color: '#112233',
          Size: 20,
        },
      ],
      ExportClientURL: '',
      Label: 'Colo',
    });
    const day = flatLoad(
      await alice.ok<Out<typeof MealsLoadOut>>('GET', `/meals?idSejour=${stayId}&day=0`),
    );
    expect(day.Meals).toEqual([
      {
        Id: mealId,
        IdSejour: stayId,
        Jour: 0,
        Horaire: 1,
        Menu: menuId,
        AdditionalPeople: 0,
        Groups: [{ IdMeal: mealId, IdGroup: groupId }],
      },
    ]);

    // Then an /api edit of that menu goes back to the device.
    const ingredient = await alice.ok<{ Id: number }>('PUT', '/library/all-ingredients', {
      Name: 'Semoule test',
    });
    const menu = await alice.ok<Out<typeof MenuExtOut>>('PUT', '/meals/ingredients', {
      IdSejour: stayId,
      IdIngredient: ingredient.Id,
      IdMenu: menuId,
    });
    expect(menu.Ingredients.map((i) => i.IdIngredient)).toEqual([ingredient.Id]);
    const patch = await pull(phone);
    expect(rowOf(patch, 'menus', menuId)).toMatchObject({
      row: { ingredients: [{ ingredientId: ingredient.Id }] },
    });
    expect(rowOf(patch, 'ingredients', ingredient.Id)).toBeDefined();
  });
});
