/**
 * Issue 15's measure: GET /health while one device pushes the largest push the limits allow
 * (200 meal wizards of 366 days that replace the stay's meals; the server stops it at its
 * bound of row writes per push), beside /health on the idle server, in the same run. The
 * probe is a few clients asking /health one request after another over loopback, as a load
 * balancer and other users' light requests would. The server runs in its own process, as in
 * production, so that the probe's own work is not counted as the server's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logIn, ServerProcess, signUp } from '@popote/sync-server/testing';
import { budget, figure, percentile, type Figure } from './measure';

const PROBES = 4;
const NOW = '2026-06-01T10:00:00.000Z';

export async function benchHeavyPush(runs: number): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'popote-bench-heavy-'));
  const server = await ServerProcess.start(dataDir);
  const address = server.origin;
  try {
    const mail = 'lourd@popote.test';
    await signUp(address, dataDir, mail, 'motdepasse-solide');
    const { token } = await logIn(address, mail, 'motdepasse-solide');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const post = async (url: string, body: unknown) => {
      const r = await fetch(`${address}${url}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<Record<string, unknown>>;
    };
    const clientId = 'bench-heavy-device';
    let next = (await post('/sync/ids', { clientId })).first as number;
    let mutationId = 0;
    const stayId = next++;
    const groups = [next++, next++, next++];
    await post('/sync/push', {
      clientId,
      mutations: [
        {
          id: ++mutationId,
          name: 'createStay',
          args: { id: stayId, name: 'An', start: '2026-01-01' },
        },
        ...groups.map((id, i) => ({
          id: ++mutationId,
          name: 'createGroup',
          args: { id, stayId, name: `Groupe ${i}`, color: '#336699', size: 12 },
        })),
      ],
    });
    const wizard = () => {
      // Nine meals a day (an excursion splits each meal, plus the Cinquième), a menu each.
      const count = 366 * 9 * 2;
      const ids = { first: next, count };
      next += count;
      return {
        id: ++mutationId,
        name: 'runMealWizard',
        args: {
          stayId,
          daysNumber: 366,
          excursions: Object.fromEntries(
            Array.from({ length: 366 }, (_, day) => [String(day), [groups[0]]]),
          ),
          withGouter: true,
          groupsForCinquieme: [groups[1]],
          deleteExisting: true,
          ids,
          now: NOW,
        },
      };
    };

    /** /health latencies from PROBES clients until `until` settles. */
    const probe = async (until: Promise<unknown>) => {
      const latencies: number[] = [];
      let done = false;
      void until.finally(() => (done = true));
      await Promise.all(
        Array.from({ length: PROBES }, async () => {
          while (!done) {
            const t = performance.now();
            await (await fetch(`${address}/health`)).json();
            latencies.push(performance.now() - t);
          }
        }),
      );
      return latencies;
    };

    const idle: number[] = [];
    const busy: number[] = [];
    const pushMs: number[] = [];
    const processed: number[] = [];
    for (let run = 0; run < runs; run++) {
      const batch = Array.from({ length: 200 }, wizard);
      const started = performance.now();
      const push = post('/sync/push', { clientId, mutations: batch });
      busy.push(...(await probe(push)));
      const answer = await push;
      // Ids of the wizards not processed were never used: the next batch takes them again.
      const firstLeft = batch.find((m) => m.id > (answer.lastMutationId as number));
      if (firstLeft) next = firstLeft.args.ids.first;
      const took = performance.now() - started;
      pushMs.push(took);
      processed.push((answer.lastMutationId as number) - batch[0]!.id + 1);
      // The device would send the rest next; here the next run starts a new batch after it.
      mutationId = answer.lastMutationId as number;
      idle.push(...(await probe(new Promise((resolve) => setTimeout(resolve, took)))));
    }
    const idleP99 = figure('GET /health au repos, p99', [percentile(idle, 99)]);
    return [
      figure('push le plus lourd permis (200 assistants de 366 jours)', pushMs),
      figure('  dont assistants traités avant la borne', processed, 'mutations'),
      budget(
        figure('GET /health pendant ce push, p99', [percentile(busy, 99)], 'ms', idleP99),
        3,
        '≤',
        'ratio',
      ),
      figure('GET /health pendant ce push, max', [Math.max(...busy)], 'ms', idleP99),
      idleP99,
      figure('GET /health au repos, p50', [percentile(idle, 50)]),
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
