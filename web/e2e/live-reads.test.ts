/**
 * Screens follow their data (issue 30, case 7): every live read re-runs when a table it read
 * changes, whether the change is made on this device or arrives from another one, however many
 * awaits its reading chains. On a touch tablet, each screen with a live read shows a row, the
 * row is changed, and the screen follows without a reload.
 *
 * The export screen's stay, from Monday 7 July 2025: Louveteaux (10), Monday lunch a bread dish
 * of 1 kg of flour each: 10 kg of flour. Sold by 'sac' of 5 kg at 4,00 € a sac: 2 sacs, 8,00 €,
 * 0,80 € per person-day; at 5,00 € a sac: 10,00 €, 1,00 € per person-day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginWithActiveStay, openPage, plainText } from './pages.js';
import { qty, Seeder } from './seed.js';
import { poll, sizeChip } from './walk.js';

const PASSWORD = 'Suivre-2025-camp';
const NOW = '2025-06-01T10:00:00.000Z';
const MIDI = 1;
const KG = 1;
const G = 2;

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const text = plainText;

/** A device of the user on a tablet, logged in with the stay active. */
async function tablet(mail: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext(TABLET);
  const page = await openPage(context);
  await loginWithActiveStay(page, mail, PASSWORD);
  return { context, page };
}

describe('the export screen follows packs and prices', () => {
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
      const costs = page.getByTestId('export-costs');
      const need = page.getByTestId('export-ingredient').filter({ hasText: flour });
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

      await poll(() => text(need.getByTestId('export-packs'))).toBe('2 × sac de 5 kg · 8,00 €');
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
      await poll(() => text(need.getByTestId('export-packs'))).toBe('2 × sac de 5 kg · 10,00 €');
      await poll(() => text(costs.getByTestId('cost-per-person-day'))).toBe('1,00 €');
    } finally {
      await context.close();
    }
  });
});

/**
 * Every other screen with a live read, on one tablet, while another device of the user (the
 * seeder, through /sync) changes the rows it shows: a group's size, a recipe's name, the larder.
 * Lentils: 100 gr each, 10 then 12, 14, 16 people.
 */
describe('every screen follows the changes of another device', () => {
  const mail = 'suivre-ecrans@exemple.fr';
  let seed: Seeder;
  let groupId: number;
  let recipeId: number;
  let stayId: number;
  let lentilsId: number;
  let context: BrowserContext;
  let page: Page;

  /** What another device does: pushed through /sync; this device hears of it by a hint. */
  async function elsewhere(change: (seed: Seeder) => void): Promise<void> {
    change(seed);
    await seed.flush();
  }
  const resize = (size: number) => elsewhere((s) => s.add('updateGroup', { id: groupId, size }));
  const renameRecipe = (name: string) =>
    elsewhere((s) => s.add('updateRecipe', { id: recipeId, name, now: NOW }));

  beforeAll(async () => {
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Écrans' });
    seed = await Seeder.open(app, mail, PASSWORD);
    lentilsId = seed.ingredient('Lentilles vertes du camp', 2);
    recipeId = seed.recipe('Salade de lentilles', 2, '', [[lentilsId, qty(100, G, 1)]], NOW);
    stayId = seed.add('createStay', {
      id: seed.id(),
      name: 'Camp des écrans',
      start: '2025-07-07',
    }).id;
    groupId = seed.add('createGroup', {
      id: seed.id(),
      stayId,
      name: 'Louveteaux',
      color: '#AA0000',
      size: 10,
    }).id;
    seed.meal(stayId, 0, MIDI, NOW, [recipeId]);
    await seed.flush();
    ({ context, page } = await tablet(mail));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the stays screen: the size of the stay', async () => {
    await page.goto('/');
    await poll(() => text(sizeChip(page))).toBe('10 personnes');
    await resize(12);
    await poll(() => text(sizeChip(page))).toBe('12 personnes');
  });

  it('the agenda’s week: the recipes of a meal', async () => {
    await page.goto('/agenda');
    const titles = () => page.getByTestId('week-meal-title').allInnerTexts();
    await poll(titles).toEqual(['Salade de lentilles']);
    await renameRecipe('Salade de lentilles tièdes');
    await poll(titles).toEqual(['Salade de lentilles tièdes']);
  });

  it('the agenda’s day: who eats a meal', async () => {
    await page.goto('/agenda?dayOffset=1');
    const people = page.getByTestId('day-meal').first().getByTestId('meal-people');
    await poll(() => text(people)).toBe('12 personnes');
    await resize(14);
    await poll(() => text(people)).toBe('14 personnes');
  });

  it('the library: the name of a recipe', async () => {
    await page.goto('/library');
    const list = page.getByTestId('library-list');
    await poll(() => text(list)).toContain('Salade de lentilles tièdes');
    await renameRecipe('Salade de lentilles au cumin');
    await poll(() => text(list)).toContain('Salade de lentilles au cumin');
    expect(await text(list)).not.toContain('tièdes');
  });

  it('the kitchen: how much of each ingredient', async () => {
    // The day of the address counts from 0: Monday, the meal's day.
    await page.goto('/kitchen?jour=0');
    const row = page.getByTestId('kitchen-ingredient').first();
    await poll(() => text(row)).toBe('Lentilles vertes du camp1,40 kg');
    await resize(16);
    await poll(() => text(row)).toBe('Lentilles vertes du camp1,60 kg');
  });

  it('the shopping screen: the larder', async () => {
    await page.goto('/courses');
    await page.getByTestId('larder').waitFor();
    // Each line: the ingredient, then the quantity in its field.
    const lines = () =>
      page
        .getByTestId('larder-line')
        .evaluateAll((rows) =>
          rows.map(
            (r) =>
              `${r.querySelector('td')?.textContent ?? ''}: ${r.querySelector('input')?.value}`,
          ),
        );
    await poll(lines).toEqual([]);
    const stockId = seed.id();
    await elsewhere((s) =>
      s.add('addStock', { id: stockId, stayId, ingredientId: lentilsId, unite: G, val: 500 }),
    );
    await poll(lines).toEqual(['Lentilles vertes du camp: 500']);
    await elsewhere((s) => s.add('updateStock', { id: stockId, val: 800 }));
    await poll(lines).toEqual(['Lentilles vertes du camp: 800']);
  });
});

/** Picks an option of a Mantine select. */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.tap();
  await page.getByRole('option', { name: option, exact: true }).tap();
  await expect.poll(() => select.inputValue()).toBe(option);
}
