/**
 * The shopping spreadsheet as an .xlsx file: quantities as numbers, a bold header row frozen on
 * every sheet with a filter, and columns as wide as their content (xlsx-writer.ts: exceljs
 * was too slow for a long stay). fflate, which zips the file, is loaded on first use.
 */
import type { ProgressListener } from './progress.js';
import type { CellValue, SheetPlan, ShoppingInput } from './shopping-plan.js';
import { planShopping } from './shopping-plan.js';
import type { XlsxSheet } from './xlsx-writer.js';

/** Column widths, in characters: never narrower or wider than this. */
export const MIN_WIDTH = 8;
export const MAX_WIDTH = 60;

export async function buildShoppingXlsx(
  input: ShoppingInput,
  onProgress?: ProgressListener,
): Promise<Uint8Array> {
  const plans = planShopping(input);
  const { writeXlsx } = await import('./xlsx-writer.js');
  const sheets = plans.map(toSheet);
  const bytes = writeXlsx(sheets, 'Popote');
  onProgress?.(plans.length, plans.length);
  return bytes;
}

function toSheet(plan: SheetPlan): XlsxSheet {
  return {
    name: plan.name,
    columns: plan.columns.map((column, i) => ({
      header: column.header,
      width: fittedWidth(column.header, plan.rows, i),
      ...(column.numFmt === undefined ? {} : { numFmt: column.numFmt }),
    })),
    rows: plan.rows,
    ...(plan.headings === undefined ? {} : { headings: plan.headings }),
    ...(plan.filter === undefined ? {} : { filter: plan.filter }),
  };
}

/** As wide as the longest text of the column (numbers as Excel shows them), within bounds. */
export function fittedWidth(header: string, rows: readonly CellValue[][], column: number): number {
  let longest = header.length + 3; // room for the filter's button
  for (const row of rows) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    longest = Math.max(longest, String(value).length);
  }
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2));
}
