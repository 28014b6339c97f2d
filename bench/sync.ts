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
import { figure, percentile, summarize, time, type Figure } from './measure';

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
    const pullFigure = figure(
      `pull serveur, 1re synchro (${library.recipes.length} recettes, ${library.recipes.length * 10} lignes recette-ingrédient)`,
      await time(runs, pull),
      'ms',
      rawFigure,
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
    const users = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        server.signUp(`bench${i}@popote.test`, 'motdepasse-solide'),
      ),
    );
    const devices = await Promise.all(
      Array.from({ length: clients }, async (_, i) => {
        const user = users[i % users.length]!;
        const clientId = `bench-client-${i}`;
        const headers = {
          'content-type': 'application/json',
          authorization: `Bearer ${user.token}`,
        };
        const block = (await (
          await fetch(`${address}/sync/ids`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ clientId }),
          })
        ).json()) as { first: number };
        return {
          clientId,
          headers,
          next: block.first,
          mutationId: 0,
          cookie: null as number | null,
        };
      }),
    );
    const post = (url: string, headers: Record<string, string>, body: unknown) =>
      fetch(`${address}${url}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(
        async (r) => {
          if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
          return r.json();
        },
      );

    const runRound = async (
      one: (d: (typeof devices)[number]) => Promise<unknown>,
      perClient: number,
    ) => {
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        devices.map(async (d) => {
          for (let i = 0; i < perClient; i++) {
            const t = performance.now();
            await one(d);
            latencies.push(performance.now() - t);
          }
        }),
      );
      return {
        seconds: (performance.now() - started) / 1000,
        latencies,
        count: clients * perClient,
      };
    };

    const health = await runRound(
      () => fetch(`${address}/health`).then((r) => r.json()),
      pushesPerClient,
    );
    const pushes = await runRound(
      (d) =>
        post('/sync/push', d.headers, {
          clientId: d.clientId,
          mutations: [
            {
              id: ++d.mutationId,
              name: 'createStay',
              args: { id: d.next++, name: 'Camp', start: '2026-07-01' },
            },
          ],
        }),
      pushesPerClient,
    );
    // Steady state: each device pulls from its own cookie, as the sync loop does.
    const pullFrom = async (d: (typeof devices)[number]) => {
      const page = (await post('/sync/pull', d.headers, {
        clientId: d.clientId,
        cookie: d.cookie,
      })) as {
        cookie: number;
      };
      d.cookie = page.cookie;
    };
    await Promise.all(devices.map(pullFrom));
    const pulls = await runRound(pullFrom, pushesPerClient);
    const rate = (r: { seconds: number; count: number }) => [r.count / r.seconds];
    const healthRate = figure('GET /health (route triviale), requêtes/s', rate(health), 'req/s');
    const healthP50 = figure('GET /health, latence p50', [percentile(health.latencies, 50)]);
    return [
      figure(
        `pushes d’une mutation par seconde (${clients} clients)`,
        rate(pushes),
        'push/s',
        healthRate,
      ),
      healthRate,
      figure('pull incrémental, latence p50', [percentile(pulls.latencies, 50)], 'ms', healthP50),
      figure('pull incrémental, latence p99', [percentile(pulls.latencies, 99)], 'ms', healthP50),
      healthP50,
      figure('GET /health, latence p99', [percentile(health.latencies, 99)]),
    ];
  } finally {
    await server.close();
  }
}

export { summarize };
