/**
 * Shopping at the camp (issue 19) in Chromium: the larder subtracts from the needs of the export
 * screen and of a new list; the organiser shares the list; a helper without an account opens
 * the link on a phone and ticks two lines, which the organiser's tablet shows without a reload;
 * the helper ticks one more offline, and it arrives once the phone is back online; the ticked
 * purchases go into the larder in one action; closing the share ends the helper's link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { openPage } from './pages.js';
import { loginSeeded, seedScreens } from './screens.js';

let app: RunningApp;
let mail: string;

beforeAll(async () => {
  app = await startApp();
  mail = (await seedScreens(app, 'courses@exemple.fr')).mail;
});
afterAll(async () => {
  await app?.close();
});

/** Each line of a list: 'name: quantity, ticked or not'. */
const lines = (page: Page) =>
  page.getByTestId('shop-line').evaluateAll((rows) =>
    rows.map((row) => {
      const box = row.querySelector('input[type="checkbox"]') as HTMLInputElement | null;
      const label = row.querySelector('label')?.textContent ?? '';
      return `${label}${box?.checked ? ' ✓' : ''}`;
    }),
  );
const parts = (page: Page) =>
  page
    .getByTestId('shop-part')
    .evaluateAll((all) => all.map((p) => p.querySelector('h3')?.textContent));
const isTicked = (page: Page, name: string) =>
  page.getByRole('checkbox', { name, exact: true }).isChecked();

describe('shopping list shared with a helper', () => {
  it('subtracts the larder, syncs the ticks both ways, offline too', async () => {
    const organiser = await app.newContext(TABLET);
    const helper = await app.newContext(PHONE);
    try {
      const page = await openPage(organiser);
      await loginSeeded(page, mail);

      // 1.5 kg of spaghetti are already in the larder.
      await page.goto('/courses');
      await page.getByTestId('larder').waitFor();
      await page.getByTestId('larder-ingredient').tap();
      await page.getByTestId('larder-ingredient').fill('Spag');
      await page.getByRole('option', { name: 'Spaghetti', exact: true }).tap();
      await page.getByLabel('Quantité', { exact: true }).fill('1,5');
      await page.getByRole('button', { name: 'Ajouter à la réserve' }).tap();
      await page.getByTestId('larder-line').first().waitFor();

      // The export screen shows it beside the need of day 2 (2 kg for 20 people).
      await page.goto('/order?jours=1');
      await page.getByRole('button', { name: 'Exporter les ingrédients nécessaires' }).tap();
      await expect
        .poll(() => page.getByTestId('export-in-larder').allTextContents())
        .toEqual(['Réserve : 1,50 kg · à acheter : 500 gr']);

      // A list of that day: fresh products to buy the day before, the rest once.
      await page.getByRole('button', { name: 'Créer une liste de courses' }).tap();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: 'Créer une liste de courses' })
        .tap();
      await page.getByTestId('shop-list').waitFor();
      expect(await parts(page)).toEqual([
        'À acheter une fois',
        'À acheter le lundi 7 juillet 2025',
      ]);
      expect(await lines(page)).toEqual([
        'Riz rond',
        'Spaghetti',
        'Tomate',
        'Bœuf haché',
        'Lait entier',
        'Baguette',
      ]);
      const spaghetti = page.getByTestId('shop-line').filter({ hasText: 'Spaghetti' });
      expect(await spaghetti.textContent()).toContain('500 gr');

      // Shared: the link opens on the helper's phone, without an account.
      await page.getByRole('button', { name: 'Partager la liste' }).tap();
      await expect
        .poll(() => page.getByTestId('share-link').inputValue())
        .toMatch(/\/shop-session\?sessionID=/u);
      const link = await page.getByTestId('share-link').inputValue();
      await page.getByTestId('share-qr').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).last().tap();

      const phone = await helper.newPage();
      // The link works once the organiser's device has synced the share.
      await expect
        .poll(
          async () => {
            await phone.goto(link);
            await phone.waitForTimeout(500);
            return phone.getByTestId('shop-line').count();
          },
          { timeout: 20_000 },
        )
        .toBe(6);
      await phone.getByRole('checkbox', { name: 'Riz rond', exact: true }).tap();
      await phone.getByRole('checkbox', { name: 'Spaghetti', exact: true }).tap();

      // The organiser's tablet shows both ticks, without a reload.
      await expect.poll(() => isTicked(page, 'Riz rond'), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => isTicked(page, 'Spaghetti'), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.getByTestId('shop-progress').textContent()).toBe('2 / 6 cochés');

      // The helper loses the network and ticks one more: it waits on the phone.
      await helper.setOffline(true);
      await phone.getByRole('checkbox', { name: 'Baguette', exact: true }).tap();
      await phone.getByTestId('guest-offline').waitFor();
      await phone.getByTestId('guest-pending').waitFor();
      expect(await isTicked(phone, 'Baguette')).toBe(true);
      await page.waitForTimeout(3_000);
      expect(await isTicked(page, 'Baguette')).toBe(false);

      // Back online, the tick leaves and reaches the organiser.
      await helper.setOffline(false);
      await expect.poll(() => isTicked(page, 'Baguette'), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => phone.getByTestId('guest-pending').count()).toBe(0);

      // A tick of the organiser reaches the helper's phone within seconds.
      await page.getByRole('checkbox', { name: 'Tomate', exact: true }).tap();
      await expect.poll(() => isTicked(phone, 'Tomate'), { timeout: 15_000 }).toBe(true);

      // The purchases go into the larder in one action: 4 more entries.
      await page.getByRole('button', { name: 'Ranger les achats dans la réserve' }).tap();
      await page.getByRole('link', { name: 'Toutes les listes' }).tap();
      await expect.poll(() => page.getByTestId('larder-line').count()).toBe(5);

      // Closing the share ends the helper's link.
      await page.getByTestId('shop-list-entry').getByRole('link').tap();
      await page.getByRole('button', { name: 'Partager la liste' }).tap();
      await page.getByRole('button', { name: 'Arrêter le partage' }).tap();
      await page.getByTestId('share-stopped').waitFor();
      await expect
        .poll(() => phone.getByTestId('guest-ended').count(), { timeout: 15_000 })
        .toBe(1);
    } finally {
      await organiser.close();
      await helper.close();
    }
  });

  it('lets a computer tick with the mouse and note the quantity bought', async () => {
    const context = await app.newContext();
    try {
      const page = await openPage(context);
      await loginSeeded(page, mail);
      await page.goto('/courses');
      await page.getByTestId('shop-list-entry').first().getByRole('link').click();
      await page.getByTestId('shop-list').waitFor();
      const before = await isTicked(page, 'Lait entier');
      await page.getByRole('checkbox', { name: 'Lait entier', exact: true }).click();
      await expect.poll(() => isTicked(page, 'Lait entier')).toBe(!before);
      // Noted as bought: 6 L (a pack) rather than 5 L.
      await page.getByRole('button', { name: 'Quantité achetée de Lait entier' }).click();
      await page.getByLabel('Centilitres').fill('600');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect
        .poll(() => page.getByTestId('shop-line').filter({ hasText: 'Lait entier' }).textContent())
        .toContain('Acheté : 6 L');
    } finally {
      await context.close();
    }
  });
});
