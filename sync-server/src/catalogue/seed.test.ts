import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  Allergen,
  DietFact,
  IngredientKind,
  normalizeSearchText,
  type Ingredient,
} from '@popote/domain';
import type { PullResponse } from '@popote/sync-protocol';
import { ServerStore } from '../store/sqlite/server-store.js';
import { SyncService } from '../sync/sync-service.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { CATALOGUE_INGREDIENTS, catalogueEntry } from './ingredients.js';
import {
  CATALOGUE_SEEDED_KEY,
  CATALOGUE_VERSION,
  CATALOGUE_VERSION_KEY,
  catalogueFacts,
  seedCatalogue,
} from './seed.js';

describe('the catalogue list', () => {
  test('holds about 250 ingredients with unique names, in every category', () => {
    expect(CATALOGUE_INGREDIENTS).toHaveLength(260);
    const keys = new Set(CATALOGUE_INGREDIENTS.map((i) => normalizeSearchText(i.name)));
    expect(keys.size).toBe(CATALOGUE_INGREDIENTS.length);
    const kinds = new Set(CATALOGUE_INGREDIENTS.map((i) => i.kind));
    expect([...kinds].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const { name } of CATALOGUE_INGREDIENTS) {
      expect(name).toBe(name.trim());
      expect(name.length).toBeGreaterThan(1);
    }
  });
});

describe('a fresh server', () => {
  let server: TestServer;
  let token: string;
  const clientId = 'catalogue-device-1';

  beforeAll(async () => {
    server = await startTestServer();
    ({ token } = await server.signUp('marmiton@exemple.fr', 'Pot-au-feu-2025', 'Marmiton'));
  });
  afterAll(async () => {
    expect(await server.close()).toEqual([]);
  });

  const pull = async (cookie: number | null): Promise<PullResponse> => {
    const answer = await server.inject({
      method: 'POST',
      url: '/sync/pull',
      headers: { authorization: `Bearer ${token}` },
      payload: { clientId, cookie },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<PullResponse>();
  };
  const catalogueRows = (page: PullResponse): Ingredient[] =>
    page.patch.flatMap((op) =>
      op.op === 'put' && op.table === 'ingredients' ? [op.row as Ingredient] : [],
    );

  test('sends every user the catalogue, owned by no one', async () => {
    const page = await pull(null);
    expect(page.more).toBe(false);
    const rows = catalogueRows(page);
    expect(rows).toHaveLength(260);
    expect(rows.every((r) => r.owner === null)).toBe(true);
    const carotte = rows.find((r) => r.name === 'Carotte');
    expect(carotte).toMatchObject({ kind: IngredientKind.FruitsLegumes, owner: null });
    expect(rows.find((r) => r.name === 'Crème fraîche')?.kind).toBe(IngredientKind.Laitages);
    expect(await server.app.popote.store.getMeta(CATALOGUE_SEEDED_KEY)).toBe(
      '2025-06-01T08:00:00.000Z',
    );
  });

  test('with their allergens and diet facts, the catalogue at its current version', async () => {
    const rows = catalogueRows(await pull(null));
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('Carotte')).not.toHaveProperty('allergens');
    expect(byName.get('Carotte')).not.toHaveProperty('diet');
    expect(byName.get('Beurre')).toMatchObject({ allergens: [Allergen.Lait], diet: [3] });
    expect(byName.get('Lardons')).toMatchObject({ diet: [0, 1, 3] });
    expect(byName.get('Lardons')).not.toHaveProperty('allergens');
    expect(byName.get('Crevettes')).toMatchObject({ allergens: [1, 11], diet: [2, 3] });
    expect(byName.get('Sauce soja')).toMatchObject({ allergens: [0, 5] });
    expect(byName.get('Vin blanc')).toMatchObject({ allergens: [11], diet: [DietFact.Alcool] });
    // Every row as the list says.
    for (const item of CATALOGUE_INGREDIENTS) {
      const row = byName.get(item.name);
      expect(row?.allergens, item.name).toEqual(item.allergens);
      expect(row?.diet, item.name).toEqual(item.diet);
    }
    expect(rows.filter((r) => r.allergens || r.diet)).toHaveLength(137);
    expect(Number(await server.app.popote.store.getMeta(CATALOGUE_VERSION_KEY))).toBe(
      CATALOGUE_VERSION,
    );
  });

  test('lets no user change or delete a catalogue ingredient', async () => {
    const first = await pull(null);
    const tomate = catalogueRows(first).find((r) => r.name === 'Tomate')!;
    const pushed = await server.inject({
      method: 'POST',
      url: '/sync/push',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        clientId,
        mutations: [
          { id: 1, name: 'updateIngredient', args: { id: tomate.id, name: 'Tomate piratée' } },
          { id: 2, name: 'updateIngredient', args: { id: tomate.id, kind: 0 } },
          { id: 3, name: 'deleteIngredient', args: { id: tomate.id } },
        ],
      },
    });
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json()).toEqual({ lastMutationId: 3 });

    const next = await pull(first.cookie);
    expect(next.rejections.map((r) => [r.mutationId, r.name, r.message])).toEqual([
      [1, 'updateIngredient', 'Seul son propriétaire peut modifier cet ingrédient.'],
      [2, 'updateIngredient', 'Seul son propriétaire peut modifier cet ingrédient.'],
      [3, 'deleteIngredient', 'Seul son propriétaire peut modifier cet ingrédient.'],
    ]);
    expect(catalogueRows(next)).toEqual([]);
    expect(server.app.popote.store.sync.get('ingredients', tomate.id)).toEqual(tomate);
  });

  test('is not seeded twice', async () => {
    expect(await seedCatalogue(server.app.popote)).toBe(0);
    expect(server.app.popote.store.sync.allIds('ingredients')).toHaveLength(260);
  });
});

describe('seedCatalogue', () => {
  let dir: string;
  let store: ServerStore;
  let sync: SyncService;
  const now = () => Date.UTC(2025, 0, 2);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'popote-catalogue-'));
    store = ServerStore.open(dir);
    sync = new SyncService(store.rows, store.writes, now);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('skips names already taken, then remembers that it ran', async () => {
    const id = store.allocateIds(1);
    await sync.putSystemRow('ingredients', { id, name: 'carotte ', kind: 0, owner: 7 });
    const added = await seedCatalogue({ store, sync, now }, [
      { name: 'Carotte', kind: IngredientKind.FruitsLegumes },
      { name: 'Navet', kind: IngredientKind.FruitsLegumes },
    ]);
    expect(added).toBe(1);
    const rows = store.sync.all('ingredients');
    expect(rows.map((r) => [r.name, r.owner])).toEqual([
      ['carotte ', 7],
      ['Navet', null],
    ]);
    expect(await store.getMeta(CATALOGUE_SEEDED_KEY)).toBe('2025-01-02T00:00:00.000Z');
    expect(await seedCatalogue({ store, sync, now }, [{ name: 'Poireau', kind: 1 }])).toBe(0);
    expect(store.sync.all('ingredients')).toHaveLength(2);
  });
});

describe('seedCatalogue after a start interrupted half-way', () => {
  let dir: string;
  let store: ServerStore;
  let sync: SyncService;
  const now = () => Date.UTC(2025, 0, 3);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'popote-catalogue-half-'));
    store = ServerStore.open(dir);
    sync = new SyncService(store.rows, store.writes, now);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("gives the catalogue rows found there their facts, not the users' rows", async () => {
    const [beurre, moutarde] = [store.allocateIds(1), store.allocateIds(1)];
    // Written by an earlier start (before allergens), which stopped before its meta key.
    await sync.putSystemRow('ingredients', { id: beurre, name: 'Beurre', kind: 5, owner: null });
    const usersMoutarde: Ingredient = { id: moutarde, name: 'moutarde', kind: 4, owner: 7 };
    await sync.putSystemRow('ingredients', usersMoutarde);

    const catalogue = [
      catalogueEntry('Beurre', IngredientKind.Laitages, [Allergen.Lait]),
      catalogueEntry('Moutarde', IngredientKind.Epicerie, [Allergen.Moutarde]),
      catalogueEntry('Miel', IngredientKind.Epicerie, [], [DietFact.Animal]),
      catalogueEntry('Sel', IngredientKind.Epicerie),
    ];
    expect(await seedCatalogue({ store, sync, now }, catalogue)).toBe(2);
    expect(store.sync.all('ingredients').map((r) => ({ ...r, id: 0 }))).toEqual([
      { id: 0, name: 'Beurre', kind: 5, owner: null, allergens: [6], diet: [3] },
      { id: 0, name: 'moutarde', kind: 4, owner: 7 },
      { id: 0, name: 'Miel', kind: 4, owner: null, diet: [3] },
      { id: 0, name: 'Sel', kind: 4, owner: null },
    ]);
    expect(store.sync.get('ingredients', moutarde)).toEqual(usersMoutarde);
    expect(Number(await store.getMeta(CATALOGUE_VERSION_KEY))).toBe(CATALOGUE_VERSION);
    expect(await store.getMeta(CATALOGUE_SEEDED_KEY)).toBe('2025-01-03T00:00:00.000Z');
  });
});

describe('an installation seeded before the catalogue had allergens', () => {
  let dir: string;
  let store: ServerStore;
  let sync: SyncService;
  const now = () => Date.UTC(2025, 0, 2);
  const USER = 7;
  let userBeurre: Ingredient;
  let laitEntier: Ingredient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'popote-catalogue-facts-'));
    store = ServerStore.open(dir);
    sync = new SyncService(store.rows, store.writes, now);
    // As the seeding of version 1 left it: names and categories only. A user had taken
    // 'Beurre' before the catalogue came; an administrator removed 'Miel'; someone already gave
    // 'Lait entier' an allergen.
    const first = store.allocateIds(CATALOGUE_INGREDIENTS.length);
    for (const [index, { name, kind }] of CATALOGUE_INGREDIENTS.entries()) {
      const id = first + index;
      if (name === 'Miel') continue;
      if (name === 'Beurre') {
        userBeurre = { id, name: 'beurre', kind: IngredientKind.Laitages, owner: USER };
        await sync.putSystemRow('ingredients', userBeurre);
      } else if (name === 'Lait entier') {
        laitEntier = { id, name, kind, owner: null, allergens: [Allergen.Lait] };
        await sync.putSystemRow('ingredients', laitEntier);
      } else {
        await sync.putSystemRow('ingredients', { id, name, kind, owner: null });
      }
    }
    await store.write((tx) => tx.setMeta(CATALOGUE_SEEDED_KEY, '2024-09-01T00:00:00.000Z'));
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const byName = () => new Map(store.sync.all('ingredients').map((r) => [r.name, r]));
  const written = (since: number): string[] =>
    store.sync
      .changedSince(since, store.sync.version(), { version: since, tbl: '', id: 0 }, 10_000)
      .map((r) => (JSON.parse(r.data!) as Ingredient).name);

  test('the next start gives the catalogue rows their facts, as new versions', async () => {
    expect(await store.getMeta(CATALOGUE_VERSION_KEY)).toBeNull();
    const before = store.sync.version();

    expect(await seedCatalogue({ store, sync, now })).toBe(0);

    const rows = byName();
    expect(rows.size).toBe(259);
    expect(rows.get('Crevettes')).toMatchObject({
      owner: null,
      allergens: [Allergen.Crustaces, Allergen.Sulfites],
      diet: [DietFact.Poisson, DietFact.Animal],
    });
    expect(rows.get('Jambon blanc')).toMatchObject({ diet: [0, 1, 3] });
    expect(rows.get('Carotte')).toEqual({
      id: rows.get('Carotte')!.id,
      name: 'Carotte',
      kind: IngredientKind.FruitsLegumes,
      owner: null,
    });
    for (const item of CATALOGUE_INGREDIENTS) {
      if (['Beurre', 'Miel', 'Lait entier'].includes(item.name)) continue;
      expect(rows.get(item.name)?.allergens, item.name).toEqual(item.allergens);
      expect(rows.get(item.name)?.diet, item.name).toEqual(item.diet);
    }
    // The user's ingredient, and a catalogue row that had facts, are left as they were; a
    // removed row does not come back.
    expect(rows.get('beurre')).toEqual(userBeurre);
    expect(rows.get('Lait entier')).toEqual(laitEntier);
    expect(rows.has('Miel')).toBe(false);

    // Every change is a versioned write, as devices receive them: the 137 rows with facts
    // but the three above.
    const changed = written(before);
    expect(changed).toHaveLength(134);
    expect(new Set(changed).size).toBe(134);
    expect(changed).toEqual(expect.arrayContaining(['Crevettes', 'Lardons', 'Baguette']));
    expect(changed).not.toEqual(expect.arrayContaining(['Carotte']));
    expect(Number(await store.getMeta(CATALOGUE_VERSION_KEY))).toBe(CATALOGUE_VERSION);
    // The seeding itself is not run again.
    expect(await store.getMeta(CATALOGUE_SEEDED_KEY)).toBe('2024-09-01T00:00:00.000Z');
  });

  test('a second start changes nothing', async () => {
    const before = store.sync.version();
    const rows = store.sync.all('ingredients');
    expect(await seedCatalogue({ store, sync, now })).toBe(0);
    expect(await catalogueFacts({ store, sync, now })).toBe(0);
    expect(store.sync.version()).toBe(before);
    expect(store.sync.all('ingredients')).toEqual(rows);
  });

  test('with its version key behind again, it rewrites no row that has facts', async () => {
    // As if the version key were behind again: the rows already filled are not rewritten.
    await store.write((tx) => tx.setMeta(CATALOGUE_VERSION_KEY, 1));
    const before = store.sync.version();
    expect(await catalogueFacts({ store, sync, now })).toBe(0);
    expect(store.sync.version()).toBe(before);
    expect(Number(await store.getMeta(CATALOGUE_VERSION_KEY))).toBe(CATALOGUE_VERSION);
  });
});

describe('devices of an installation seeded before the catalogue had allergens', () => {
  const clientId = 'catalogue-facts-device';

  test('receive the facts by sync after the restart, once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'popote-catalogue-restart-'));
    try {
      // A server whose catalogue is as version 1 wrote it.
      const first = await startTestServer({}, dataDir);
      const { popote } = first.app;
      for (const id of await popote.store.rows.reads.allIds('ingredients')) {
        const row = (await popote.store.rows.reads.get('ingredients', id))!;
        const { allergens: _a, diet: _d, ...old } = row;
        await popote.sync.putSystemRow('ingredients', old);
      }
      await popote.store.write((tx) => tx.setMeta(CATALOGUE_VERSION_KEY, 1));
      const { token } = await first.signUp('cantine@exemple.fr', 'Blanquette-2025', 'Cantine');
      const pull = async (server: TestServer, cookie: number | null): Promise<PullResponse> => {
        const answer = await server.inject({
          method: 'POST',
          url: '/sync/pull',
          headers: { authorization: `Bearer ${token}` },
          payload: { clientId, cookie },
        });
        expect(answer.statusCode).toBe(200);
        return answer.json<PullResponse>();
      };
      const ingredientPuts = (page: PullResponse): Ingredient[] =>
        page.patch.flatMap((op) =>
          op.op === 'put' && op.table === 'ingredients' ? [op.row as Ingredient] : [],
        );
      const old = await pull(first, null);
      expect(ingredientPuts(old)).toHaveLength(260);
      expect(ingredientPuts(old).some((r) => r.allergens || r.diet)).toBe(false);
      await first.app.close();

      // The next start brings the facts; the device's next pull receives exactly those rows.
      const second = await startTestServer({}, dataDir);
      const next = await pull(second, old.cookie);
      const changed = ingredientPuts(next);
      expect(changed).toHaveLength(137);
      expect(changed.every((r) => r.owner === null && (r.allergens || r.diet))).toBe(true);
      expect(changed.find((r) => r.name === 'Œufs')).toMatchObject({
        allergens: [Allergen.Oeufs],
        diet: [DietFact.Animal],
      });
      await second.app.close();

      // A third start writes nothing more.
      const third = await startTestServer({}, dataDir);
      const after = await pull(third, next.cookie);
      expect(ingredientPuts(after)).toEqual([]);
      expect(await third.close()).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
