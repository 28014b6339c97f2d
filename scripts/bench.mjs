// npm run bench: builds what is stale, then runs the benchmarks and prints one table.
import { ensureReady, pnpmOrExit } from './lib.mjs';

ensureReady();
pnpmOrExit(['exec', 'tsx', '--conditions=source', 'bench/run.ts'], { env: { CI: '' } });
