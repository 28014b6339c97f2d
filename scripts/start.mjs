// npm start: install what is missing, build, then run the sync server with the web app.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureReady, root } from './lib.mjs';

ensureReady();
const server = spawn(process.execPath, [join(root, 'sync-server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
