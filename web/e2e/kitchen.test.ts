/**
 * The kitchen view (issue 19) in Chromium, on a computer with a mouse, a tablet and a phone:
 * a planned day shows each meal with its recipes, their preparation and the quantities scaled
 * to the meal's 20 people (Louveteaux 12 + Éclaireuses aînées 8); the day can be changed; it
 * still opens offline; the screen is kept on while the view is open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { openPage } from './pages.js';
import { LONG_RECIPE, loginSeeded, seedScreens } from './screens.js';
import type { SeededAccount } from './screens.js';

let app: RunningApp;
let account: SeededAccount;

beforeAll(async () => {
  app = await startApp();
  account = await seedScreens(app, 'cuisine@exemple.fr');
});
afterAll(async () => {
  await app?.close();
});

/** Each meal of the page: its heading, people, and per recipe its rows 'name: quantity'. */
async function mealsShown(page: Page) {
  return page.getByTestId('kitchen-meal').evaluateAll((meals) =>
    meals.map((meal) => ({
      title: meal.querySelector('h2')?.textContent ?? '',
      people: meal.querySelector('[data-testid="kitchen-meal-people"]')?.textContent ?? '',
      recipes: [...meal.querySelectorAll('[data-testid="kitchen-recipe"]')].map((r) => ({
        title: r.querySelector('h3')?.textContent ?? '',
        rows: [...r.querySelectorAll('[data-testid="kitchen-ingredient"]')].map((row) =>
          [...row.querySelectorAll('td')].map((td) => td.textContent).join(': '),
        ),
      })),
    })),
  );
}

const DAY_1 = [
  {
    title: 'Mardi 8 juillet 2025 - Petit déjeuner',
    people: 'Pour 20 personnes',
    // The menu's own bread, one a person by default.
    recipes: [{ title: 'Autre', rows: ['Baguette: 20 pièces'] }],
  },
  {
    title: 'Mardi 8 juillet 2025 - Midi',
    people: 'Pour 20 personnes',
    recipes: [
      {
        title: LONG_RECIPE,
        // For 10 in the recipe: 1 kg, 1.5 kg, 5 pieces; in the preview's order (by kind).
        rows: ['Tomate: 10 pièces', 'Spaghetti: 2 kg', 'Bœuf haché: 3 kg'],
      },
    ],
  },
  { title: 'Mardi 8 juillet 2025 - Goûter', people: 'Pour 20 personnes', recipes: [] },
  {
    title: 'Mardi 8 juillet 2025 - Dîner',
    people: 'Pour 20 personnes',
    // For 8 in the recipe: 0.5 kg and 2 L.
    recipes: [{ title: 'Riz au lait', rows: ['Riz rond: 1,25 kg', 'Lait entier: 5 L'] }],
  },
];

const DEVICES: [string, BrowserContextOptions][] = [
  ['computer', {}],
  ['tablet', TABLET],
  ['phone', PHONE],
];

describe('kitchen view', () => {
  for (const [device, options] of DEVICES) {
    it(`shows a planned day's meals with their scaled quantities (${device})`, async () => {
      const context = await app.newContext(options);
      try {
        const page = await openPage(context);
        await loginSeeded(page, account.mail);
        await page.goto('/kitchen?jour=1');
        await page.getByTestId('kitchen-ingredient').first().waitFor();
        await expect.poll(() => mealsShown(page)).toEqual(DAY_1);
        // The preparation is there, in full.
        await page.getByText('Faire revenir la viande.').first().waitFor();

        // The next day, by its arrow (a tap on touch screens).
        const next = page.getByRole('button', { name: 'Jour suivant' });
        if (options.hasTouch) await next.tap();
        else await next.click();
        await page.waitForURL((url) => url.search === '?jour=2');
        await expect
          .poll(async () => (await mealsShown(page)).map((m) => m.title))
          .toEqual([
            'Mercredi 9 juillet 2025 - Petit déjeuner',
            'Mercredi 9 juillet 2025 - Midi',
            'Mercredi 9 juillet 2025 - Goûter',
            'Mercredi 9 juillet 2025 - Dîner',
          ]);

        // Offline, the page opens again from the service worker and the device's database.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await context.setOffline(true);
        await page.reload();
        await page.getByTestId('kitchen-ingredient').first().waitFor();
        expect((await mealsShown(page)).length).toBe(4);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps the screen on while open, and lets it sleep once left', async () => {
    const context = await app.newContext();
    try {
      // A stand-in for the browser's Screen Wake Lock, which headless Chromium refuses: it
      // counts the locks taken and released.
      await context.addInitScript(() => {
        const locks = { taken: 0, released: 0 };
        (window as unknown as { __locks: typeof locks }).__locks = locks;
        Object.defineProperty(navigator, 'wakeLock', {
          value: {
            request: async () => {
              locks.taken++;
              const sentinel = new EventTarget() as EventTarget & {
                released: boolean;
                release: () => Promise<void>;
              };
              sentinel.released = false;
              sentinel.release = async () => {
                if (sentinel.released) return;
                sentinel.released = true;
                locks.released++;
                sentinel.dispatchEvent(new Event('release'));
              };
              return sentinel;
            },
          },
        });
      });
      const page = await openPage(context);
      await loginSeeded(page, account.mail);
      const locks = () => page.evaluate(() => (window as unknown as { __locks: object }).__locks);
      expect(await locks()).toEqual({ taken: 0, released: 0 });
      await page.goto('/kitchen?jour=1');
      await page.getByText('Écran maintenu allumé').waitFor();
      expect(await locks()).toEqual({ taken: 1, released: 0 });
      await page.getByRole('link', { name: 'Agenda' }).click();
      await page.waitForURL((url) => url.pathname === '/agenda');
      await expect.poll(locks).toEqual({ taken: 1, released: 1 });
    } finally {
      await context.close();
    }
  });
});
