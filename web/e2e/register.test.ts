/**
 * The kitchen's register (issue 35) in Chromium, on a touch tablet and a phone, offline from
 * its first entry: a day's samples taken for each meal (one thrown, then 'Annuler'), two
 * temperature readings (one out of range, saved only with its corrective action), a delivery
 * with its lot and use-by date put in the larder. Back online, a second device of the same
 * user sees every entry (through the server), and a 'Lecture' member reads the register
 * without a control to change it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { createAccount, expectNoHorizontalOverflow, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { readPdfPages } from '@popote/exports/readers';
import {
  downloadOf,
  loginWithActiveStay,
  openPage,
  plain,
  plainText,
  topBarTitle,
} from './pages.js';
import { apiLogin, seedCampRecipes, Seeder } from './seed.js';

const PASSWORD = 'Registre-2025';
const NOW = '2025-06-01T10:00:00.000Z';
const STAY = 'Camp des Glières';
/** Day 1 of a stay from Monday 7 July 2025. */
const DAY = 'mardi 8 juillet 2025';
const TAKEN = /^Prélevé à \d{2}:\d{2} par Intendante$/u;
const PENDING = /^Hors ligne · \d+ modifications? en attente$/u;

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

interface Seeded {
  mail: string;
  readerMail: string;
}

/**
 * A stay with its profile's suppliers and, on day 1, breakfast (bread only), lunch
 * (bolognaise) and dinner (riz au lait); shared with a 'Lecture' member.
 */
async function seedRegister(device: string): Promise<Seeded> {
  const mail = `registre-${device}@exemple.fr`;
  const readerMail = `lecture-${device}@exemple.fr`;
  await createAccount(app, { mail, password: PASSWORD, pseudo: 'Intendante' });
  await createAccount(app, { mail: readerMail, password: PASSWORD, pseudo: 'Lectrice' });
  const owner = await Seeder.open(app, mail, PASSWORD);
  const { ingredients, bolognaise, rizAuLait } = seedCampRecipes(owner, NOW);
  const profileId = owner.add('createProfile', { id: owner.id(), name: 'Fournisseurs' }).id;
  owner.add('createSupplier', { id: owner.id(), profileId, name: 'Boucherie Martin' });
  owner.add('createSupplier', { id: owner.id(), profileId, name: 'Primeur' });
  const stayId = owner.stayWithGroup(STAY, '2025-07-07', 'Louveteaux', 12);
  owner.add('setStayProfile', { stayId, profileId });
  const breakfast = owner.meal(stayId, 1, 0, NOW);
  owner.add('addMenuIngredient', {
    menuId: breakfast.menuId,
    ingredientId: ingredients.pain,
    now: NOW,
  });
  owner.meal(stayId, 1, 1, NOW, [bolognaise]);
  owner.meal(stayId, 1, 3, NOW, [rizAuLait]);
  await owner.flush();
  await owner.shareStay(stayId, await apiLogin(app, readerMail, PASSWORD), 'read');
  return { mail, readerMail };
}

const texts = (locator: Locator) =>
  locator.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
const plainTexts = async (locator: Locator) => (await texts(locator)).map(plain);

/** The register's part, by its tab. */
async function openPart(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await tab.tap();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

/** What the register of day 1 shows (the same on every device once synced). */
async function registerShown(page: Page) {
  await openPart(page, 'Plats témoins');
  const samples = await plainTexts(page.getByTestId('sample-taken'));
  await openPart(page, 'Températures');
  const readings = await page.getByTestId('reading').evaluateAll((rows) =>
    rows.map((r) => ({
      value: (r.querySelector('[data-testid="reading-value"]')?.textContent ?? '').replace(
        /\u00a0/gu,
        ' ',
      ),
      outOfRange: r.getAttribute('data-out-of-range'),
      action: r.querySelector('[data-testid="reading-action"]')?.textContent ?? null,
    })),
  );
  const missing = await plainText(page.getByTestId('readings-missing'));
  await openPart(page, 'Réceptions');
  const deliveries = await plainTexts(page.getByTestId('delivery-details'));
  const stored = await page.getByTestId('delivery-stored').count();
  return { samples: samples.length, readings, missing, deliveries, stored };
}

const EXPECTED = {
  samples: 3,
  readings: [
    { value: '3 °C', outOfRange: 'false', action: null },
    {
      value: '7,5 °C',
      outOfRange: 'true',
      action: 'Action corrective : Denrées passées dans la chambre froide',
    },
  ],
  missing: 'Relevés manquants : Congélateur (matin), Congélateur (soir)',
  deliveries: ['Boucherie Martin · Lot L2507-42 · DLC 12/07/2025 · Frais'],
  stored: 1,
};

/** The same once the second device has read the freezer in the morning. */
const LATER = {
  ...EXPECTED,
  readings: [{ value: '−20 °C', outOfRange: 'false', action: null }, ...EXPECTED.readings],
  missing: 'Relevés manquants : Congélateur (soir)',
};

/** The larder's entries in the device's database, with their date and lot. */
const larderRows = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const open = indexedDB.open(names.find((n) => n.startsWith('popote-u'))!);
    const db = await new Promise<IDBDatabase>((resolve) => {
      open.onsuccess = () => resolve(open.result);
    });
    const rows = await new Promise<Record<string, unknown>[]>((resolve) => {
      const request = db.transaction('stock').objectStore('stock').getAll();
      request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
    });
    db.close();
    return rows.map((r) => ({ val: r.val, useBy: r.useBy, dateKind: r.dateKind, lot: r.lot }));
  });

describe.each([
  ['tablet', TABLET],
  ['phone', PHONE],
] as [string, BrowserContextOptions][])('the register on a %s', (device, options) => {
  it('keeps samples, temperatures and deliveries offline, then syncs them', async () => {
    const seeded = await seedRegister(device);
    const context = await app.newContext(options);
    try {
      const page = await openPage(context);
      await loginWithActiveStay(page, seeded.mail, PASSWORD);
      // The drawer's entry leads to the register (on a phone, behind the top bar's burger).
      const burger = page.getByTestId('nav-burger');
      if (await burger.isVisible()) await burger.tap();
      await page.getByRole('link', { name: 'Registre', exact: true }).tap();
      await page.waitForURL((url) => url.pathname === '/registre');
      await page.getByTestId('screen-register').waitFor();
      expect(await plainText(topBarTitle(page))).toBe(`Registre de la cuisine : ${STAY}`);
      // The stay is over: its last day with meals shows; 'Aujourd'hui', then the arrows.
      expect(plain(await page.getByTestId('register-day').textContent())).toBe(DAY);
      await page.getByRole('button', { name: "Aujourd'hui" }).tap();
      await expect
        .poll(async () => plain(await page.getByTestId('register-day').textContent()))
        .toMatch(/ \(Aujourd'hui\)$/u);
      await page.goto('/registre?jour=0');
      expect(plain(await page.getByTestId('register-day').textContent())).toBe(
        'lundi 7 juillet 2025',
      );
      await page.getByRole('button', { name: 'Jour suivant' }).tap();
      await page.waitForURL((url) => url.searchParams.get('jour') === '1');
      await expect.poll(() => plainText(page.getByTestId('register-day'))).toBe(DAY);
      await page.getByTestId('register-actions').waitFor({ state: 'attached' });
      // The worker holds the app: the larder opens offline later.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

      await context.setOffline(true);
      await expect
        .poll(() => plainText(page.getByTestId('sync-indicator')))
        .toMatch(/^Hors ligne/u);

      // ---- Plats témoins: each meal with its dishes, one tap each.
      const meals = page.getByTestId('sample-meal');
      await expect.poll(() => meals.count()).toBe(3);
      expect(await texts(page.getByTestId('sample-dishes'))).toEqual([
        'Baguette',
        'Bolognaise',
        'Riz au lait',
      ]);
      expect(await plainText(page.getByTestId('samples-missing'))).toBe(
        'Sans plat témoin : Petit déjeuner, Midi, Dîner',
      );
      for (const name of ['Petit déjeuner', 'Midi', 'Dîner']) {
        const meal = meals.filter({ has: page.getByRole('heading', { name, exact: true }) });
        await meal.getByRole('button', { name: 'Prélevé' }).tap();
        await expect.poll(() => plainText(meal.getByTestId('sample-taken'))).toMatch(TAKEN);
      }
      expect(await plainText(page.getByTestId('samples-missing'))).toBe(
        'Chaque repas du jour a son plat témoin.',
      );
      // The stay is long past (2025): the three samples are to be thrown today.
      const toThrow = page.getByTestId('sample-to-throw');
      await expect.poll(() => toThrow.count()).toBe(3);
      expect(plain(await toThrow.first().textContent())).toMatch(
        /^mardi 8 juillet 2025 – Petit déjeunerJeté$/u,
      );
      await toThrow.first().getByRole('button', { name: /^Jeté/u }).tap();
      await expect.poll(() => toThrow.count()).toBe(2);
      await page
        .getByTestId('success-message')
        .filter({ hasText: 'Plat témoin jeté.' })
        .getByTestId('success-action')
        .tap();
      await expect.poll(() => toThrow.count()).toBe(3);

      // ---- Températures: the default units, a reading in range, one out of range.
      await openPart(page, 'Températures');
      expect(await plainTexts(page.getByTestId('cold-unit'))).toEqual([
        'Réfrigérateur : de 0 °C à 4 °C · relevés : matin et soir',
        'Congélateur : −18 °C ou moins · relevés : matin et soir',
      ]);
      expect(await plainText(page.getByTestId('readings-missing'))).toBe(
        'Relevés manquants : Réfrigérateur (matin), Réfrigérateur (soir), Congélateur (matin), Congélateur (soir)',
      );
      await page.getByRole('button', { name: 'Ajouter un relevé' }).tap();
      let dialog = page.getByRole('dialog', { name: 'Ajouter un relevé' });
      await dialog.getByLabel('Température (°C)').fill('3');
      await dialog.getByLabel('Heure').fill('08:15');
      await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Ajouter un relevé' }).tap();
      dialog = page.getByRole('dialog', { name: 'Ajouter un relevé' });
      await dialog.getByLabel('Température (°C)').fill('7,5');
      await dialog.getByLabel('Heure').fill('18:30');
      await dialog.getByTestId('reading-out-of-range').waitFor();
      // Out of range, it is saved only with its corrective action.
      const save = dialog.getByRole('button', { name: 'Enregistrer' });
      await save.tap();
      await dialog.getByText("Indiquez l'action corrective.").waitFor();
      expect(await dialog.isVisible()).toBe(true);
      expect(await page.getByTestId('reading').count()).toBe(1);
      await dialog.getByLabel('Action corrective').fill('Denrées passées dans la chambre froide');
      await save.tap();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('reading').count()).toBe(2);
      const outOfRange = page.locator('[data-testid="reading"][data-out-of-range="true"]');
      await outOfRange.getByText('Hors plage').waitFor();
      // In red.
      const [r, g, b] = (
        await outOfRange.getByTestId('reading-value').evaluate((e) => getComputedStyle(e).color)
      )
        .match(/\d+/gu)!
        .map(Number);
      expect(r! > 150 && g! < 100 && b! < 100, `rgb(${r}, ${g}, ${b})`).toBe(true);
      expect(await plainText(page.getByTestId('readings-missing'))).toBe(EXPECTED.missing);

      // ---- Réceptions: chilled minced beef, its lot and use-by date, then the larder.
      await openPart(page, 'Réceptions');
      await page.getByRole('button', { name: 'Ajouter une réception' }).tap();
      dialog = page.getByRole('dialog', { name: 'Ajouter une réception' });
      await dialog.getByLabel('Fournisseur').fill('Bou');
      await page.getByRole('option', { name: 'Boucherie Martin' }).tap();
      await dialog.getByLabel('Produit').tap();
      await dialog.getByLabel('Produit').fill('Bœuf');
      await page.getByRole('option', { name: 'Bœuf haché', exact: true }).tap();
      await dialog.getByLabel('Quantité').fill('3');
      await dialog.getByLabel('Numéro de lot').fill('L2507-42');
      await dialog.getByLabel('Date (JJ/MM/AAAA)').fill('12072025');
      expect(await dialog.getByLabel('Date (JJ/MM/AAAA)').inputValue()).toBe('12/07/2025');
      const temperature = dialog.getByLabel('Température à réception (°C)');
      await temperature.fill('6');
      expect(plain(await dialog.getByTestId('delivery-too-warm').textContent())).toBe(
        'Trop chaud : au-dessus de 4 °C',
      );
      await temperature.fill('3');
      await dialog.getByTestId('delivery-too-warm').waitFor({ state: 'hidden' });
      await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
      await dialog.waitFor({ state: 'hidden' });
      const delivery = page.getByTestId('delivery');
      await delivery.waitFor();
      expect(await plainTexts(page.getByTestId('delivery-details'))).toEqual(EXPECTED.deliveries);
      await delivery.getByRole('button', { name: 'Mettre en réserve' }).tap();
      await delivery.getByTestId('delivery-stored').waitFor();
      expect(await delivery.getByRole('button', { name: 'Mettre en réserve' }).count()).toBe(0);
      // The larder holds it, with its date and lot.
      expect(await larderRows(page)).toEqual([
        { val: 3, useBy: '2025-07-12', dateKind: 'dlc', lot: 'L2507-42' },
      ]);
      await expectNoHorizontalOverflow(page, `registre (${device})`);
      await page.goto('/courses');
      const line = page.getByTestId('larder-line');
      await line.first().waitFor();
      expect(await texts(line.locator('td').first())).toEqual(['Bœuf haché']);
      await expect.poll(() => plainText(page.getByTestId('sync-indicator'))).toMatch(PENDING);

      // ---- 'Exporter le registre', still offline: the PDF an inspector reads, read back.
      await page.goto('/registre?jour=1');
      await page.getByRole('button', { name: 'Exporter le registre' }).tap();
      const exportDialog = page.getByRole('dialog', { name: 'Exporter le registre' });
      await exportDialog.waitFor();
      const file = await downloadOf(page, () =>
        exportDialog.getByRole('button', { name: 'Exporter le registre' }).tap(),
      );
      expect(file.name).toMatch(/\.pdf$/u);
      const pdf = readPdfPages(file.bytes);
      const words = pdf.flat();
      expect(words).toEqual(
        expect.arrayContaining([
          'Registre de cuisine',
          'Responsable : Intendante',
          'Lecture : Lectrice',
          'Mardi 8 juillet 2025',
          'Plats témoins',
          'Températures des enceintes froides',
          '3 °C',
          '7,5 °C',
          'HORS PLAGE',
          'Réceptions des marchandises',
          'Boucherie Martin',
          'Bœuf haché',
          'L2507-42',
          'DLC 12/07/2025',
          'Acceptée',
        ]),
      );
      // A sample of each of the day's three meals, by its taker.
      expect(words.filter((w) => w === 'Intendante').length).toBeGreaterThanOrEqual(3);
      expect(words.join(' ')).toContain(
        'Action corrective : Denrées passées dans la chambre froide',
      );
      pdf.forEach((texts, i) => expect(texts).toContain(`page ${i + 1} / ${pdf.length}`));

      // ---- Back online: a second device sees it all, through the server.
      await context.setOffline(false);
      await page.getByTestId('sync-indicator').getByText('À jour').waitFor({ timeout: 20_000 });
      const other = await app.newContext(options);
      try {
        const second = await openPage(other);
        await loginWithActiveStay(second, seeded.mail, PASSWORD);
        await second.goto('/registre?jour=1');
        await second.getByTestId('screen-register').waitFor();
        await expect.poll(() => second.getByTestId('sample-taken').count()).toBe(3);
        expect(await registerShown(second)).toEqual(EXPECTED);
        await second.goto('/courses');
        await second.getByTestId('larder-line').first().waitFor();
        expect(await larderRows(second)).toEqual([
          { val: 3, useBy: '2025-07-12', dateKind: 'dlc', lot: 'L2507-42' },
        ]);

        // Live: the first device shows the temperatures while the second reads the freezer.
        await page.goto('/registre?jour=1&partie=temperatures');
        await expect
          .poll(() => plainText(page.getByTestId('readings-missing')))
          .toBe(EXPECTED.missing);
        await second.goto('/registre?jour=1&partie=temperatures');
        await second.getByRole('button', { name: 'Ajouter un relevé' }).tap();
        const added = second.getByRole('dialog', { name: 'Ajouter un relevé' });
        await added.getByLabel('Enceinte', { exact: true }).tap();
        await second.getByRole('option', { name: /^Congélateur/u }).tap();
        await added.getByLabel('Température (°C)').fill('-20');
        await added.getByLabel('Heure').fill('07:30');
        await added.getByRole('button', { name: 'Enregistrer' }).tap();
        await added.waitFor({ state: 'hidden' });
        await expect
          .poll(() => plainText(page.getByTestId('readings-missing')), { timeout: 20_000 })
          .toBe(LATER.missing);
        expect(await plainTexts(page.getByTestId('reading-value'))).toEqual([
          '−20 °C',
          '3 °C',
          '7,5 °C',
        ]);
      } finally {
        await other.close();
      }

      // A 'Lecture' member reads it all, with nothing to change it.
      const readerContext = await app.newContext(options);
      try {
        const reader = await openPage(readerContext);
        await loginWithActiveStay(reader, seeded.readerMail, PASSWORD);
        await reader.goto('/registre?jour=1');
        await reader.getByTestId('register-read-only').waitFor();
        await expect.poll(() => reader.getByTestId('sample-taken').count()).toBe(3);
        expect(await registerShown(reader)).toEqual(LATER);
        for (const part of ['Plats témoins', 'Températures', 'Réceptions']) {
          await openPart(reader, part);
          expect(
            await reader
              .getByTestId('screen-register')
              .getByRole('button', {
                name: /Prélevé|Jeté|Ajouter|Modifier|Supprimer|Mettre en réserve/u,
              })
              .count(),
            part,
          ).toBe(0);
        }
      } finally {
        await readerContext.close();
      }
    } finally {
      await context.close();
    }
  });
});

/** Closes the messages at the bottom of the screen, as a user would before going on. */
async function dismissMessages(page: Page): Promise<void> {
  const messages = page.getByTestId('success-message');
  while ((await messages.count()) > 0) {
    await messages.first().getByRole('button', { name: 'Fermer' }).tap();
    await page.waitForTimeout(100);
  }
}

describe('the register kept by hand', () => {
  it('edits the cold units, changes and deletes entries with “Annuler”, refuses a delivery', async () => {
    const seeded = await seedRegister('edition');
    const context = await app.newContext(TABLET);
    try {
      const page = await openPage(context);
      await loginWithActiveStay(page, seeded.mail, PASSWORD);
      await page.goto('/registre?jour=1&partie=temperatures');
      await page.getByTestId('readings-missing').waitFor();

      // A cold room, 0 to 3,5 °C, read in the evening only.
      await page.getByRole('button', { name: 'Modifier les enceintes' }).tap();
      const units = page.getByRole('dialog', { name: 'Enceintes froides' });
      await units.getByRole('button', { name: 'Ajouter une enceinte' }).tap();
      const room = units.getByTestId('cold-unit-draft').nth(2);
      await room.getByLabel('Nom').fill('Chambre froide');
      await room.getByLabel('Minimum (°C)').fill('0');
      await room.getByLabel('Maximum (°C)').fill('3,5');
      await room.getByText('Relevé du matin').tap();
      await units.getByRole('button', { name: 'Enregistrer' }).tap();
      await units.waitFor({ state: 'hidden' });
      await expect
        .poll(() => plainTexts(page.getByTestId('cold-unit')))
        .toEqual([
          'Réfrigérateur : de 0 °C à 4 °C · relevés : matin et soir',
          'Congélateur : −18 °C ou moins · relevés : matin et soir',
          'Chambre froide : de 0 °C à 3,5 °C · relevés : soir',
        ]);
      expect(await plainText(page.getByTestId('readings-missing'))).toBe(
        'Relevés manquants : Réfrigérateur (matin), Réfrigérateur (soir), Congélateur (matin), Congélateur (soir), Chambre froide (soir)',
      );

      // A reading of the cold room, then changed out of range: the action is asked.
      await page.getByRole('button', { name: 'Ajouter un relevé' }).tap();
      let dialog = page.getByRole('dialog', { name: 'Ajouter un relevé' });
      await dialog.getByLabel('Enceinte', { exact: true }).tap();
      await page.getByRole('option', { name: /^Chambre froide/u }).tap();
      await dialog.getByLabel('Température (°C)').fill('2');
      await dialog.getByLabel('Heure').fill('19:00');
      await dialog.getByLabel('Note').fill('Après la livraison');
      await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
      await dialog.waitFor({ state: 'hidden' });
      const reading = page.getByTestId('reading');
      await expect.poll(() => plainTexts(reading.getByTestId('reading-value'))).toEqual(['2 °C']);
      await page.getByRole('button', { name: 'Modifier le relevé : Chambre froide 19:00' }).tap();
      dialog = page.getByRole('dialog', { name: 'Modifier le relevé' });
      await dialog.getByLabel('Température (°C)').fill('5');
      await dialog.getByLabel('Action corrective').fill('Thermostat réglé');
      await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => reading.getAttribute('data-out-of-range')).toBe('true');
      expect(await plainText(reading.getByTestId('reading-action'))).toBe(
        'Action corrective : Thermostat réglé',
      );
      // Deleted, then back with 'Annuler'.
      await page.getByRole('button', { name: 'Supprimer le relevé : Chambre froide 19:00' }).tap();
      await expect.poll(() => reading.count()).toBe(0);
      await page
        .getByTestId('success-message')
        .filter({ hasText: 'Relevé supprimé.' })
        .getByTestId('success-action')
        .tap();
      await expect.poll(() => plainTexts(reading.getByTestId('reading-value'))).toEqual(['5 °C']);

      // A refused delivery says why, and never goes to the larder.
      await dismissMessages(page);
      await openPart(page, 'Réceptions');
      await page.getByRole('button', { name: 'Ajouter une réception' }).tap();
      dialog = page.getByRole('dialog', { name: 'Ajouter une réception' });
      await dialog.getByLabel('Fournisseur').fill('Ferme du Plateau');
      await dialog.getByLabel('Produit').tap();
      await dialog.getByLabel('Produit').fill('Lait');
      await page.getByRole('option', { name: 'Lait entier', exact: true }).tap();
      await dialog.getByLabel('Quantité').fill('12');
      await dialog.getByText('Surgelé', { exact: true }).tap();
      await dialog.getByLabel('Température à réception (°C)').fill('-12');
      await dialog.getByTestId('delivery-too-warm').waitFor();
      await dialog.getByText('Refusée', { exact: true }).tap();
      await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
      await dialog.getByText('Indiquez pourquoi la réception est refusée.').waitFor();
      await dialog.getByLabel('Motif du refus').fill('Arrivé décongelé');
      await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
      await dialog.waitFor({ state: 'hidden' });
      const delivery = page.getByTestId('delivery');
      await expect
        .poll(() => plainText(delivery.getByTestId('delivery-refused')))
        .toBe('Refusée : Arrivé décongelé');
      expect(await plainText(delivery.getByTestId('delivery-details'))).toBe(
        'Ferme du Plateau · Surgelé',
      );
      expect(await delivery.getByRole('button', { name: 'Mettre en réserve' }).count()).toBe(0);

      // Changed to accepted with a best-before date: it may then go to the larder.
      await page.getByRole('button', { name: 'Modifier la réception : Lait entier' }).tap();
      dialog = page.getByRole('dialog', { name: 'Modifier la réception' });
      await dialog.getByText('Acceptée', { exact: true }).tap();
      await dialog.getByText('DDM', { exact: true }).tap();
      await dialog.getByLabel('Date (JJ/MM/AAAA)').fill('30092025');
      await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => plainText(delivery.getByTestId('delivery-details')))
        .toBe('Ferme du Plateau · DDM 30/09/2025 · Surgelé');
      await delivery.getByRole('button', { name: 'Mettre en réserve' }).waitFor();

      // Deleted, then back with 'Annuler'.
      await dismissMessages(page);
      await page.getByRole('button', { name: 'Supprimer la réception : Lait entier' }).tap();
      await expect.poll(() => delivery.count()).toBe(0);
      await page
        .getByTestId('success-message')
        .filter({ hasText: 'Réception supprimée.' })
        .getByTestId('success-action')
        .tap();
      await delivery.waitFor();
    } finally {
      await context.close();
    }
  });
});
