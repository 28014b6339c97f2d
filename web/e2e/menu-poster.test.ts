/**
 * The menu poster (issue 35) in Chromium, offline, on a tablet (A4) and on a phone (A3): built
 * by the exports worker from the export screen and downloaded; the file is read back. Each dish
 * of the chosen days is on it with its allergens among the 14: a recipe's, a menu's own
 * ingredients' (a menu without recipe), an alternative's.
 *
 * The stay, from Monday 7 July 2025: Louveteaux (12). Monday lunch: Nouilles sautées satay
 * (wheat noodles: gluten; satay sauce: peanuts), and for 2 people allergic to peanuts Riz sauté
 * sans arachide (rice: none). Tuesday lunch, a menu without recipe: Pain de campagne maison
 * (gluten, sesame) and Yaourt nature maison (milk). The ingredients are the test's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import { readPdfPages } from '@popote/exports/readers';
import { createAccount, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { downloadOf, loginWithActiveStay, openPage } from './pages.js';
import { qty, Seeder } from './seed.js';

const MAIL = 'affiche@exemple.fr';
const PASSWORD = 'Affiche-Menus-2025';
const STAY_NAME = 'Colo des Mélèzes';
const NOW = '2025-06-01T10:00:00.000Z';
const MIDI = 1;
const GLUTEN = 0;
const ARACHIDES = 4;
const LAIT = 6;
const SESAME = 10;

const NOODLES = 'Nouilles sautées satay';
const RICE = 'Riz sauté sans arachide';

let app: RunningApp;

async function seedStay(): Promise<void> {
  const seed = await Seeder.open(app, MAIL, PASSWORD);
  const ingredient = (name: string, kind: number, allergens: number[]) =>
    seed.add('createIngredient', { id: seed.id(), name, kind, allergens }).id;
  const nouilles = ingredient('Nouilles de blé maison', 2, [GLUTEN]);
  const satay = ingredient('Sauce satay maison', 4, [ARACHIDES]);
  const riz = ingredient('Riz gluant maison', 2, []);
  const pain = ingredient('Pain de campagne maison', 6, [GLUTEN, SESAME]);
  const yaourt = ingredient('Yaourt nature maison', 5, [LAIT]);
  const noodles = seed.recipe(
    NOODLES,
    2,
    '',
    [
      [nouilles, qty(1.5, 1, 10)],
      [satay, qty(500, 2, 10)],
    ],
    NOW,
  );
  const rice = seed.recipe(RICE, 2, '', [[riz, qty(100, 2, 1)]], NOW);
  const stayId = seed.stayWithGroup(STAY_NAME, '2025-07-07', 'Louveteaux', 12);
  const monday = seed.meal(stayId, 0, MIDI, NOW, [noodles]);
  seed.add('setMealAlternative', {
    mealId: monday.id,
    kind: 'allergen',
    code: ARACHIDES,
    people: 2,
    recipeIds: [rice],
  });
  const tuesday = seed.meal(stayId, 1, MIDI, NOW);
  for (const [ingredientId, plat] of [
    [pain, 0],
    [yaourt, 1],
  ] as const) {
    seed.add('addMenuIngredient', { menuId: tuesday.menuId, ingredientId, now: NOW });
    seed.add('updateMenuIngredient', {
      menuId: tuesday.menuId,
      ingredientId,
      quantity: qty(1, 0, 4),
      plat,
      now: NOW,
    });
  }
  await seed.flush();
}

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Intendant' });
  await seedStay();
});
afterAll(async () => {
  await app?.close();
});

/** The poster's page size in points, from its MediaBox. */
function pageSize(bytes: Uint8Array): { width: number; height: number } {
  const text = new TextDecoder('latin1').decode(bytes);
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/u.exec(text);
  return { width: Math.round(Number(box?.[1])), height: Math.round(Number(box?.[2])) };
}

const DEVICES: [name: string, options: BrowserContextOptions, format: 'A4' | 'A3'][] = [
  ['tablet', TABLET, 'A4'],
  ['phone', PHONE, 'A3'],
];

describe('the menu poster', () => {
  it.each(DEVICES)(
    'is built offline on a %s from the export screen, each dish with its allergens',
    async (_name, options, format) => {
      const context = await app.newContext(options);
      try {
        const page = await openPage(context);
        await loginWithActiveStay(page, MAIL, PASSWORD);
        // Installed: the service worker holds the app and the export chunks; then no network.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await context.setOffline(true);
        await page.goto('/order');
        await page.getByTestId('sync-indicator').getByText('Hors ligne').waitFor();
        const button = page.getByRole('button', {
          name: "Exporter l'affiche des menus",
          exact: true,
        });
        await button.waitFor();
        // Nothing ticked: nothing to export.
        expect(await button.isDisabled()).toBe(true);
        await page.getByRole('checkbox', { name: 'Tous les jours' }).check();
        await expect.poll(() => button.isEnabled()).toBe(true);
        const a4 = page.getByRole('radio', { name: 'A4 paysage' });
        expect(await a4.isChecked()).toBe(true);
        if (format === 'A3') await page.getByRole('radio', { name: 'A3 paysage' }).check();

        const poster = await downloadOf(page, () => button.click());
        expect(poster.name).toBe(`${STAY_NAME} Affiche des menus.pdf`);
        expect(pageSize(poster.bytes)).toEqual(
          format === 'A4' ? { width: 842, height: 595 } : { width: 1191, height: 842 },
        );
        const [texts = [], ...others] = readPdfPages(poster.bytes);
        expect(others).toEqual([]);
        expect(texts).toEqual(
          expect.arrayContaining([
            `Menus - ${STAY_NAME}`,
            'Du lundi 7 juillet 2025 au mardi 8 juillet 2025',
            'Lundi',
            '7 juillet',
            'Mardi',
            '8 juillet',
            'Midi',
            'page 1 / 1',
          ]),
        );
        // Each dish, then (its alternative's title, then) its allergens.
        const after = (dish: string, n = 1) =>
          texts.slice(texts.indexOf(dish) + 1, texts.indexOf(dish) + 1 + n);
        expect(after(NOODLES)).toEqual(['Allergènes : Gluten, Arachides']);
        // The rice holds none of the 14: its alternative's title only (wrapped or not), then
        // Tuesday's dessert.
        const riceNote = texts.slice(
          texts.indexOf(RICE) + 1,
          texts.indexOf('Yaourt nature maison'),
        );
        expect(riceNote.join(' ')).toBe('Alternative pour 2 personnes allergiques aux arachides');
        expect(after('Pain de campagne maison')).toEqual(['Allergènes : Gluten, Sésame']);
        expect(after('Yaourt nature maison')).toEqual(['Allergènes : Lait']);
        expect(texts.join(' ')).toContain('14 à déclarer');
        await context.setOffline(false);
      } finally {
        await context.close();
      }
    },
  );
});
