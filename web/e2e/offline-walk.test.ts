/**
 * The whole walk of a stay (issue 5) with the browser offline from its first step: once
 * logged in and synced (the first sync leases the device's ids and the worker precaches the
 * app), the network goes and a user plans a stay, its groups, a week of meals, an ingredient
 * and a recipe, a favourite menu, a swap, a moved group, a deletion, a copy of the stay and
 * its export link; an offline reload loses nothing. Back online, everything reaches the
 * server: a second device of the same user sees it, and the export link answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginThroughUi, openPage, visibleText } from './pages.js';
import {
  activeStay,
  addGroup,
  cellMenus,
  backToWeek,
  closePreview,
  createBlankStay,
  createIngredientInPanel,
  dayMeal,
  dayMeals,
  deleteMeal,
  drag,
  dropFavouriteMenu,
  dropRecipeOnMeal,
  duplicateActiveStay,
  editActiveStay,
  expectSuccess,
  fetchLink,
  groupCard,
  moveGroupToNextMeal,
  openAgendaWeek,
  openDay,
  openPhoneExportDialog,
  openFromDrawer,
  openPreview,
  poll,
  previewRows,
  runWizard,
  saveMenuAsFavourite,
  setMealIngredientQuantity,
  setStaySize,
  sizeChip,
  stayOptions,
  swapMeals,
  weekCell,
  weekMeals,
  writeRecipeInLibrary,
} from './walk.js';
import type { ExportJson } from './walk.js';

const MAIL = 'hors-ligne@exemple.fr';
const PASSWORD = 'Raclette-2025';
const STAY = 'Camp des Glières';
const COPY = 'Camp des Glières (copie)';
/** A Monday, so that the week starts on the stay's first day. */
const START = '2025-07-07';
const OUT_GROUP = 'Éclaireurs';
const INGREDIENT = 'Tomates cerises du potager';
const RECIPE = 'Salade de tomates';
/** 7 days × 4 slots, plus on day 2 one more meal per slot for the group that is out. */
const PLANNED = 7 * 4 + 4;
/** The out group's breakfast of day 2 is deleted once empty. */
const KEPT = PLANNED - 1;
const PENDING = /^Hors ligne · (\d+) modifications en attente$/u;
const VIEWPORT = { width: 1440, height: 1100 };

let app: RunningApp;
let context: BrowserContext;
let page: Page;
/** The export link made offline, fetched once the device is back online. */
let link: string;

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Intendante' });
  context = await app.newContext({ viewport: VIEWPORT });
  page = await openPage(context);
  await loginThroughUi(page, MAIL, PASSWORD);
  await indicator(page).getByText('À jour').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
});
afterAll(async () => {
  await app?.close();
});

const indicator = (on: Page): Locator => on.getByTestId('sync-indicator');
/** How many changes wait on the device, read from 'Hors ligne · N modifications en attente'. */
async function pendingChanges(): Promise<number> {
  const text = await visibleText(indicator(page));
  const match = PENDING.exec(text);
  if (!match) throw new Error(`The indicator reads « ${text} »`);
  return Number(match[1]);
}

/** The stays on the server (this user is its only one): none may arrive while offline. */
const serverStays = () => app.server.popote.store.sync.all('stays');

async function expectGroups(on: Page): Promise<void> {
  await groupCard(on, OUT_GROUP).waitFor();
  expect(await on.getByTestId('group-card').count()).toBe(2);
  expect(await visibleText(groupCard(on, 'Groupe par défaut').getByTestId('group-size'))).toBe(
    '10 personnes',
  );
  expect(await visibleText(groupCard(on, OUT_GROUP).getByTestId('group-size'))).toBe('5 personnes');
  expect(await groupCard(on, OUT_GROUP).getByTestId('group-color').getAttribute('aria-label')).toBe(
    '#7048E8',
  );
}

describe('the walk of a stay with no network, synced afterwards', () => {
  it('creates, renames, dates and sizes a stay and adds a coloured group, offline', async () => {
    await context.setOffline(true);
    await poll(() => visibleText(indicator(page))).toBe('Hors ligne');

    await createBlankStay(page);
    await editActiveStay(page, { name: STAY, start: START });
    expect(await visibleText(page.getByTestId('active-stay-start'))).toBe(
      'Début : lundi 7 juillet 2025',
    );
    await setStaySize(page, 10);
    await poll(() => visibleText(sizeChip(page))).toBe('10 personnes');
    await addGroup(page, { name: OUT_GROUP, size: 5, color: '#7048E8' });
    await expectGroups(page);

    await poll(() => visibleText(indicator(page))).toMatch(PENDING);
    expect(serverStays()).toEqual([]);
  });

  it('plans a week with the wizard, one group out on the second day, offline', async () => {
    await openAgendaWeek(page);
    expect(await visibleText(page.getByTestId('week-summary'))).toBe('0 repas');
    expect(await page.getByTestId('week-day-header').first().innerText()).toBe('Lun. 7-07');

    await runWizard(page, { dayIndex: 1, group: OUT_GROUP });
    await poll(() => weekMeals(page).count()).toBe(PLANNED);
    expect(await visibleText(page.getByTestId('week-summary'))).toBe(`${PLANNED} menus vide(s)`);
    expect(await weekCell(page, 1, 1).getByTestId('week-meal').count()).toBe(2);
    expect(await weekCell(page, 0, 1).getByTestId('week-meal').count()).toBe(1);
  });

  it('adds an ingredient and a recipe written in the library to meals, offline', async () => {
    await openDay(page, 0);
    await poll(() => dayMeals(page).count()).toBe(4);
    const lunch = dayMeal(page, 1);
    expect(await visibleText(lunch.getByTestId('meal-people'))).toBe('15 personnes');

    const result = await createIngredientInPanel(page, INGREDIENT, 'Fruits et légumes');
    await drag(page, result, lunch.getByTestId('meal-items'));
    await expectSuccess(page, 'Menu mis à jour avec succès');
    await setMealIngredientQuantity(page, lunch, INGREDIENT, {
      val: '2',
      unit: 'kg',
      people: '10',
    });
    // 2 kg for 10 people, the meal has 10 + 5 people.
    let preview = await openPreview(page, lunch);
    expect(await visibleText(preview.getByTestId('meal-preview-people'))).toBe('Pour 15 personnes');
    expect(await previewRows(preview)).toEqual([[INGREDIENT, 'Fruits et légumes', '3 kg']]);
    await closePreview(page, preview);

    await writeRecipeInLibrary(page, {
      name: RECIPE,
      search: 'tomates cerises',
      ingredient: INGREDIENT,
      quantity: { val: '1', unit: 'kg', people: '5' },
    });
    await openAgendaWeek(page);
    await openDay(page, 0);
    await poll(() => dayMeals(page).count()).toBe(4);
    const snack = dayMeal(page, 2);
    await dropRecipeOnMeal(page, 'salade de tom', RECIPE, snack);
    // 1 kg for 5 people, the snack has 15.
    preview = await openPreview(page, snack);
    expect(await visibleText(preview.getByTestId('meal-preview-people'))).toBe('Pour 15 personnes');
    await poll(() => previewRows(preview)).toEqual([[INGREDIENT, 'Fruits et légumes', '3 kg']]);
    await closePreview(page, preview);
  });

  it('loses nothing in a reload with no network', async () => {
    const waiting = await pendingChanges();
    await page.reload();
    await poll(pendingChanges).toBe(waiting);

    await poll(() => dayMeals(page).count()).toBe(4);
    const snack = dayMeal(page, 2);
    await snack.getByRole('button', { name: `Ouvrir la recette ${RECIPE}` }).waitFor();
    const preview = await openPreview(page, dayMeal(page, 1));
    await poll(() => previewRows(preview)).toEqual([[INGREDIENT, 'Fruits et légumes', '3 kg']]);
    await closePreview(page, preview);
    await backToWeek(page);
    await poll(() => weekMeals(page).count()).toBe(PLANNED);
    expect(serverStays()).toEqual([]);
  });

  it('drops a favourite menu, swaps two meals, moves a group and deletes a meal, offline', async () => {
    await openDay(page, 0);
    await saveMenuAsFavourite(page, dayMeal(page, 1));
    await backToWeek(page);
    await dropFavouriteMenu(page, 'tomate', INGREDIENT, weekCell(page, 0, 3));
    await poll(() => cellMenus(weekCell(page, 0, 3))).toBe(INGREDIENT);

    await swapMeals(page, weekCell(page, 0, 1), weekCell(page, 2, 1));
    await poll(() => cellMenus(weekCell(page, 2, 1))).toBe(INGREDIENT);
    expect(await cellMenus(weekCell(page, 0, 1))).toBe('Menu vide.');

    await openDay(page, 1);
    await poll(() => dayMeals(page).count()).toBe(8);
    // Breakfast of day 2: the meal of the group that is out, then the meal of the others.
    const out = dayMeal(page, 0);
    const home = dayMeal(page, 1);
    expect(await out.getByTestId('group-chip').allInnerTexts()).toEqual([OUT_GROUP]);
    expect(await home.getByTestId('group-chip').allInnerTexts()).toEqual(['Groupe par défaut']);
    await moveGroupToNextMeal(page, out, OUT_GROUP);
    await poll(() => home.getByTestId('group-chip').allInnerTexts()).toEqual([
      'Groupe par défaut',
      OUT_GROUP,
    ]);
    expect(await visibleText(out.getByTestId('meal-groups'))).toBe('Aucun groupe');
    expect(await visibleText(home.getByTestId('meal-people'))).toBe('15 personnes');

    await deleteMeal(page, out, false);
    await poll(() => dayMeals(page).count()).toBe(7);
    await backToWeek(page);
    await poll(() => weekMeals(page).count()).toBe(KEPT);
  });

  it('duplicates the stay and makes its export link, offline', async () => {
    await openFromDrawer(page, 'Séjours');
    await duplicateActiveStay(page, STAY);
    await poll(() => stayOptions(page)).toEqual([STAY, `${STAY} (copie)`]);
    await editActiveStay(page, { name: COPY });
    await poll(() => stayOptions(page)).toEqual([STAY, COPY]);
    await expectGroups(page);

    const exported = await openPhoneExportDialog(page);
    link = exported.link;
    expect(new URL(link).searchParams.get('sejour')).toBe(`${COPY} 2025`);
    expect(await visibleText(exported.dialog.getByTestId('phone-export-sync-note'))).toBe(
      'Cet appareil est hors ligne : le lien fonctionnera dès que ses modifications auront été envoyées au serveur.',
    );
    await exported.dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await exported.dialog.waitFor({ state: 'hidden' });

    // Nothing has left the device yet.
    expect(await pendingChanges()).toBeGreaterThan(0);
    expect(serverStays()).toEqual([]);
    expect((await fetchLink(link)).status).toBe(404);
  });

  it('sends everything once back online: a second device sees it and the link answers', async () => {
    await context.setOffline(false);
    await poll(() => visibleText(indicator(page)), 30_000).toBe('À jour');
    expect(
      serverStays()
        .map((s) => s.name)
        .sort(),
    ).toEqual([STAY, COPY]);

    const other = await openPage(await app.newContext({ viewport: VIEWPORT }));
    await loginThroughUi(other, MAIL, PASSWORD);
    await indicator(other).getByText('À jour').waitFor();
    await other.mouse.move(900, 500);
    await poll(() => stayOptions(other)).toEqual([STAY, COPY]);
    for (const stay of [STAY, COPY]) {
      await activeStay(other).click();
      await other.getByRole('option', { name: stay, exact: true }).click();
      await poll(() => activeStay(other).inputValue()).toBe(stay);
      await expectGroups(other);
      await openAgendaWeek(other);
      await poll(() => weekMeals(other).count()).toBe(KEPT);
      expect(await cellMenus(weekCell(other, 0, 3))).toBe(INGREDIENT);
      expect(await cellMenus(weekCell(other, 2, 1))).toBe(INGREDIENT);
      await openFromDrawer(other, 'Séjours');
    }

    await openFromDrawer(other, 'Bibliothèque');
    await other.getByLabel('Rechercher un menu ou une recette').fill('salade de tom');
    const recipe = other.getByTestId('library-entry-title').getByText(RECIPE, { exact: true });
    await recipe.click();
    await other.getByRole('heading', { name: 'Détails de la recette' }).waitFor();
    await poll(() => other.getByTestId('recipe-ingredient').allInnerTexts()).toEqual([
      expect.stringMatching(
        new RegExp(`^${INGREDIENT}\\s+Fruits et légumes\\s+1 kg pour 5 personnes$`, 'iu'),
      ),
    ]);

    const response = await page.request.get(link);
    expect(response.status()).toBe(200);
    const json = (await response.json()) as ExportJson;
    expect(json.Meals).toHaveLength(KEPT);
    const lunch = json.Meals.find((m) => m.Date === '2025-07-07T12:00:00Z');
    expect(lunch).toMatchObject({ Name: `${COPY} (Tous)`, For_: 15 });
    // Day 2: lunch, snack and dinner of the group that is out; its breakfast was deleted.
    expect(json.Meals.filter((m) => m.Name === `${COPY} (${OUT_GROUP})`)).toHaveLength(3);
  });
});
