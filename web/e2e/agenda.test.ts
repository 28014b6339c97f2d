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
import { loginThroughUi, openPage, successMessages, visibleText } from './pages.js';

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

// ---- What a user does on the agenda ----

const weekMeals = (): Locator => page.getByTestId('week-meal');
const dayMeals = (): Locator => page.getByTestId('day-meal');
const weekCell = (dayIndex: number, slotIndex: number): Locator =>
  page
    .getByTestId('week-table')
    .locator('tbody tr')
    .nth(slotIndex)
    .getByTestId('week-cell')
    .nth(dayIndex);
/** The meal row of the day view at this position (meals come by slot, then by age). */
const dayMeal = (index: number): Locator => dayMeals().nth(index);

async function expectSuccess(text: string): Promise<void> {
  await successMessages(page).filter({ hasText: text }).first().waitFor();
}

/**
 * Drags with the mouse as a user does: press, move a little so the library sees a drag, glide
 * to the target, release. @hello-pangea/dnd then animates the drop before reporting it.
 */
async function drag(source: Locator, target: Locator): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: element not visible');
  const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
  const [tx, ty] = [to.x + to.width / 2, to.y + to.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y + 8, { steps: 4 });
  await page.mouse.move(tx, ty, { steps: 20 });
  await page.mouse.move(tx + 1, ty + 1);
  await page.mouse.up();
}

async function openMealActions(meal: Locator, action: string): Promise<void> {
  await meal.getByRole('button', { name: 'Actions du repas' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('agenda', () => {
  it('asks for a stay when none is active', async () => {
    await page.goto('/agenda');
    await page.getByText('Merci de sélectionner (ou de créer) un séjour').waitFor();
    await page.getByRole('button', { name: 'Aller aux séjours' }).click();
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

    await page.getByRole('button', { name: 'Ajouter plusieurs repas...' }).click();
    const wizard = page.getByRole('dialog', { name: 'Assistant de créations de repas' });
    expect(await wizard.getByLabel('Durée (en jours)').inputValue()).toBe('7');
    expect(await wizard.getByLabel('Inclure un goûter').isChecked()).toBe(true);
    // Nothing to replace yet.
    expect(await wizard.getByRole('button', { name: 'Remplacer les repas actuels' }).count()).toBe(
      0,
    );
    const days = wizard.getByTestId('wizard-excursion-day');
    expect(await days.count()).toBe(7);
    await days.nth(1).getByText('Éclaireurs').click();
    await wizard.getByRole('button', { name: 'Ajouter ces nouveaux repas' }).click();
    await expectSuccess('Repas générés avec succès');
    await wizard.waitFor({ state: 'hidden' });

    // 7 days × 4 slots, plus on day 2 one more meal per slot for the group that is out.
    const expected = 7 * 4 + 4;
    await expect.poll(() => weekMeals().count()).toBe(expected);
    expect(await visibleText(page.getByTestId('week-summary'))).toBe(`${expected} menus vide(s)`);
    expect(await weekCell(1, 1).getByTestId('week-meal').count()).toBe(2);
    expect(await weekCell(0, 1).getByTestId('week-meal').count()).toBe(1);
    expect(await weekCell(0, 4).getByTestId('week-meal').count()).toBe(0);
    expect(await visibleText(weekCell(0, 0))).toBe('Menu vide.');

    // One group shown: its own meals only (the other group's meals of day 2 are hidden).
    await page.getByTestId('week-group-filter').click();
    await page.getByRole('option', { name: 'Louveteaux' }).click();
    await expect.poll(() => weekMeals().count()).toBe(7 * 4);
    await page.getByTestId('week-group-filter').click();
    await page.getByRole('option', { name: 'Tous les groupes' }).click();
    await expect.poll(() => weekMeals().count()).toBe(expected);

    // Hovering a meal names its groups.
    await weekCell(1, 1).getByTestId('week-meal').first().hover();
    expect(await visibleText(page.getByRole('tooltip'))).toBe('Éclaireurs');

    // The chevrons move the week by one day.
    await page.getByRole('button', { name: 'Jour suivant' }).click();
    await expect.poll(() => headers.first().innerText()).toBe('Mar. 8-07');
    await page.getByRole('button', { name: 'Jour précédent' }).click();
    await expect.poll(() => headers.first().innerText()).toBe('Lun. 7-07');
  });

  it('adds an ingredient to a meal in the day view and previews its quantities', async () => {
    await page.getByTestId('week-day-header').first().click();
    await page.waitForURL((url) => url.search === '?dayOffset=1');
    expect(await visibleText(page.getByTestId('day-title'))).toBe('lundi 7 juillet 2025');
    await expect.poll(() => dayMeals().count()).toBe(4);
    const lunch = dayMeal(1);
    expect(await visibleText(lunch.getByTestId('meal-people'))).toBe('15 personnes');

    const panel = page.getByTestId('resource-panel');
    await panel.getByRole('button', { name: 'Créer un ingrédient' }).click();
    const create = page.getByRole('dialog', { name: 'Nouvel ingrédient' });
    await create.getByLabel('Nom').fill(INGREDIENT);
    await create.getByLabel('Catégorie', { exact: true }).click();
    await page.getByRole('option', { name: 'Fruits et légumes' }).click();
    await create.getByRole('button', { name: 'Créer' }).click();
    await create.waitFor({ state: 'hidden' });
    const result = panel.getByTestId('resource-result').filter({ hasText: INGREDIENT });
    await result.waitFor();

    await drag(result, lunch.getByTestId('meal-items'));
    await expectSuccess('Menu mis à jour avec succès');
    const chip = lunch.getByRole('button', { name: `Modifier la quantité de ${INGREDIENT}` });
    await chip.click();
    const editor = page.getByRole('dialog', { name: "Modifier l'ingrédient" });
    await editor.getByLabel('Quantité').fill('2');
    await editor.getByLabel('Unité', { exact: true }).click();
    await page.getByRole('option', { name: 'kg', exact: true }).click();
    await editor.getByLabel('Pour tant de personnes', { exact: true }).fill('10');
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await expectSuccess('Ingrédient mis à jour avec succès');
    await editor.waitFor({ state: 'hidden' });

    // 2 kg for 10 people, the meal has 10 + 5 people.
    await openMealActions(lunch, 'Prévisualiser les quantités');
    const preview = page.getByRole('dialog', { name: 'Quantités nécessaires' });
    expect(await visibleText(preview.getByTestId('meal-preview-people'))).toBe('Pour 15 personnes');
    const row = preview.getByTestId('meal-preview-row');
    expect(await row.count()).toBe(1);
    expect((await row.first().locator('td').allInnerTexts()).map((t) => t.trim())).toEqual([
      INGREDIENT,
      'Fruits et légumes',
      '3 kg',
    ]);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    // Fewer people at lunch: the preview follows.
    await openMealActions(lunch, 'Détails');
    const details = page.getByRole('dialog', { name: 'Modifier le repas' });
    await details.getByLabel('Personnes supplémentaires').fill('-5');
    await details.getByRole('button', { name: 'Enregistrer' }).click();
    await expectSuccess('Repas modifié avec succès');
    await expect.poll(() => visibleText(lunch.getByTestId('meal-people'))).toBe('10 personnes');
    await openMealActions(lunch, 'Prévisualiser les quantités');
    await expect.poll(() => visibleText(preview.getByTestId('meal-preview-row'))).toContain('2 kg');
    await page.keyboard.press('Escape');
  });

  it('adds a recipe written in the library to a meal', async () => {
    await page
      .getByTestId('resource-panel')
      .getByRole('button', { name: 'Aller à la bibliothèque' })
      .click();
    await page.getByRole('button', { name: 'Ajouter...' }).click();
    await page.getByRole('menuitem', { name: 'Une recette' }).click();
    await page.waitForURL((url) => url.searchParams.has('id-receipe'));
    const recipeId = new URL(page.url()).searchParams.get('id-receipe');
    const name = page.getByLabel('Nom', { exact: true });
    await name.fill(RECIPE);
    await name.press('Tab');
    const add = page.getByLabel('Ajouter un ingrédient');
    await add.fill('tomates cerises');
    await add.press('Enter');
    await page.getByRole('button', { name: `Modifier la quantité de « ${INGREDIENT} »` }).click();
    const quantity = page.getByRole('dialog', { name: `Modifier l'ingrédient : ${INGREDIENT}` });
    await quantity.getByLabel('Quantité').fill('1');
    await quantity.getByLabel('Unité').click();
    await page.getByRole('option', { name: 'kg', exact: true }).click();
    await quantity.getByLabel('Pour').fill('5');
    await quantity.getByRole('button', { name: 'Enregistrer' }).click();
    await quantity.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Agenda' }).click();
    await page.getByTestId('week-day-header').first().click();
    await expect.poll(() => dayMeals().count()).toBe(4);
    const snack = dayMeal(2);
    await page.getByLabel('Rechercher une recette ou un ingrédient').fill('salade de tom');
    const result = page.locator('[data-testid="resource-result"][data-kind="receipe"]');
    await result.filter({ hasText: RECIPE }).waitFor();
    await drag(result.filter({ hasText: RECIPE }), snack.getByTestId('meal-items'));
    await expectSuccess('Menu mis à jour avec succès');

    // 1 kg for 5 people, the snack has 15.
    await openMealActions(snack, 'Prévisualiser les quantités');
    const preview = page.getByRole('dialog', { name: 'Quantités nécessaires' });
    await expect
      .poll(() => preview.getByTestId('meal-preview-row').first().locator('td').allInnerTexts())
      .toEqual([INGREDIENT, 'Fruits et légumes', '3 kg']);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    // A recipe chip opens the recipe in the library.
    await snack.getByRole('button', { name: `Ouvrir la recette ${RECIPE}` }).click();
    await page.waitForURL((url) => url.searchParams.get('id-receipe') === recipeId);
    await page.goBack();
    await expect.poll(() => dayMeals().count()).toBe(4);
  });

  it('saves a menu as favourite and drops it from the menu search onto another meal', async () => {
    const lunch = dayMeal(1);
    await openMealActions(lunch, 'Enregistrer comme favori');
    await expectSuccess('Menu enregistré dans la bibliothèque');
    await lunch.getByRole('button', { name: 'Menu favori' }).waitFor();
    // A favourite menu is locked here: no remove button on its chips.
    expect(await lunch.getByRole('button', { name: `Retirer ${INGREDIENT}` }).count()).toBe(0);
    await lunch.getByRole('button', { name: 'Actions du repas' }).click();
    expect(
      await page.getByRole('menuitem', { name: 'Enregistrer comme favori' }).isDisabled(),
    ).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Retour à la semaine' }).click();
    await page.getByTestId('agenda-week').waitFor();
    await page.getByLabel('Rechercher et ajouter un menu').fill('tomate');
    const found = page.getByTestId('menu-search-result');
    await found.first().waitFor();
    expect(await found.count()).toBe(1);
    expect(await visibleText(found.first())).toBe(INGREDIENT);

    const dinner = weekCell(0, 3).getByTestId('week-meal');
    await drag(found.first(), dinner);
    await expectSuccess('Menu remplacé avec succès');
    await expect.poll(() => visibleText(weekCell(0, 3))).toBe(INGREDIENT);
  });

  it('swaps the menus of two meals by dragging one onto the other', async () => {
    await drag(weekCell(0, 1).getByTestId('week-meal'), weekCell(2, 1).getByTestId('week-meal'));
    await expectSuccess('Menus permutés avec succès');
    await expect.poll(() => visibleText(weekCell(2, 1))).toBe(INGREDIENT);
    expect(await visibleText(weekCell(0, 1))).toBe('Menu vide.');
  });

  it('moves a group between two meals of a day, then deletes meals', async () => {
    await page.getByTestId('week-day-header').nth(1).click();
    await page.waitForURL((url) => url.search === '?dayOffset=2');
    await expect.poll(() => dayMeals().count()).toBe(8);
    // Breakfast of day 2: the meal of the group that is out, then the meal of the others.
    const out = dayMeal(0);
    const home = dayMeal(1);
    expect(await out.getByTestId('group-chip').allInnerTexts()).toEqual(['Éclaireurs']);
    expect(await home.getByTestId('group-chip').allInnerTexts()).toEqual(['Louveteaux']);

    // With the keyboard this time: lift with Space, move to the next meal, drop with Space.
    await out.getByTestId('group-chip').first().focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expectSuccess('Groupe déplacé avec succès');
    await expect
      .poll(() => home.getByTestId('group-chip').allInnerTexts())
      .toEqual(['Louveteaux', 'Éclaireurs']);
    expect(await visibleText(out.getByTestId('meal-groups'))).toBe('Aucun groupe');
    expect(await visibleText(home.getByTestId('meal-people'))).toBe('15 personnes');

    // An empty menu goes without asking.
    await openMealActions(out, 'Supprimer ce repas');
    await expectSuccess('Repas supprimé avec succès');
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
    await openMealActions(dinner, 'Supprimer ce repas');
    const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
    expect(await visibleText(confirm)).toContain(
      'Confirmez vous la suppression de ce repas ? Cette opération est irréversible.',
    );
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expectSuccess('Repas supprimé avec succès');
    await expect.poll(() => dayMeals().count()).toBe(3);
  });

  it('shows the week with no network once synced', async () => {
    await page.getByRole('button', { name: 'Retour à la semaine' }).click();
    const expected = 7 * 4 + 4 - 2 + 1;
    await expect.poll(() => weekMeals().count()).toBe(expected);
    await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('sync-indicator').getByText('Hors ligne').waitFor();
    await expect.poll(() => weekMeals().count()).toBe(expected);
    expect(await visibleText(weekCell(2, 1))).toBe(INGREDIENT);
    await context.setOffline(false);
  });
});

// ---- Setting up the stay, on the stays screen ----

const groupCard = (name: string): Locator =>
  page.getByTestId('group-card').filter({ has: page.getByText(name, { exact: true }) });

async function editGroup(dialogName: string, name: string, size: number): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Nom').fill(name);
  await dialog.getByLabel('Taille').fill(String(size));
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A stay starting on START with the groups Louveteaux (10 people) and Éclaireurs (5). */
async function createStayWithTwoGroups(): Promise<void> {
  await page.getByRole('button', { name: 'Ajouter un séjour' }).click();
  await page.getByRole('menuitem', { name: 'Créer un séjour vierge' }).click();
  await page.getByRole('button', { name: 'Modifier le séjour' }).click();
  const stay = page.getByRole('dialog', { name: 'Modifier le séjour' });
  await stay.getByLabel('Nom').fill(STAY);
  const date = stay.getByLabel('Date de début');
  await date.clear();
  await date.pressSequentially(START.split('-').reverse().join(''));
  await stay.getByRole('button', { name: 'Enregistrer' }).click();
  await stay.waitFor({ state: 'hidden' });

  // A blank stay has one unnamed group; the second one opens its dialog at once.
  await page.getByRole('button', { name: 'Ajouter un groupe' }).click();
  await editGroup('Modifier le groupe', 'Éclaireurs', 5);
  await groupCard('Groupe par défaut').getByRole('button', { name: 'Modifier le groupe' }).click();
  await editGroup('Modifier le groupe', 'Louveteaux', 10);
  await groupCard('Louveteaux').waitFor();
  await groupCard('Éclaireurs').waitFor();
}
