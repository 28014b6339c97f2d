/**
 * Fuzz suite, issue 15: every route of /api (and /sync, and the phone app's link) receives
 * hostile requests (wrong types, huge strings, deep nesting, other users' ids, 1e309 and -0,
 * prototype keys, empty and non-JSON bodies, forged tokens). Whatever arrives:
 * - the answer is never a 5xx, and a 4xx says why in French;
 * - a refused request (4xx, or an account answer with an Error) changes nothing in the
 *   database;
 * - no request of one user changes a row of the other;
 * - nothing pollutes Object.prototype;
 * - GET /health, polled over TCP all along, answers within 100 ms.
 * The seed is fixed (FUZZ_SEED changes it, FUZZ_RUNS the runs per route).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FUZZ_ROUTES,
  NOT_FUZZED,
  describeRequest,
  registeredRoutes,
  requestArb,
  type FuzzRequest,
  type FuzzRoute,
} from './fuzz-routes.js';
import {
  HEALTH_MS,
  changedRowsOf,
  changes,
  dump,
  healthDuring,
  pollution,
  startFuzzWorld,
  type FuzzWorld,
} from './fuzz-world.js';

const SEED = Number(process.env.FUZZ_SEED ?? 15_2025);
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);

let world: FuzzWorld;
/** Time of each request of the current route, to name the one that held /health. */
let slowest: [number, string][] = [];

beforeAll(async () => {
  world = await startFuzzWorld();
}, 60_000);

afterAll(async () => {
  const report = await world.close();
  console.log(
    `/health pendant le fuzz de l'API : ${report.count} réponses, la plus lente ${report.max.toFixed(1)} ms (${report.maxHeld.toFixed(1)} ms de calcul)`,
  );
  expect(report.failures).toBe(0);
});

beforeEach(async () => {
  await world.replenish();
});

function headersOf(r: FuzzRequest): Record<string, string> {
  const headers: Record<string, string> = { ...r.headers };
  if (r.contentType !== null) headers['content-type'] = r.contentType;
  const actor = r.who === 'alice' ? world.alice : r.who === 'bob' ? world.bob : null;
  if (actor) headers.authorization = `Bearer ${actor.device.token}`;
  else if (r.who === 'forged') headers.authorization = r.forged;
  return headers;
}

/** An answer that refuses: 4xx, or the account calls' 200 with a non-empty Error. */
function refused(status: number, body: unknown): boolean {
  if (status >= 400) return true;
  const error = (body as { Error?: unknown } | null)?.Error;
  return typeof error === 'string' && error !== '';
}

async function sendChecked(route: FuzzRoute, r: FuzzRequest): Promise<void> {
  await world.keepSignedIn(world.alice);
  await world.keepSignedIn(world.bob);
  const db = world.server.app.popote.store.db;
  const before = dump(db);
  const started = performance.now();
  const res = await world.server.inject({
    method: route.method,
    url: r.url,
    headers: headersOf(r),
    ...(r.payload === undefined ? {} : { payload: r.payload }),
  });
  const after = dump(db);
  const what = describeRequest(route, r);
  slowest.push([performance.now() - started, what.slice(0, 300)]);
  expect(res.statusCode, `${what}\n→ ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(
    500,
  );
  let body: unknown = null;
  if (/^application\/json/u.test(String(res.headers['content-type'] ?? ''))) {
    body = res.json();
    if (res.statusCode >= 400) {
      const message = (body as { message?: unknown }).message;
      expect(typeof message, what).toBe('string');
      expect(message as string, what).toMatch(/[a-zà-ÿ]/u);
    }
  }
  if (refused(res.statusCode, body)) {
    expect(
      changes(before, after),
      `${what}\n→ ${res.statusCode} ${res.body.slice(0, 300)}`,
    ).toEqual([]);
  }
  for (const [actor, other] of [
    ['alice', world.bob],
    ['bob', world.alice],
  ] as const) {
    if (r.who === actor) {
      expect(changedRowsOf(before, after, other.device.userId), `${what}`).toEqual([]);
    }
  }
  if (r.who === 'anonymous' || r.who === 'forged') {
    expect(
      changes(before, after).filter((c) => c.startsWith('rows:')),
      what,
    ).toEqual([]);
  }
  expect(pollution(), what).toEqual([]);
  // inject() answers without passing through the event loop's I/O phase: back-to-back, it
  // would starve the TCP probe, which real requests (arriving by I/O themselves) never do.
  await new Promise((resolve) => setImmediate(resolve));
}

describe('fuzz of every route', { timeout: 60_000 }, () => {
  it('drives every route the server serves', () => {
    const served = registeredRoutes(world.server.app.printRoutes({ commonPrefix: false }));
    const fuzzed = new Set(FUZZ_ROUTES.map((r) => `${r.method} ${r.path}`));
    expect(served.length).toBeGreaterThan(70);
    expect(served.filter((r) => !fuzzed.has(r) && !NOT_FUZZED.includes(r))).toEqual([]);
    expect(FUZZ_ROUTES.filter((r) => !served.includes(`${r.method} ${r.path}`))).toEqual([]);
  });

  for (const route of FUZZ_ROUTES) {
    it(`${route.name}: ${route.method} ${route.path}`, async () => {
      const pools = world.pools(world.alice);
      const worst = await healthDuring(world, async () => {
        slowest = [];
        await fc.assert(
          fc.asyncProperty(requestArb(route, pools), (r) => sendChecked(route, r)),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      });
      const top = slowest
        .sort((a, b) => b[0] - a[0])
        .slice(0, 3)
        .map(([ms, what]) => `${ms.toFixed(0)} ms : ${what}`);
      expect(worst, `/health pendant ${route.name}\n${top.join('\n')}`).toBeLessThan(HEALTH_MS);
    });
  }
});
