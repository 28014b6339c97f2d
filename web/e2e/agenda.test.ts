/**
 * The agenda in a real browser (issue 5): the meal wizard with a group out on one day, an
 * ingredient created in the side panel and a recipe written in the library added to meals with
 * their quantities previewed, a favourite menu dragged from the menu search onto a meal, a swap
 * of two meals, a group moved between meals with the keyboard, meal details, deletions, and
 * the week view opened with no network. The stay and its groups are made on the stays screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginThroughUi, openPage, visibleText } from './pages.js';
import {
  addGroup,
  cellMenus,
  backToWeek,
  closePreview,
  createBlankStay,
  createIngredientInPanel,
  dayMeal as dayMealOf,
  dayMeals as dayMealsOf,
  deleteMeal,
  drag,
  dropFavouriteMenu,
  dropRecipeOnMeal,
  editActiveStay,
  editGroup,
  expectSuccess as expectSuccessOn,
  groupCard,
  moveGroupToNextMeal,
  openDay,
  openMealActions as openMealActionsOn,
  openPreview,
  previewRows,
  runWizard,
  saveMenuAsFavourite,
  setMealIngredientQuantity,
  swapMeals,
  weekCell as weekCellOf,
  weekMeals as weekMealsOf,
  writeRecipeInLibrary,
} from './walk.js';

const MAIL = 'intendance@exemple.fr';
const PASSWORD = 'Pot-au-feu-2025';
/** A Monday, so that the headers read Lun., Mar., …; typed as JJ/MM/AAAA on the stays screen. */
const START = '2025-07-07';
const INGREDIENT = 'Tomates cerises du potager';
const STAY = "Camp d'été";
const RECIPE = 'Salade de tomates';

let app: RunningApp;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Intendante' });
  context = await app.newContext({ viewport: { width: 1440, height: 1100 } });
  page = await openPage(context);
  await loginThroughUi(page, MAIL, PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

const weekMeals = (): Locator => weekMealsOf(page);
const dayMeals = (): Locator => dayMealsOf(page);
const weekCell = (dayIndex: number, slotIndex: number): Locator =>
  weekCellOf(page, dayIndex, slotIndex);
const dayMeal = (index: number): Locator => dayMealOf(page, index);
const expectSuccess = (text: string): Promise<void> => expectSuccessOn(page, text);
const openMealActions = (meal: Locator, action: string): Promise<void> =>
  openMealActionsOn(page, meal, action);

describe('agenda', () => {
  it('asks for a stay when none is active', async () => {
    await page.goto('/agenda');
    await page.getByText('Merci de sélectionner (ou de créer) un séjour').waitFor();
    await page.getByRole('link', { name: 'Aller aux séjours' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('plans a week with the wizard, one group being out on the second day', async () => {
    await createStayWithTwoGroups();
    await page.goto('/agenda');
    await page.getByTestId('agenda-week').waitFor();
    expect(await visibleText(page.getByTestId('week-summary'))).toBe('0 repas');
    const headers = page.getByTestId('week-day-header');
    expect(await headers.allInnerTexts()).toEqual([
      'Lun. 7-07',
      'Mar. 8-07',
      'Mer. 9-07',
      'Jeu. 10-07',
      'Ven. 11-07',
      'Sam. 12-07',
      'Dim. 13-07',
    ]);

    await runWizard(page, { dayIndex: 1, group: 'Éclaireurs' });

    // 7 days × 4 slots, plus on day 2 one more meal per slot for the group that is out.
    const expected = 7 * 4 + 4;
    await expect.poll(() => weekMeals().count()).toBe(expected);
    expect(await visibleText(page.getByTestId('week-summary'))).toBe(`${expected} menus vide(s)`);
    expect(await weekCell(1, 1).getByTestId('week-meal').count()).toBe(2);
    expect(await weekCell(0, 1).getByTestId('week-meal').count()).toBe(1);
    expect(await weekCell(0, 4).getByTestId('week-meal').count()).toBe(0);
    expect(await cellMenus(weekCell(0, 0))).toBe('Menu vide.');

    // One group shown: its own meals only (the other group's meals of day 2 are hidden).
    await page.getByTestId('week-group-filter').click();
    await page.getByRole('option', { name: 'Louveteaux' }).click();
    await expect.poll(() => weekMeals().count()).toBe(7 * 4);
    await page.getByTestId('week-group-filter').click();
    await page.getByRole('option', { name: 'Tous les groupes' }).click();
    await expect.poll(() => weekMeals().count()).toBe(expected);

    // Each meal names its groups in sight (no hover on a tablet).
    expect(
      await weekCell(1, 1)
        .getByTestId('week-meal')
        .first()
        .getByTestId('week-meal-groups')
        .innerText(),
    ).toBe('Éclaireurs');

    // The chevrons move the week by one day.
    await page.getByRole('button', { name: 'Jour suivant' }).click();
    await expect.poll(() => headers.first().innerText()).toBe('Mar. 8-07');
    await page.getByRole('button', { name: 'Jour précédent' }).click();
    await expect.poll(() => headers.first().innerText()).toBe('Lun. 7-07');
  });

  it('adds an ingredient to a meal in the day view and previews its quantities', async () => {
    await openDay(page, 0);
    expect(await visibleText(page.getByTestId('day-title'))).toBe('lundi 7 juillet 2025');
    await expect.poll(() => dayMeals().count()).toBe(4);
    const lunch = dayMeal(1);
    expect(await visibleText(lunch.getByTestId('meal-people'))).toBe('15 personnes');

    const result = await createIngredientInPanel(page, INGREDIENT, 'Fruits et légumes');
    await drag(page, result, lunch.getByTestId('meal-items'));
    await expectSuccess('Menu mis à jour avec succès');
    await setMealIngredientQuantity(page, lunch, INGREDIENT, {
      val: '2',
      unit: 'kg',
      people: '10',
    });

    // 2 kg for 10 people, the meal has 10 + 5 people.
    const preview = await openPreview(page, lunch);
    expect(await visibleText(preview.getByTestId('meal-preview-people'))).toBe('Pour 15 personnes');
    expect(await previewRows(preview)).toEqual([[INGREDIENT, 'Fruits et légumes', '3 kg']]);
    await closePreview(page, preview);

    // Fewer people at lunch: the preview follows.
    await openMealActions(lunch, 'Détails');
    const details = page.getByRole('dialog', { name: 'Modifier le repas' });
    await details.getByLabel('Personnes supplémentaires').fill('-5');
    await details.getByRole('button', { name: 'Enregistrer' }).click();
    await expectSuccess('Repas modifié avec succès');
    await expect.poll(() => visibleText(lunch.getByTestId('meal-people'))).toBe('10 personnes');
    await openPreview(page, lunch);
    await expect.poll(() => visibleText(preview.getByTestId('meal-preview-row'))).toContain('2 kg');
    await closePreview(page, preview);
  });

  it('adds a recipe written in the library to a meal', async () => {
    const recipeId = await writeRecipeInLibrary(page, {
      name: RECIPE,
      search: 'tomates cerises',
      ingredient: INGREDIENT,
      quantity: { val: '1', unit: 'kg', people: '5' },
    });

    await page.getByRole('link', { name: 'Agenda' }).click();
    await page.getByTestId('week-day-header').first().click();
    await expect.poll(() => dayMeals().count()).toBe(4);
    const snack = dayMeal(2);
    await dropRecipeOnMeal(page, 'salade de tom', RECIPE, snack);

    // 1 kg for 5 people, the snack has 15.
    const preview = await openPreview(page, snack);
    await expect
      .poll(() => previewRows(preview))
      .toEqual([[INGREDIENT, 'Fruits et légumes', '3 kg']]);
    await closePreview(page, preview);

    // A recipe chip opens the recipe in the library.
    await snack.getByRole('button', { name: `Ouvrir la recette ${RECIPE}` }).click();
    await page.waitForURL((url) => url.searchParams.get('id-receipe') === recipeId);
    await page.goBack();
    await expect.poll(() => dayMeals().count()).toBe(4);
  });

  it('saves a menu as favourite and drops it from the menu search onto another meal', async () => {
    const lunch = dayMeal(1);
    await saveMenuAsFavourite(page, lunch);
    // A favourite menu is locked here: no remove button on its chips.
    expect(await lunch.getByRole('button', { name: `Retirer ${INGREDIENT}` }).count()).toBe(0);
    await lunch.getByRole('button', { name: 'Actions du repas' }).click();
    expect(
      await page.getByRole('menuitem', { name: 'Enregistrer comme favori' }).isDisabled(),
    ).toBe(true);
    await page.keyboard.press('Escape');

    await backToWeek(page);
    await dropFavouriteMenu(page, 'tomate', INGREDIENT, weekCell(0, 3));
    await expect.poll(() => cellMenus(weekCell(0, 3))).toBe(INGREDIENT);
  });

  it('swaps the menus of two meals by dragging one onto the other', async () => {
    await swapMeals(page, weekCell(0, 1), weekCell(2, 1));
    await expect.poll(() => cellMenus(weekCell(2, 1))).toBe(INGREDIENT);
    expect(await cellMenus(weekCell(0, 1))).toBe('Menu vide.');
  });

  it('moves a group between two meals of a day, then deletes meals', async () => {
    await openDay(page, 1);
    await expect.poll(() => dayMeals().count()).toBe(8);
    // Breakfast of day 2: the meal of the group that is out, then the meal of the others.
    const out = dayMeal(0);
    const home = dayMeal(1);
    expect(await out.getByTestId('group-chip').allInnerTexts()).toEqual(['Éclaireurs']);
    expect(await home.getByTestId('group-chip').allInnerTexts()).toEqual(['Louveteaux']);

    // With the keyboard this time.
    await moveGroupToNextMeal(page, out, 'Éclaireurs');
    await expect
      .poll(() => home.getByTestId('group-chip').allInnerTexts())
      .toEqual(['Louveteaux', 'Éclaireurs']);
    expect(await visibleText(out.getByTestId('meal-groups'))).toBe('Aucun groupe');
    expect(await visibleText(home.getByTestId('meal-people'))).toBe('15 personnes');

    // An empty menu goes without asking.
    await deleteMeal(page, out, false);
    await expect.poll(() => dayMeals().count()).toBe(7);

    // A new meal takes the groups not yet served at that time.
    await page.getByRole('button', { name: 'Ajouter un repas...' }).click();
    await page.getByRole('menuitem', { name: 'Cinquième' }).click();
    await expectSuccess('Repas ajouté avec succès');
    await expect.poll(() => dayMeals().count()).toBe(8);
    const cinquieme = dayMeal(7);
    expect(await cinquieme.getByTestId('group-chip').allInnerTexts()).toEqual([
      'Louveteaux',
      'Éclaireurs',
    ]);

    // A meal with a menu asks first.
    await page.getByRole('button', { name: 'Jour précédent' }).click();
    await page.waitForURL((url) => url.search === '?dayOffset=1');
    const dinner = dayMeal(3);
    await dinner.getByText(INGREDIENT).waitFor();
    await deleteMeal(page, dinner, true);
    await expect.poll(() => dayMeals().count()).toBe(3);
  });

  it('shows the week with no network once synced', async () => {
    await backToWeek(page);
    const expected = 7 * 4 + 4 - 2 + 1;
    await expect.poll(() => weekMeals().count()).toBe(expected);
    await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('sync-indicator').getByText('Hors ligne').waitFor();
    await expect.poll(() => weekMeals().count()).toBe(expected);
    expect(await cellMenus(weekCell(2, 1))).toBe(INGREDIENT);
    await context.setOffline(false);
  });
});

/** A stay starting on START with the groups Louveteaux (10 people) and Éclaireurs (5). */
async function createStayWithTwoGroups(): Promise<void> {
  await createBlankStay(page);
  await editActiveStay(page, { name: STAY, start: START });
  // A blank stay has one unnamed group; the second one opens its dialog at once.
  await addGroup(page, { name: 'Éclaireurs', size: 5 });
  await editGroup(page, 'Groupe par défaut', { name: 'Louveteaux', size: 10 });
  await groupCard(page, 'Éclaireurs').waitFor();
}
