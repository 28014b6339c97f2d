/**
 * The export screen ('Export' in the drawer, issue 7) in a real browser: on a 7-day stay with
 * two groups and real menus, compile three days and check the totals worked out by hand, follow
 * a per-meal link to the agenda, download the cook sheets and the shopping spreadsheet and read
 * them back, and build a supplier profile by dragging a category (keyboard) and ingredients
 * (mouse). Then all of it again with the browser offline.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Quantity } from '@popote/domain';
import { readPdfPages, readXlsxSheets } from '@popote/exports/readers';
import { createAccount, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginThroughUi, openPage, successMessages, topBarTitle, visibleText } from './pages.js';
import { qty, seedCampRecipes, Seeder } from './seed.js';

const MAIL = 'intendance@exemple.fr';
const PASSWORD = 'Tartiflette-2025';
const STAY_NAME = 'Camp d’été';
const NOW = '2025-06-01T10:00:00.000Z';

const MIDI = 1;
const DINER = 3;

let app: RunningApp;
let context: BrowserContext;
let page: Page;

/**
 * The stay: from Monday 7 July 2025, 7 days, Louveteaux (12) and Scouts (8). Every day has a
 * Midi and a Dîner meal for both groups, except day 2 where the Scouts eat their own Midi
 * (with 2 extra people). Quantities: Bolognaise per 10 people (1 kg pâtes, 1,5 kg bœuf,
 * 5 tomates), Riz au lait per 8 (0,5 kg riz, 2 L lait).
 */
async function seedStay(): Promise<void> {
  const seed = await Seeder.open(app, MAIL, PASSWORD);
  const {
    ingredients: { tomates, pain, oeufs },
    bolognaise,
    rizAuLait,
  } = seedCampRecipes(seed, NOW);

  const stayId = seed.add('createStay', { id: seed.id(), name: STAY_NAME, start: '2025-07-07' }).id;
  const group = (name: string, color: string, size: number) =>
    seed.add('createGroup', { id: seed.id(), stayId, name, color, size }).id;
  group('Louveteaux', '#AA0000', 12);
  const scouts = group('Scouts', '#00AA00', 8);

  const menus = new Map<string, number>();
  const meal = (day: number, slot: number, key = `${day}-${slot}`) => {
    const args = seed.add('createMeal', {
      id: seed.id(),
      menuId: seed.id(),
      stayId,
      day,
      slot,
      now: NOW,
    });
    menus.set(key, args.menuId);
    return args.id;
  };
  for (let day = 0; day < 7; day++) {
    const midi = meal(day, MIDI);
    if (day === 2) {
      // The Scouts' own meal starts without a group: both are taken by the shared one.
      const own = meal(2, MIDI, 'scouts');
      seed.add('moveMealGroup', { groupId: scouts, fromMealId: midi, toMealId: own });
      seed.add('updateMeal', { id: own, additionalPeople: 2 });
    }
    meal(day, DINER);
  }

  const addRecipe = (key: string, recipeId: number) =>
    seed.add('addMenuRecipe', { menuId: menus.get(key) ?? 0, recipeId, now: NOW });
  const addIngredient = (key: string, ingredientId: number, quantity: Quantity, plat: number) => {
    const menuId = menus.get(key) ?? 0;
    seed.add('addMenuIngredient', { menuId, ingredientId, now: NOW });
    seed.add('updateMenuIngredient', { menuId, ingredientId, quantity, plat, now: NOW });
  };
  addRecipe('0-1', bolognaise);
  addIngredient('0-1', pain, qty(1, 0, 4), 0);
  addRecipe('0-3', rizAuLait);
  addIngredient('0-3', tomates, qty(300, 2, 10), 3);
  addRecipe('1-1', bolognaise);
  addRecipe('2-1', bolognaise);
  addIngredient('scouts', pain, qty(1, 0, 4), 0);
  addIngredient('scouts', oeufs, qty(12, 0, 10), 2);
  addRecipe('3-3', rizAuLait);
  addRecipe('4-1', rizAuLait);
  addRecipe('4-3', bolognaise);
  addRecipe('5-1', bolognaise);
  addRecipe('6-1', rizAuLait);
  await seed.flush();
}

const CHOSEN_DAYS = ['lundi 7 juillet 2025', 'mercredi 9 juillet 2025', 'vendredi 11 juillet 2025'];

/**
 * Worked out by hand for days 0, 2 and 4 (20 people, except day 2 Midi: 12 and 8 + 2):
 * Tomate 10 + 6 + 10 pièces and 300 gr × 2; Spaghetti 2 + 1,2 + 2 kg; Bœuf 3 + 1,8 + 3 kg;
 * Riz 1,25 × 2 kg; Lait 5 × 2 L; Baguette 20/4 + 10/4 (2,5 cooked as 3: pieces are whole meal by
 * meal, as on the cook sheets and in the spreadsheet); Œufs 12 for 10. By category, then name.
 */
const EXPECTED_TOTALS = [
  ['Tomate', '26 pièces et 600 gr'],
  ['Riz rond', '2,50 kg'],
  ['Spaghetti', '5,20 kg'],
  ['Bœuf haché', '7,80 kg'],
  ['Lait entier', '10 L'],
  ['Œufs', '12 pièces'],
  ['Baguette', '8 pièces'],
];

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Intendante' });
  await seedStay();
  context = await app.newContext({ viewport: { width: 1600, height: 1000 } });
  page = await openPage(context);
  await loginThroughUi(page, MAIL, PASSWORD);
  await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
});
afterAll(async () => {
  await app?.close();
});

const dialog = (name: string): Locator => page.getByRole('dialog', { name });

async function expectSuccess(text: string): Promise<void> {
  await successMessages(page).filter({ hasText: text }).first().waitFor();
}

async function openExportScreen(): Promise<void> {
  // The stays screen makes the only stay active; then the drawer leads to the export screen.
  await page.goto('/');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (JSON.parse(localStorage.getItem('popote.session') ?? '{}') as { activeStayId?: number })
            .activeStayId ?? null,
      ),
    )
    .not.toBeNull();
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Export', exact: true })
    .click();
  // Away from the rail, which widens over the page while hovered.
  await page.mouse.move(900, 500);
  await expect
    .poll(() => visibleText(topBarTitle(page)))
    .toBe(`Bilan des ingrédients pour le séjour : ${STAY_NAME}`);
}

async function chooseDays(labels: string[]): Promise<void> {
  for (const label of labels) await page.getByRole('checkbox', { name: label }).check();
}

async function compiledTotals(): Promise<string[][]> {
  const rows = page.getByTestId('export-ingredient');
  await rows.first().waitFor();
  return Promise.all(
    (await rows.all()).map(async (row) =>
      (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim()),
    ),
  );
}

async function download(
  trigger: () => Promise<void>,
): Promise<{ name: string; bytes: Uint8Array }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) };
}

/** A mouse drag as hello-pangea/dnd expects it: press, move past its threshold, move, release. */
async function mouseDrag(source: Locator, target: Locator): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('Drag source or target is not visible');
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(20, to.height / 2), { steps: 20 });
  await page.mouse.up();
}

function column(name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

function mappingIngredient(columnName: string, name: string): Locator {
  return column(columnName).locator(`[data-testid="mapping-ingredient"][aria-label="${name}"]`);
}

async function checkCompile(): Promise<void> {
  const compile = page.getByRole('button', { name: 'Exporter les ingrédients nécessaires' });
  expect(await compile.isDisabled()).toBe(true);
  await chooseDays(CHOSEN_DAYS);
  await compile.click();
  expect(await compiledTotals()).toEqual(EXPECTED_TOTALS);
  expect(await page.getByTestId('export-kind').getByRole('heading').allInnerTexts()).toEqual([
    'Fruits et légumes',
    'Féculents',
    'Viandes, poissons',
    'Laitages',
    'Boulangerie',
  ]);

  // Changing the selection clears the result.
  await page.getByRole('checkbox', { name: CHOSEN_DAYS[2] }).uncheck();
  await page.getByTestId('export-compiled').waitFor({ state: 'detached' });
  await page.getByRole('checkbox', { name: CHOSEN_DAYS[2] }).check();
  await compile.click();
  expect(await compiledTotals()).toEqual(EXPECTED_TOTALS);
}

async function checkPerMealLink(): Promise<void> {
  await page.getByRole('button', { name: 'Spaghetti : 5,20 kg' }).click();
  const uses = page.getByTestId('export-uses');
  await uses.waitFor();
  const lines = (await uses.innerText())
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  expect(lines).toEqual([
    'Quantités par repas',
    'Lun. 7-07 - Midi',
    '2 kg',
    'Mer. 9-07 - Midi',
    '1,20 kg',
    'Ven. 11-07 - Dîner',
    '2 kg',
  ]);
  // Pieces per meal are whole, as the cook sheet of that meal asks for them: the Scouts' own
  // Midi of 10 people needs 10 / 4 = 2,5 baguettes, cooked as 3.
  const baguette = page.getByRole('button', { name: 'Baguette : 8 pièces' });
  await baguette.click();
  const bread = page.getByTestId('export-uses').filter({ hasText: '3 pièces' });
  await bread.waitFor();
  expect(await bread.innerText()).not.toMatch(/\d,\d+ pièces/u);
  await baguette.click();
  await bread.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Spaghetti : 5,20 kg' }).click();
  await uses.waitFor();
  await uses.getByRole('link', { name: "Voir Mer. 9-07 - Midi dans l'agenda" }).click();
  await page.waitForURL((url) => url.pathname === '/agenda' && url.search === '?dayOffset=3');
  await expect
    .poll(() => visibleText(topBarTitle(page)))
    .toBe(`Organisation du séjour : ${STAY_NAME}`);
  await page.goBack();
  await page.getByRole('heading', { name: 'Bilan des ingrédients', exact: true }).waitFor();
}

async function checkCookbook(): Promise<void> {
  await chooseDays(CHOSEN_DAYS);
  const pdf = await download(() =>
    page.getByRole('button', { name: 'Exporter les fiches de cuisine' }).click(),
  );
  expect(pdf.name).toBe(`${STAY_NAME} Fiches cuisine.pdf`);
  const pages = readPdfPages(pdf.bytes);
  // Days 0, 2 and 4: a page per meal to cook (Wednesday's empty Dîner has none), each headed
  // with the stay, then its full date and slot.
  expect(pages.map((p) => p.slice(0, 2))).toEqual(
    [
      'Lundi 7 juillet 2025 - Midi',
      'Lundi 7 juillet 2025 - Dîner',
      'Mercredi 9 juillet 2025 - Midi',
      'Mercredi 9 juillet 2025 - Midi',
      'Vendredi 11 juillet 2025 - Midi',
      'Vendredi 11 juillet 2025 - Dîner',
    ].map((title) => [STAY_NAME, title]),
  );
  expect(pages[2]).toEqual(
    expect.arrayContaining([
      'Pour 12 personnes',
      'Groupes : Louveteaux',
      'Bolognaise',
      'Spaghetti',
      '1,20 kg',
      'Bœuf haché',
      '1,80 kg',
      'Faire revenir la viande avec l’oignon.',
      'page 3 / 6',
    ]),
  );
  // 2,5 baguettes for 10 people: 3 are cooked.
  expect(pages[3]).toEqual(
    expect.arrayContaining(['Pour 10 personnes', 'Groupes : Scouts', 'Œufs', '3 pièces']),
  );
  expect(pages.flat()).not.toContain('Aucun menu.');
  await expectSuccess('Fiches cuisines téléchargées avec succès');
}

async function renameNewSupplier(name: string): Promise<void> {
  const mapping = page.getByRole('dialog', { name: /^Associations du profil/ });
  await mapping.getByRole('button', { name: 'Ajouter un fournisseur' }).click();
  await mapping.getByRole('button', { name: 'Renommer Fournisseur', exact: true }).click();
  const field = mapping.getByRole('textbox', { name: 'Nom du fournisseur' });
  await field.fill(name);
  await field.press('Enter');
  await column(name).waitFor();
  await expectSuccess('Fournisseur modifié avec succès');
}

async function buildProfile(profileName: string, firstProfile: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Fournisseurs', exact: true }).click();
  const list = dialog('Liste des fournisseurs');
  await list.waitFor();
  if (firstProfile) await list.getByText("Aucun profil n'est encore défini.").waitFor();
  await list.getByRole('button', { name: 'Ajouter un profil' }).click();
  const nameDialog = dialog('Nouveau profil');
  await nameDialog.getByRole('textbox', { name: 'Nom' }).fill(profileName);
  await nameDialog.getByRole('button', { name: 'Enregistrer' }).click();

  const mapping = dialog(`Associations du profil « ${profileName} »`);
  await mapping.waitFor();
  await renameNewSupplier('Primeur');
  await renameNewSupplier('Boucherie Martin');
  expect(
    await mapping
      .getByTestId('supplier-column')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
  ).toEqual(['Sans fournisseur', 'Boucherie Martin', 'Primeur']);

  // The catalogue is long: the filter keeps what is dragged and where it goes on screen.
  const filter = mapping.getByRole('textbox', { name: 'Filtrer les ingrédients' });
  await filter.fill('tomate');

  // An ingredient with the mouse: Tomate to Primeur, linked on its own.
  const tomates = () => mappingIngredient('Primeur', 'Tomate');
  await mouseDrag(
    mappingIngredient('Sans fournisseur', 'Tomate'),
    column('Primeur').getByTestId('supplier-ingredients'),
  );
  await tomates().waitFor();
  await expectSuccess('Associations modifiées avec succès');
  expect(await tomates().getAttribute('data-own-link')).toBe('true');

  // A whole category with the keyboard: Fruits et légumes two columns to the right.
  const kind = column('Sans fournisseur').getByRole('button', { name: 'Fruits et légumes' });
  await kind.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await column('Primeur')
    .getByTestId('mapping-kind')
    .filter({ hasText: 'Fruits et légumes' })
    .waitFor();

  // Another ingredient: Bœuf haché to the butcher.
  await filter.fill('bœuf haché');
  await mouseDrag(
    mappingIngredient('Sans fournisseur', 'Bœuf haché'),
    column('Boucherie Martin').getByTestId('supplier-ingredients'),
  );
  const boeuf = mappingIngredient('Boucherie Martin', 'Bœuf haché');
  await boeuf.waitFor();
  await filter.fill('');

  // Tomate's own link now repeats its category's: tidying drops it, Tomate stays at Primeur.
  await mapping.getByRole('button', { name: 'Supprimer les redondances' }).click();
  await expectSuccess('Associations simplifiées avec succès');
  await expect.poll(() => tomates().getAttribute('data-own-link')).toBe('false');
  expect(await boeuf.getAttribute('data-own-link')).toBe('true');

  // By taps, as on a tablet: a category to the butcher, then back where it was.
  await column('Sans fournisseur').getByRole('button', { name: 'Épicerie' }).click();
  const place = page.getByTestId('place-dialog');
  await place.getByTestId('place-option').filter({ hasText: 'Boucherie Martin' }).click();
  await column('Boucherie Martin')
    .getByTestId('mapping-kind')
    .filter({ hasText: 'Épicerie' })
    .waitFor();
  await column('Boucherie Martin').getByRole('button', { name: 'Épicerie' }).click();
  expect(
    await place.getByTestId('place-option').filter({ hasText: 'Boucherie Martin' }).isDisabled(),
  ).toBe(true);
  await place.getByTestId('place-option').filter({ hasText: 'Sans fournisseur' }).click();
  await column('Sans fournisseur')
    .getByTestId('mapping-kind')
    .filter({ hasText: 'Épicerie' })
    .waitFor();

  await mapping.getByRole('button', { name: 'Fermer' }).last().click();
  await list.waitFor();
  const heart = list.getByRole('button', {
    name: `Utiliser ${profileName} par défaut pour ce séjour`,
  });
  await heart.click();
  await expectSuccess('Fournisseurs par défaut modifié avec succès');
  await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
  await list.getByRole('button', { name: 'Fermer' }).last().click();
  await list.waitFor({ state: 'hidden' });
}

async function checkSpreadsheet(profileName: string): Promise<void> {
  await page.getByRole('button', { name: 'Exporter un tableau de courses' }).click();
  const suppliers = dialog('Fournisseurs');
  await suppliers.waitFor();
  await expect
    .poll(() => suppliers.getByRole('combobox', { name: 'Profil de fournisseurs' }).inputValue())
    .toBe(profileName);
  const count = suppliers.getByTestId('spreadsheet-custom-count');
  expect(await visibleText(count)).toBe('0 choix personnalisé(s)');
  const pain = suppliers.getByRole('combobox', { name: 'Fournisseur de Baguette' });
  expect(await pain.inputValue()).toBe('-1');
  expect(
    await suppliers
      .getByRole('combobox', { name: 'Fournisseur de Tomate' })
      .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent),
  ).toBe('Primeur');
  await pain.selectOption({ label: 'Boucherie Martin' });
  expect(await visibleText(count)).toBe('1 choix personnalisé(s)');
  expect(
    await suppliers
      .getByTestId('spreadsheet-row')
      .filter({ hasText: 'Baguette' })
      .getAttribute('data-custom'),
  ).toBe('true');

  const xlsx = await download(() => suppliers.getByRole('button', { name: 'Exporter' }).click());
  expect(xlsx.name).toBe(`Ingrédients ${STAY_NAME}.xlsx`);
  await expectSuccess('Fichier téléchargé avec succès');
  const sheets = await readXlsxSheets(xlsx.bytes);
  expect(sheets.map((s) => s.name)).toEqual([
    'Ingrédients',
    'Sans fournisseur',
    'Boucherie Martin',
    'Primeur',
    'Lun. 7-07',
    'Mer. 9-07',
    'Ven. 11-07',
  ]);
  const [all, none, butcher, greengrocer] = sheets;
  // Quantities are numbers beside their unit, sorted by supplier, then name.
  expect(all?.values).toEqual([
    ['Fournisseur', 'Ingrédient', 'Quantité', 'Unité'],
    ['Sans fournisseur', 'Lait entier', 10, 'L'],
    ['Sans fournisseur', 'Œufs', 12, 'pièces'],
    ['Sans fournisseur', 'Riz rond', 2.5, 'kg'],
    ['Sans fournisseur', 'Spaghetti', 5.2, 'kg'],
    // 5 for Monday's Midi and 3 (2,5 rounded up) for the Scouts' Wednesday Midi.
    ['Boucherie Martin', 'Baguette', 8, 'pièces'],
    ['Boucherie Martin', 'Bœuf haché', 7.8, 'kg'],
    ['Primeur', 'Tomate', 26, 'pièces'],
    ['Primeur', 'Tomate', 600, 'gr'],
  ]);
  expect(butcher?.values).toEqual([
    ['Ingrédient', 'Quantité', 'Unité'],
    ['Baguette', 8, 'pièces'],
    ['Bœuf haché', 7.8, 'kg'],
  ]);
  expect(greengrocer?.values).toEqual([
    ['Ingrédient', 'Quantité', 'Unité'],
    ['Tomate', 26, 'pièces'],
    ['Tomate', 600, 'gr'],
  ]);
  expect(none?.rows.map((r) => r[0])).toContain('Œufs');
}

async function checkEverything(profileName: string, firstProfile: boolean): Promise<void> {
  await openExportScreen();
  await checkCompile();
  await checkPerMealLink();
  await checkCookbook();
  await buildProfile(profileName, firstProfile);
  await checkSpreadsheet(profileName);
}

describe('export screen', () => {
  it('compiles, exports cook sheets and a shopping spreadsheet, and maps suppliers', async () => {
    await checkEverything('Fournisseurs du camp', true);
  });

  it('does all of it again offline', async () => {
    // Let the service worker take the app (and the export chunks) into its cache first.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('sync-indicator').getByText('Hors ligne').waitFor();
    await checkEverything('Fournisseurs hors ligne', false);
    await context.setOffline(false);
  });

  it("lets another user rename and delete their own profile, and shows others' read-only", async () => {
    const mail = 'econome@exemple.fr';
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Économe' });
    const other = await Seeder.open(app, mail, PASSWORD);
    other.add('createStay', { id: other.id(), name: 'Classe verte', start: '2025-09-01' });
    await other.flush();
    const otherContext = await app.newContext({ viewport: { width: 1600, height: 1000 } });
    page = await openPage(otherContext);
    await loginThroughUi(page, mail, PASSWORD);
    await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Export', exact: true })
      .click();
    await page.mouse.move(900, 500);
    await expect
      .poll(() => visibleText(topBarTitle(page)))
      .toBe('Bilan des ingrédients pour le séjour : Classe verte');

    await page.getByRole('button', { name: 'Fournisseurs', exact: true }).click();
    const list = dialog('Liste des fournisseurs');
    await list.getByRole('button', { name: 'Ajouter un profil' }).click();
    await dialog('Nouveau profil').getByRole('textbox', { name: 'Nom' }).fill('Profil de B');
    await dialog('Nouveau profil').getByRole('button', { name: 'Enregistrer' }).click();
    await dialog('Associations du profil « Profil de B »')
      .getByRole('button', { name: 'Fermer', exact: true })
      .last()
      .click();

    await list.getByRole('button', { name: 'Modifier le nom de Profil de B' }).click();
    const rename = dialog('Modifier le profil');
    await rename.getByRole('textbox', { name: 'Nom' }).fill('Épicerie du coin');
    await rename.getByRole('button', { name: 'Enregistrer' }).click();
    await expectSuccess('Profil modifié avec succès');
    await list.getByRole('button', { name: 'Supprimer Épicerie du coin' }).click();
    const confirm = dialog('Confirmer la suppression');
    expect(await visibleText(confirm)).toContain(
      'Confirmez-vous la suppression du profil « Épicerie du coin » et de tous ses fournisseurs ? Cette opération est irréversible.',
    );
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expectSuccess('Profil supprimé avec succès');
    await list.getByText('Épicerie du coin').waitFor({ state: 'detached' });

    // The first user's profiles: listed with a lock, not editable, mapping read-only.
    const row = list.getByTestId('profile-row').filter({ hasText: 'Fournisseurs du camp' });
    await row.getByTestId('owner-lock').waitFor();
    expect(await row.getByRole('button', { name: /^Modifier le nom/ }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: /^Supprimer/ }).isDisabled()).toBe(true);
    await row.getByText('Fournisseurs du camp', { exact: true }).click();
    const mapping = dialog('Associations du profil « Fournisseurs du camp »');
    await mapping
      .getByText('Lecture seule : seul le propriétaire de ce profil peut le modifier.')
      .waitFor();
    expect(await mapping.getByRole('button', { name: 'Ajouter un fournisseur' }).count()).toBe(0);
    expect(await mapping.getByRole('button', { name: 'Supprimer les redondances' }).count()).toBe(
      0,
    );
    expect(await mapping.getByRole('button', { name: /^Renommer/ }).count()).toBe(0);
    expect(
      await column('Primeur')
        .getByTestId('mapping-kind')
        .filter({ hasText: 'Fruits et légumes' })
        .count(),
    ).toBe(1);
    await otherContext.close();
  });
});
