/**
 * Reads back the workbooks this package writes, so that tests (unit and browser) can check a
 * spreadsheet without knowing exceljs: each sheet's rows as text, and as typed values (a
 * quantity must be a number, not text). Not exported from the package: it is a test aid.
 */

export type ReadValue = string | number | boolean | null;

export interface ReadSheet {
  name: string;
  /** Row by row from the first; each cell as text, '' when empty, trailing empties dropped. */
  rows: string[][];
  /** The same cells as stored: a number stays a number, an empty cell is null. */
  values: ReadValue[][];
  /** Rows frozen at the top (0: none). */
  frozenRows: number;
  /** Each column's width, in characters (undefined: the default). */
  widths: (number | undefined)[];
}

export async function readXlsxSheets(bytes: Uint8Array): Promise<ReadSheet[]> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  const copy = bytes.slice().buffer;
  await workbook.xlsx.load(copy);
  return workbook.worksheets.map((sheet) => {
    const rows: string[][] = [];
    const values: ReadValue[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const cells: ReadValue[] = [];
      for (let c = 1; c <= row.cellCount; c++) {
        const value = row.getCell(c).value;
        cells.push(
          typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string'
            ? value
            : value === null || value === undefined
              ? null
              : String(value),
        );
      }
      while (cells.length > 0 && cells.at(-1) === null) cells.pop();
      values.push(cells);
      rows.push(cells.map((v) => (v === null ? '' : String(v))));
    }
    const view = sheet.views[0];
    return {
      name: sheet.name,
      rows,
      values,
      frozenRows: view?.state === 'frozen' ? (view.ySplit ?? 0) : 0,
      widths: (sheet.columns ?? []).map((c) => c.width),
    };
  });
}
