/**
 * The agenda with a finger (issue 13), on a touch tablet (1024×768) and a phone (390×844):
 * a meal filled by taps only, two meals swapped by taps only, a meal deleted then restored
 * with 'Annuler' (online, seen by a second device, and offline), the wizard asking before it
 * replaces filled menus, and a day view no wider than the phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { createAccount, expectNoHorizontalOverflow, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginThroughUi, openPage, visibleText } from './pages.js';
import { Seeder } from './seed.js';
import {
  cellMenus,
  dayMeals,
  expectSuccess,
  openMealActions,
  poll,
  waitDraggable,
  weekCell,
} from './walk.js';
import { SCREEN_PASSWORD, seedScreens } from './screens.js';

const PASSWORD = 'Gratin-Dauphinois-2025';
const RECIPE = 'Gratin dauphinois';
const FAVOURITE_RECIPE = 'Hachis parmentier';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

interface Seeded {
  mail: string;
}

/** A stay starting on a Monday with two groups and four meals on its first two days. */
async function seed(mail: string): Promise<Seeded> {
  await createAccount(app, { mail, password: PASSWORD, pseudo: 'Intendant' });
  const s = await Seeder.open(app, mail, PASSWORD);
  const now = new Date().toISOString();
  const stayId = s.add('createStay', { id: s.id(), name: 'Camp du lac', start: '2025-07-07' }).id;
  s.add('createGroup', { id: s.id(), stayId, name: 'Louveteaux', color: '#1C7ED6', size: 12 });
  s.add('createGroup', { id: s.id(), stayId, name: 'Scouts', color: '#E8590C', size: 20 });
  for (const [day, slot] of [
    [0, 1],
    [0, 3],
    [1, 1],
    [1, 3],
  ] as const) {
    s.add('createMeal', { id: s.id(), menuId: s.id(), stayId, day, slot, now });
  }
  s.add('createRecipe', { id: s.id(), name: RECIPE, plat: 2, now });
  const favouriteRecipe = s.add('createRecipe', {
    id: s.id(),
    name: FAVOURITE_RECIPE,
    plat: 2,
    now,
  });
  const menuId = s.add('createFavoriteMenu', { id: s.id(), now }).id;
  s.add('addMenuRecipe', { menuId, recipeId: favouriteRecipe.id, now });
  await s.flush();
  return { mail };
}

async function loggedIn(
  options: BrowserContextOptions,
  mail: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext(options);
  const page = await openPage(context);
  await loginThroughUi(page, mail, PASSWORD);
  return { context, page };
}

/** The day view of the stay's `index`th day, once its meals are on the device. */
async function openDayView(page: Page, index: number, meals: number): Promise<void> {
  await page.goto(`/agenda?dayOffset=${index + 1}`);
  await page.getByTestId('agenda-day').waitFor();
  await poll(() => dayMeals(page).count()).toBe(meals);
}

const chips = (meal: Locator): Promise<string[]> =>
  meal.getByTestId('menu-item-chip').allInnerTexts();

/** Deletes the day's `index`th meal, whose menu is filled: it asks first. */
async function deleteFilledMeal(page: Page, index: number): Promise<void> {
  await openMealActions(page, dayMeals(page).nth(index), 'Supprimer ce repas');
  await page
    .getByRole('dialog', { name: 'Confirmer la suppression' })
    .getByRole('button', { name: 'Supprimer' })
    .tap();
}

/** Taps 'Annuler' in the success message that says `text`. */
async function undo(page: Page, text: string): Promise<void> {
  await page
    .getByTestId('success-message')
    .filter({ hasText: text })
    .getByRole('button', { name: 'Annuler' })
    .tap();
}

/** Types in the side panel and taps the result, then the meal in the list that opens. */
async function tapResourceInto(page: Page, search: string, result: string, mealOption: string) {
  await page.getByLabel('Rechercher une recette ou un ingrédient').tap();
  await page.getByLabel('Rechercher une recette ou un ingrédient').fill(search);
  const hit = page.getByTestId('resource-result').filter({ hasText: result });
  await hit.first().tap();
  const place = page.getByTestId('place-dialog');
  await place.waitFor();
  await place.getByTestId('place-option').filter({ hasText: mealOption }).tap();
  await place.waitFor({ state: 'hidden' });
}

describe.each([
  ['tablet', TABLET],
  ['phone', PHONE],
] as const)('with a finger on a %s', (name, device) => {
  let page: Page;
  let context: BrowserContext;

  beforeAll(async () => {
    const seeded = await seed(`doigt-${name}@exemple.fr`);
    ({ context, page } = await loggedIn(device, seeded.mail));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('fills a meal by taps only, and the day view fits the screen', async () => {
    await openDayView(page, 0, 2);
    await expectNoHorizontalOverflow(page, `day view on a ${name}`);
    // The side panel comes before the meals on a phone: no scrolling past them to reach it.
    const panel = await page.getByTestId('resource-panel').boundingBox();
    const firstMeal = await dayMeals(page).first().boundingBox();
    if (name === 'phone') expect(panel!.y).toBeLessThan(firstMeal!.y);

    await tapResourceInto(page, 'gratin', RECIPE, 'Dîner');
    await expectSuccess(page, 'Menu mis à jour avec succès');
    await poll(() => chips(dayMeals(page).nth(1))).toEqual([RECIPE]);
    expect(await chips(dayMeals(page).nth(0))).toEqual([]);

    // Multi-word search, each word anywhere in the name.
    await tapResourceInto(page, 'parmentier hach', FAVOURITE_RECIPE, 'Midi');
    await poll(() => chips(dayMeals(page).nth(0))).toEqual([FAVOURITE_RECIPE]);

    // A group moves by taps too.
    await dayMeals(page).nth(0).getByTestId('group-chip').filter({ hasText: 'Scouts' }).tap();
    const place = page.getByTestId('place-dialog');
    await place.getByTestId('place-option').filter({ hasText: 'Dîner' }).tap();
    await expectSuccess(page, 'Groupe déplacé avec succès');
    await poll(() => dayMeals(page).nth(1).getByTestId('group-chip').allInnerTexts()).toEqual([
      'Louveteaux',
      'Scouts',
    ]);
    await expectNoHorizontalOverflow(page, `filled day view on a ${name}`);
  });

  it('types a number in a field without arrows spilling out of it', async () => {
    await openDayView(page, 0, 2);
    await dayMeals(page).first().getByRole('button', { name: 'Actions du repas' }).tap();
    await page.getByRole('menuitem', { name: 'Détails' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Modifier le repas' });
    const field = dialog.getByLabel('Personnes supplémentaires');
    await field.waitFor();
    // The arrows (two 44 px buttons on a touch screen) are hidden: the number is typed.
    expect(await dialog.locator('.mantine-NumberInput-controls').isVisible()).toBe(false);
    const box = (await field.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await dialog.getByRole('button', { name: 'Annuler' }).tap();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('deletes a meal, then "Annuler" restores it with its menu', async () => {
    await openDayView(page, 0, 2);
    await deleteFilledMeal(page, 1);
    await poll(() => dayMeals(page).count()).toBe(1);
    await undo(page, 'Repas supprimé avec succès');
    await expectSuccess(page, 'Action annulée');
    await poll(() => dayMeals(page).count()).toBe(2);
    expect(await chips(dayMeals(page).nth(1))).toEqual([RECIPE]);
  });

  it('swaps two meals of the week by taps only', async () => {
    await page.goto('/agenda');
    await page.getByTestId('agenda-week').waitFor();
    const monday = weekCell(page, 0, 1).getByTestId('week-meal');
    const tuesday = weekCell(page, 1, 1).getByTestId('week-meal');
    await poll(() => visibleText(monday)).toContain(FAVOURITE_RECIPE);
    // The groups are in sight without hovering.
    expect(await monday.getByTestId('week-meal-groups').innerText()).toContain('Louveteaux');

    await monday.tap();
    await page.getByTestId('week-picked').waitFor();
    await tuesday.tap();
    await expectSuccess(page, 'Menus permutés avec succès');
    await poll(() => visibleText(tuesday)).toContain(FAVOURITE_RECIPE);
    expect(await visibleText(monday)).not.toContain(FAVOURITE_RECIPE);
    expect(await page.getByTestId('week-picked').count()).toBe(0);

    // And back, with 'Annuler'.
    await undo(page, 'Menus permutés avec succès');
    await poll(() => visibleText(monday)).toContain(FAVOURITE_RECIPE);
  });

  it('asks before the wizard replaces filled menus, saying how many', async () => {
    await page.getByRole('button', { name: 'Ajouter plusieurs repas...' }).tap();
    const wizard = page.getByRole('dialog', { name: 'Assistant de créations de repas' });
    await wizard.getByLabel('Durée (en jours)').fill('2');
    await wizard.getByRole('button', { name: 'Remplacer les repas actuels' }).tap();
    const ask = page.getByRole('dialog', { name: 'Remplacer les repas actuels ?' });
    expect(await visibleText(ask.getByTestId('wizard-replace-warning'))).toContain(
      '2 repas ont un menu rempli : les 4 repas actuels seront supprimés',
    );
    await ask.getByRole('button', { name: 'Annuler' }).tap();
    await ask.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
  });
});

describe('undo reaches the other devices, and works offline', () => {
  it('restores on a second device, then offline on the first', async () => {
    const seeded = await seed('deux-appareils@exemple.fr');
    const a = await loggedIn(TABLET, seeded.mail);
    const b = await loggedIn({ viewport: { width: 1280, height: 900 } }, seeded.mail);
    await openDayView(a.page, 1, 2);
    await tapResourceInto(a.page, 'gratin', RECIPE, 'Midi');
    await openDayView(b.page, 1, 2);
    await poll(() => chips(dayMeals(b.page).nth(0))).toEqual([RECIPE]);

    // Online: B sees the meal go, then come back with its menu.
    await deleteFilledMeal(a.page, 0);
    await poll(() => dayMeals(b.page).count()).toBe(1);
    await undo(a.page, 'Repas supprimé avec succès');
    await poll(() => dayMeals(b.page).count()).toBe(2);
    await poll(() => chips(dayMeals(b.page).nth(0))).toEqual([RECIPE]);

    // Offline: delete and undo with no network; once back, B still has it, and A sends both.
    await a.context.setOffline(true);
    await deleteFilledMeal(a.page, 0);
    await poll(() => dayMeals(a.page).count()).toBe(1);
    await undo(a.page, 'Repas supprimé avec succès');
    await poll(() => dayMeals(a.page).count()).toBe(2);
    expect(await chips(dayMeals(a.page).nth(0))).toEqual([RECIPE]);
    await a.context.setOffline(false);
    await poll(() => a.page.getByTestId('sync-indicator').innerText()).toContain('À jour');
    // Neither the delete nor its undo was refused by the server.
    expect(await a.page.getByRole('button', { name: /refusée/u }).count()).toBe(0);
    await poll(() => chips(dayMeals(b.page).nth(0))).toEqual([RECIPE]);
    await a.context.close();
    await b.context.close();
  });
});

describe('a new ingredient from a recipe gets its category', () => {
  it('asks the category before creating it', async () => {
    const seeded = await seed('categorie@exemple.fr');
    const { context, page } = await loggedIn(TABLET, seeded.mail);
    await page.goto('/library');
    await page.getByText(RECIPE).first().tap();
    await page.getByRole('heading', { name: 'Détails de la recette' }).waitFor();
    const add = page.getByLabel('Ajouter un ingrédient');
    await add.fill('Muscade râpée du marché');
    await page.getByRole('button', { name: 'Ajouter un ingrédient' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Nouvel ingrédient' });
    expect(await dialog.getByLabel('Nom').inputValue()).toBe('Muscade râpée du marché');
    await dialog.getByLabel('Catégorie').tap();
    await page.getByRole('option', { name: 'Épicerie' }).tap();
    await dialog.getByRole('button', { name: 'Créer' }).tap();
    await poll(() => page.getByTestId('recipe-ingredient').allInnerTexts()).toEqual([
      expect.stringMatching(/^Muscade râpée du marché\s+Épicerie\s/iu),
    ]);
    await context.close();
  });
});

describe('loading is not emptiness', () => {
  it('shows the first sync as loading, never as an empty list, on a new device', async () => {
    const seeded = await seed('nouvel-appareil@exemple.fr');
    const context = await app.newContext(TABLET);
    // The first pull is held back, as on a slow network: the screens must wait, not say "none".
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/sync/pull', async (route) => {
      await held;
      await route.continue();
    });
    const page = await openPage(context);
    await loginThroughUi(page, seeded.mail, PASSWORD);
    await page.getByTestId('first-sync').waitFor();
    expect(await page.getByText('Veuillez ajouter un nouveau séjour...').count()).toBe(0);
    await page.goto('/library');
    await page.getByTestId('first-sync').waitFor();
    expect(await page.getByTestId('library-empty').count()).toBe(0);
    await page.goto('/agenda');
    await page.getByTestId('first-sync').waitFor();
    expect(await page.getByText('Merci de sélectionner (ou de créer) un séjour').count()).toBe(0);

    release();
    await page.getByTestId('agenda-week').waitFor();
    await page.goto('/library');
    await page.getByTestId('library-list').waitFor();
    expect(await page.getByTestId('first-sync').count()).toBe(0);
    await context.close();
  });
});

describe('context is kept on return', () => {
  it("'Retour' from a recipe finds the list's search and page; back from the agenda finds the ticked days", async () => {
    const seeded = await seed('contexte@exemple.fr');
    const more = await Seeder.open(app, seeded.mail, PASSWORD);
    const now = new Date().toISOString();
    for (let i = 1; i <= 14; i++) {
      more.add('createRecipe', { id: more.id(), name: `Soupe n° ${i}`, plat: 3, now });
    }
    await more.flush();
    const { context, page } = await loggedIn(TABLET, seeded.mail);

    await page.goto('/library');
    const search = page.getByLabel('Rechercher un menu ou une recette');
    await search.fill('soupe');
    await poll(() => page.getByTestId('library-entry-title').count()).toBe(12);
    await page
      .getByLabel('Pages de la liste')
      .getByRole('button', { name: '2', exact: true })
      .tap();
    await poll(() => page.getByTestId('library-entry-title').count()).toBe(2);
    const onPage2 = (await page.getByTestId('library-entry-title').first().innerText()).trim();
    await page.getByTestId('library-entry-title').first().tap();
    await page.getByRole('heading', { name: 'Détails de la recette' }).waitFor();
    await page.getByRole('button', { name: 'Retour' }).first().tap();
    await poll(() => search.inputValue()).toBe('soupe');
    await poll(() => page.getByTestId('library-entry-title').first().innerText()).toContain(
      onPage2,
    );

    await page.goto('/order');
    const days = page.getByTestId('export-days');
    await days.getByRole('checkbox').nth(1).check();
    await days.getByRole('checkbox').nth(2).check();
    await page.getByRole('button', { name: 'Exporter les ingrédients nécessaires' }).tap();
    await page
      .getByTestId('export-compiled')
      .or(page.getByTestId('export-no-ingredient'))
      .waitFor();
    await page.goto('/agenda');
    await page.getByTestId('agenda-week').waitFor();
    await page.goBack();
    await page.getByTestId('export-days').waitFor();
    expect(await days.getByRole('checkbox').nth(1).isChecked()).toBe(true);
    expect(await days.getByRole('checkbox').nth(2).isChecked()).toBe(true);
    await page
      .getByTestId('export-compiled')
      .or(page.getByTestId('export-no-ingredient'))
      .waitFor();
    await context.close();
  });
});

describe('a drag lands where the pointer is', () => {
  it('swaps with the meal under the pointer, whatever part of the card was held', async () => {
    const account = await seedScreens(app, 'pointeur@exemple.fr');
    const context = await app.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context);
    await loginThroughUi(page, account.mail, SCREEN_PASSWORD);
    await page.goto('/agenda');
    await page.getByTestId('agenda-week').waitFor();
    for (const held of [0.9, 0.5]) {
      // Breakfast of the second day onto the dinner of the first: two rows down.
      const source = weekCell(page, 1, 0).getByTestId('week-meal').first();
      const target = weekCell(page, 0, 3).getByTestId('week-meal').first();
      await poll(() => source.getByTestId('week-meal-title').innerText()).not.toBe('');
      await waitDraggable(source);
      const [sourceTitle, targetTitle] = [
        await cellMenus(weekCell(page, 1, 0)),
        await cellMenus(weekCell(page, 0, 3)),
      ];
      expect(sourceTitle).not.toBe(targetTitle);
      const from = (await source.boundingBox())!;
      const to = (await target.boundingBox())!;
      const [x, y] = [from.x + from.width / 2, from.y + from.height * held];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 8, y + 8, { steps: 4 });
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
      await page.mouse.up();
      await expectSuccess(page, 'Menus permutés avec succès');
      await poll(() => cellMenus(weekCell(page, 0, 3))).toBe(sourceTitle);
      expect(await cellMenus(weekCell(page, 1, 0))).toBe(targetTitle);
    }
    await context.close();
  });
});
