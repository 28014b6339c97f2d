/**
 * npm run bench: generates a large data set with a fixed seed, measures, prints one table.
 * BENCH_RUNS sets the runs per figure; BENCH_ONLY=sync,load runs some groups only.
 */
import { cpus, totalmem } from 'node:os';
import { printTable, type Figure } from './measure';
import { benchFirstSync, benchServerLoad } from './sync';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const only = process.env.BENCH_ONLY?.split(',');
const groups: [string, () => Promise<Figure[]>][] = [
  ['sync', () => benchFirstSync(runs)],
  ['load', () => benchServerLoad()],
];

const figures: Figure[] = [];
for (const [name, run] of groups) {
  if (only && !only.includes(name)) continue;
  console.error(`[bench] ${name}…`);
  figures.push(...(await run()));
}
console.log(
  `Machine : ${cpus().length} cœurs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} Gio, Node ${process.versions.node}`,
);
console.log(printTable(figures));
