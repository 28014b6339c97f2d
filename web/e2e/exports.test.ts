/**
 * Exports in a real browser, offline (issue 16): on a tablet whose app was installed and synced,
 * with the network cut, the cook sheets (with and without their options), the week plan and the
 * shopping spreadsheet are built by the exports worker and downloaded; the files are read back.
 *
 * The stay, from Monday 7 July 2025: Louveteaux (12) and Scouts (8). Day 0: Midi Bolognaise
 * (per 10: 1 kg Spaghetti, 1,5 kg Bœuf haché, 5 Tomate) and Baguette (1 per 4) for both
 * groups; Dîner with an empty menu. Day 1: Midi Riz au lait (per 8: 0,5 kg Riz rond, 2 L Lait
 * entier) for the Louveteaux, and the Scouts' own Midi (+2 people: 10) of Œufs (12 per 10) and
 * Baguette (10 / 4 = 2,5, cooked as 3); Dîner Bolognaise for both. Day 2: an empty Midi.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Quantity } from '@popote/domain';
import { readPdfPages, readXlsxSheets } from '@popote/exports/readers';
import { createAccount, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { downloadOf, loginWithActiveStay, openPage, successMessages } from './pages.js';
import { qty, seedCampRecipes, Seeder } from './seed.js';

const MAIL = 'cuisine@exemple.fr';
const PASSWORD = 'Ratatouille-2025';
const STAY_NAME = 'Camp d’été';
const NOW = '2025-06-01T10:00:00.000Z';
const MIDI = 1;
const DINER = 3;

let app: RunningApp;
let context: BrowserContext;
let page: Page;

async function seedStay(): Promise<void> {
  const seed = await Seeder.open(app, MAIL, PASSWORD);
  const {
    ingredients: { pain, oeufs },
    bolognaise,
    rizAuLait,
  } = seedCampRecipes(seed, NOW, { rizAuLaitText: 'Cuire doucement en remuant.' });
  const stayId = seed.add('createStay', { id: seed.id(), name: STAY_NAME, start: '2025-07-07' }).id;
  seed.add('createGroup', {
    id: seed.id(),
    stayId,
    name: 'Louveteaux',
    color: '#AA0000',
    size: 12,
  });
  const scouts = seed.add('createGroup', {
    id: seed.id(),
    stayId,
    name: 'Scouts',
    color: '#00AA00',
    size: 8,
  }).id;
  const meal = (day: number, slot: number) =>
    seed.add('createMeal', { id: seed.id(), menuId: seed.id(), stayId, day, slot, now: NOW });
  const addIngredient = (
    menuId: number,
    ingredientId: number,
    quantity: Quantity,
    plat: number,
  ) => {
    seed.add('addMenuIngredient', { menuId, ingredientId, now: NOW });
    seed.add('updateMenuIngredient', { menuId, ingredientId, quantity, plat, now: NOW });
  };
  const lunch0 = meal(0, MIDI);
  meal(0, DINER);
  const lunch1 = meal(1, MIDI);
  const scoutsLunch = meal(1, MIDI);
  // The Scouts' own meal starts without a group: both are taken by the first one.
  seed.add('moveMealGroup', { groupId: scouts, fromMealId: lunch1.id, toMealId: scoutsLunch.id });
  seed.add('updateMeal', { id: scoutsLunch.id, additionalPeople: 2 });
  const dinner1 = meal(1, DINER);
  meal(2, MIDI);
  seed.add('addMenuRecipe', { menuId: lunch0.menuId, recipeId: bolognaise, now: NOW });
  addIngredient(lunch0.menuId, pain, qty(1, 0, 4), 0);
  seed.add('addMenuRecipe', { menuId: lunch1.menuId, recipeId: rizAuLait, now: NOW });
  addIngredient(scoutsLunch.menuId, oeufs, qty(12, 0, 10), 2);
  addIngredient(scoutsLunch.menuId, pain, qty(1, 0, 4), 0);
  seed.add('addMenuRecipe', { menuId: dinner1.menuId, recipeId: bolognaise, now: NOW });
  await seed.flush();
}

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Cuistot' });
  await seedStay();
  context = await app.newContext(TABLET);
  page = await openPage(context);
  await loginWithActiveStay(page, MAIL, PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

const download = (click: () => Promise<void>) => downloadOf(page, click);

const button = (name: string) => page.getByRole('button', { name, exact: true });

const SHEET_TITLES = [
  'Lundi 7 juillet 2025 - Midi',
  'Mardi 8 juillet 2025 - Midi',
  'Mardi 8 juillet 2025 - Midi',
  'Mardi 8 juillet 2025 - Dîner',
];

describe('exports', () => {
  it('builds the cook sheets, the week plan and the spreadsheet offline, in the exports worker', async () => {
    // Installed: the service worker holds the app and the export chunks; then no network.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await page.goto('/order');
    await page.getByTestId('sync-indicator').getByText('Hors ligne').waitFor();
    await page.getByRole('checkbox', { name: 'Tous les jours' }).check();

    // Cook sheets: a page per meal to cook, none for the two empty ones.
    const cookbook = await download(() => button('Exporter les fiches de cuisine').click());
    expect(cookbook.name).toBe(`${STAY_NAME} Fiches cuisine.pdf`);
    const pages = readPdfPages(cookbook.bytes);
    expect(pages.map((p) => p.slice(0, 2))).toEqual(SHEET_TITLES.map((t) => [STAY_NAME, t]));
    pages.forEach((texts, i) => {
      expect(texts).toEqual(
        expect.arrayContaining([`page ${i + 1} / 4`, 'page 1 / 1 de ce repas']),
      );
    });
    expect(pages[0]).toEqual(
      expect.arrayContaining([
        'Pour 20 personnes',
        'Groupes : Louveteaux, Scouts',
        'Bolognaise',
        'Spaghetti',
        '2 kg',
        'Tomate',
        '10 pièces',
        'Baguette',
        '5 pièces',
        'Faire revenir la viande avec l’oignon.',
      ]),
    );
    expect(pages[1]).toEqual(
      expect.arrayContaining(['Pour 12 personnes', 'Riz au lait', '750 gr', '3 L']),
    );
    // 2,5 baguettes for 10 people: 3 are cooked.
    expect(pages[2]).toEqual(
      expect.arrayContaining([
        'Pour 10 personnes',
        'Groupes : Scouts',
        'Personnes supplémentaires : +2',
        'Œufs',
        '12 pièces',
        'Baguette',
        '3 pièces',
      ]),
    );
    expect(pages.flat().filter((t) => /\d,\d+ pièces/u.test(t))).toEqual([]);
    await successMessages(page)
      .filter({ hasText: 'Fiches cuisines téléchargées avec succès' })
      .first()
      .waitFor();

    // With both options: a cover with the contents, and the empty meals' pages.
    await page
      .getByRole('checkbox', { name: 'Inclure les repas sans menu dans les fiches' })
      .check();
    await page
      .getByRole('checkbox', { name: 'Ajouter une page de garde et un sommaire aux fiches' })
      .check();
    const full = readPdfPages(
      (await download(() => button('Exporter les fiches de cuisine').click())).bytes,
    );
    expect(full.length).toBe(7);
    expect(full[0]).toEqual(
      expect.arrayContaining([
        'Fiches de cuisine',
        'Du lundi 7 juillet 2025 au mercredi 9 juillet 2025',
        '6 repas à cuisiner',
        'Sommaire',
        'Mardi 8 juillet 2025',
        'Riz au lait',
        'page 1 / 7',
      ]),
    );
    expect(full.slice(1).map((p) => p[1])).toEqual([
      'Lundi 7 juillet 2025 - Midi',
      'Lundi 7 juillet 2025 - Dîner',
      ...SHEET_TITLES.slice(1),
      'Mercredi 9 juillet 2025 - Midi',
    ]);
    expect(full[2]).toContain('Aucun menu.');

    // The week plan: one page for the week, days × slots.
    const plan = await download(() => button('Exporter le planning des repas').click());
    expect(plan.name).toBe(`${STAY_NAME} Planning des repas.pdf`);
    const [week, ...more] = readPdfPages(plan.bytes);
    expect(more).toEqual([]);
    expect(week).toEqual(
      expect.arrayContaining([
        STAY_NAME,
        'Planning des repas : Du lundi 7 juillet 2025 au mercredi 9 juillet 2025',
        'Lundi 7 juillet 2025',
        'Midi',
        'Dîner',
        'Bolognaise, Baguette',
        'Riz au lait (Louveteaux)',
        'Œufs, Baguette (Scouts)',
        'Menu vide',
        'page 1 / 1',
      ]),
    );

    // The spreadsheet, without a supplier profile: by category then name, numbers as numbers.
    await button('Exporter un tableau de courses').click();
    const dialog = page.getByRole('dialog', { name: 'Fournisseurs' });
    const exportButton = dialog.getByRole('button', { name: 'Exporter', exact: true });
    await expect.poll(() => exportButton.isEnabled()).toBe(true);
    const xlsx = await download(() => exportButton.click());
    expect(xlsx.name).toBe(`Ingrédients ${STAY_NAME}.xlsx`);
    const sheets = await readXlsxSheets(xlsx.bytes);
    expect(sheets.map((s) => s.name)).toEqual([
      'Ingrédients',
      'Fruits et légumes',
      'Féculents',
      'Viandes, poissons',
      'Laitages',
      'Boulangerie',
      // No sheet for Wednesday: its only meal has nothing in it.
      'Lun. 7-07',
      'Mar. 8-07',
    ]);
    expect(sheets[0]?.values).toEqual([
      ['Catégorie', 'Ingrédient', 'Quantité', 'Unité'],
      ['Fruits et légumes', 'Tomate', 20, 'pièces'],
      ['Féculents', 'Riz rond', 750, 'gr'],
      ['Féculents', 'Spaghetti', 4, 'kg'],
      ['Viandes, poissons', 'Bœuf haché', 6, 'kg'],
      ['Laitages', 'Lait entier', 3, 'L'],
      ['Laitages', 'Œufs', 12, 'pièces'],
      ['Boulangerie', 'Baguette', 8, 'pièces'],
    ]);
    expect(sheets.every((s) => s.frozenRows === 1)).toBe(true);
    expect(sheets.find((s) => s.name === 'Mar. 8-07')?.values.slice(0, 3)).toEqual([
      ['Catégorie', 'Ingrédient', 'Quantité', 'Unité', 'Repas'],
      ['Fruits et légumes', 'Tomate', 10, 'pièces', 'Dîner'],
      ['Féculents', 'Riz rond', 750, 'gr', 'Midi'],
    ]);
    await dialog.waitFor({ state: 'hidden' });

    // Every file came from the exports worker.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name),
    );
    expect(scripts.some((name) => /\/assets\/exports\.worker-[^/]+\.js$/u.test(name))).toBe(true);
    await context.setOffline(false);
  });
});
