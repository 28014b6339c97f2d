import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Id } from '@popote/domain';
import { compileIngredients, formatQuantity, NO_SUPPLIER, Unite } from '@popote/domain';
import { buildShoppingXlsx, fittedWidth, MAX_WIDTH } from './shopping.js';
import type { ShoppingInput, ShoppingProfile } from './shopping-plan.js';
import { planShopping, shown } from './shopping-plan.js';
import { compileInput, ING, STAY } from '../test/camp-stay.js';
import { readXlsxSheets } from '../test/xlsx-reader.js';

const PRIMEUR = { id: 100, name: 'Primeur' };
const BOUCHERIE = { id: 101, name: 'Boucherie Martin' };

function profile(overrides: Record<Id, Id> = {}): ShoppingProfile {
  return {
    suppliers: [PRIMEUR, BOUCHERIE],
    mapping: {
      [ING.tomates.id]: PRIMEUR.id,
      [ING.boeuf.id]: BOUCHERIE.id,
      [ING.pain.id]: NO_SUPPLIER,
      ...overrides,
    },
  };
}

function input(withProfile: ShoppingProfile | null, days?: number[]): ShoppingInput {
  return { stay: STAY, compiled: compileIngredients(compileInput(days)), profile: withProfile };
}

const DAYS = ['Lun. 7-07', 'Mer. 9-07', 'Ven. 11-07'];
const HEAD = ['Ingrédient', 'Quantité', 'Unité'];

/**
 * Days 0, 2 and 4 (20 people, day 2 Midi: 12, and 8 + 2): Tomates 10 + 6 + 10 pièces and
 * 300 gr × 2; Pâtes 2 + 1,2 + 2 kg; Riz 1,25 kg; Bœuf 3 + 1,8 + 3 kg; Lait 5 L; Œufs 12;
 * Pain 20/4 = 5 and 10/4 = 2,5, rounded up to 3 in its meal: 8 pièces.
 */
describe('planShopping', () => {
  it('without a profile: every ingredient by category then name, quantities as numbers', () => {
    const sheets = planShopping(input(null));
    expect(sheets.map((s) => s.name)).toEqual([
      'Ingrédients',
      'Fruits et légumes',
      'Féculents',
      'Viandes, poissons',
      'Laitages',
      'Boulangerie',
      ...DAYS,
    ]);
    expect(sheets[0]?.columns.map((c) => c.header)).toEqual(['Catégorie', ...HEAD]);
    expect(sheets[0]?.rows).toEqual([
      ['Fruits et légumes', 'Tomates', 26, 'pièces'],
      ['Fruits et légumes', 'Tomates', 600, 'gr'],
      ['Féculents', 'Pâtes', 5.2, 'kg'],
      ['Féculents', 'Riz', 1.25, 'kg'],
      ['Viandes, poissons', 'Bœuf haché', 7.8, 'kg'],
      ['Laitages', 'Lait', 5, 'L'],
      ['Laitages', 'Œufs', 12, 'pièces'],
      ['Boulangerie', 'Pain', 8, 'pièces'],
    ]);
    expect(sheets[2]).toEqual({
      name: 'Féculents',
      columns: HEAD.map((header) => ({ header })),
      rows: [
        ['Pâtes', 5.2, 'kg'],
        ['Riz', 1.25, 'kg'],
      ],
    });
  });

  it('with a profile: sorted by supplier (Sans fournisseur first, then by name), then by name', () => {
    const sheets = planShopping(input(profile({ [ING.pain.id]: BOUCHERIE.id })));
    expect(sheets.map((s) => s.name)).toEqual([
      'Ingrédients',
      'Sans fournisseur',
      'Boucherie Martin',
      'Primeur',
      ...DAYS,
    ]);
    expect(sheets[0]?.columns.map((c) => c.header)).toEqual(['Fournisseur', ...HEAD]);
    expect(sheets[0]?.rows).toEqual([
      ['Sans fournisseur', 'Lait', 5, 'L'],
      ['Sans fournisseur', 'Œufs', 12, 'pièces'],
      ['Sans fournisseur', 'Pâtes', 5.2, 'kg'],
      ['Sans fournisseur', 'Riz', 1.25, 'kg'],
      ['Boucherie Martin', 'Bœuf haché', 7.8, 'kg'],
      ['Boucherie Martin', 'Pain', 8, 'pièces'],
      ['Primeur', 'Tomates', 26, 'pièces'],
      ['Primeur', 'Tomates', 600, 'gr'],
    ]);
    expect(sheets[2]?.rows).toEqual([
      ['Bœuf haché', 7.8, 'kg'],
      ['Pain', 8, 'pièces'],
    ]);
  });

  it('leaves out suppliers with nothing to buy, and counts unknown suppliers as none', () => {
    const sheets = planShopping(
      input({ suppliers: [PRIMEUR, BOUCHERIE], mapping: { [ING.boeuf.id]: 999 } }),
    );
    expect(sheets.map((s) => s.name)).toEqual(['Ingrédients', 'Sans fournisseur', ...DAYS]);
  });

  it('adds up each day on its own sheet, with the meals that need each ingredient', () => {
    const sheets = planShopping(input(profile()));
    const monday = sheets.find((s) => s.name === 'Lun. 7-07');
    expect(monday?.columns.map((c) => c.header)).toEqual(['Fournisseur', ...HEAD, 'Repas']);
    expect(monday?.rows).toEqual([
      ['Sans fournisseur', 'Lait', 5, 'L', 'Dîner'],
      ['Sans fournisseur', 'Pain', 5, 'pièces', 'Midi'],
      ['Sans fournisseur', 'Pâtes', 2, 'kg', 'Midi'],
      ['Sans fournisseur', 'Riz', 1.25, 'kg', 'Dîner'],
      ['Boucherie Martin', 'Bœuf haché', 3, 'kg', 'Midi'],
      ['Primeur', 'Tomates', 10, 'pièces', 'Midi'],
      ['Primeur', 'Tomates', 600, 'gr', 'Dîner'],
    ]);
    const wednesday = sheets.find((s) => s.name === 'Mer. 9-07');
    expect(wednesday?.rows.map((r) => [r[1], r[2], r[4]])).toEqual([
      ['Œufs', 12, 'Midi'],
      ['Pain', 3, 'Midi'],
      ['Pâtes', 1.2, 'Midi'],
      ['Bœuf haché', 1.8, 'Midi'],
      ['Tomates', 6, 'Midi'],
    ]);
  });

  it('has no sheet for a day whose meals need nothing', () => {
    const only = input(null, [0, 2]);
    // Day 2 keeps only its empty meal.
    const compiled = compileIngredients({
      ...compileInput([0, 2]),
      meals: compileInput([0, 2]).meals.filter((m) => m.day === 0 || m.id === 55),
    });
    expect(Object.values(compiled.meals).map((m) => m.day)).toContain(2);
    const names = planShopping({ ...only, compiled }).map((s) => s.name);
    expect(names).toContain('Lun. 7-07');
    expect(names).not.toContain('Mer. 9-07');
  });

  it('lists an ingredient needed in quantity 0 once, with 0', () => {
    const compiled = compileIngredients(compileInput());
    const lait = compiled.ingredients.find((i) => i.ingredient.id === ING.lait.id)!;
    lait.uses = lait.uses.map((u) => ({ ...u, val: 0 }));
    const [all] = planShopping({ stay: STAY, compiled, profile: null });
    expect(all?.rows.filter((r) => r[1] === 'Lait')).toEqual([['Laitages', 'Lait', 0, 'L']]);
  });

  it('gives valid, unique sheet names whatever the suppliers are called', () => {
    const odd = {
      suppliers: [
        { id: 1, name: 'Ingrédients' },
        { id: 2, name: 'Fruits/Légumes: [bio]' },
        { id: 3, name: 'Lun. 7-07' },
      ],
      mapping: { [ING.tomates.id]: 1, [ING.pates.id]: 2, [ING.riz.id]: 3 },
    };
    expect(planShopping(input(odd)).map((s) => s.name)).toEqual([
      'Ingrédients',
      'Sans fournisseur',
      'Fruits-Légumes- -bio-',
      'Ingrédients (2)',
      'Lun. 7-07',
      'Lun. 7-07 (2)',
      'Mer. 9-07',
      'Ven. 11-07',
    ]);
  });
});

describe('shown', () => {
  it('shows a quantity as the app does (gr above 1000 as kg, cL above 100 as L)', () => {
    const gramsCases = [0.5, 12.345, 999, 1000, 1000.5, 1500, 5200, 12345.678];
    for (const grams of gramsCases) {
      const { quantity, unit } = shown('mass', grams);
      expect(`${formatQuantity(quantity, unit === 'kg' ? Unite.Kg : Unite.G)}`).toBe(
        formatQuantity(grams, Unite.G),
      );
    }
    for (const cl of [0.25, 33, 100, 100.5, 250, 1234.5]) {
      const { quantity, unit } = shown('volume', cl);
      expect(formatQuantity(quantity, unit === 'L' ? Unite.L : Unite.CL)).toBe(
        formatQuantity(cl, Unite.CL),
      );
    }
    expect(shown('mass', 5200)).toEqual({ quantity: 5.2, unit: 'kg' });
    expect(shown('volume', 12.345)).toEqual({ quantity: 12.35, unit: 'cL' });
    expect(shown('pieces', 26)).toEqual({ quantity: 26, unit: 'pièces' });
  });
});

describe('buildShoppingXlsx', () => {
  it('writes numbers as numbers, the header frozen and filtered, columns fitted', async () => {
    const progress: number[] = [];
    const bytes = await buildShoppingXlsx(input(profile({ [ING.pain.id]: BOUCHERIE.id })), (done) =>
      progress.push(done),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Ingrédients',
      'Sans fournisseur',
      'Boucherie Martin',
      'Primeur',
      ...DAYS,
    ]);
    const all = workbook.getWorksheet('Ingrédients')!;
    expect(all.getRow(1).values).toEqual([undefined, 'Fournisseur', ...HEAD]);
    expect(all.getCell('A1').font?.bold).toBe(true);
    expect(all.getCell('D1').fill).toMatchObject({
      pattern: 'solid',
      fgColor: { argb: 'FFFAB005' },
    });
    expect(all.getCell('C4').value).toBe(5.2);
    expect(all.getCell('C4').type).toBe(ExcelJS.ValueType.Number);
    expect(all.getCell('D4').value).toBe('kg');
    for (const sheet of workbook.worksheets) {
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
      for (let r = 2; r <= sheet.rowCount; r++) {
        const quantity = sheet
          .getRow(r)
          .getCell(sheet.name === 'Ingrédients' || DAYS.includes(sheet.name) ? 3 : 2);
        expect(quantity.type).toBe(ExcelJS.ValueType.Number);
      }
    }
    // 'Sans fournisseur' is the longest text of the first column.
    expect(all.getColumn(1).width).toBe('Sans fournisseur'.length + 2);
    // Fast enough to report once, when done.
    expect(progress).toEqual([7]);
  });

  it('reads back as text and typed values for tests', async () => {
    const sheets = await readXlsxSheets(await buildShoppingXlsx(input(null)));
    expect(sheets[2]).toEqual({
      name: 'Féculents',
      rows: [HEAD, ['Pâtes', '5.2', 'kg'], ['Riz', '1.25', 'kg']],
      values: [HEAD, ['Pâtes', 5.2, 'kg'], ['Riz', 1.25, 'kg']],
      frozenRows: 1,
      widths: [15, 13, 10],
    });
  });

  it('keeps a column within bounds however long its texts', () => {
    expect(fittedWidth('Ingrédient', [['x'.repeat(200)]], 0)).toBe(MAX_WIDTH);
    expect(fittedWidth('Unité', [['kg'], [null]], 0)).toBe(10);
    expect(fittedWidth('Quantité', [[1234.56]], 0)).toBe(13);
  });
});
