/** Timing helpers: every figure is a median over several runs, with its min and max. */
export interface Figure {
  name: string;
  median: number;
  min: number;
  max: number;
  unit: string;
  /** The reference figure measured in the same run, when there is one. */
  reference?: { name: string; median: number };
  /** What the figure must meet (issue 36's budgets), printed beside it. */
  budget?: Budget;
}

/**
 * A budget: the median (or its ratio to the reference, `on: 'ratio'`) at most (`'≤'`) or at
 * least (`'≥'`) `limit`.
 */
export interface Budget {
  limit: number;
  is: '≤' | '≥';
  on?: 'median' | 'ratio';
}

/** The figure with its budget. */
export function budget(
  f: Figure,
  limit: number,
  is: Budget['is'] = '≤',
  on: Budget['on'] = 'median',
): Figure {
  return { ...f, budget: { limit, is, on } };
}

/** Whether the figure meets its budget (undefined when it has none or lacks its reference). */
export function meets(f: Figure): boolean | undefined {
  if (!f.budget) return undefined;
  const value =
    f.budget.on === 'ratio' ? (f.reference ? f.median / f.reference.median : NaN) : f.median;
  if (Number.isNaN(value)) return undefined;
  return f.budget.is === '≤' ? value <= f.budget.limit : value >= f.budget.limit;
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

function budgetCell(f: Figure): string {
  if (!f.budget) return '';
  const { limit, is, on } = f.budget;
  const bound = on === 'ratio' ? `${is} ${limit}× la référence` : `${is} ${fmt(limit)} ${f.unit}`;
  const met = meets(f);
  return `${bound} : ${met === undefined ? 'non mesuré' : met ? 'tenu' : 'MANQUÉ'}`;
}

export function printTable(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.name,
    `${fmt(f.median)} ${f.unit}`,
    `${fmt(f.min)}–${fmt(f.max)}`,
    f.reference ? `${(f.median / f.reference.median).toFixed(2)}× ${f.reference.name}` : '',
    budgetCell(f),
  ]);
  const header = ['mesure', 'médiane', 'min–max', 'rapport à la référence', 'budget'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
