/**
 * Use-by dates in the larder and the kitchen's warnings (issue 35) in Chromium, on a tablet and
 * a phone, offline: a user adds milk with its DLC (today) and a lot in the larder panel, by taps
 * and typing, and sees its date and that it expires before tomorrow's dinner, which uses milk;
 * an entry seeded past its DLC reads as expired. The kitchen view warns, at the top of today, of
 * both; yesterday's lunch, with no sample taken, is named ('Plat témoin non prélevé : déjeuner')
 * while yesterday's breakfast, sampled, is not; tomorrow's dinner marks its milk. The bread's
 * date, changed to a best-before one in its dialog, reads 'DDM dépassée' and leaves the kitchen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { dayToDate, formatDayMonth, formatWeekdayDayMonth, isoDayOffset } from '@popote/domain';
import { createAccount, expectNoHorizontalOverflow, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginWithActiveStay, openPage, plain } from './pages.js';
import { qty, seedCampRecipes, Seeder } from './seed.js';

const PASSWORD = 'Ratatouille-2025';
const NOW = '2025-06-01T10:00:00.000Z';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** Today in the browser's time zone (Europe/Paris), as an ISO day. */
const parisToday = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/** An ISO day `offset` days from `iso`. */
const isoPlus = (iso: string, offset: number): string =>
  dayToDate(iso, offset).toISOString().slice(0, 10);

/**
 * A stay that started yesterday (day 0): yesterday's breakfast (bread, sampled) and lunch (rice
 * pudding, not sampled), tomorrow's dinner (rice pudding: milk); in the larder, bread past its
 * DLC since the day before yesterday.
 */
async function seedStay(mail: string): Promise<{ start: string }> {
  await createAccount(app, { mail, password: PASSWORD, pseudo: 'Cuisinière' });
  const seed = await Seeder.open(app, mail, PASSWORD);
  const { ingredients, rizAuLait } = seedCampRecipes(seed, NOW);
  const start = isoPlus(parisToday(), -1);
  const stayId = seed.stayWithGroup('Camp de la Toussaint', start, 'Louveteaux', 8);
  const breakfast = seed.meal(stayId, 0, 0, NOW);
  seed.add('addMenuIngredient', {
    menuId: breakfast.menuId,
    ingredientId: ingredients.pain,
    now: NOW,
  });
  seed.add('updateMenuIngredient', {
    menuId: breakfast.menuId,
    ingredientId: ingredients.pain,
    quantity: qty(1, 0, 4),
    plat: 0,
    now: NOW,
  });
  seed.meal(stayId, 0, 1, NOW, [rizAuLait]);
  seed.meal(stayId, 2, 3, NOW, [rizAuLait]);
  seed.add('takeSample', { id: seed.id(), mealId: breakfast.id, time: '08:30', dishes: ['Pain'] });
  seed.add('addStock', {
    id: seed.id(),
    stayId,
    ingredientId: ingredients.pain,
    unite: 0,
    val: 4,
    useBy: isoPlus(start, -1),
    dateKind: 'dlc',
  });
  await seed.flush();
  return { start };
}

const texts = async (page: Page, testId: string, within = page.locator('body')) =>
  (await within.getByTestId(testId).allTextContents()).map(plain);

const DEVICES: [string, BrowserContextOptions][] = [
  ['tablet', TABLET],
  ['phone', PHONE],
];

describe('use-by dates in the larder and the kitchen', () => {
  for (const [device, options] of DEVICES) {
    it(`dates a larder entry and warns of it and of a missing sample, offline (${device})`, async () => {
      const mail = `dlc-${device}@exemple.fr`;
      const { start } = await seedStay(mail);
      const today = isoDayOffset(start, parisToday());
      expect(today).toBe(1);
      const todayIso = isoPlus(start, 1);
      const expiresBefore = `Périme avant le dîner du ${formatWeekdayDayMonth(dayToDate(start, 2))}`;
      const expired = `Périmé depuis le ${formatDayMonth(dayToDate(start, -1))}`;

      const context = await app.newContext(options);
      try {
        const page = await openPage(context);
        await loginWithActiveStay(page, mail, PASSWORD);
        await page.goto('/courses');
        await page.getByTestId('larder').waitFor();
        // The seeded bread: its date, and expired.
        const bread = page.getByTestId('larder-line').filter({ hasText: 'Baguette' });
        await bread.getByTestId('larder-alert').waitFor();
        expect(await texts(page, 'larder-line-date', bread)).toEqual([
          `DLC ${isoPlus(start, -1).slice(8, 10)}/${isoPlus(start, -1).slice(5, 7)}`,
        ]);
        expect(await texts(page, 'larder-alert', bread)).toEqual([expired]);

        // Offline from here: the service worker serves the pages, the device's database the data.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await context.setOffline(true);

        // Milk, 2 L, DLC today, lot L-2411: by taps and typing.
        await page.getByTestId('larder-ingredient').tap();
        await page.getByTestId('larder-ingredient').fill('Lait ent');
        await page.getByRole('option', { name: 'Lait entier', exact: true }).tap();
        await page.getByLabel('Quantité', { exact: true }).fill('2');
        await page.getByTestId('larder-date').tap();
        // The slashes come by themselves.
        await page
          .getByTestId('larder-date')
          .pressSequentially(
            `${todayIso.slice(8, 10)}${todayIso.slice(5, 7)}${todayIso.slice(0, 4)}`,
          );
        expect(await page.getByTestId('larder-date').inputValue()).toBe(
          `${todayIso.slice(8, 10)}/${todayIso.slice(5, 7)}/${todayIso.slice(0, 4)}`,
        );
        await page.getByTestId('larder-lot').tap();
        await page.getByTestId('larder-lot').fill('L-2411');
        await page.getByRole('button', { name: 'Ajouter à la réserve' }).tap();

        const milk = page.getByTestId('larder-line').filter({ hasText: 'Lait entier' });
        await milk.getByTestId('larder-alert').waitFor();
        expect(await texts(page, 'larder-line-date', milk)).toEqual([
          `DLC ${todayIso.slice(8, 10)}/${todayIso.slice(5, 7)} · Lot L-2411`,
        ]);
        expect(await texts(page, 'larder-alert', milk)).toEqual([expiresBefore]);
        expect(await milk.getByTestId('larder-alert').getAttribute('data-kind')).toBe(
          'expiresBeforeMeal',
        );
        // The form is empty again, ready for the next entry.
        expect(await page.getByTestId('larder-date').inputValue()).toBe('');
        await expectNoHorizontalOverflow(page, `larder (${device})`);
        // Its buttons inside the panel, each a 44 px target.
        const panel = (await page.getByTestId('larder').boundingBox())!;
        for (const name of ['Date et lot de Lait entier', 'Retirer Lait entier de la réserve']) {
          const button = (await milk.getByRole('button', { name }).boundingBox())!;
          expect(button.x + button.width).toBeLessThanOrEqual(panel.x + panel.width);
          expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(44);
        }

        // The kitchen view, today: both warnings, in the larder's words.
        await page.goto('/kitchen');
        const warnings = page.getByTestId('kitchen-warnings');
        await warnings.getByTestId('larder-alert').first().waitFor();
        await expect
          .poll(() => texts(page, 'larder-alert', warnings))
          .toEqual([`Baguette : ${expired}`, `Lait entier : ${expiresBefore}`]);
        await expectNoHorizontalOverflow(page, `kitchen (${device})`);

        // Yesterday: the lunch still lacks its sample, the breakfast has its own.
        const previous = page.getByRole('button', { name: 'Jour précédent' });
        await previous.tap();
        await page.waitForURL((url) => url.search === '?jour=0');
        await expect
          .poll(() => texts(page, 'kitchen-sample-missing'))
          .toEqual(['Plat témoin non prélevé : déjeuner']);

        // Tomorrow: no sample is due yet; the dinner's milk carries its warning.
        await page.goto('/kitchen?jour=2');
        const dinner = page.getByTestId('kitchen-meal');
        await dinner.getByTestId('kitchen-ingredient').first().waitFor();
        const milkRow = dinner.getByTestId('kitchen-ingredient').filter({ hasText: 'Lait entier' });
        await expect.poll(() => texts(page, 'larder-alert', milkRow)).toEqual([expiresBefore]);
        expect(await page.getByTestId('kitchen-sample-missing').count()).toBe(0);
        await expectNoHorizontalOverflow(page, `kitchen, tomorrow (${device})`);

        // Back in the larder: the bread's date was a best-before one, and its lot is noted.
        await page.goto('/courses');
        await bread.getByTestId('larder-alert').waitFor();
        await bread.getByRole('button', { name: 'Date et lot de Baguette' }).tap();
        const dialog = page.getByRole('dialog', { name: 'Date et lot de Baguette' });
        await dialog.getByTestId('larder-date-kind').tap();
        await page.getByRole('option', { name: 'DDM (à consommer de préférence avant)' }).tap();
        await dialog.getByTestId('larder-lot').fill('B-12');
        await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
        await dialog.waitFor({ state: 'detached' });
        await expect
          .poll(() => texts(page, 'larder-line-date', bread))
          .toEqual([
            `DDM ${isoPlus(start, -1).slice(8, 10)}/${isoPlus(start, -1).slice(5, 7)} · Lot B-12`,
          ]);
        expect(await texts(page, 'larder-alert', bread)).toEqual(['DDM dépassée']);
        expect(await bread.getByTestId('larder-alert').getAttribute('data-kind')).toBe(
          'pastBestBefore',
        );
        // No longer expired: the kitchen says nothing more of it.
        await page.goto('/kitchen?jour=2');
        await page.getByTestId('kitchen-warnings').getByTestId('larder-alert').first().waitFor();
        await expect
          .poll(() => texts(page, 'larder-alert', page.getByTestId('kitchen-warnings')))
          .toEqual([`Lait entier : ${expiresBefore}`]);
      } finally {
        await context.close();
      }
    });
  }
});
