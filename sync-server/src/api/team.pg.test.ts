/**
 * /api for a stay run by a team (issue 32), on SQLite and PostgreSQL: a member sees the stay
 * in GET /api/sejours and its meals; what their role allows goes through, the rest is refused
 * in French and changes nothing; a former member and a stranger see nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { apiClient, type ApiClient, type Session } from '../../test/api-client.js';
import { joinStay, post, pushOne, type Device } from '../../test/sync-device.js';
import type { MealExtOut, Out, StayExtOut } from './schemas.js';

let server: TestServer;
let alice: ApiClient;
let carol: ApiClient;
let bob: ApiClient;
let carolSession: Session;
let aliceDevice: Device;
let stayId: number;
let mealId: number;

/** A sync device on a REST user's session, to run the team mutators as the web app does. */
async function deviceOf(session: Session, clientId: string): Promise<Device> {
  const d: Device = {
    ...session,
    userId: session.id,
    clientId,
    next: 0,
    mutationId: 0,
    cookie: null,
  };
  const block = await post(server, d, '/sync/ids', { clientId });
  d.next = block.json<{ first: number }>().first;
  return d;
}

const listedStayIds = async (client: ApiClient) =>
  (await client.ok<{ Sejour: { Id: number } }[]>('GET', '/sejours')).map((s) => s.Sejour.Id);

beforeEach(async () => {
  server = await startTestServer();
  const aliceSession = await server.signUp('alice@popote.test', 'motdepasse-solide', 'Alice');
  alice = apiClient(server, aliceSession);
  carolSession = await server.signUp('carol@popote.test', 'motdepasse-solide', 'Carol');
  carol = apiClient(server, carolSession);
  bob = apiClient(server, await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob'));
  stayId = (await alice.ok<Out<typeof StayExtOut>>('PUT', '/sejours')).Sejour.Id;
  const meal = await alice.ok<Out<typeof MealExtOut>>('PUT', '/meals/details', {
    IdSejour: stayId,
    Day: 0,
    Horaire: 1,
  });
  mealId = meal.Meal.Id;
  aliceDevice = await deviceOf(aliceSession, 'alice-web');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

async function join(role: 'plan' | 'keep' | 'read'): Promise<number> {
  return joinStay(server, aliceDevice, await deviceOf(carolSession, `carol-${role}`), stayId, role);
}

describe('/api for a member of a stay', () => {
  it("lists the stay for its members only, and lets 'Organisation' change a meal", async () => {
    expect(await listedStayIds(carol)).toEqual([]);
    await join('plan');
    expect(await listedStayIds(carol)).toEqual([stayId]);
    expect(await listedStayIds(bob)).toEqual([]);
    const day = await carol.ok<{ Meals: unknown[] }>('GET', `/meals?idSejour=${stayId}&day=0`);
    expect(day.Meals).toHaveLength(1);
    await carol.ok('POST', '/meals/details', { Id: mealId, AdditionalPeople: 3 });
    const seen = await alice.ok<{ Meals: { Meal: { AdditionalPeople: number } }[] }>(
      'GET',
      `/meals?idSejour=${stayId}&day=0`,
    );
    expect(seen.Meals[0]!.Meal.AdditionalPeople).toBe(3);
  });

  it("refuses a 'Lecture' member's change in French, changing nothing", async () => {
    await join('read');
    const before = await alice.ok('GET', `/meals?idSejour=${stayId}&day=0`);
    const refused = await carol.post('/meals/details', { Id: mealId, AdditionalPeople: 7 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>()).toMatchObject({
      message: 'Votre rôle dans ce séjour ne permet que de le consulter.',
    });
    expect(await alice.ok('GET', `/meals?idSejour=${stayId}&day=0`)).toEqual(before);
    // Deleting the stay is the owner's alone.
    const deleted = await carol.del(`/sejours?id=${stayId}`);
    expect(deleted.statusCode).toBe(403);
    expect(await listedStayIds(alice)).toEqual([stayId]);
  });

  it('shows nothing more to a former member', async () => {
    const memberId = await join('plan');
    await pushOne(server, aliceDevice, 'removeStayMember', { id: memberId });
    expect(await listedStayIds(carol)).toEqual([]);
    const meals = await carol.get(`/meals?idSejour=${stayId}&day=0`);
    expect(meals.statusCode).toBe(404);
    const change = await carol.post('/meals/details', { Id: mealId, AdditionalPeople: 7 });
    expect(change.statusCode).toBe(404);
  });
});
