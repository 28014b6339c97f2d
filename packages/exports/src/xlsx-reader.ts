/**
 * Reads back the workbooks this package writes, as plain text rows per sheet, so that tests
 * (unit and browser) can check a spreadsheet without knowing exceljs. Not exported from the
 * package: it is a test aid.
 */

export interface ReadSheet {
  name: string;
  /** Row by row from the first; each cell as text, '' when empty, trailing empties dropped. */
  rows: string[][];
}

export async function readXlsxSheets(bytes: Uint8Array): Promise<ReadSheet[]> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  const copy = bytes.slice().buffer;
  await workbook.xlsx.load(copy);
  return workbook.worksheets.map((sheet) => {
    const rows: string[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) {
        const value = row.getCell(c).value;
        cells.push(value === null || value === undefined ? '' : String(value));
      }
      while (cells.length > 0 && cells.at(-1) === '') cells.pop();
      rows.push(cells);
    }
    return { name: sheet.name, rows };
  });
}
