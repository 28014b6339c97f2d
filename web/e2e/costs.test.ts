/**
 * Prices, packs and the budget (issue 21) in Chromium, on a touch tablet, a computer with a
 * mouse and a phone, each with its own account: packs and prices set on three ingredients from
 * the export screen, a budget of 5 € per person-day, two days planned. The export screen shows
 * the packs to buy, the cost per person-day and the day over budget; the spreadsheet holds the
 * same figures as numbers; the day view shows each meal's cost per person, the week each day's. All of it is done
 * offline, and another device of the user shows the same figures once the first has synced.
 *
 * The stay, from Monday 7 July 2025: Louveteaux (10).
 * - Monday: lunch pasta (120 gr each), dinner omelette (3 eggs each).
 * - Tuesday: lunch minced steak (250 gr each) and pasta (120 gr each), dinner omelette.
 * Prices: pasta 1,00 € per 'paquet' of 500 gr, eggs 7,50 € per 'plateau' of 30, steak
 * 18,00 € per kg (loose).
 * Eaten: Monday 10 × (0,24 + 0,75) = 9,90 € (0,99 € each); Tuesday 10 × (4,50 + 0,24 + 0,75)
 * = 54,90 € (5,49 € each: over 5 €); 64,80 € for 20 person-days, 3,24 € per person-day.
 * To buy: 2,4 kg of pasta = 5 paquets (5,00 €), 60 eggs = 2 plateaux (15,00 €), 2,5 kg of
 * steak (45,00 €): 65,00 € to pay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { readXlsxSheets } from '@popote/exports/readers';
import { createAccount, DEVICES, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { downloadOf, loginWithActiveStay, openPage, plain, plainText } from './pages.js';
import { qty, Seeder } from './seed.js';

const PASSWORD = 'Budget-2025-camp';
const NOW = '2025-06-01T10:00:00.000Z';
const MIDI = 1;
const DINER = 3;
const PIECES = 0;
const G = 2;

let app: RunningApp;

interface Names {
  pasta: string;
  eggs: string;
  steak: string;
}

/** Ingredient names are unique across users: each account has its own. */
const namesOf = (device: string): Names => ({
  pasta: `Coquillettes ${device}`,
  eggs: `Œufs plein air ${device}`,
  steak: `Steak haché ${device}`,
});

async function seedStay(mail: string, names: Names): Promise<void> {
  await createAccount(app, { mail, password: PASSWORD, pseudo: 'Économe' });
  const seed = await Seeder.open(app, mail, PASSWORD);
  const pasta = seed.ingredient(names.pasta, 2);
  const eggs = seed.ingredient(names.eggs, 4);
  const steak = seed.ingredient(names.steak, 3);
  const pastaDish = seed.recipe('Coquillettes au beurre', 2, '', [[pasta, qty(120, G, 1)]], NOW);
  const omelette = seed.recipe('Omelette', 2, '', [[eggs, qty(3, PIECES, 1)]], NOW);
  const steakDish = seed.recipe('Steak haché', 2, '', [[steak, qty(250, G, 1)]], NOW);
  const stayId = seed.stayWithGroup('Camp du lac', '2025-07-07', 'Louveteaux', 10);
  seed.meal(stayId, 0, MIDI, NOW, [pastaDish]);
  seed.meal(stayId, 0, DINER, NOW, [omelette]);
  seed.meal(stayId, 1, MIDI, NOW, [steakDish, pastaDish]);
  seed.meal(stayId, 1, DINER, NOW, [omelette]);
  await seed.flush();
}

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const text = plainText;
const texts = async (locator: Locator): Promise<string[]> =>
  (await locator.allTextContents()).map(plain);

describe('prices, packs and budget', () => {
  for (const [device, options] of DEVICES) {
    it(`shows packs, costs per person-day and the day over budget (${device})`, async () => {
      const names = namesOf(device);
      const mail = `budget-${device}@exemple.fr`;
      await seedStay(mail, names);
      const context = await app.newContext(options);
      // A tap on touch screens, a click with the mouse.
      const press = (target: Locator) => (options.hasTouch ? target.tap() : target.click());
      try {
        const page = await openPage(context);
        await loginWithActiveStay(page, mail, PASSWORD);
        // Priced and budgeted offline, at the camp; synced once the network is back.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await context.setOffline(true);

        await page.goto('/order');
        await press(page.getByRole('checkbox', { name: 'Tous les jours' }));
        await press(page.getByRole('button', { name: 'Exporter les ingrédients nécessaires' }));
        const costs = page.getByTestId('export-costs');
        // No price yet: the three ingredients are listed, never counted as 0 silently.
        await expect
          .poll(() => texts(costs.getByTestId('cost-missing-item')))
          .toEqual([
            // By category (starches, meat, dairy), as the needs are listed.
            `${names.pasta}(aucun prix)`,
            `${names.steak}(aucun prix)`,
            `${names.eggs}(aucun prix)`,
          ]);
        expect(await text(costs.getByTestId('cost-per-person-day'))).toBe('au moins 0,00 €');

        // Packs and prices, each from the export screen's list of needs.
        await setPurchase(page, press, names.pasta, {
          pack: { name: 'paquet', size: '500', unit: 'gr' },
          amount: '1',
          per: 'par paquet',
        });
        await setPurchase(page, press, names.eggs, {
          pack: { name: 'plateau', size: '30', unit: 'pièces' },
          amount: '7,5',
          per: 'par plateau',
        });
        await setPurchase(page, press, names.steak, { amount: '18', per: 'par kg' });

        // The budget: 5 € per person and per day.
        await press(costs.getByRole('button', { name: 'Modifier le budget' }));
        const budget = page.getByRole('dialog', { name: 'Budget du séjour' });
        await budget.getByLabel('Budget par personne et par jour (€)').fill('5');
        await press(budget.getByRole('button', { name: 'Enregistrer' }));
        await budget.waitFor({ state: 'hidden' });

        await expect
          .poll(() => text(costs.getByTestId('export-budget')))
          .toBe('Budget : 5,00 € par personne et par jour');
        await expect.poll(() => text(costs.getByTestId('cost-per-person-day'))).toBe('3,24 €');
        expect(await text(costs.getByTestId('cost-of-days'))).toBe('64,80 €');
        expect(await text(costs.getByTestId('cost-to-pay'))).toBe('65,00 €');
        expect(await costs.getByTestId('cost-missing').count()).toBe(0);
        // Per day: Tuesday is over budget, Monday is not (the rows may draw after the totals).
        const days = costs.getByTestId('cost-day');
        await expect
          .poll(() => texts(days))
          .toEqual(['Lun. 7-07109,90 €0,99 €', 'Mar. 8-07Au-dessus du budget1054,90 €5,49 €']);
        expect(
          await days.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-over-budget'))),
        ).toEqual(['false', 'true']);
        expect(await text(costs.getByTestId('cost-budget-verdict'))).toBe(
          '1 jour au-dessus du budget',
        );
        expect(await texts(costs.getByTestId('cost-supplier'))).toEqual([
          'Sans fournisseur65,00 €',
        ]);
        // The packs to buy beside each need.
        const needs = page.getByTestId('export-ingredient');
        const packsOf = (name: string) =>
          text(needs.filter({ hasText: name }).getByTestId('export-packs'));
        expect(await packsOf(names.pasta)).toBe('5 × paquet de 500 gr · 5,00 €');
        expect(await packsOf(names.eggs)).toBe('2 × plateau de 30 pièces · 15,00 €');
        expect(await packsOf(names.steak)).toBe('45,00 €');

        // The spreadsheet: the same figures, as numbers.
        await press(page.getByRole('button', { name: 'Exporter un tableau de courses' }));
        const dialog = page.getByRole('dialog', { name: 'Fournisseurs' });
        const exportButton = dialog.getByRole('button', { name: 'Exporter', exact: true });
        await expect.poll(() => exportButton.isEnabled()).toBe(true);
        const xlsx = await downloadOf(page, () => press(exportButton));
        const sheets = await readXlsxSheets(xlsx.bytes);
        checkSpreadsheet(sheets, names);

        // Back online: another device of the same user gets the same figures.
        await context.setOffline(false);
        await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
        const other = await app.newContext(options);
        try {
          const second = await openPage(other);
          await loginWithActiveStay(second, mail, PASSWORD);
          await second.goto('/order');
          await second.getByRole('checkbox', { name: 'Tous les jours' }).check();
          await second
            .getByRole('button', { name: 'Exporter les ingrédients nécessaires' })
            .click();
          await expect.poll(() => text(second.getByTestId('cost-per-person-day'))).toBe('3,24 €');
          expect(await text(second.getByTestId('export-budget'))).toBe(
            'Budget : 5,00 € par personne et par jour',
          );
        } finally {
          await other.close();
        }

        // The day view: each meal's cost per person.
        // dayOffset counts the stay's days from 1: Tuesday is 2.
        await page.goto('/agenda?dayOffset=2');
        await expect
          .poll(() => texts(page.getByTestId('day-meal').getByTestId('meal-cost')))
          .toEqual(['4,74 € par personne', '0,75 € par personne']);
        // The week: each day's cost per person, Tuesday's said over budget.
        await page.goto('/agenda');
        await expect
          .poll(() => texts(page.getByTestId('week-day-cost')))
          .toEqual(['0,99 € / pers.', '5,49 € / pers. (au-dessus du budget)']);
      } finally {
        await context.close();
      }
    });
  }
});

async function setPurchase(
  page: Page,
  press: (target: Locator) => Promise<void>,
  name: string,
  purchase: {
    pack?: { name: string; size: string; unit: string };
    amount: string;
    per: string;
  },
): Promise<void> {
  await press(page.getByRole('button', { name: `Prix et paquet de « ${name} »` }));
  const dialog = page.getByRole('dialog', { name: `Prix et paquet : ${name}` });
  if (purchase.pack) {
    await press(dialog.getByRole('checkbox', { name: 'Vendu par paquet' }));
    await dialog.getByLabel('Nom du paquet').fill(purchase.pack.name);
    await dialog.getByLabel('Contenance').fill(purchase.pack.size);
    await choose(
      page,
      press,
      dialog.getByLabel('Unité', { exact: true }).first(),
      purchase.pack.unit,
    );
  }
  await dialog.getByLabel('Prix (€)').fill(purchase.amount);
  await choose(page, press, dialog.getByLabel('Pour', { exact: true }).first(), purchase.per);
  await press(dialog.getByRole('button', { name: 'Enregistrer' }));
  await dialog.waitFor({ state: 'hidden' });
}

/** Picks an option of a Mantine select. */
async function choose(
  page: Page,
  press: (target: Locator) => Promise<void>,
  select: Locator,
  option: string,
): Promise<void> {
  await press(select);
  await press(page.getByRole('option', { name: option, exact: true }));
  await expect.poll(() => select.inputValue()).toBe(option);
}

type Sheets = Awaited<ReturnType<typeof readXlsxSheets>>;

/** The packs, prices and costs of the export screen, as numbers; the days' costs too. */
function checkSpreadsheet(sheets: Sheets, names: Names): void {
  const sheet = (name: string) => sheets.find((s) => s.name === name)?.values ?? [];
  const all = sheet('Ingrédients');
  expect(all[0]).toEqual([
    'Catégorie',
    'Ingrédient',
    'Quantité',
    'Unité',
    'Paquets',
    'Conditionnement',
    'Prix',
    'Prix pour',
    'Coût',
    'Remarque',
  ]);
  const row = (name: string) => all.find((r) => r[1] === name)?.slice(1);
  expect(row(names.pasta)).toEqual([
    names.pasta,
    2.4,
    'kg',
    5,
    'paquet de 500 gr',
    1,
    'par paquet de 500 gr',
    5,
  ]);
  expect(row(names.eggs)).toEqual([
    names.eggs,
    60,
    'pièces',
    2,
    'plateau de 30 pièces',
    7.5,
    'par plateau de 30 pièces',
    15,
  ]);
  expect(row(names.steak)).toEqual([names.steak, 2.5, 'kg', null, null, 18, 'par kg', 45]);

  const costs = sheet('Coûts');
  const line = (label: string, from = 0) => costs.slice(from).find((r) => r[0] === label);
  expect(line('Sans fournisseur')).toEqual(['Sans fournisseur', null, 65]);
  expect(line('Total')).toEqual(['Total', null, 65]);
  const days = costs.findIndex((r) => r[0] === 'Jour');
  expect(costs[days]).toEqual([
    'Jour',
    'Personnes',
    'Coût',
    'Coût par personne',
    'Budget par personne',
    'Au-dessus du budget',
    'Remarque',
  ]);
  expect(line('Lun. 7-07')).toEqual(['Lun. 7-07', 10, 9.9, 0.99, 5]);
  expect(line('Mar. 8-07')).toEqual(['Mar. 8-07', 10, 54.9, 5.49, 5, 'Oui']);
  expect(line('Total', days)).toEqual(['Total', 20, 64.8, 3.24, 5]);
}
