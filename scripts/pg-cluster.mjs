// A throw-away PostgreSQL cluster for `npm test` (issue 18): the PostgreSQL store's tests need a
// real server, and a private cluster in a temporary folder on a free port never touches the
// machine's own clusters or data. When PostgreSQL cannot be had, the caller gets a reason instead
// of an exception, so the rest of the suite still runs and those tests count as skipped.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_ROOT = '/usr/lib/postgresql';
// Long enough for a slow machine, short enough that a stuck command cannot hang `npm test`.
const COMMAND_TIMEOUT_MS = 60_000;

const isRoot = () => process.getuid?.() === 0;

/** The bin folder of the highest PostgreSQL version Debian installed, or null. */
function findBinaries() {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .filter((v) => ['initdb', 'pg_ctl'].every((b) => existsSync(join(PG_ROOT, v, 'bin', b))))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(PG_ROOT, versions[0], 'bin') : null;
}

function aptGet(args) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
  return r.status === 0;
}

/** Installs Debian's server package; a stale package index is refreshed only when needed. */
function installPostgres() {
  console.log('[popote] installation de postgresql (paquet Debian)…');
  const install = ['install', '-y', '--no-install-recommends', 'postgresql'];
  return aptGet(install) || (aptGet(['update']) && aptGet(install));
}

/** The last lines of a text, on one line, so a reason fits the single line `npm test` prints. */
function tail(text, lines = 6) {
  const kept = String(text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-lines)
    .join(' | ');
  return kept.length > 800 ? `…${kept.slice(-800)}` : kept;
}

function readTail(file) {
  try {
    return tail(readFileSync(file, 'utf8'));
  } catch {
    return '';
  }
}

/** A TCP port nobody listens on right now (the kernel picks it; we release it at once). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Single-quotes a value for the shell line pg_ctl builds from its -o option. */
const shellQuote = (value) => `'${String(value).replaceAll("'", `'\\''`)}'`;

/**
 * Starts a private PostgreSQL cluster and returns its URL and a synchronous stop(), or
 * `{ unavailable: reason }` (in French) when it cannot. Never throws. `durable`: flush each
 * commit to disk as a production server does (for measures).
 */
export async function startThrowawayPostgres({ durable = false } = {}) {
  let dir = null;
  let runAsPostgres = false;
  let bin = null;

  const run = (command, args) => {
    const [cmd, argv] = runAsPostgres
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    return spawnSync(cmd, argv, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: COMMAND_TIMEOUT_MS,
    });
  };
  const failed = (r) => r.error || r.status !== 0;
  // Removes the folder, first stopping a server that a failed or timed-out start left behind.
  const discard = () => {
    if (!dir) return;
    try {
      if (existsSync(join(dir, 'data', 'postmaster.pid'))) {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      }
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Nothing more to do: the reason already returned says what went wrong.
    }
  };
  // The error stream says what went wrong; the standard output only narrates the steps.
  const output = (r) => r.error?.message ?? (tail(r.stderr) || tail(r.stdout));

  try {
    bin = findBinaries();
    if (!bin && isRoot()) {
      if (installPostgres()) bin = findBinaries();
      if (!bin) return { unavailable: "l'installation du paquet postgresql par apt-get a échoué" };
    }
    if (!bin) {
      return {
        unavailable:
          `PostgreSQL est introuvable (${PG_ROOT}/*/bin) ; installez-le avec ` +
          'sudo apt-get install postgresql',
      };
    }

    dir = mkdtempSync(join(tmpdir(), 'popote-pg-'));
    if (isRoot()) {
      // initdb refuses to run as root: the cluster belongs to the postgres system user.
      const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      if (uid.status !== 0 || gid.status !== 0) {
        discard();
        return { unavailable: "l'utilisateur système postgres n'existe pas" };
      }
      chownSync(dir, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
      runAsPostgres = true;
    }

    const data = join(dir, 'data');
    const logFile = join(dir, 'log');
    // --no-sync: nothing here must survive a crash, and skipping the fsyncs saves most of
    // initdb's time. UTF8 with the C locale: the same cluster whatever the machine's LANG (which
    // may name a locale that is not generated); tests needing French ordering say COLLATE.
    const init = run('initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '--encoding=UTF8',
      '--locale=C',
    ]);
    if (failed(init)) {
      discard();
      return { unavailable: `initdb a échoué : ${output(init)}` };
    }

    // The port is free when we look, but another process may take it before the server binds
    // it: a bind failure is retried on a new port.
    let port = 0;
    let start = null;
    for (let attempt = 0; attempt < 3; attempt++) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${shellQuote(dir)}`,
        '-c listen_addresses=127.0.0.1',
        // fsync off: a throw-away test cluster never needs its data after a crash, and the
        // tests' many small commits are much faster without flushing each one to disk. The
        // benchmarks ask for a durable one: commits cost what they cost in production.
        durable ? '-c fsync=on' : '-c fsync=off',
        // The tests open pools in parallel (several vitest workers, several instances).
        '-c max_connections=200',
      ].join(' ');
      start = run('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '30', '-o', options, 'start']);
      if (!failed(start)) break;
      if (!/could not bind|address already in use/i.test(readTail(logFile))) break;
    }
    if (failed(start)) {
      const reason = `pg_ctl start a échoué : ${output(start)} ; fin du journal : ${readTail(logFile)}`;
      discard();
      return { unavailable: reason };
    }

    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      process.off('exit', stop);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    };
    // An interrupted or crashed run must not leave a server running: stop it on the way out.
    function onSignal(signal) {
      stop();
      process.exit(128 + (constants.signals[signal] ?? 1));
    }
    process.on('exit', stop);
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);

    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    const log = dir ? readTail(join(dir, 'log')) : '';
    discard();
    return {
      unavailable: `erreur inattendue : ${error?.message ?? error}${log ? ` ; fin du journal : ${log}` : ''}`,
    };
  }
}
