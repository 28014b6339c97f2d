/** Timing helpers: every figure is a median over several runs, with its min and max. */
export interface Figure {
  name: string;
  median: number;
  min: number;
  max: number;
  unit: string;
  /** The reference figure measured in the same run, when there is one. */
  reference?: { name: string; median: number };
}

export async function time(runs: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  await fn(); // warm-up: JIT, caches
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

export function summarize(samples: number[]): { median: number; min: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** The sample below which p % of the samples fall. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function figure(name: string, samples: number[], unit = 'ms', reference?: Figure): Figure {
  return {
    name,
    unit,
    ...summarize(samples),
    ...(reference ? { reference: { name: reference.name, median: reference.median } } : {}),
  };
}

const fmt = (n: number): string =>
  n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);

export function printTable(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.name,
    `${fmt(f.median)} ${f.unit}`,
    `${fmt(f.min)}–${fmt(f.max)}`,
    f.reference ? `${(f.median / f.reference.median).toFixed(2)}× ${f.reference.name}` : '',
  ]);
  const header = ['mesure', 'médiane', 'min–max', 'rapport à la référence'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
