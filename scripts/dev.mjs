// npm run dev: the server in watch mode on :8080 and Vite's dev server (with a proxy to it).
import { spawn } from 'node:child_process';
import { ensureReady, root, pnpmCommand, log } from './lib.mjs';

ensureReady();
const [command, ...prefix] = pnpmCommand();
const children = [
  spawn(command, [...prefix, '--filter', '@popote/sync-server', 'run', 'dev'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(command, [...prefix, '--filter', '@popote/web', 'run', 'dev'], {
    cwd: root,
    stdio: 'inherit',
  }),
];
log('serveur sur http://127.0.0.1:8080, application en développement sur http://127.0.0.1:5173');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
