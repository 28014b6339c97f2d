/**
 * The server load measure shared by the 'load' and 'scale' groups: N devices (of the given
 * users' sessions) at once, each sending single-mutation pushes one after another, then
 * steady-state pulls from its own cookie; beside GET /health under the same concurrency. With
 * several origins (server instances), devices are spread over them in turn, as a load
 * balancer would, and each device pulls from the next instance after the one it pushes to.
 */
import { Agent, request } from 'node:http';
import { percentile, summarize } from './measure';

export interface LoadResult {
  /** Medians over the rounds (each round: a /health round, then a push round). */
  pushesPerSecond: number;
  healthPerSecond: number;
  /** Every round's rate, for min and max. */
  pushRates: number[];
  healthRates: number[];
  pullP50: number;
  pullP99: number;
  healthP50: number;
  healthP99: number;
  /**
   * Per push and per GET /health, over every round: the counters' growth, and the CPU ms of
   * this process, the load generator (`clientCpuMs`).
   */
  perPush: Record<string, number>;
  perHealth: Record<string, number>;
}

/** Counters read before and after each round (CPU of the servers, the database's flushes). */
export type LoadCounters = () => Promise<Record<string, number>>;

export interface LoadOptions {
  /** Rounds of /health then pushes, alternated so that both see the same machine. */
  rounds?: number;
  /** A round of each kind first, not measured: the servers then run their optimised code. */
  warmUp?: boolean;
  counters?: LoadCounters;
}

export async function measureLoad(
  origins: readonly string[],
  tokens: readonly string[],
  clients: number,
  perClient: number,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const http = keepAliveClient();
  try {
    return await runLoad(http, origins, tokens, clients, perClient, options);
  } finally {
    http.close();
  }
}

async function runLoad(
  http: HttpClient,
  origins: readonly string[],
  tokens: readonly string[],
  clients: number,
  perClient: number,
  { rounds = 1, counters = async () => ({}), warmUp = false }: LoadOptions,
): Promise<LoadResult> {
  const post = (origin: string, url: string, headers: Record<string, string>, body: unknown) =>
    http.send(origin, 'POST', url, headers, JSON.stringify(body));
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

  const growth: Record<'push' | 'health', Record<string, number>> = { push: {}, health: {} };
  const round = async (
    one: (d: Device, i: number) => Promise<unknown>,
    kind?: 'push' | 'health',
  ) => {
    const latencies: number[] = [];
    const before: Record<string, number> = { ...(await counters()), clientCpuMs: clientCpuMs() };
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
    const rate = (clients * perClient) / ((performance.now() - started) / 1000);
    if (kind) {
      const after = { ...(await counters()), clientCpuMs: clientCpuMs() };
      for (const [key, value] of Object.entries(after)) {
        growth[kind][key] = (growth[kind][key] ?? 0) + value - (before[key] ?? 0);
      }
    }
    return { rate, latencies };
  };

  const healthRound = (kind?: 'health') =>
    round((_, i) => http.send(origins[i % origins.length]!, 'GET', '/health', {}), kind);
  const pushRound = (kind?: 'push') =>
    round(
      (d) =>
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
      kind,
    );
  if (warmUp) {
    // A server just started spends several times its steady cost per request on its first
    // thousands (V8 compiling and optimising its code): a round of each, left out.
    await healthRound();
    await pushRound();
  }
  const health: Awaited<ReturnType<typeof round>>[] = [];
  const pushes: Awaited<ReturnType<typeof round>>[] = [];
  for (let r = 0; r < rounds; r++) {
    health.push(await healthRound('health'));
    pushes.push(await pushRound('push'));
  }
  const requests = rounds * clients * perClient;
  const per = (totals: Record<string, number>) =>
    Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v / requests]));
  const healthLatencies = health.flatMap((h) => h.latencies);
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
    pushesPerSecond: summarize(pushes.map((p) => p.rate)).median,
    healthPerSecond: summarize(health.map((h) => h.rate)).median,
    pushRates: pushes.map((p) => p.rate),
    healthRates: health.map((h) => h.rate),
    pullP50: percentile(pulls.latencies, 50),
    pullP99: percentile(pulls.latencies, 99),
    healthP50: percentile(healthLatencies, 50),
    healthP99: percentile(healthLatencies, 99),
    perPush: per(growth.push),
    perHealth: per(growth.health),
  };
}

function clientCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The generator's HTTP client: node:http over keep-alive connections (one per device in
 * flight, as `fetch` kept them before). Issue 36: `fetch` cost the generator 0.45 to 0.8 ms of
 * CPU per request on the same two cores as the server, which made the pull latencies and the
 * rates measure the generator as much as the server; this client costs a fraction of that.
 * What the server receives and answers is the same (method, path, headers, JSON body), so the
 * server-side figures (its CPU per request) stay comparable with earlier runs; the rates, the
 * latencies and the generator's own CPU are lower-cost from 2026-11-27 on.
 */
type HttpClient = ReturnType<typeof keepAliveClient>;

function keepAliveClient() {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const send = (
    origin: string,
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const url = new URL(path, origin);
      const req = request(
        {
          agent,
          method,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers:
            body === undefined
              ? headers
              : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status < 200 || status > 299) reject(new Error(`${path}: ${status} ${text}`));
            else resolve(JSON.parse(text) as unknown);
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}
