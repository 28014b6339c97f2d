// npm run backup -- <file>: install and build what is missing, then copy the SQLite database
// of DATA_DIR into <file> while the server keeps running.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureReady, root } from './lib.mjs';

ensureReady();
const backup = spawn(
  process.execPath,
  [join(root, 'sync-server', 'dist', 'backup.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
backup.on('exit', (code) => process.exit(code ?? 1));
