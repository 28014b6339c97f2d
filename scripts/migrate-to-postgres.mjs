// npm run migrate-to-postgres: install and build what is missing, then copy the SQLite
// database of DATA_DIR into the PostgreSQL database of DATABASE_URL.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureReady, root } from './lib.mjs';

ensureReady();
const copy = spawn(
  process.execPath,
  [join(root, 'sync-server', 'dist', 'migrate-to-postgres.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
copy.on('exit', (code) => process.exit(code ?? 1));
