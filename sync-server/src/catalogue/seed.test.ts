import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IngredientKind, normalizeSearchText, type Ingredient } from '@popote/domain';
import type { PullResponse } from '@popote/sync-protocol';
import { ServerStore } from '../store/server-store.js';
import { SyncService } from '../sync/sync-service.js';
import { startTestServer, type TestServer } from '../test-support/harness.js';
import { CATALOGUE_INGREDIENTS } from './ingredients.js';
import { CATALOGUE_SEEDED_KEY, seedCatalogue } from './seed.js';

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
