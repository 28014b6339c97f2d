/**
 * The steps of a stay's walk (issue 5) as a user clicks them, on the stays screen, the agenda
 * and the library; shared by the online tests (stays, agenda) and the offline walk.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { STEP_TIMEOUT_MS, successMessages, visibleText } from './pages.js';

/** Polls up to a step's time: a sync or a reload may take more than vitest's default second. */
export const poll = <T>(read: () => T | Promise<T>, timeout = STEP_TIMEOUT_MS) =>
  expect.poll(read, { timeout });

export async function expectSuccess(page: Page, text: string): Promise<void> {
  await successMessages(page).filter({ hasText: text }).first().waitFor();
}

/** The active stay as the session of this device remembers it. */
export async function sessionActiveStayId(page: Page): Promise<number> {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('popote.session') ?? '{}') as { activeStayId: number },
  );
  return session.activeStayId;
}

// ---- Stays screen ----

export const activeStay = (page: Page): Locator =>
  page.getByRole('combobox', { name: 'Séjour actif' });
export const sizeChip = (page: Page): Locator => page.getByTestId('group-size-chip');
export const groupCard = (page: Page, name: string): Locator =>
  page.getByTestId('group-card').filter({ has: page.getByText(name, { exact: true }) });

export async function openAddStayMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Ajouter un séjour' }).click();
  await page.getByRole('menuitem', { name: 'Créer un séjour vierge' }).waitFor();
}

/** The labels of the 'Séjour actif' select, read by opening it. */
export async function stayOptions(page: Page): Promise<string[]> {
  await activeStay(page).click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  const labels = (await options.allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return labels;
}

export async function createBlankStay(page: Page): Promise<void> {
  await openAddStayMenu(page);
  await page.getByRole('menuitem', { name: 'Créer un séjour vierge' }).click();
  await poll(() => activeStay(page).inputValue()).toBe('Nouveau séjour');
}

/** Edits the active stay; `start` (AAAA-MM-JJ) is typed digit by digit, the slashes come alone. */
export async function editActiveStay(
  page: Page,
  changes: { name?: string; start?: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Modifier le séjour' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier le séjour' });
  if (changes.name !== undefined) await dialog.getByLabel('Nom').fill(changes.name);
  if (changes.start !== undefined) {
    const date = dialog.getByLabel('Date de début');
    await date.clear();
    const typed = changes.start.split('-').reverse();
    await date.pressSequentially(typed.join(''));
    expect(await date.inputValue()).toBe(typed.join('/'));
  }
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await dialog.waitFor({ state: 'hidden' });
  if (changes.name !== undefined)
    await poll(() => activeStay(page).inputValue()).toBe(changes.name);
}

/** The size of a stay with one group, through its chip. */
export async function setStaySize(page: Page, people: number): Promise<void> {
  await sizeChip(page).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier la taille du séjour' });
  await dialog.getByLabel('Nombre de personnes').fill(String(people));
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export interface GroupFields {
  name: string;
  size: number;
  /** A swatch of the colour picker, as its hexadecimal code. */
  color?: string;
}

/** Fills the open 'Modifier le groupe' dialog and saves it. */
export async function fillGroupDialog(page: Page, group: GroupFields): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Modifier le groupe' });
  await dialog.getByLabel('Nom').fill(group.name);
  await dialog.getByLabel('Taille').fill(String(group.size));
  if (group.color !== undefined) {
    const picker = dialog.getByRole('button', { name: 'Modifier la couleur' });
    expect(await picker.getAttribute('title')).toBe('Modifier la couleur');
    await picker.click();
    await dialog.getByRole('button', { name: group.color }).click();
    expect(await dialog.getByLabel('Code hexadécimal').inputValue()).toBe(group.color);
  }
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** 'Ajouter un groupe' opens the new group's dialog at once. */
export async function addGroup(page: Page, group: GroupFields): Promise<void> {
  await page.getByRole('button', { name: 'Ajouter un groupe' }).click();
  await fillGroupDialog(page, group);
  await groupCard(page, group.name).waitFor();
}

export async function editGroup(page: Page, current: string, group: GroupFields): Promise<void> {
  await groupCard(page, current).getByRole('button', { name: 'Modifier le groupe' }).click();
  await fillGroupDialog(page, group);
  await groupCard(page, group.name).waitFor();
}

/** Duplicates the active stay, whose label is `label`; the copy becomes active. */
export async function duplicateActiveStay(page: Page, label: string): Promise<void> {
  const before = await sessionActiveStayId(page);
  await openAddStayMenu(page);
  await page.getByRole('menuitem', { name: `Dupliquer le séjour ${label}` }).click();
  await poll(() => sessionActiveStayId(page)).not.toBe(before);
}

/** The JSON the export link answers, as the phone app reads it. */
export interface ExportJson {
  Ingredients: unknown[];
  Receipes: unknown[];
  ReceipeIngredients: unknown[];
  Menus: { Id: number }[];
  MenuReceipes: unknown[];
  MenuIngredients: unknown[];
  Meals: { Id: number; IdMenu: number; Name: string; Date: string; For_: number }[];
}

/** Fetches the export link as the phone app would, without any session. */
export async function fetchLink(link: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(link);
  return { status: response.status, body: await response.json() };
}

/** Opens 'Copier sur un smartphone' and waits for the link of its 'Lien' field. */
export async function openPhoneExportDialog(
  page: Page,
): Promise<{ dialog: Locator; link: string }> {
  await page.getByRole('button', { name: 'Copier sur un smartphone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exporter sur un smartphone' });
  await dialog.waitFor();
  const field = dialog.getByLabel('Lien', { exact: true });
  await poll(() => field.inputValue()).toMatch(/^http/u);
  return { dialog, link: await field.inputValue() };
}

// ---- Agenda ----

export const weekMeals = (page: Page): Locator => page.getByTestId('week-meal');
export const dayMeals = (page: Page): Locator => page.getByTestId('day-meal');
export const weekCell = (page: Page, dayIndex: number, slotIndex: number): Locator =>
  page
    .getByTestId('week-table')
    .locator('tbody tr')
    .nth(slotIndex)
    .getByTestId('week-cell')
    .nth(dayIndex);
/** What a week cell says of its meals' menus, one line a meal (their groups left out). */
export const cellMenus = async (cell: Locator): Promise<string> =>
  (await cell.getByTestId('week-meal-title').allInnerTexts()).map((t) => t.trim()).join('\n');
/** The meal row of the day view at this position (meals come by slot, then by age). */
export const dayMeal = (page: Page, index: number): Locator => dayMeals(page).nth(index);

/** A screen through its entry in the drawer, as a user goes there. */
export async function openFromDrawer(page: Page, entry: string): Promise<void> {
  await page.getByRole('link', { name: entry }).click();
  // Away from the rail, which widens over the page while hovered.
  await page.mouse.move(900, 500);
}

export async function openAgendaWeek(page: Page): Promise<void> {
  await openFromDrawer(page, 'Agenda');
  await page.getByTestId('agenda-week').waitFor();
}

/** The day view of the `index`th day of the week shown, through its header. */
export async function openDay(page: Page, index: number): Promise<void> {
  await page.getByTestId('week-day-header').nth(index).click();
  await page.waitForURL((url) => url.search === `?dayOffset=${index + 1}`);
}

export async function backToWeek(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Retour à la semaine' }).click();
  await page.getByTestId('agenda-week').waitFor();
}

/**
 * Waits until @hello-pangea/dnd made `source` (or a handle in it) draggable: the week mounts
 * drag and drop once it is shown (issue 36), as a user would see it a frame or two later.
 */
export async function waitDraggable(source: Locator): Promise<void> {
  await poll(() =>
    source.evaluate(
      (el) =>
        el.closest('[data-rfd-drag-handle-draggable-id]') !== null ||
        el.querySelector('[data-rfd-drag-handle-draggable-id]') !== null,
    ),
  ).toBe(true);
}

/**
 * Drags with the mouse as a user does: press, move a little so the library sees a drag, glide
 * to the target, release. @hello-pangea/dnd then animates the drop before reporting it.
 */
export async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  await waitDraggable(source);
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

export async function openMealActions(page: Page, meal: Locator, action: string): Promise<void> {
  await meal.getByRole('button', { name: 'Actions du repas' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/**
 * The meal wizard with its defaults (7 days, a snack), one group out on one day, on a stay
 * with no meal yet (so nothing to replace).
 */
export async function runWizard(
  page: Page,
  out: { dayIndex: number; group: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Ajouter plusieurs repas...' }).click();
  const wizard = page.getByRole('dialog', { name: 'Assistant de créations de repas' });
  expect(await wizard.getByLabel('Durée (en jours)').inputValue()).toBe('7');
  expect(await wizard.getByLabel('Inclure un goûter').isChecked()).toBe(true);
  expect(await wizard.getByRole('button', { name: 'Remplacer les repas actuels' }).count()).toBe(0);
  const days = wizard.getByTestId('wizard-excursion-day');
  expect(await days.count()).toBe(7);
  await days.nth(out.dayIndex).getByText(out.group).click();
  await wizard.getByRole('button', { name: 'Ajouter ces nouveaux repas' }).click();
  await expectSuccess(page, 'Repas générés avec succès');
  await wizard.waitFor({ state: 'hidden' });
}

export interface QuantityFields {
  val: string;
  unit: string;
  people: string;
}

/** A new ingredient from the side panel of the day view; returns its search result. */
export async function createIngredientInPanel(
  page: Page,
  name: string,
  category: string,
): Promise<Locator> {
  const panel = page.getByTestId('resource-panel');
  await panel.getByRole('button', { name: 'Créer un ingrédient' }).click();
  const create = page.getByRole('dialog', { name: 'Nouvel ingrédient' });
  await create.getByLabel('Nom').fill(name);
  await create.getByLabel('Catégorie', { exact: true }).click();
  await page.getByRole('option', { name: category }).click();
  await create.getByRole('button', { name: 'Créer' }).click();
  await create.waitFor({ state: 'hidden' });
  const result = panel.getByTestId('resource-result').filter({ hasText: name });
  await result.waitFor();
  return result;
}

/** The quantity of an ingredient chip of a meal, in 'Modifier l'ingrédient'. */
export async function setMealIngredientQuantity(
  page: Page,
  meal: Locator,
  ingredient: string,
  quantity: QuantityFields,
): Promise<void> {
  await meal.getByRole('button', { name: `Modifier la quantité de ${ingredient}` }).click();
  const editor = page.getByRole('dialog', { name: "Modifier l'ingrédient" });
  await editor.getByLabel('Quantité', { exact: true }).fill(quantity.val);
  await editor.getByLabel('Unité', { exact: true }).click();
  await page.getByRole('option', { name: quantity.unit, exact: true }).click();
  await editor.getByLabel('Pour tant de personnes', { exact: true }).fill(quantity.people);
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expectSuccess(page, 'Ingrédient mis à jour avec succès');
  await editor.waitFor({ state: 'hidden' });
}

/** Opens 'Prévisualiser les quantités' of a meal; close it with Escape. */
export async function openPreview(page: Page, meal: Locator): Promise<Locator> {
  await openMealActions(page, meal, 'Prévisualiser les quantités');
  return page.getByRole('dialog', { name: 'Quantités nécessaires' });
}

export async function closePreview(page: Page, preview: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await preview.waitFor({ state: 'hidden' });
}

/** The cells of each row of an open preview: ingredient, category, quantity. */
export async function previewRows(preview: Locator): Promise<string[][]> {
  const rows = await preview.getByTestId('meal-preview-row').all();
  return Promise.all(
    rows.map(async (row) => (await row.locator('td').allInnerTexts()).map((t) => t.trim())),
  );
}

/**
 * From the agenda's side panel to the library: a new recipe with one ingredient found by
 * `search`; returns the recipe's id from the address.
 */
export async function writeRecipeInLibrary(
  page: Page,
  recipe: { name: string; search: string; ingredient: string; quantity: QuantityFields },
): Promise<string> {
  await page
    .getByTestId('resource-panel')
    .getByRole('button', { name: 'Aller à la bibliothèque' })
    .click();
  await page.getByRole('button', { name: 'Ajouter...' }).click();
  await page.getByRole('menuitem', { name: 'Une recette' }).click();
  await page.waitForURL((url) => url.searchParams.has('id-receipe'));
  const recipeId = new URL(page.url()).searchParams.get('id-receipe')!;
  const name = page.getByLabel('Nom', { exact: true });
  await name.fill(recipe.name);
  await name.press('Tab');
  const add = page.getByLabel('Ajouter un ingrédient');
  await add.fill(recipe.search);
  await add.press('Enter');
  const ingredient = recipe.ingredient;
  await page.getByRole('button', { name: `Modifier la quantité de « ${ingredient} »` }).click();
  const quantity = page.getByRole('dialog', { name: `Modifier l'ingrédient : ${ingredient}` });
  await quantity.getByLabel('Quantité', { exact: true }).fill(recipe.quantity.val);
  await quantity.getByLabel('Unité').click();
  await page.getByRole('option', { name: recipe.quantity.unit, exact: true }).click();
  await quantity.getByLabel('Pour').fill(recipe.quantity.people);
  await quantity.getByRole('button', { name: 'Enregistrer' }).click();
  await quantity.waitFor({ state: 'hidden' });
  return recipeId;
}

/** Searches a recipe in the day view's side panel and drops it on a meal. */
export async function dropRecipeOnMeal(
  page: Page,
  search: string,
  recipe: string,
  meal: Locator,
): Promise<void> {
  await page.getByLabel('Rechercher une recette ou un ingrédient').fill(search);
  const result = page
    .locator('[data-testid="resource-result"][data-kind="receipe"]')
    .filter({ hasText: recipe });
  await result.waitFor();
  await drag(page, result, meal.getByTestId('meal-items'));
  await expectSuccess(page, 'Menu mis à jour avec succès');
}

export async function saveMenuAsFavourite(page: Page, meal: Locator): Promise<void> {
  await openMealActions(page, meal, 'Enregistrer comme favori');
  await expectSuccess(page, 'Menu enregistré dans la bibliothèque');
  await meal.getByRole('button', { name: 'Menu favori' }).waitFor();
}

/** Searches the week view's menus, finds only `title`, and drops it on a meal of a cell. */
export async function dropFavouriteMenu(
  page: Page,
  search: string,
  title: string,
  cell: Locator,
): Promise<void> {
  await page.getByLabel('Rechercher et ajouter un menu').fill(search);
  const found = page.getByTestId('menu-search-result');
  await found.first().waitFor();
  expect(await found.count()).toBe(1);
  expect(await visibleText(found.first())).toBe(title);
  await drag(page, found.first(), cell.getByTestId('week-meal'));
  await expectSuccess(page, 'Menu remplacé avec succès');
}

/** Drags the meal of one cell onto the meal of another: their menus swap. */
export async function swapMeals(page: Page, from: Locator, to: Locator): Promise<void> {
  await drag(page, from.getByTestId('week-meal'), to.getByTestId('week-meal'));
  await expectSuccess(page, 'Menus permutés avec succès');
}

/** With the keyboard: lift a group chip with Space, down to the next meal, drop with Space. */
export async function moveGroupToNextMeal(page: Page, meal: Locator, group: string): Promise<void> {
  await meal.getByTestId('group-chip').filter({ hasText: group }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expectSuccess(page, 'Groupe déplacé avec succès');
}

/**
 * Deletes a meal of the day view. A meal with a menu asks first (`asks`), and is confirmed;
 * one with an empty menu goes without asking.
 */
export async function deleteMeal(page: Page, meal: Locator, asks: boolean): Promise<void> {
  await openMealActions(page, meal, 'Supprimer ce repas');
  if (asks) {
    const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
    expect(await visibleText(confirm)).toContain(
      'Confirmez vous la suppression de ce repas ? Cette opération est irréversible.',
    );
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
  }
  await expectSuccess(page, 'Repas supprimé avec succès');
}
