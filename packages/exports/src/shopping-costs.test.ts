/**
 * Packs, prices and costs in the shopping spreadsheet (issue 21), on the test kit's stay (days
 * 0, 2 and 4): the plan comes from the domain's planCosts, the file is written and read back,
 * and every figure is checked as a number.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Id, Price, Purchase } from '@popote/domain';
import {
  compileIngredients,
  NO_SUPPLIER,
  planCosts,
  purchasesByIngredient,
  toCents,
  Unite,
} from '@popote/domain';
import { buildShoppingXlsx } from './shopping.js';
import type { ShoppingCosts, ShoppingInput, ShoppingProfile } from './shopping-plan.js';
import {
  COLUMN_BUDGET,
  COLUMN_COST,
  COLUMN_COST_PER_PERSON,
  COLUMN_DAY,
  COLUMN_NOTE,
  COLUMN_OVER_BUDGET,
  COLUMN_PACK,
  COLUMN_PACKS,
  COLUMN_PEOPLE,
  COLUMN_PRICE,
  COLUMN_PRICE_PER,
  COLUMN_SUPPLIER,
  COLUMN_TO_PAY,
  COSTS_SHEET,
  EUROS_FORMAT,
  MISSING_PRICES_HEADING,
  planShopping,
} from './shopping-plan.js';
import { compileInput, ING, STAY } from '../test/camp-stay.js';
import { readXlsxSheets, type ReadSheet } from '../test/xlsx-reader.js';

const PRIMEUR = { id: 100, name: 'Primeur' };
const BOUCHERIE = { id: 101, name: 'Boucherie Martin' };
const PROFILE: ShoppingProfile = {
  suppliers: [PRIMEUR, BOUCHERIE],
  mapping: {
    [ING.tomates.id]: PRIMEUR.id,
    [ING.boeuf.id]: BOUCHERIE.id,
    [ING.pain.id]: NO_SUPPLIER,
  },
};
const DATE = '2025-06-01';

function price(amount: number, per: Price['per'], supplierId: Id | null = null): Price {
  return { supplierId, amount, per, date: DATE };
}

let nextId = 1;
function purchase(ingredientId: Id, pack: Purchase['pack'], prices: Price[]): Purchase {
  return { id: nextId++, owner: 1, ingredientId, pack, prices };
}

/**
 * Pâtes by the 500 gr packet at 0,95 €; Tomates in 5 kg crates, 3,20 €/kg, 2,80 €/kg at the
 * Primeur; Bœuf 12,50 €/kg at the Boucherie only; Œufs by the tray of 30 at 6 €; Lait 1,15 €/L
 * loose; Riz priced per packet with no packet; Pain without a price.
 */
const PURCHASES: Purchase[] = [
  purchase(ING.pates.id, { name: 'paquet', size: 500, unite: Unite.G }, [price(0.95, 'pack')]),
  purchase(ING.tomates.id, { name: 'cagette', size: 5, unite: Unite.Kg }, [
    price(3.2, Unite.Kg),
    price(2.8, Unite.Kg, PRIMEUR.id),
  ]),
  purchase(ING.boeuf.id, null, [price(12.5, Unite.Kg, BOUCHERIE.id)]),
  purchase(ING.oeufs.id, { name: 'plateau', size: 30, unite: Unite.Pieces }, [price(6, 'pack')]),
  purchase(ING.lait.id, null, [price(1.15, Unite.L)]),
  purchase(ING.riz.id, null, [price(0.9, 'pack')]),
];

/** As the web page builds it: planCosts with the profile's mapping. */
function shoppingInput(profile: ShoppingProfile | null, budget: number | null): ShoppingInput {
  const source = compileInput();
  const compiled = compileIngredients(source);
  const plan = planCosts({
    compiled,
    meals: source.meals,
    groups: source.groups,
    purchases: purchasesByIngredient(PURCHASES),
    supplierOf: (ingredient) => profile?.mapping[ingredient.id] ?? NO_SUPPLIER,
    suppliers: profile?.suppliers ?? [],
    budget,
  });
  // Plain data: what crosses to the exports worker.
  const costs: ShoppingCosts = structuredClone({ purchases: PURCHASES, plan, budget });
  return { stay: STAY, compiled, profile, costs };
}

const sheet = (sheets: readonly ReadSheet[], name: string): ReadSheet => {
  const found = sheets.find((s) => s.name === name);
  if (!found) throw new Error(`no sheet ${name}`);
  return found;
};

const COST_HEAD = [
  COLUMN_PACKS,
  COLUMN_PACK,
  COLUMN_PRICE,
  COLUMN_PRICE_PER,
  COLUMN_COST,
  COLUMN_NOTE,
];

describe('the shopping spreadsheet with costs', () => {
  it('gives each line its packs, price and cost as numbers, and each supplier its total', async () => {
    const input = shoppingInput(PROFILE, 2.2);
    const sheets = await readXlsxSheets(await buildShoppingXlsx(input));
    expect(sheets.map((s) => s.name)).toEqual([
      'Ingrédients',
      'Sans fournisseur',
      'Boucherie Martin',
      'Primeur',
      COSTS_SHEET,
      'Lun. 7-07',
      'Mer. 9-07',
      'Ven. 11-07',
    ]);

    expect(sheet(sheets, 'Sans fournisseur').values).toEqual([
      ['Ingrédient', 'Quantité', 'Unité', ...COST_HEAD],
      ['Lait', 5, 'L', null, null, 1.15, 'par L', 5.75],
      ['Œufs', 12, 'pièces', 1, 'plateau de 30 pièces', 6, 'par plateau de 30 pièces', 6],
      ['Pain', 8, 'pièces', null, null, null, null, null, 'Prix manquant'],
      // 5,2 kg: 11 packets of 500 gr.
      ['Pâtes', 5.2, 'kg', 11, 'paquet de 500 gr', 0.95, 'par paquet de 500 gr', 10.45],
      ['Riz', 1.25, 'kg', null, null, 0.9, 'par paquet', null, 'Paquet manquant'],
      ['Total', null, null, null, null, null, null, 22.2, 'Incomplet'],
    ]);
    expect(sheet(sheets, 'Boucherie Martin').values).toEqual([
      ['Ingrédient', 'Quantité', 'Unité', ...COST_HEAD],
      ['Bœuf haché', 7.8, 'kg', null, null, 12.5, 'par kg', 97.5],
      ['Total', null, null, null, null, null, null, 97.5],
    ]);
    // The Primeur's price wins over the default one; a crate measures grams, not pieces.
    expect(sheet(sheets, 'Primeur').values).toEqual([
      ['Ingrédient', 'Quantité', 'Unité', ...COST_HEAD],
      ['Tomates', 26, 'pièces', null, 'cagette de 5 kg', 2.8, 'par kg', null, 'Autre unité'],
      ['Tomates', 600, 'gr', 1, 'cagette de 5 kg', 2.8, 'par kg', 14],
      ['Total', null, null, null, null, null, null, 14, 'Incomplet'],
    ]);

    // The sheet of every ingredient has the same cells after the supplier, and no total.
    const all = sheet(sheets, 'Ingrédients');
    expect(all.values[0]).toEqual([
      COLUMN_SUPPLIER,
      'Ingrédient',
      'Quantité',
      'Unité',
      ...COST_HEAD,
    ]);
    expect(all.values.slice(1)).toEqual(
      ['Sans fournisseur', 'Boucherie Martin', 'Primeur'].flatMap((name) =>
        sheet(sheets, name)
          .values.slice(1, -1)
          .map((row) => [name, ...row]),
      ),
    );
    // Day sheets keep their columns.
    expect(sheet(sheets, 'Lun. 7-07').values[0]).toEqual([
      'Fournisseur',
      'Ingrédient',
      'Quantité',
      'Unité',
      'Repas',
    ]);
  });

  it('totals each supplier at what the Coûts sheet and the export screen say', () => {
    const input = shoppingInput(PROFILE, 2.2);
    const sheets = planShopping(input);
    for (const supplier of input.costs!.plan.suppliers) {
      const total = sheets.find((s) => s.name === supplier.name)?.rows.at(-1);
      expect(total?.[0]).toBe('Total');
      expect(total?.[7]).toBe(toCents(supplier.cost));
    }
  });

  it('writes a Coûts sheet: to pay per supplier, each day against the budget, missing prices', async () => {
    const input = shoppingInput(PROFILE, 2.2);
    const { plan } = input.costs!;
    const sheets = await readXlsxSheets(await buildShoppingXlsx(input));
    const costs = sheet(sheets, COSTS_SHEET);
    /*
     * By hand, each meal's share of the prices (2,80 €/kg of tomatoes at the Primeur):
     * day 0, Midi: pâtes 2 kg 3,80 + bœuf 3 kg 37,50 (tomatoes in pieces, bread: no price);
     * Dîner: lait 5 L 5,75 + tomates 600 gr 1,68 (riz: no packet) → 48,73 for 20 people.
     * Day 2: œufs 12/30 of 6 € 2,40; pâtes 1,2 kg 2,28 + bœuf 1,8 kg 22,50 → 27,18 for 20.
     * Day 4: pâtes 3,80 + bœuf 37,50 → 41,30 for 20. 117,21 € for 60 person-days.
     */
    expect(costs.values).toEqual([
      [COLUMN_SUPPLIER, null, COLUMN_TO_PAY, null, null, null, COLUMN_NOTE],
      ['Sans fournisseur', null, 22.2, null, null, null, 'Incomplet'],
      ['Boucherie Martin', null, 97.5],
      ['Primeur', null, 14, null, null, null, 'Incomplet'],
      ['Total', null, 133.7, null, null, null, 'Incomplet'],
      [],
      [
        COLUMN_DAY,
        COLUMN_PEOPLE,
        COLUMN_COST,
        COLUMN_COST_PER_PERSON,
        COLUMN_BUDGET,
        COLUMN_OVER_BUDGET,
        COLUMN_NOTE,
      ],
      ['Lun. 7-07', 20, 48.73, 2.44, 2.2, 'Oui', 'Incomplet'],
      ['Mer. 9-07', 20, 27.18, 1.36, 2.2, null, 'Incomplet'],
      ['Ven. 11-07', 20, 41.3, 2.07, 2.2, null, 'Incomplet'],
      ['Total', 60, 117.21, 1.95, 2.2, null, 'Incomplet'],
      [],
      [MISSING_PRICES_HEADING, null, null, null, null, null, COLUMN_NOTE],
      ['Tomates', null, null, null, null, null, 'Autre unité'],
      ['Riz', null, null, null, null, null, 'Paquet manquant'],
      ['Pain', null, null, null, null, null, 'Prix manquant'],
    ]);
    // The very figures of the plan, rounded to the cent as the export screen shows them.
    expect(costs.values.slice(1, 4).map((r) => r[2])).toEqual(
      plan.suppliers.map((s) => toCents(s.cost)),
    );
    expect(costs.values[4]?.[2]).toBe(toCents(plan.toPay));
    expect(costs.values.slice(7, 10).map((r) => [r[1], r[2], r[3]])).toEqual(
      plan.days.map((d) => [d.people, toCents(d.cost), toCents(d.perPerson ?? 0)]),
    );
    expect(costs.values[10]?.slice(1, 4)).toEqual([
      plan.personDays,
      toCents(plan.cost),
      toCents(plan.perPersonDay ?? 0),
    ]);
    expect(costs.frozenRows).toBe(1);
  });

  it('formats euros, styles the further tables as headers and puts no filter on Coûts', async () => {
    const bytes = await buildShoppingXlsx(shoppingInput(PROFILE, 2.2));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.slice().buffer);
    const primeur = workbook.getWorksheet('Primeur')!;
    expect(primeur.getCell('F3').numFmt).toBe(EUROS_FORMAT);
    expect(primeur.getCell('H3').numFmt).toBe(EUROS_FORMAT);
    expect(primeur.getCell('H3').type).toBe(ExcelJS.ValueType.Number);
    expect(primeur.getCell('D3').type).toBe(ExcelJS.ValueType.Number);
    expect(primeur.autoFilter).toBeTruthy();
    const costs = workbook.getWorksheet(COSTS_SHEET)!;
    expect(costs.getCell('C2').numFmt).toBe(EUROS_FORMAT);
    // Row 7 heads the days (8 to 10, then their total), row 13 the missing prices.
    expect(costs.getCell('D8').numFmt).toBe(EUROS_FORMAT);
    expect(costs.getCell('B8').numFmt).toBeUndefined();
    expect(costs.getCell('A1').font?.bold).toBe(true);
    expect(costs.getCell('A7').font?.bold).toBe(true);
    expect(costs.getCell('G7').font?.bold).toBe(true);
    expect(costs.getCell('A13').font?.bold).toBe(true);
    expect(costs.getCell('A8').font?.bold).toBeFalsy();
    expect(costs.autoFilter).toBeFalsy();
  });

  it('without a budget nor missing prices: empty budget cells, no missing list', () => {
    const input = shoppingInput(PROFILE, null);
    const plan = { ...input.costs!.plan, missing: [] };
    const costs = planShopping({ ...input, costs: { ...input.costs!, plan } }).find(
      (s) => s.name === COSTS_SHEET,
    );
    expect(costs?.rows.slice(6).map((r) => [r[0], r[4], r[5]])).toEqual([
      ['Lun. 7-07', null, null],
      ['Mer. 9-07', null, null],
      ['Ven. 11-07', null, null],
      ['Total', null, null],
    ]);
    expect(costs?.rows.flat()).not.toContain(MISSING_PRICES_HEADING);
  });

  it('without a profile: default prices, a total on each category sheet', () => {
    const sheets = planShopping(shoppingInput(null, 5));
    expect(sheets.map((s) => s.name).slice(0, 7)).toEqual([
      'Ingrédients',
      'Fruits et légumes',
      'Féculents',
      'Viandes, poissons',
      'Laitages',
      'Boulangerie',
      COSTS_SHEET,
    ]);
    // 3,20 €/kg by default; the Boucherie's price is not a default one. 38,20 € in all.
    expect(sheets.find((s) => s.name === 'Fruits et légumes')?.rows).toEqual([
      ['Tomates', 26, 'pièces', null, 'cagette de 5 kg', 3.2, 'par kg', null, 'Autre unité'],
      ['Tomates', 600, 'gr', 1, 'cagette de 5 kg', 3.2, 'par kg', 16, null],
      ['Total', null, null, null, null, null, null, 16, 'Incomplet'],
    ]);
    expect(sheets.find((s) => s.name === 'Viandes, poissons')?.rows).toEqual([
      ['Bœuf haché', 7.8, 'kg', null, null, null, null, null, 'Prix manquant'],
      ['Total', null, null, null, null, null, null, 0, 'Incomplet'],
    ]);
    const costs = sheets.find((s) => s.name === COSTS_SHEET);
    expect(costs?.rows.slice(0, 2)).toEqual([
      ['Sans fournisseur', null, 38.2, null, null, null, 'Incomplet'],
      ['Total', null, 38.2, null, null, null, 'Incomplet'],
    ]);
  });

  it('keeps the Coûts name when a supplier is called so', () => {
    const input = shoppingInput(PROFILE, null);
    const names = planShopping({
      ...input,
      profile: { ...PROFILE, suppliers: [{ ...PRIMEUR, name: 'Coûts' }, BOUCHERIE] },
    }).map((s) => s.name);
    expect(names.slice(0, 5)).toEqual([
      'Ingrédients',
      'Sans fournisseur',
      'Boucherie Martin',
      'Coûts (2)',
      'Coûts',
    ]);
  });

  it('without costs, the spreadsheet is as before: no cost column, no total, no Coûts sheet', async () => {
    const { costs: _, ...plain } = shoppingInput(PROFILE, 2.2);
    const sheets = planShopping(plain);
    expect(planShopping({ ...plain, costs: undefined })).toEqual(sheets);
    expect(sheets.map((s) => s.name)).not.toContain(COSTS_SHEET);
    for (const s of sheets) {
      expect(s.columns.map((c) => c.header)).not.toContain(COLUMN_COST);
      expect(s.rows.map((r) => r[0])).not.toContain('Total');
      expect(s).not.toHaveProperty('headings');
    }
    const read = await readXlsxSheets(await buildShoppingXlsx(plain));
    expect(sheet(read, 'Primeur').values).toEqual([
      ['Ingrédient', 'Quantité', 'Unité'],
      ['Tomates', 26, 'pièces'],
      ['Tomates', 600, 'gr'],
    ]);
  });
});
