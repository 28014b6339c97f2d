import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { columnLetters, escapeXml, writeXlsx } from './xlsx-writer.js';

async function load(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.slice().buffer);
  return workbook;
}

describe('writeXlsx', () => {
  it('writes text, numbers, empty cells, widths, formats and a frozen, filtered header', async () => {
    const bytes = writeXlsx(
      [
        {
          name: 'Courses',
          columns: [
            { header: 'Ingrédient', width: 15 },
            { header: 'Quantité', width: 12 },
            { header: 'Prix', width: 10, numFmt: '0.00 €' },
          ],
          rows: [
            ['Bœuf haché', 7.8, 52.5],
            ['  Pain <frais> & "bio"  ', 8, null],
            [null, 0, 1e-7],
          ],
        },
        { name: "L'épicerie", columns: [{ header: 'Ingrédient', width: 13 }], rows: [] },
      ],
      'Popote',
    );
    const workbook = await load(bytes);
    expect(workbook.creator).toBe('Popote');
    const sheet = workbook.getWorksheet('Courses')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Ingrédient', 'Quantité', 'Prix']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('B2').value).toBe(7.8);
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('C2').numFmt).toBe('0.00 €');
    expect(sheet.getCell('A3').value).toBe('  Pain <frais> & "bio"  ');
    expect(sheet.getCell('C3').type).toBe(ExcelJS.ValueType.Null);
    expect(sheet.getCell('A4').type).toBe(ExcelJS.ValueType.Null);
    expect(sheet.getCell('B4').value).toBe(0);
    expect(sheet.getCell('C4').value).toBe(1e-7);
    expect(sheet.columns.map((c) => c.width)).toEqual([15, 12, 10]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:C4');
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Courses', "L'épicerie"]);
    expect(workbook.getWorksheet("L'épicerie")!.getCell('A1').value).toBe('Ingrédient');
  });
  it('styles further heading rows as the header, leaves empty headers out, filters on demand', async () => {
    const bytes = writeXlsx(
      [
        {
          name: 'Coûts',
          columns: [
            { header: 'Fournisseur', width: 15 },
            { header: '', width: 10 },
            { header: 'À payer', width: 10, numFmt: '#,##0.00 "€"' },
          ],
          rows: [
            ['Primeur', null, 14],
            [],
            ['Jour', 'Personnes', 'Coût'],
            ['Lun. 7-07', 20, 48.73],
          ],
          headings: [2],
          filter: false,
        },
      ],
      'Popote',
    );
    const workbook = await load(bytes);
    const sheet = workbook.getWorksheet('Coûts')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Fournisseur', undefined, 'À payer']);
    expect(sheet.getCell('B1').type).toBe(ExcelJS.ValueType.Null);
    for (const cell of ['A4', 'B4', 'C4']) {
      expect(sheet.getCell(cell).font?.bold).toBe(true);
      expect(sheet.getCell(cell).fill).toMatchObject({ pattern: 'solid' });
    }
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00 "€"');
    expect(sheet.getCell('C5').value).toBe(48.73);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeFalsy();
  });
});

describe('columnLetters', () => {
  it('names columns as Excel does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('escapeXml', () => {
  it('escapes markup and drops the control characters XML cannot hold', () => {
    expect(escapeXml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
    expect(escapeXml('tab\there\u0001\u0008\nline')).toBe('tab\there\nline');
  });
});
