/**
 * The shopping spreadsheet as an .xlsx file (exceljs). exceljs is loaded on first use, so that
 * importing this package costs a web page nothing until a user asks for an export.
 */
import type { Worksheet } from 'exceljs';
import type { ProgressListener } from './progress.js';
import { yieldToEventLoop } from './progress.js';
import type { SheetPlan, ShoppingInput } from './shopping-plan.js';
import { planShopping } from './shopping-plan.js';

const HEAD_FILL = 'FFFAB005';
const DETAIL_COLOR = 'FF5A5A5A';
const COLUMN_WIDTHS = [40, 32, 28];

export async function buildShoppingXlsx(
  input: ShoppingInput,
  onProgress?: ProgressListener,
): Promise<Uint8Array> {
  const sheets = planShopping(input);
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Popote';
  for (const [index, plan] of sheets.entries()) {
    writeSheet(workbook.addWorksheet(plan.name), plan);
    onProgress?.(index + 1, sheets.length);
    await yieldToEventLoop();
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

function writeSheet(sheet: Worksheet, plan: SheetPlan): void {
  sheet.columns = plan.columns.map((header, i) => ({
    header,
    width: COLUMN_WIDTHS[i] ?? 20,
  }));
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEAD_FILL } };
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of plan.rows) {
    // An empty cell stays truly empty rather than holding ''.
    const added = sheet.addRow(row.cells.map((c) => (c === '' ? null : c)));
    if (row.kind === 'total') {
      added.getCell(1).font = { bold: true };
    } else {
      added.font = { italic: true, color: { argb: DETAIL_COLOR } };
      added.getCell(1).alignment = { indent: 2 };
    }
  }
}
