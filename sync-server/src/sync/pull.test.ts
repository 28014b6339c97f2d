/**
 * A paged first sync straight on the SQLite store: pages that end exactly where a table ends.
 * (The pull through HTTP, on both stores, is tested in sync.pg.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Recipe } from '@popote/domain';
import { ServerStore } from '../store/sqlite/server-store.js';
import { PULL_PAGE_ROWS } from './pull.js';
import { SyncService } from './sync-service.js';

const USER = 1;
let dir: string;
let store: ServerStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'popote-pull-'));
  store = ServerStore.open(dir);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const recipe = (id: number): Recipe =>
  ({
    id,
    owner: USER,
    name: `Recette ${id}`,
    isPublished: false,
    ingredients: [],
  }) as unknown as Recipe;

test('a table ending with a page: the next table is sent whole, even its ids below the cursor', async () => {
  // Page 1: the user and the first ingredients; page 2: exactly the rest of the ingredients,
  // then the recipes, whose ids are lower than every ingredient's.
  const ingredientIds = Array.from({ length: 2 * PULL_PAGE_ROWS - 1 }, (_, i) => 1000 + i);
  const recipeIds = Array.from({ length: 10 }, (_, i) => 10 + i);
  store.sync.write((v) => {
    store.sync.putRow('users', { id: USER, pseudo: 'Cheffe' }, v);
    for (const id of ingredientIds) {
      store.sync.putRow('ingredients', { id, name: `I${id}`, kind: 0, owner: null }, v);
    }
    for (const id of recipeIds) store.sync.putRow('recipes', recipe(id), v);
  });
  const sync = new SyncService(store.rows, store.writes, Date.now);
  await sync.leaseIds(USER, 'device');
  const sent: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await sync.pull(USER, 'device', null, cursor);
    sizes.push(page.patch.length);
    for (const op of page.patch) {
      const { table, row } = JSON.parse(op) as { table: string; row: { id: number } };
      sent.push(`${table}:${row.id}`);
    }
    cursor = page.more ? page.cursor : null;
  } while (cursor);
  expect(sizes.slice(0, 2)).toEqual([PULL_PAGE_ROWS, PULL_PAGE_ROWS]);
  expect(sent).toEqual([
    `users:${USER}`,
    ...ingredientIds.map((id) => `ingredients:${id}`),
    ...recipeIds.map((id) => `recipes:${id}`),
  ]);
});
