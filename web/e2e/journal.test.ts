/**
 * Who did what (issue 32), in Chromium on a touch tablet and on a phone: Alice owns a stay with
 * one lunch and makes Bob 'Organisation'; Bob changes the lunch's people in the day view. Alice
 * opens 'Journal du séjour' from the stays screen: Bob's change comes first, in the sentence
 * refused changes are described with, beside her own earlier changes; the 'Membre' select keeps
 * one member's changes (kept in the address). The lunch says 'modifié par Bob' in the agenda,
 * and the journal opens again offline, from the device. A long journal shows a hundred entries
 * at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createAccount, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginWithActiveStay, openPage, plainText, topBarTitle } from './pages.js';
import { apiLogin, Seeder } from './seed.js';
import { expectSuccess, openMealActions, poll } from './walk.js';

const STAY = 'Colo de la Toussaint';
const START = '2025-07-07';
const NOW = '2025-06-01T10:00:00.000Z';
const MIDI = 1;
/** The sentence of Bob's change, as 'Modifications refusées' says it, with what he set. */
const BOB_CHANGE = `Modification du repas de midi du lundi 7 juillet 2025 (séjour « ${STAY} ») : +3 personnes en plus des groupes`;
const RECENT = /^(à l'instant|il y a \d+ min)$/u;

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

const upToDate = (page: Page) =>
  page.getByTestId('sync-indicator').getByText('À jour').waitFor({ timeout: 20_000 });

/** The journal's entries as shown: what, who, when. */
const entries = (page: Page) =>
  page.getByTestId('journal-entry').evaluateAll((all) =>
    all.map((e) => ({
      words: e.querySelector('[data-testid="journal-words"]')?.textContent ?? '',
      who: e.querySelector('[data-testid="journal-who"]')?.textContent ?? '',
      when: e.querySelector('[data-testid="journal-when"]')?.textContent ?? '',
    })),
  );

async function chooseMember(page: Page, member: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Membre', exact: true }).click();
  await page.getByRole('option', { name: member, exact: true }).click();
}

const DEVICES = [
  ['tablet', TABLET],
  ['phone', PHONE],
] as const;

describe("a stay's journal", () => {
  for (const [device, options] of DEVICES) {
    it(`lists who did what, by member, and names who changed a meal (${device})`, async () => {
      const alice = {
        mail: `alice-${device}@exemple.fr`,
        password: 'Tartiflette-2025',
        pseudo: `Alice ${device}`,
      };
      const bob = {
        mail: `bob-${device}@exemple.fr`,
        password: 'Raclette-2025',
        pseudo: `Bob ${device}`,
      };
      await createAccount(app, alice);
      await createAccount(app, bob);

      // Alice's stay, with one lunch, and Bob in its team as 'Organisation'.
      const seed = await Seeder.open(app, alice.mail, alice.password);
      const stayId = seed.stayWithGroup(STAY, START, 'Louveteaux', 12);
      const meal = seed.meal(stayId, 0, MIDI, NOW);
      const bobSession = await apiLogin(app, bob.mail, bob.password);
      const bobId = bobSession.userId;
      await seed.flush();
      await seed.shareStay(stayId, bobSession, 'plan');

      const contexts: BrowserContext[] = [];
      try {
        // Bob adds 3 people to the lunch, in the day view.
        const bobContext = await app.newContext(options);
        contexts.push(bobContext);
        const bobPage = await openPage(bobContext);
        await loginWithActiveStay(bobPage, bob.mail, bob.password);
        await bobPage.goto('/agenda?dayOffset=1');
        const bobLunch = bobPage.getByTestId('day-meal').first();
        await openMealActions(bobPage, bobLunch, 'Détails');
        const details = bobPage.getByRole('dialog', { name: 'Modifier le repas' });
        await details.getByLabel('Personnes supplémentaires').fill('3');
        await details.getByRole('button', { name: 'Enregistrer' }).click();
        await expectSuccess(bobPage, 'Repas modifié avec succès');
        await upToDate(bobPage);
        // Once synced, Bob's device holds the journal too.
        await poll(() => plainText(bobLunch.getByTestId('changed-by')), 20_000).toMatch(
          new RegExp(`^modifié par ${bob.pseudo}, `, 'u'),
        );

        // Alice opens the journal from the stays screen.
        const aliceContext = await app.newContext(options);
        contexts.push(aliceContext);
        const page = await openPage(aliceContext);
        await loginWithActiveStay(page, alice.mail, alice.password);
        await page.getByRole('link', { name: 'Journal du séjour' }).tap();
        await page.waitForURL((url) => url.pathname === '/journal');
        await poll(() => plainText(topBarTitle(page))).toBe(`Journal du séjour : ${STAY}`);
        await poll(async () => (await entries(page))[0]?.words, 20_000).toBe(BOB_CHANGE);
        const all = await entries(page);
        expect(all[0]!.who).toBe(bob.pseudo);
        expect(all[0]!.when).toMatch(RECENT);
        // Her own changes come after, newest first.
        expect(all.map((e) => [e.who, e.words])).toEqual([
          [bob.pseudo, BOB_CHANGE],
          // Bob's arrival is journaled as his invitation's owner's change, naming him.
          [alice.pseudo, `Arrivée du membre « ${bob.pseudo} » dans le séjour « ${STAY} »`],
          [
            alice.pseudo,
            `Invitation par un lien d'invitation dans le séjour « ${STAY} » (rôle « Organisation »)`,
          ],
          [alice.pseudo, `Ajout du repas de midi du lundi 7 juillet 2025 (séjour « ${STAY} »)`],
          [alice.pseudo, `Ajout du groupe « Louveteaux » (12 personnes) au séjour « ${STAY} »`],
        ]);
        expect(await plainText(page.getByTestId('journal-count'))).toBe('5 modifications');

        // One member's changes, kept in the address.
        await chooseMember(page, bob.pseudo);
        await poll(async () => (await entries(page)).map((e) => e.words)).toEqual([BOB_CHANGE]);
        expect(new URL(page.url()).searchParams.get('membre')).toBe(String(bobId));
        await chooseMember(page, `${alice.pseudo} (responsable)`);
        await poll(async () => (await entries(page)).length).toBe(all.length - 1);
        expect((await entries(page)).every((e) => e.who === alice.pseudo)).toBe(true);
        await chooseMember(page, 'Tous');
        await poll(async () => (await entries(page)).length).toBe(all.length);
        expect(new URL(page.url()).searchParams.has('membre')).toBe(false);

        // The lunch names who changed it last.
        await page.goto('/agenda?dayOffset=1');
        const lunch = page.getByTestId('day-meal').first();
        await poll(() => plainText(lunch.getByTestId('meal-additional-people'))).toContain('3');
        const changed = await plainText(lunch.getByTestId('changed-by'));
        expect(changed.replace(`modifié par ${bob.pseudo}, `, '')).toMatch(RECENT);

        // Offline, the journal opens again from the device.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await aliceContext.setOffline(true);
        await page.goto('/journal');
        await poll(async () => (await entries(page))[0]?.words).toBe(BOB_CHANGE);
        expect((await entries(page)).length).toBe(all.length);
        await aliceContext.setOffline(false);

        // A long journal shows a hundred entries, then a hundred more.
        for (let n = 1; n <= 101; n++) {
          seed.add('updateMeal', { id: meal.id, additionalPeople: n % 2 === 0 ? 4 : 5 });
        }
        await seed.flush();
        await poll(() => plainText(page.getByTestId('journal-count')), 20_000).toBe(
          '100 modifications sur 106',
        );
        expect((await entries(page)).length).toBe(100);
        await page.getByRole('button', { name: 'Afficher plus' }).tap();
        await poll(async () => (await entries(page)).length).toBe(106);
        expect(await plainText(page.getByTestId('journal-count'))).toBe('106 modifications');
        expect(await page.getByRole('button', { name: 'Afficher plus' }).count()).toBe(0);
      } finally {
        for (const context of contexts) await context.close();
      }
    });
  }
});
