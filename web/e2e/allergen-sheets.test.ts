/**
 * Allergens and alternatives on paper (issue 20) in Chromium: a stay whose Monday lunch offers
 * an alternative to 2 people allergic to peanuts. The cook sheets, built by the exports worker
 * and downloaded from the export screen, list each dish's allergens and the alternative with
 * its people and its own quantities; the allergen table marks each dish of the chosen days in
 * the columns of its allergens; the kitchen view shows the alternative too.
 *
 * The stay, from Monday 7 July 2025: Louveteaux (12). Monday lunch: Nouilles sautées satay
 * (per 10: 1,5 kg of wheat noodles, 500 g of satay sauce) for the 10 others, and for the 2
 * allergic ones Riz sauté sans arachide (per person: 100 g of rice). Tuesday lunch: the
 * noodles for all 12. The ingredients are the test's own (not the shipped catalogue's), so
 * that their allergens are exactly those below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readPdfPageItems, readPdfPages } from '@popote/exports/readers';
import type { PdfTextItem } from '@popote/exports/readers';
import { createAccount, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { downloadOf, loginWithActiveStay, openPage, successMessages } from './pages.js';
import { qty, Seeder } from './seed.js';

const MAIL = 'allergenes@exemple.fr';
const PASSWORD = 'Cacahuete-2025';
const STAY_NAME = 'Colo des Pins';
const NOW = '2025-06-01T10:00:00.000Z';
const MIDI = 1;
const GLUTEN = 0;
const ARACHIDES = 4;

const NOODLES = 'Nouilles sautées satay';
const RICE = 'Riz sauté sans arachide';
const ALTERNATIVE = 'Alternative pour 2 personnes allergiques aux arachides';

let app: RunningApp;
let context: BrowserContext;
let page: Page;

async function seedStay(): Promise<void> {
  const seed = await Seeder.open(app, MAIL, PASSWORD);
  const ingredient = (name: string, kind: number, allergens: number[]) =>
    seed.add('createIngredient', { id: seed.id(), name, kind, allergens }).id;
  const nouilles = ingredient('Nouilles de blé maison', 2, [GLUTEN]);
  const satay = ingredient('Sauce satay maison', 4, [ARACHIDES]);
  const riz = ingredient('Riz gluant maison', 2, []);
  const noodles = seed.recipe(
    NOODLES,
    2,
    'Faire sauter les nouilles dans la sauce.',
    [
      [nouilles, qty(1.5, 1, 10)],
      [satay, qty(500, 2, 10)],
    ],
    NOW,
  );
  const rice = seed.recipe(RICE, 2, 'Dans un wok propre.', [[riz, qty(100, 2, 1)]], NOW);
  const stayId = seed.stayWithGroup(STAY_NAME, '2025-07-07', 'Louveteaux', 12);
  const monday = seed.meal(stayId, 0, MIDI, NOW, [noodles]);
  seed.meal(stayId, 1, MIDI, NOW, [noodles]);
  seed.add('setMealAlternative', {
    mealId: monday.id,
    kind: 'allergen',
    code: ARACHIDES,
    people: 2,
    recipeIds: [rice],
  });
  await seed.flush();
}

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Intendante' });
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

/** The column heads of the table follow 'Plat'; a mark is in the column of the nearest head. */
function columnOf(items: readonly PdfTextItem[], mark: PdfTextItem): string {
  const start = items.findIndex((i) => i.text === 'Plat');
  const heads = items.slice(start + 1, start + 15);
  const distance = (head: PdfTextItem) => Math.abs((head.x ?? 0) - (mark.x ?? 0));
  return [...heads].sort((a, b) => distance(a) - distance(b))[0]?.text ?? '';
}

describe('allergens on paper', () => {
  it('prints the allergens and the alternative on the cook sheet, and the allergen table', async () => {
    await page.goto('/order');
    const tableButton = button('Exporter le tableau des allergènes');
    await tableButton.waitFor();
    // Nothing ticked: nothing to export.
    expect(await tableButton.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Tous les jours' }).check();
    await expect.poll(() => tableButton.isEnabled()).toBe(true);

    // The cook sheets: Monday's menu for the 10 others, then the alternative for the 2.
    const cookbook = await download(() => button('Exporter les fiches de cuisine').click());
    const [monday = [], tuesday = [], ...more] = readPdfPages(cookbook.bytes);
    expect(more).toEqual([]);
    const mondayIndex = (text: string) => monday.indexOf(text);
    expect(monday.slice(0, 5)).toEqual([
      STAY_NAME,
      'Lundi 7 juillet 2025 - Midi',
      'Pour 12 personnes',
      'Groupes : Louveteaux',
      'Menu pour 10 personnes',
    ]);
    expect(monday).toEqual(
      expect.arrayContaining([
        NOODLES,
        'Nouilles de blé maison',
        '1,50 kg',
        'Sauce satay maison',
        '500 gr',
        'Allergènes : Céréales contenant du gluten, Arachides',
        ALTERNATIVE,
        RICE,
        'Riz gluant maison',
        '200 gr',
        'Dans un wok propre.',
      ]),
    );
    // The alternative comes after the menu, its recipe under its band; the rice holds nothing.
    expect(mondayIndex(ALTERNATIVE)).toBeGreaterThan(mondayIndex(NOODLES));
    expect(mondayIndex(RICE)).toBeGreaterThan(mondayIndex(ALTERNATIVE));
    expect(monday.filter((t) => t.startsWith('Allergènes :'))).toHaveLength(1);
    // Tuesday has no alternative: the noodles for all 12.
    expect(tuesday).toEqual(
      expect.arrayContaining([
        'Mardi 8 juillet 2025 - Midi',
        'Pour 12 personnes',
        '1,80 kg',
        '600 gr',
        'Allergènes : Céréales contenant du gluten, Arachides',
      ]),
    );
    expect(tuesday.some((t) => t.startsWith('Alternative') || t.startsWith('Menu pour'))).toBe(
      false,
    );
    await successMessages(page)
      .filter({ hasText: 'Fiches cuisines téléchargées avec succès' })
      .first()
      .waitFor();

    // The allergen table: one page, each dish under its meal, marks in their columns.
    const table = await download(() => tableButton.click());
    expect(table.name).toBe(`${STAY_NAME} Allergènes.pdf`);
    const [items = [], ...others] = readPdfPageItems(table.bytes);
    expect(others).toEqual([]);
    const texts = items.map((i) => i.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Allergènes des plats',
        `${STAY_NAME} - Du lundi 7 juillet 2025 au mardi 8 juillet 2025`,
        'Gluten : Céréales contenant du gluten',
        'Arachides',
        'Sulfites : Anhydride sulfureux et sulfites',
        'page 1 / 1',
      ]),
    );
    const rows = texts.slice(texts.indexOf('Lundi 7 juillet 2025 - Midi'), -1);
    expect(rows).toEqual([
      'Lundi 7 juillet 2025 - Midi',
      NOODLES,
      'X',
      'X',
      RICE,
      ALTERNATIVE,
      'Mardi 8 juillet 2025 - Midi',
      NOODLES,
      'X',
      'X',
    ]);
    expect(items.filter((i) => i.text === 'X').map((mark) => columnOf(items, mark))).toEqual([
      'Gluten',
      'Arachides',
      'Gluten',
      'Arachides',
    ]);

    // The kitchen view shows the same alternative, with its quantity.
    await page.goto('/kitchen?jour=0');
    const alternative = page.getByTestId('kitchen-alternative');
    await alternative.waitFor();
    expect(await alternative.getByRole('heading', { level: 3 }).textContent()).toBe(ALTERNATIVE);
    await expect
      .poll(() => alternative.getByTestId('kitchen-ingredient').allTextContents())
      .toEqual(['Riz gluant maison200 gr']);
    await expect
      .poll(() => page.getByTestId('kitchen-allergens').allTextContents())
      .toEqual(['Allergènes : Céréales contenant du gluten, Arachides']);
  });
});
