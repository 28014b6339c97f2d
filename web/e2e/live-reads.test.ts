/**
 * Screens follow their data (issue 30, case 7): every live read re-runs when a table it read
 * changes, whether the change is made on this device or arrives from another one, however many
 * awaits its reading chains. On a touch tablet, each screen with a live read shows a row, the
 * row is changed, and the screen follows without a reload.
 *
 * The order screen's stay, from Monday 7 July 2025: Louveteaux (10), Monday lunch a bread dish
 * of 1 kg of flour each: 10 kg of flour. Sold by 'sac' of 5 kg at 4,00 € a sac: 2 sacs, 8,00 €,
 * 0,80 € per person-day; at 5,00 € a sac: 10,00 €, 1,00 € per person-day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginWithActiveStay, openPage } from './pages.js';
import { qty, Seeder } from './seed.js';
import { poll } from './walk.js';

const PASSWORD = 'Suivre-2025-camp';
const NOW = '2025-06-01T10:00:00.000Z';
const MIDI = 1;
const KG = 1;

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** French money has non-breaking spaces ('8,00\u00a0€'); the checks below write plain ones. */
const plain = (text: string | null): string => (text ?? '').replace(/[\u00a0\u202f]/gu, ' ');
const text = async (locator: Locator): Promise<string> => plain(await locator.textContent());

/** A device of the user on a tablet, logged in with the stay active. */
async function tablet(mail: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext(TABLET);
  const page = await openPage(context);
  await loginWithActiveStay(page, mail, PASSWORD);
  return { context, page };
}

describe('the order screen follows packs and prices', () => {
  const mail = 'suivre-commande@exemple.fr';
  const flour = 'Farine de meule du camp';
  let flourId: number;
  let seed: Seeder;

  beforeAll(async () => {
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Commande' });
    seed = await Seeder.open(app, mail, PASSWORD);
    flourId = seed.ingredient(flour, 2);
    const bread = seed.recipe('Pain du camp', 2, '', [[flourId, qty(1, KG, 1)]], NOW);
    const stayId = seed.stayWithGroup('Camp du moulin', '2025-07-07', 'Louveteaux', 10);
    seed.meal(stayId, 0, MIDI, NOW, [bread]);
    await seed.flush();
  });

  it('after “Prix et paquet” on this device and a price from another one', async () => {
    const { context, page } = await tablet(mail);
    try {
      await page.goto('/order');
      await page.getByRole('checkbox', { name: 'Tous les jours' }).tap();
      await page.getByRole('button', { name: 'Exporter les ingrédients nécessaires' }).tap();
      const costs = page.getByTestId('order-costs');
      const need = page.getByTestId('order-ingredient').filter({ hasText: flour });
      await poll(() => text(costs.getByTestId('cost-missing'))).toContain('1 ingrédient sans prix');
      expect(await text(costs.getByTestId('cost-per-person-day'))).toBe('au moins 0,00 €');

      // This device: a sac of 5 kg at 4 €.
      await page.getByRole('button', { name: `Prix et paquet de « ${flour} »` }).tap();
      const dialog = page.getByRole('dialog', { name: `Prix et paquet : ${flour}` });
      await dialog.getByRole('checkbox', { name: 'Vendu par paquet' }).tap();
      await dialog.getByLabel('Nom du paquet').fill('sac');
      await dialog.getByLabel('Contenance').fill('5');
      await choose(page, dialog.getByLabel('Unité', { exact: true }).first(), 'kg');
      await dialog.getByLabel('Prix (€)').fill('4');
      await choose(page, dialog.getByLabel('Pour', { exact: true }).first(), 'par sac');
      await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
      await dialog.waitFor({ state: 'hidden' });

      await poll(() => text(need.getByTestId('order-packs'))).toBe('2 × sac de 5 kg · 8,00 €');
      await poll(() => costs.getByTestId('cost-missing').count()).toBe(0);
      expect(await text(costs.getByTestId('cost-per-person-day'))).toBe('0,80 €');
      expect(await text(costs.getByTestId('cost-to-pay'))).toBe('8,00 €');

      // Another device of the user: the sac now costs 5 €.
      await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
      // The user's row is updated whatever new id is given (see setPurchase).
      seed.add('setPurchase', {
        id: seed.id(),
        ingredientId: flourId,
        pack: { name: 'sac', size: 5, unite: KG },
        prices: [{ supplierId: null, amount: 5, per: 'pack', date: '2025-06-02' }],
      });
      await seed.flush();
      await poll(() => text(need.getByTestId('order-packs'))).toBe('2 × sac de 5 kg · 10,00 €');
      await poll(() => text(costs.getByTestId('cost-per-person-day'))).toBe('1,00 €');
    } finally {
      await context.close();
    }
  });
});

/** Picks an option of a Mantine select. */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.tap();
  await page.getByRole('option', { name: option, exact: true }).tap();
  await expect.poll(() => select.inputValue()).toBe(option);
}
