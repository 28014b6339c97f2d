// npm test: install what is missing (Debian's chromium included, when root), build, start a
// throw-away PostgreSQL for the tests that need one (installing Debian's postgresql when root),
// then typecheck, lint, unit tests, the sync simulation and the browser tests. Exits non-zero on
// the first failing step and ends with one 'N passed, N failed, N skipped' line.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureReady, log, pnpm } from './lib.mjs';
import { startThrowawayPostgres } from './pg-cluster.mjs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `[popote] Les tests navigateur ont besoin de Chromium (${CHROMIUM}).\n` +
        '         Installez-le avec : sudo apt-get update && sudo apt-get install -y chromium',
    );
    process.exit(1);
  }
  log('installation de chromium (paquet Debian)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update'],
    ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error('[popote] apt-get a échoué : installez chromium puis relancez npm test.');
      process.exit(1);
    }
  }
}

const reports = mkdtempSync(join(tmpdir(), 'popote-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// The vitest steps' environment: POPOTE_TEST_PG_URL when a PostgreSQL cluster was started.
const testEnv = {};

/** Runs vitest for some projects, keeping its JSON report to count tests. */
function vitest(step, projects) {
  const out = join(reports, `${step}.json`);
  const args = [
    'exec',
    'vitest',
    'run',
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  for (const p of projects) args.push('--project', p);
  const code = pnpm(args, { env: testEnv });
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  return code;
}

const steps = [
  ['typecheck', () => pnpm(['run', 'typecheck'])],
  ['lint', () => pnpm(['run', 'lint'])],
  ['unit', () => vitest('unit', ['unit', 'web', 'server-pg'])],
  ['simulation', () => vitest('sim', ['sim', 'sim-pg'])],
  ['browser', () => vitest('e2e', ['e2e'])],
];

ensureReady();
ensureChromium();
// Without PostgreSQL the suite still runs: the tests that need it skip themselves when
// POPOTE_TEST_PG_URL is unset, and the JSON reports count them as skipped.
const startedAt = performance.now();
const pg = await startThrowawayPostgres();
if ('unavailable' in pg) {
  console.log(
    `[popote] PostgreSQL indisponible : ${pg.unavailable} — les tests PostgreSQL sont comptés comme ignorés`,
  );
} else {
  testEnv.POPOTE_TEST_PG_URL = pg.url;
  log(`PostgreSQL jetable démarré en ${Math.round(performance.now() - startedAt)} ms`);
}
let failedStep = null;
try {
  for (const [name, step] of steps) {
    log(`— ${name}`);
    if (step() !== 0) {
      failedStep = name;
      break;
    }
  }
} finally {
  // pg-cluster's exit and signal handlers also stop it on a process.exit or a Ctrl+C.
  if (!('unavailable' in pg)) pg.stop();
  rmSync(reports, { recursive: true, force: true });
}
if (failedStep) {
  console.error(`\n[popote] échec à l'étape « ${failedStep} »`);
  if (totals.failed === 0) totals.failed = 1; // a failing typecheck or lint counts as a failure
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
