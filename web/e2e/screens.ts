/**
 * The main screens of issue 13 with realistic data, for the accessibility and layout tests: a
 * seeded account (a stay of 7 days with two groups, filled meals, two recipes with long names,
 * a favourite menu) and how to open each screen and know that it has loaded.
 */
import type { Page } from 'playwright-core';
import { createAccount } from './harness.js';
import type { RunningApp } from './harness.js';
import { navigation } from './pages.js';
import { qty, seedCampRecipes, Seeder } from './seed.js';

export const SCREEN_PASSWORD = 'Ratatouille-2025';
const NOW = '2025-06-01T10:00:00.000Z';
/** A supplier profile with one supplier, 'Primeur', beside 'Sans fournisseur'. */
export const SCREEN_PROFILE = 'Fournisseurs du camp';
export const LONG_RECIPE = 'Pâtes à la bolognaise façon grand-mère du camp de Jambville';

export interface SeededAccount {
  mail: string;
  recipeId: number;
  menuId: number;
}

/** An account whose stay, agenda, library and export screens all have something to show. */
export async function seedScreens(app: RunningApp, mail: string): Promise<SeededAccount> {
  await createAccount(app, { mail, password: SCREEN_PASSWORD, pseudo: 'Intendante du camp' });
  const seed = await Seeder.open(app, mail, SCREEN_PASSWORD);
  const {
    ingredients: { tomates, pain },
    bolognaise,
    rizAuLait,
  } = seedCampRecipes(seed, NOW, {
    bolognaiseName: LONG_RECIPE,
    bolognaiseText: 'Faire revenir la viande.',
    rizAuLaitText: 'Faire revenir la viande.',
  });

  // Enough for a second page of the library (12 a page): its arrows are checked too.
  for (let n = 1; n <= 12; n++) {
    seed.recipe(
      `Salade composée n° ${String(n).padStart(2, '0')}`,
      0,
      'Faire revenir la viande.',
      [[tomates, qty(1, 0, 4)]],
      NOW,
    );
  }

  const menuId = seed.add('createFavoriteMenu', { id: seed.id(), now: NOW }).id;
  seed.add('addMenuRecipe', { menuId, recipeId: bolognaise, now: NOW });
  seed.add('addMenuIngredient', { menuId, ingredientId: pain, now: NOW });
  seed.add('updateMenuIngredient', {
    menuId,
    ingredientId: pain,
    quantity: qty(1, 0, 4),
    plat: 0,
    now: NOW,
  });

  const profileId = seed.add('createProfile', { id: seed.id(), name: SCREEN_PROFILE }).id;
  seed.add('createSupplier', { id: seed.id(), profileId, name: 'Primeur' });

  const stayId = seed.add('createStay', {
    id: seed.id(),
    name: 'Camp d’été des Louveteaux et des Éclaireuses à Jambville',
    start: '2025-07-07',
  }).id;
  seed.add('createGroup', {
    id: seed.id(),
    stayId,
    name: 'Louveteaux',
    color: '#AA0000',
    size: 12,
  });
  seed.add('createGroup', {
    id: seed.id(),
    stayId,
    name: 'Éclaireuses aînées',
    color: '#00AA00',
    size: 8,
  });
  for (let day = 0; day < 7; day++) {
    for (const slot of [0, 1, 2, 3]) {
      const meal = seed.add('createMeal', {
        id: seed.id(),
        menuId: seed.id(),
        stayId,
        day,
        slot,
        now: NOW,
      });
      if (slot === 1)
        seed.add('addMenuRecipe', { menuId: meal.menuId, recipeId: bolognaise, now: NOW });
      if (slot === 3)
        seed.add('addMenuRecipe', { menuId: meal.menuId, recipeId: rizAuLait, now: NOW });
      if (slot === 0) {
        seed.add('addMenuIngredient', { menuId: meal.menuId, ingredientId: pain, now: NOW });
      }
    }
  }
  await seed.flush();
  return { mail, recipeId: bolognaise, menuId };
}

/** Logs in through the login screen and waits until the seeded stay has reached the device. */
export async function loginSeeded(page: Page, mail: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Mail', { exact: true }).fill(mail);
  await page.getByLabel('Mot de passe', { exact: true }).fill(SCREEN_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await navigation(page).waitFor();
  await page.getByTestId('stays-card').waitFor();
  await page.getByTestId('group-card').first().waitFor();
}

export interface MainScreen {
  name: string;
  path: string;
  /** Waits until the screen shows its data. */
  ready: (page: Page) => Promise<void>;
}

/** The logged-in screens of issue 13; the login screen is checked before logging in. */
export function mainScreens(account: SeededAccount): MainScreen[] {
  return [
    {
      name: 'séjours',
      path: '/',
      ready: (page) => page.getByTestId('group-card').first().waitFor(),
    },
    {
      name: 'agenda semaine',
      path: '/agenda',
      ready: async (page) => {
        await page.getByTestId('agenda-week').waitFor();
        await page.getByTestId('week-meal').first().waitFor();
      },
    },
    {
      name: 'agenda jour',
      path: '/agenda?dayOffset=1',
      ready: async (page) => {
        await page.getByTestId('day-title').waitFor();
        await page.getByTestId('day-meal').first().waitFor();
      },
    },
    {
      name: 'bibliothèque',
      path: '/library',
      ready: (page) => page.getByTestId('library-list').waitFor(),
    },
    {
      name: 'recette',
      path: `/library?id-receipe=${account.recipeId}`,
      ready: (page) => page.getByTestId('recipe-ingredient').first().waitFor(),
    },
    {
      name: 'menu',
      path: `/library?id-menu=${account.menuId}`,
      ready: (page) => page.getByTestId('menu-item').first().waitFor(),
    },
    {
      name: 'commande',
      path: '/order',
      ready: async (page) => {
        await page.getByTestId('export-days').waitFor();
        // The days kept in the address may already be ticked; the screen may also settle
        // (first sync, restored ticks) just as the box is tapped: tick until it holds.
        const all = page.getByRole('checkbox', { name: 'Tous les jours' });
        for (let attempt = 0; !(await all.isChecked()); attempt++) {
          if (attempt === 3) throw new Error("'Tous les jours' does not stay ticked");
          await all.click();
          await page.waitForTimeout(200);
        }
        await page.getByRole('button', { name: 'Exporter les ingrédients nécessaires' }).click();
        await page.getByTestId('export-compiled').waitFor();
      },
    },
    {
      name: 'cuisine',
      path: '/kitchen?jour=1',
      ready: (page) => page.getByTestId('kitchen-ingredient').first().waitFor(),
    },
    {
      name: 'registre',
      path: '/registre?jour=1',
      ready: (page) => page.getByTestId('sample-meal').first().waitFor(),
    },
    {
      name: 'registre températures',
      path: '/registre?jour=1&partie=temperatures',
      ready: (page) => page.getByTestId('readings-missing').waitFor(),
    },
    {
      name: 'registre réceptions',
      path: '/registre?jour=1&partie=receptions',
      ready: (page) => page.getByTestId('register-deliveries').waitFor(),
    },
    {
      name: 'courses',
      path: '/courses',
      ready: (page) => page.getByTestId('larder').waitFor(),
    },
    {
      name: 'journal',
      path: '/journal',
      ready: (page) => page.getByTestId('journal-entry').first().waitFor(),
    },
    {
      name: 'préférences',
      path: '/settings',
      ready: (page) => page.getByTestId('settings-form').waitFor(),
    },
  ];
}

/** Opens a screen by its address in the running app (a client-side navigation after a load). */
export async function openScreen(page: Page, screen: MainScreen): Promise<void> {
  await page.goto(screen.path);
  await screen.ready(page);
  // Fonts and late layout settle before measuring.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
