/** /api stays and groups (spec 7.2): answers in the contract's shapes, owner-only writes. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import type { Out, StayExtOut, GroupOut, MealsLoadOut } from './schemas.js';
import { apiClient, flatLoad, type ApiClient, type Session } from '../../test/api-client.js';

type StayExt = Out<typeof StayExtOut>;

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let aliceSession: Session;

beforeEach(async () => {
  server = await startTestServer();
  aliceSession = await server.signUp('alice@popote.test', 'motdepasse-solide', 'Alice');
  alice = apiClient(server, aliceSession);
  bob = apiClient(server, await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob'));
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('stays', () => {
  it('creates a blank stay starting today, lists, renames and deletes it', async () => {
    const created = await alice.ok<StayExt>('PUT', '/sejours');
    const id = created.Sejour.Id;
    expect(created).toEqual({
      Sejour: {
        Id: id,
        Owner: aliceSession.id,
        Name: 'Nouveau séjour',
        Label: 'Nouveau séjour',
        Start: '2025-06-01T00:00:00Z',
        IdProfile: { Valid: false, IdProfile: 0 },
      },
      Groups: [],
      // No phone export link until the owner makes one.
      ExportClientURL: '',
      Label: 'Nouveau séjour',
    });

    const renamed = await alice.ok<StayExt>('POST', '/sejours', {
      Id: id,
      Name: '  Camp été  ',
      Start: '2025-07-14T00:00:00.000Z',
    });
    expect(renamed.Sejour).toMatchObject({
      Name: 'Camp été',
      Label: 'Camp été',
      Start: '2025-07-14T00:00:00Z',
    });
    // The original clients may send Label and a plain date.
    const relabelled = await alice.ok<StayExt>('POST', '/sejours', {
      Id: id,
      Label: 'Colo',
      Start: '2025-07-15',
    });
    expect(relabelled.Sejour).toMatchObject({ Name: 'Colo', Start: '2025-07-15T00:00:00Z' });

    await alice.ok('PUT', '/sejours');
    const list = await alice.ok<StayExt[]>('GET', '/sejours');
    expect(list.map((s) => s.Sejour.Name)).toEqual(['Colo', 'Nouveau séjour']);
    expect(await bob.ok('GET', '/sejours')).toEqual([]);

    expect(await alice.ok('DELETE', `/sejours?id=${id}`)).toEqual({ Deleted: true, Id: id });
    expect((await alice.ok<StayExt[]>('GET', '/sejours')).map((s) => s.Sejour.Id)).not.toContain(
      id,
    );
  });

  it("refuses another user's stay: 404 for what they may not read, nothing changed", async () => {
    const { Sejour } = await alice.ok<StayExt>('PUT', '/sejours');
    const rename = await bob.post('/sejours', { Id: Sejour.Id, Name: 'Volé' });
    expect(rename.statusCode).toBe(404);
    expect(rename.json()).toEqual({ message: "Ce séjour n'existe pas ou n'est plus disponible." });
    expect((await bob.del(`/sejours?id=${Sejour.Id}`)).statusCode).toBe(404);
    expect((await bob.get(`/sejours/duplicate?idSejour=${Sejour.Id}`)).statusCode).toBe(404);
    expect((await bob.put(`/sejours/groups?idSejour=${Sejour.Id}`)).statusCode).toBe(404);
    const [still] = await alice.ok<StayExt[]>('GET', '/sejours');
    expect(still?.Sejour.Name).toBe('Nouveau séjour');
  });

  it('refuses bad stay updates with a French message', async () => {
    const { Sejour } = await alice.ok<StayExt>('PUT', '/sejours');
    const cases: [unknown, string][] = [
      [
        { Id: String(Sejour.Id), Name: 'x' },
        'Requête invalide : le champ « Id » est manquant ou mal formé.',
      ],
      [{ Name: 'x' }, 'Requête invalide : le champ « Id » est manquant ou mal formé.'],
      [
        { Id: Sejour.Id, Name: 'x'.repeat(201) },
        'Requête invalide : le champ « Name » est manquant ou mal formé.',
      ],
      [
        { Id: Sejour.Id, Start: '01/07/2025' },
        'Requête invalide : le champ « Start » est manquant ou mal formé.',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await alice.post('/sejours', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message });
    }
    const badDate = await alice.post('/sejours', { Id: Sejour.Id, Start: '2025-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<{ message: string }>().message).toMatch(/date/iu);
  });

  it("keeps a stay's cold units through the contract's writes and never answers them (issue 35)", async () => {
    const { Sejour } = await alice.ok<StayExt>('PUT', '/sejours');
    const units = [
      { key: 'chambre', name: 'Chambre froide', min: 0, max: 3, checks: ['matin' as const] },
    ];
    const rows = server.app.popote.store.rows;
    const { first: readingId } = await server.app.popote.sync.reserveIdsFor(aliceSession.id, 1);
    await server.app.popote.sync.mutate(aliceSession.id, async (_ctx, apply) => {
      await apply('setColdUnits', { stayId: Sejour.Id, units });
      await apply('addReading', {
        id: readingId,
        stayId: Sejour.Id,
        unit: 'chambre',
        day: 0,
        time: '08:00',
        value: 2,
        note: '',
        action: '',
      });
    });
    const renamed = await alice.ok<StayExt>('POST', '/sejours', {
      Id: Sejour.Id,
      Name: 'Camp',
      Start: '2025-07-14',
    });
    // The contract's shape only: no field of the register.
    expect(Object.keys(renamed.Sejour).sort()).toEqual(
      ['Id', 'IdProfile', 'Label', 'Name', 'Owner', 'Start'].sort(),
    );
    expect(JSON.stringify(await alice.ok('GET', '/sejours'))).not.toContain('chambre');
    const stay = await rows.snapshot((st) => st.get('stays', Sejour.Id));
    expect(stay).toMatchObject({ name: 'Camp', start: '2025-07-14', coldUnits: units });
    // A copy has the same kitchen, not its register.
    const copy = await alice.ok<StayExt>('GET', `/sejours/duplicate?idSejour=${Sejour.Id}`);
    await rows.snapshot(async (st) => {
      expect(await st.get('stays', copy.Sejour.Id)).toMatchObject({ coldUnits: units });
      expect(await st.where('register', 'stayId', copy.Sejour.Id)).toEqual([]);
      expect(await st.where('register', 'stayId', Sejour.Id)).toHaveLength(1);
    });
  });

  it('duplicates a stay with its groups and meals under fresh ids', async () => {
    const { Sejour } = await alice.ok<StayExt>('PUT', '/sejours');
    await alice.ok('POST', '/sejours', { Id: Sejour.Id, Name: 'Camp' });
    const group = await alice.ok<Out<typeof GroupOut>>(
      'PUT',
      `/sejours/groups?idSejour=${Sejour.Id}`,
    );
    await alice.ok('PUT', '/meals/details', { IdSejour: Sejour.Id, Day: 0, Horaire: 1 });
    const copy = await alice.ok<StayExt>('GET', `/sejours/duplicate?idSejour=${Sejour.Id}`);
    expect(copy.Sejour.Id).not.toBe(Sejour.Id);
    expect(copy.Sejour.Name).toBe('Camp (copie)');
    expect(copy.Groups).toHaveLength(1);
    expect(copy.Groups[0]?.Id).not.toBe(group.Id);
    const meals = flatLoad(
      await alice.ok<Out<typeof MealsLoadOut>>('GET', `/meals-all?idSejour=${copy.Sejour.Id}`),
    );
    expect(meals.Meals).toHaveLength(1);
    expect(meals.Meals[0]?.Groups).toEqual([
      { IdMeal: meals.Meals[0]?.Id, IdGroup: copy.Groups[0]?.Id },
    ]);
  });
});

describe('groups', () => {
  it('adds a default group, updates and deletes it', async () => {
    const { Sejour } = await alice.ok<StayExt>('PUT', '/sejours');
    const group = await alice.ok<Out<typeof GroupOut>>(
      'PUT',
      `/sejours/groups?idSejour=${Sejour.Id}`,
    );
    expect(group).toEqual({
      Id: group.Id,
      Sejour: Sejour.Id,
      IdSejour: Sejour.Id,
      Name: '',
      Color: '#FFC107',
      Size: 0,
    });
    const updated = await alice.ok('POST', '/sejours/groups', {
      Id: group.Id,
      Name: 'Petits',
      Color: '#af0853',
      Size: 12,
    });
    expect(updated).toEqual({
      Id: group.Id,
      Sejour: Sejour.Id,
      IdSejour: Sejour.Id,
      Name: 'Petits',
      Color: '#AF0853',
      Size: 12,
    });
    const withGroup = await alice.ok<StayExt[]>('GET', '/sejours');
    expect(withGroup[0]?.Groups).toEqual([updated]);

    expect((await bob.post('/sejours/groups', { Id: group.Id, Size: 1 })).statusCode).toBe(404);
    expect((await bob.del(`/sejours/groups?idGroup=${group.Id}`)).statusCode).toBe(404);

    const badColor = await alice.post('/sejours/groups', { Id: group.Id, Color: 'rouge' });
    expect(badColor.statusCode).toBe(400);
    expect(badColor.json()).toEqual({ message: 'La couleur doit être de la forme #RRVVBB.' });
    expect((await alice.post('/sejours/groups', { Id: group.Id, Size: -1 })).statusCode).toBe(400);
    expect((await alice.post('/sejours/groups', { Id: group.Id, Size: '3' })).statusCode).toBe(400);

    expect(await alice.ok('DELETE', `/sejours/groups?idGroup=${group.Id}`)).toEqual({
      Deleted: true,
      Id: group.Id,
    });
    expect((await alice.ok<StayExt[]>('GET', '/sejours'))[0]?.Groups).toEqual([]);
  });
});
