/**
 * The server load measure shared by the 'load' and 'scale' groups: N devices (of the given
 * users' sessions) at once, each sending single-mutation pushes one after another, then
 * steady-state pulls from its own cookie; beside GET /health under the same concurrency. With
 * several origins (server instances), devices are spread over them in turn, as a load
 * balancer would, and each device pulls from the next instance after the one it pushes to.
 */
import { percentile } from './measure';

export interface LoadResult {
  pushesPerSecond: number;
  healthPerSecond: number;
  pullP50: number;
  pullP99: number;
  healthP50: number;
  healthP99: number;
}

export async function measureLoad(
  origins: readonly string[],
  tokens: readonly string[],
  clients: number,
  perClient: number,
): Promise<LoadResult> {
  const post = (origin: string, url: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${origin}${url}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(
      async (r) => {
        if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
        return r.json();
      },
    );
  const devices = await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const clientId = `bench-client-${i}`;
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens[i % tokens.length]!}`,
      };
      const pushTo = origins[i % origins.length]!;
      const pullFrom = origins[(i + 1) % origins.length]!;
      const block = (await post(pushTo, '/sync/ids', headers, { clientId })) as { first: number };
      return { clientId, headers, pushTo, pullFrom, next: block.first, mutationId: 0, cookie: 0 };
    }),
  );
  type Device = (typeof devices)[number];

  const round = async (one: (d: Device, i: number) => Promise<unknown>) => {
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      devices.map(async (d, i) => {
        for (let k = 0; k < perClient; k++) {
          const t = performance.now();
          await one(d, i);
          latencies.push(performance.now() - t);
        }
      }),
    );
    return { rate: (clients * perClient) / ((performance.now() - started) / 1000), latencies };
  };

  const health = await round((_, i) =>
    fetch(`${origins[i % origins.length]!}/health`).then((r) => r.json()),
  );
  const pushes = await round((d) =>
    post(d.pushTo, '/sync/push', d.headers, {
      clientId: d.clientId,
      mutations: [
        {
          id: ++d.mutationId,
          name: 'createStay',
          args: { id: d.next++, name: 'Camp', start: '2026-07-01' },
        },
      ],
    }),
  );
  const pull = async (d: Device) => {
    const page = (await post(d.pullFrom, '/sync/pull', d.headers, {
      clientId: d.clientId,
      cookie: d.cookie === 0 ? null : d.cookie,
    })) as { cookie: number };
    d.cookie = page.cookie;
  };
  // Steady state: each device first catches up, then pulls from its own cookie.
  await Promise.all(devices.map(pull));
  const pulls = await round(pull);
  return {
    pushesPerSecond: pushes.rate,
    healthPerSecond: health.rate,
    pullP50: percentile(pulls.latencies, 50),
    pullP99: percentile(pulls.latencies, 99),
    healthP50: percentile(health.latencies, 50),
    healthP99: percentile(health.latencies, 99),
  };
}
