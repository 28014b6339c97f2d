/**
 * Allergens and diets (issue 20) in Chromium, on a touch tablet, a computer with a mouse and a
 * phone, each with its own account: an ingredient of the library
 * is marked as holding peanuts, a group counts 2 people allergic to peanuts; every meal of a
 * recipe with that ingredient then warns, in the day view, in the week view and on the export
 * screen, saying who and why; the recipe shows its allergens. An alternative for those 2 people
 * takes the warning away and splits the compiled quantities.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { DEVICES, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { openPage } from './pages.js';
import { LONG_RECIPE, loginSeeded, SCREEN_PASSWORD, seedScreens } from './screens.js';
import { Seeder } from './seed.js';
import type { SeededAccount } from './screens.js';

let app: RunningApp;

/** An account with the screens' stay, whose lunches' recipe gets a sauce of the camp's own. */
async function seedAccount(mail: string, sauceName: string): Promise<SeededAccount> {
  const account = await seedScreens(app, mail);
  const seed = await Seeder.open(app, account.mail, SCREEN_PASSWORD);
  const sauce = seed.ingredient(sauceName, 4);
  seed.add('addRecipeIngredient', {
    recipeId: account.recipeId,
    ingredientId: sauce,
    now: '2025-06-01T10:00:00.000Z',
  });
  await seed.flush();
  return account;
}

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const WARNING = `2 personnes allergiques aux arachides : ${LONG_RECIPE}`;

describe('allergies of a group against the planned meals', () => {
  for (const [device, options] of DEVICES) {
    it(`warns where a recipe holds what some people cannot eat (${device})`, async () => {
      // Ingredient names are unique across users: each account makes its own sauce.
      const sauce = `Sauce satay ${device}`;
      const account = await seedAccount(`allergies-${device}@exemple.fr`, sauce);
      const context = await app.newContext(options);
      // A tap on touch screens, a click with the mouse.
      const press = (target: Locator) => (options.hasTouch ? target.tap() : target.click());
      try {
        const page = await openPage(context);
        await loginSeeded(page, account.mail);

        // The library: the sauce holds peanuts (the list also shows the other accounts' sauces).
        await page.goto('/library');
        await press(page.getByRole('button', { name: 'Liste des ingrédients' }));
        const list = page.getByRole('dialog', { name: 'Liste des ingrédients' });
        await list.getByLabel('Filtrer par nom').fill(sauce);
        // The dialog fits the screen (on a phone it was 900 px wide, its buttons out of reach).
        const box = (await list.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
        await press(list.getByRole('button', { name: `Modifier « ${sauce} »` }));
        await press(list.getByTestId('ingredient-allergens'));
        await press(page.getByRole('option', { name: 'Arachides' }));
        await press(list.getByRole('button', { name: 'Enregistrer' }));
        await expect
          .poll(() => list.getByTestId('ingredient-allergen-list').allTextContents())
          .toEqual(['Arachides']);
        await page.keyboard.press('Escape');

        // The recipe shows the allergens of its ingredients: the catalogue's spaghetti bring
        // gluten, the sauce peanuts.
        await page.goto(`/library?id-receipe=${account.recipeId}`);
        await expect
          .poll(() => page.getByTestId('dish-allergens').textContent())
          .toBe('Allergènes : Céréales contenant du gluten, Arachides');

        // The Louveteaux: 2 of them are allergic to peanuts.
        await page.goto('/');
        await page.getByTestId('group-card').first().waitFor();
        await press(
          page
            .getByTestId('group-card')
            .filter({ hasText: 'Louveteaux' })
            .getByRole('button', { name: 'Modifier le groupe' }),
        );
        const dialog = page.getByRole('dialog', { name: 'Modifier le groupe' });
        await press(dialog.getByRole('button', { name: 'Régimes et allergies' }));
        await dialog.getByLabel('Allergiques : Arachides').fill('2');
        await press(dialog.getByRole('button', { name: 'Enregistrer' }));
        await dialog.waitFor({ state: 'hidden' });
        await expect
          .poll(() =>
            page
              .getByTestId('group-card')
              .filter({ hasText: 'Louveteaux' })
              .getByTestId('group-needs')
              .textContent(),
          )
          .toBe('Arachides : 2');

        // The day view warns under the lunch, and only there.
        await page.goto('/agenda?dayOffset=1');
        await page.getByTestId('day-meal').first().waitFor();
        await expect
          .poll(() => page.getByTestId('meal-warnings').allTextContents())
          .toEqual([WARNING]);

        // An alternative for them: the first day's lunch no longer warns.
        const lunch = page.getByTestId('day-meal').filter({ hasText: WARNING });
        await press(lunch.getByRole('button', { name: 'Proposer une alternative' }));
        const alternative = page.getByRole('dialog', { name: 'Proposer une alternative' });
        await press(alternative.getByTestId('alternative-recipes'));
        await press(page.getByRole('option', { name: 'Riz au lait' }));
        // The list stays open for more picks; a tap on the title closes it, as a user does on
        // a phone, where it may cover the buttons.
        await press(alternative.locator('.mantine-Modal-title'));
        await page.getByRole('option', { name: 'Riz au lait' }).waitFor({ state: 'hidden' });
        await press(alternative.getByRole('button', { name: 'Enregistrer' }));
        await alternative.waitFor({ state: 'hidden' });
        await expect.poll(() => page.getByTestId('meal-warnings').count()).toBe(0);
        expect(await page.getByTestId('meal-alternative').allTextContents()).toEqual([
          'Alternative pour 2 personnes allergiques aux arachides : Riz au lait',
        ]);

        // The week view too, in the cells of the other lunches.
        await page.goto('/agenda');
        await page.getByTestId('week-meal').first().waitFor();
        const cells = await page.getByTestId('week-meal-warning').allTextContents();
        expect(cells.length).toBe(6);
        expect(new Set(cells)).toEqual(new Set([`⚠ ${WARNING}`]));

        // The export screen lists the chosen days' warnings: the second day's lunch, not the
        // first's.
        await page.goto('/order?jours=0,1');
        await press(page.getByRole('button', { name: 'Exporter les ingrédients nécessaires' }));
        const warnings = page.getByTestId('export-warnings');
        await warnings.waitFor();
        expect(await warnings.getByTestId('meal-warnings').allTextContents()).toEqual([WARNING]);

        // The first day's quantities split: the bolognese for 18 (1,80 kg of spaghetti), the
        // rice pudding for 20 at dinner and 2 at lunch (1,25 kg + 125 g).
        await page.goto('/order?jours=0');
        await press(page.getByRole('button', { name: 'Exporter les ingrédients nécessaires' }));
        await page.getByTestId('export-compiled').waitFor();
        const total = (name: string) =>
          page
            .getByRole('button', { name: new RegExp(`^${name} : `, 'u') })
            .getAttribute('aria-label');
        await expect.poll(() => total('Spaghetti')).toBe('Spaghetti : 1,80 kg');
        expect(await total('Riz rond')).toBe('Riz rond : 1,38 kg');
      } finally {
        await context.close();
      }
    });
  }
});
