/**
 * npm run bench: generates a large data set with a fixed seed, measures, prints one table.
 * BENCH_RUNS sets the runs per figure; BENCH_ONLY=sync,load,heavy,scale,team,compile,web,exports runs some
 * groups only. The browser groups share one server, Chromium and synced device
 * (bench/browser-app.ts), closed at the end.
 */
import { cpus, totalmem } from 'node:os';
import { closeBrowserBench } from './browser-app';
import { benchCompile } from './compile';
import { benchExports } from './exports';
import { printTable, type Figure } from './measure';
import { benchFirstSync, benchServerLoad } from './sync';
import { benchHeavyPush } from './heavy-push';
import { benchScale } from './scale';
import { benchTeam } from './team';
import { benchWeb } from './web';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const only = process.env.BENCH_ONLY?.split(',');
const groups: [string, () => Promise<Figure[]>][] = [
  ['sync', () => benchFirstSync(runs)],
  ['load', () => benchServerLoad()],
  ['heavy', () => benchHeavyPush(runs)],
  ['scale', () => benchScale()],
  ['team', () => benchTeam(runs)],
  ['compile', () => benchCompile(runs)],
  ['web', () => benchWeb(runs)],
  ['exports', () => benchExports(runs)],
];

const figures: Figure[] = [];
try {
  for (const [name, run] of groups) {
    if (only && !only.includes(name)) continue;
    console.error(`[bench] ${name}…`);
    figures.push(...(await run()));
  }
} finally {
  await closeBrowserBench();
}
console.log(
  `Machine : ${cpus().length} cœurs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} Gio, Node ${process.versions.node}`,
);
console.log(printTable(figures));
