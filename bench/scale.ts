/**
 * Issue 18's measure (group 'scale'): single-mutation pushes per second and pull latency with
 * 50 devices, on 1, 2, 4 and 8 server processes sharing one PostgreSQL (as many as the
 * machine has cores for: instanceCounts), beside one process on SQLite and beside GET /health,
 * in one run. Every server runs in its own process (as in production) on this machine's
 * cores, with a private PostgreSQL cluster that flushes each commit to disk (fsync on), as a
 * production one does.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freshPgDatabase,
  logIn,
  pgFlushCounters,
  ServerProcess,
  signUp,
} from '@popote/sync-server/testing';
import { measureLoad, type LoadCounters, type LoadResult } from './load-run';
import { budget, figure, type Figure } from './measure';
// @ts-expect-error: a script of the repository, in JavaScript.
import { startThrowawayPostgres } from '../scripts/pg-cluster.mjs';

const CLIENTS = 50;
const PUSHES_PER_CLIENT = 20;
const USERS = 5;
/** Health and push rounds, alternated: the machine's noise reaches both alike. */
const ROUNDS = 3;
const PASSWORD = 'motdepasse-solide';

/**
 * The instance counts of the scaling curve: 1, 2, 4 and 8 where the machine has the cores for
 * them (two at least), since instances beyond the cores only share them (on 2 cores: 1 and 2).
 * `BENCH_SCALE_INSTANCES=1,2,4` chooses others.
 */
function instanceCounts(): number[] {
  const chosen = process.env.BENCH_SCALE_INSTANCES;
  if (chosen)
    return chosen
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
  return [1, 2, 4, 8].filter((n) => n <= Math.max(2, cpus().length));
}

type Cluster = { url: string; stop(): void } | { unavailable: string };

/** CPU time (ms) a process has used so far, from Linux's /proc (NaN elsewhere). */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, 100 ticks a second
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time (ms) PostgreSQL's processes have used so far: every live process named postgres
 * (the postmaster, its backends and workers), with what its ended children used (a backend
 * that exits is counted in its parent, the postmaster). The bench starts the only cluster.
 */
function postgresCpuMs(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/u.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      // utime + stime + cutime + cstime, 100 ticks a second
      sum +=
        (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
    } catch {
      // The process ended meanwhile.
    }
  }
  return sum;
}

/** Starts the instances, creates the users through the first, measures, stops everything. */
async function measureOn(
  count: number,
  env: (dir: string) => Record<string, string>,
  databaseCounters: LoadCounters = async () => ({}),
) {
  const dirs = Array.from({ length: count }, (_, i) =>
    mkdtempSync(join(tmpdir(), `popote-bench-scale-${i}-`)),
  );
  const instances: ServerProcess[] = [];
  try {
    // One after the other: the first one creates the schema.
    for (const dir of dirs) {
      // ServerProcess raises the push limit (each user sends 800 pushes a minute here, over the
      // default 300): every push is still counted, none refused.
      instances.push(await ServerProcess.start(dir, env(dir), { built: true }));
    }
    const origins = instances.map((i) => i.origin);
    const tokens: string[] = [];
    for (let u = 0; u < USERS; u++) {
      const mail = `echelle${u}@popote.test`;
      await signUp(origins[0]!, dirs[0]!, mail, PASSWORD);
      tokens.push((await logIn(origins[0]!, mail, PASSWORD)).token);
    }
    const counters: LoadCounters = async () => ({
      ...(await databaseCounters()),
      serverCpuMs: instances.reduce((sum, i) => sum + processCpuMs(i.child.pid), 0),
    });
    return await measureLoad(origins, tokens, CLIENTS, PUSHES_PER_CLIENT, {
      rounds: ROUNDS,
      counters,
      warmUp: true,
    });
  } finally {
    for (const instance of instances) await instance.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchScale(): Promise<Figure[]> {
  const sqlite = await measureOn(1, () => ({}));
  const cluster = (await startThrowawayPostgres({ durable: true })) as Cluster;
  if ('unavailable' in cluster) {
    console.error(`[bench] PostgreSQL indisponible : ${cluster.unavailable}`);
    return figuresOf([['SQLite, 1 instance', sqlite]], null);
  }
  try {
    const runs: [string, LoadResult][] = [['SQLite, 1 instance', sqlite]];
    for (const count of instanceCounts()) {
      const database = (await freshPgDatabase(cluster.url))!;
      runs.push([
        `PostgreSQL, ${count} instance${count > 1 ? 's' : ''}`,
        await measureOn(
          count,
          () => ({ DATABASE_URL: database.url }),
          async () => ({ ...(await pgFlushCounters(cluster.url)), postgresCpuMs: postgresCpuMs() }),
        ),
      ]);
      await database.drop();
    }
    return figuresOf(runs, runs.find(([name]) => name === 'PostgreSQL, 1 instance')?.[1] ?? null);
  } finally {
    cluster.stop();
  }
}

function figuresOf(runs: [string, LoadResult][], onePg: LoadResult | null): Figure[] {
  const figures: Figure[] = [];
  for (const [name, load] of runs) {
    const health = figure(`${name} : GET /health, requêtes/s`, load.healthRates, 'req/s');
    figures.push(
      figure(
        `${name} : pushes d’une mutation par seconde (${CLIENTS} clients)`,
        load.pushRates,
        'push/s',
        health,
      ),
    );
    if (onePg && name.startsWith('PostgreSQL') && load !== onePg) {
      figures.push(
        budget(
          figure(
            `${name} : pushes par seconde, rapport à 1 instance`,
            [load.pushesPerSecond / onePg.pushesPerSecond],
            '×',
          ),
          1,
          '≥',
        ),
      );
    }
    figures.push(
      health,
      figure(`${name} : pull incrémental, p50`, [load.pullP50]),
      budget(figure(`${name} : pull incrémental, p99`, [load.pullP99]), 25),
      // Where the two cores go: the servers' CPU and the load generator's, per request.
      budget(
        figure(`${name} : CPU des serveurs par push`, [load.perPush.serverCpuMs!]),
        // Issue 36: what the instance that takes a single-mutation push spends on it.
        name.startsWith('SQLite') ? 0.4 : 0.8,
      ),
      figure(`${name} : CPU du générateur de charge par push`, [load.perPush.clientCpuMs!]),
      figure(`${name} : CPU des serveurs par GET /health`, [load.perHealth.serverCpuMs!]),
      figure(`${name} : CPU du générateur par GET /health`, [load.perHealth.clientCpuMs!]),
    );
    if (load.perPush.walSyncs !== undefined) {
      // Group commit in PostgreSQL: concurrent commits share one flush of the log.
      figures.push(
        figure(`${name} : flushs du journal (fsync) par push`, [load.perPush.walSyncs], 'fsync'),
        figure(`${name} : transactions validées par push`, [load.perPush.commits!], 'tx'),
        figure(
          `${name} : transactions rejouées (conflits) par push`,
          [load.perPush.rollbacks!],
          'tx',
        ),
        budget(figure(`${name} : CPU de PostgreSQL par push`, [load.perPush.postgresCpuMs!]), 0.8),
        figure(`${name} : CPU de PostgreSQL par GET /health`, [load.perHealth.postgresCpuMs!]),
      );
    }
  }
  return figures;
}
