// npm run sim -- --seeds 50 --steps 5000 [--first 100]: the sync simulation, much longer than CI.
import { parseArgs } from 'node:util';
import { pnpm } from './lib.mjs';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20' },
    steps: { type: 'string', default: '3000' },
    first: { type: 'string', default: '1000' },
  },
});
const code = pnpm(['exec', 'vitest', 'run', '--project', 'sim'], {
  env: { SIM_SEEDS: values.seeds, SIM_STEPS: values.steps, SIM_FIRST_SEED: values.first },
});
process.exit(code);
