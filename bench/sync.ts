/**
 * Sync benchmarks: a first sync of a large library (server pull beside a raw SQLite read of
 * the same rows; device apply beside a raw Dexie bulkPut), and the server under 50 concurrent
 * devices on loopback (pushes per second, pull latency) beside a trivial route.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { PullResponse } from '@popote/sync-protocol';
import { ServerStore, SyncService, startTestServer } from '@popote/sync-server/testing';
import { LocalDb, applyPull, toStored } from '@popote/sync-client';
import { makeLibrary } from './data';
import { measureLoad } from './load-run';
import { budget, figure, summarize, time, type Figure } from './measure';

const OWNER = 1;

export async function benchFirstSync(runs: number): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'popote-bench-'));
  const store = ServerStore.open(dir);
  try {
    const library = makeLibrary(OWNER, 1000);
    store.sync.write((v) => {
      store.sync.putRow('users', { id: OWNER, pseudo: 'Cheffe' }, v);
      for (const i of library.ingredients) store.sync.putRow('ingredients', i, v);
      for (const r of library.recipes) store.sync.putRow('recipes', r, v);
    });
    const sync = new SyncService(store.rows, store.writes, Date.now);
    await sync.leaseIds(OWNER, 'bench-device');

    let pages: string[] = [];
    const pull = async () => {
      pages = [];
      let cursor: string | null = null;
      do {
        const page = await sync.pull(OWNER, 'bench-device', null, cursor);
        // The route assembles the body the same way (sync/routes.ts).
        pages.push(
          `{"cookie":${page.cookie},"lastMutationId":${page.lastMutationId},"more":${page.more},"cursor":${JSON.stringify(page.cursor)},"rejections":[],"patch":[${page.patch.join(',')}]}`,
        );
        cursor = page.more ? page.cursor : null;
      } while (cursor);
    };
    const rawStatement = store.syncReader['db'].prepare(
      "SELECT tbl, id, data FROM rows WHERE tbl IN ('users', 'ingredients', 'recipes') AND data IS NOT NULL ORDER BY tbl, id",
    );
    const raw = () => {
      const rows = rawStatement.all() as { tbl: string; id: number; data: string }[];
      return `[${rows.map((r) => `{"op":"put","table":"${r.tbl}","row":${r.data}}`).join(',')}]`;
    };
    const rawFigure = figure('lecture SQLite brute des mêmes lignes', await time(runs, raw));
    const pullFigure = budget(
      figure(
        `pull serveur, 1re synchro (${library.recipes.length} recettes, ${library.recipes.length * 10} lignes recette-ingrédient)`,
        await time(runs, pull),
        'ms',
        rawFigure,
      ),
      1.2,
      '≤',
      'ratio',
    );

    // Device side: apply those pages into IndexedDB (fake-indexeddb in Node).
    const parsed = pages.map((p) => JSON.parse(p) as PullResponse);
    const rows = parsed.flatMap((p) => p.patch).filter((op) => op.op === 'put');
    let db: LocalDb;
    const fresh = async () => {
      db?.close();
      db = new LocalDb(`bench-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
      await db.open();
    };
    const applySamples: number[] = [];
    const bulkSamples: number[] = [];
    for (let i = 0; i <= runs; i++) {
      await fresh();
      let started = performance.now();
      for (const page of parsed) await applyPull(db!, OWNER, page);
      if (i > 0) applySamples.push(performance.now() - started);
      await fresh();
      started = performance.now();
      await db!.transaction('rw', db!.tables, async () => {
        for (const table of ['users', 'ingredients', 'recipes'] as const) {
          await db!
            .entityTable(table)
            .bulkPut(
              rows.filter((op) => op.table === table).map((op) => toStored(table, op.row as never)),
            );
        }
      });
      if (i > 0) bulkSamples.push(performance.now() - started);
    }
    db!.close();
    const bulkFigure = figure('bulkPut Dexie brut des mêmes lignes (fake-indexeddb)', bulkSamples);
    const applyFigure = figure(
      'application du pull sur l’appareil (fake-indexeddb)',
      applySamples,
      'ms',
      bulkFigure,
    );
    return [pullFigure, rawFigure, applyFigure, bulkFigure];
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 50 devices on loopback: single-mutation pushes and pulls, beside GET /health. */
export async function benchServerLoad(clients = 50, pushesPerClient = 20): Promise<Figure[]> {
  const server = await startTestServer();
  const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
  try {
    // One after the other: each sign-up confirms the link of the last mail sent.
    const users: { token: string; id: number }[] = [];
    for (let i = 0; i < 5; i++) {
      users.push(await server.signUp(`bench${i}@popote.test`, 'motdepasse-solide'));
    }
    const load = await measureLoad(
      [address],
      users.map((u) => u.token),
      clients,
      pushesPerClient,
    );
    const healthRate = figure(
      'GET /health (route triviale), requêtes/s',
      [load.healthPerSecond],
      'req/s',
    );
    const healthP50 = figure('GET /health, latence p50', [load.healthP50]);
    return [
      figure(
        `pushes d’une mutation par seconde (${clients} clients)`,
        [load.pushesPerSecond],
        'push/s',
        healthRate,
      ),
      healthRate,
      figure('pull incrémental, latence p50', [load.pullP50], 'ms', healthP50),
      budget(figure('pull incrémental, latence p99', [load.pullP99], 'ms', healthP50), 25),
      healthP50,
      figure('GET /health, latence p99', [load.healthP99]),
    ];
  } finally {
    await server.close();
  }
}

export { summarize };
