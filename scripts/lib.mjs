// Shared by the README's commands: find or install pnpm, install dependencies, build what is
// stale. Only Node and npm are assumed on the machine.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
).packageManager.split('@')[1];

export function log(message) {
  console.log(`\x1b[36m[popote]\x1b[0m ${message}`);
}

/** Runs a command in the repository, inheriting the terminal; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CI: 'true', ...options.env },
    shell: false,
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const code = run(command, args, options);
  if (code !== 0) {
    console.error(`\n[popote] échec : ${command} ${args.join(' ')} (code ${code})`);
    process.exit(code);
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(
      `[popote] Node.js 20.19 ou plus est nécessaire (trouvé ${process.versions.node}).`,
    );
    process.exit(1);
  }
}

function commandVersion(command, args) {
  const r = spawnSync(command, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The pnpm command to use: the pinned version, installed globally if we can, else via npx. */
export function pnpmCommand() {
  if (commandVersion('pnpm', ['--version']) === PNPM_VERSION) return ['pnpm'];
  log(`installation de pnpm ${PNPM_VERSION}…`);
  const global = spawnSync('npm', ['install', '-g', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' });
  if (global.status === 0 && commandVersion('pnpm', ['--version']) === PNPM_VERSION)
    return ['pnpm'];
  log('installation globale impossible : pnpm sera lancé par npx');
  return ['npx', '-y', `pnpm@${PNPM_VERSION}`];
}

export function pnpm(args, options) {
  const [command, ...prefix] = (pnpmCommand.cached ??= pnpmCommand());
  return run(command, [...prefix, ...args], options);
}

export function pnpmOrExit(args, options) {
  const code = pnpm(args, options);
  if (code !== 0) {
    console.error(`\n[popote] échec : pnpm ${args.join(' ')} (code ${code})`);
    process.exit(code);
  }
}

/** Newest modification time among the files below the given paths (skipping outputs). */
function newestMtime(paths) {
  let newest = 0;
  const skip = new Set(['node_modules', 'dist', 'dev-dist', '.vite']);
  const visit = (path) => {
    if (!existsSync(path)) return;
    const st = statSync(path);
    if (st.isDirectory()) {
      for (const entry of readdirSync(path)) if (!skip.has(entry)) visit(join(path, entry));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) visit(join(root, p));
  return newest;
}

const stampFile = join(root, 'node_modules', '.popote-build-stamp');

function installIfNeeded() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const manifests = ['package.json', 'pnpm-workspace.yaml', 'pnpm-lock.yaml']
    .map((m) => join(root, m))
    .filter((m) => existsSync(m));
  const stale =
    !existsSync(marker) || manifests.some((m) => statSync(m).mtimeMs > statSync(marker).mtimeMs);
  if (!stale) return;
  log('installation des dépendances…');
  pnpmOrExit(['install', '--frozen-lockfile']);
}

function buildIfNeeded() {
  const sources = newestMtime([
    'packages',
    'sync-server',
    'web',
    'tsconfig.base.json',
    'pnpm-lock.yaml',
  ]);
  const built = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : 0;
  const outputs = ['web/dist/index.html', 'sync-server/dist/main.js'].every((f) =>
    existsSync(join(root, f)),
  );
  if (outputs && built >= sources) return;
  log('construction (packages, serveur, application web)…');
  pnpmOrExit(['exec', 'tsc', '-b', 'tsconfig.json']);
  pnpmOrExit(['--filter', '@popote/web', 'run', 'build']);
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, String(sources));
}

/** Everything `npm start` and `npm test` need before they run. */
export function ensureReady() {
  checkNode();
  installIfNeeded();
  buildIfNeeded();
}
