import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Id } from '@popote/domain';
import { compileIngredients, NO_SUPPLIER } from '@popote/domain';
import { buildShoppingXlsx } from './shopping.js';
import type { ShoppingInput, ShoppingProfile } from './shopping-plan.js';
import { planShopping } from './shopping-plan.js';
import { compileInput, ING, STAY } from './test-kit.js';
import { readXlsxSheets } from './xlsx-reader.js';

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

function input(withProfile: ShoppingProfile | null): ShoppingInput {
  return { stay: STAY, compiled: compileIngredients(compileInput()), profile: withProfile };
}

const DAYS = ['Lun. 7-07', 'Mer. 9-07', 'Ven. 11-07'];

describe('planShopping', () => {
  it('without a profile: every ingredient, one sheet per category, one per day', () => {
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
    expect(sheets[0]?.columns).toEqual(['Ingrédient', 'Quantité', 'Catégorie']);
    expect(sheets[0]?.rows.filter((r) => r.kind === 'total').map((r) => r.cells)).toEqual([
      ['Tomates', '26 pièces et 600 gr', 'Fruits et légumes'],
      ['Pâtes', '5,20 kg', 'Féculents'],
      ['Riz', '1,25 kg', 'Féculents'],
      ['Bœuf haché', '7,80 kg', 'Viandes, poissons'],
      ['Lait', '5 L', 'Laitages'],
      ['Œufs', '12 pièces', 'Laitages'],
      ['Pain', '7,50 pièces', 'Boulangerie'],
    ]);
  });

  it('details each use of an ingredient needed by two meals or more', () => {
    const [all] = planShopping(input(null));
    const rows = all?.rows.map((r) => [r.kind, ...r.cells]) ?? [];
    const pates = rows.findIndex((r) => r[1] === 'Pâtes');
    expect(rows.slice(pates, pates + 5)).toEqual([
      ['total', 'Pâtes', '5,20 kg', 'Féculents'],
      ['detail', 'Lun. 7-07 - Midi', '2 kg', ''],
      ['detail', 'Mer. 9-07 - Midi', '1,20 kg', ''],
      ['detail', 'Ven. 11-07 - Dîner', '2 kg', ''],
      ['total', 'Riz', '1,25 kg', 'Féculents'],
    ]);
  });

  it('with a profile: Sans fournisseur first, then suppliers by name, the chosen supplier in column 3', () => {
    const sheets = planShopping(input(profile({ [ING.pain.id]: BOUCHERIE.id })));
    expect(sheets.map((s) => s.name)).toEqual([
      'Ingrédients',
      'Sans fournisseur',
      'Boucherie Martin',
      'Primeur',
      ...DAYS,
    ]);
    expect(sheets[0]?.columns).toEqual(['Ingrédient', 'Quantité', 'Fournisseur']);
    const totals = (name: string) =>
      sheets
        .find((s) => s.name === name)
        ?.rows.filter((r) => r.kind === 'total')
        .map((r) => r.cells);
    expect(totals('Ingrédients')?.map((c) => [c[0], c[2]])).toEqual([
      ['Tomates', 'Primeur'],
      ['Pâtes', 'Sans fournisseur'],
      ['Riz', 'Sans fournisseur'],
      ['Bœuf haché', 'Boucherie Martin'],
      ['Lait', 'Sans fournisseur'],
      ['Œufs', 'Sans fournisseur'],
      ['Pain', 'Boucherie Martin'],
    ]);
    expect(totals('Boucherie Martin')).toEqual([
      ['Bœuf haché', '7,80 kg'],
      ['Pain', '7,50 pièces'],
    ]);
    expect(totals('Primeur')).toEqual([['Tomates', '26 pièces et 600 gr']]);
  });

  it('leaves out suppliers with nothing to buy, and counts unknown suppliers as none', () => {
    const sheets = planShopping(
      input({ suppliers: [PRIMEUR, BOUCHERIE], mapping: { [ING.boeuf.id]: 999 } }),
    );
    expect(sheets.map((s) => s.name)).toEqual(['Ingrédients', 'Sans fournisseur', ...DAYS]);
  });

  it('adds up each day on its own sheet', () => {
    const sheets = planShopping(input(profile()));
    const monday = sheets.find((s) => s.name === 'Lun. 7-07');
    expect(monday?.rows.map((r) => r.cells)).toEqual([
      ['Tomates', '10 pièces et 600 gr', 'Primeur'],
      ['Lun. 7-07 - Midi', '10 pièces', ''],
      ['Lun. 7-07 - Dîner', '600 gr', ''],
      ['Pâtes', '2 kg', 'Sans fournisseur'],
      ['Riz', '1,25 kg', 'Sans fournisseur'],
      ['Bœuf haché', '3 kg', 'Boucherie Martin'],
      ['Lait', '5 L', 'Sans fournisseur'],
      ['Pain', '5 pièces', 'Sans fournisseur'],
    ]);
    const wednesday = sheets.find((s) => s.name === 'Mer. 9-07');
    expect(wednesday?.rows.map((r) => r.cells[0])).toEqual([
      'Tomates',
      'Pâtes',
      'Bœuf haché',
      'Œufs',
      'Pain',
    ]);
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

describe('buildShoppingXlsx', () => {
  it('writes a workbook that reads back with its sheets, totals and details', async () => {
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
    const all = workbook.getWorksheet('Ingrédients');
    const values = (row: number) =>
      (all?.getRow(row).values as unknown[]).slice(1).map((v) => String(v ?? ''));
    expect(values(1)).toEqual(['Ingrédient', 'Quantité', 'Fournisseur']);
    expect(values(2)).toEqual(['Tomates', '26 pièces et 600 gr', 'Primeur']);
    expect(values(3)).toEqual(['Lun. 7-07 - Midi', '10 pièces']);
    expect(all?.getRow(2).getCell(1).font?.bold).toBe(true);
    expect(all?.getRow(3).getCell(1).font?.italic).toBe(true);
    const boucherie = workbook.getWorksheet('Boucherie Martin');
    expect(boucherie?.getCell('A2').value).toBe('Bœuf haché');
    expect(boucherie?.getCell('B2').value).toBe('7,80 kg');
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('reads back as text rows for tests', async () => {
    const sheets = await readXlsxSheets(await buildShoppingXlsx(input(null)));
    expect(sheets.map((s) => s.name)).toEqual([
      'Ingrédients',
      'Fruits et légumes',
      'Féculents',
      'Viandes, poissons',
      'Laitages',
      'Boulangerie',
      ...DAYS,
    ]);
    expect(sheets[2]?.rows).toEqual([
      ['Ingrédient', 'Quantité'],
      ['Pâtes', '5,20 kg'],
      ['Lun. 7-07 - Midi', '2 kg'],
      ['Mer. 9-07 - Midi', '1,20 kg'],
      ['Ven. 11-07 - Dîner', '2 kg'],
      ['Riz', '1,25 kg'],
    ]);
  });
});
