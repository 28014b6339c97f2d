/**
 * A stay run by a team, end to end (issue 32), on a computer, a tablet and a phone.
 *
 * Anne (computer) invites Bruno by mail as 'Organisation'; Bruno opens the mailed link on his
 * tablet, joins, goes offline and fills a meal; back online, Anne's open day view shows it
 * within 2 s. Anne lowers Bruno to 'Lecture' while he is offline again and changes the meal
 * once more: back online, his change is refused in words that say who changed his role, his
 * screens turn read-only, and the journal names his first change. Anne removes Bruno and his
 * tablet no longer holds the stay. Chloé's phone joins by the invitation link (the one the QR
 * code shows) as 'Cuisine': she ticks the shopping list and updates the larder, and cannot
 * change a meal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Meal, ShopList, StockItem } from '@popote/domain';
import { createAccount, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginThroughUi, loginWithActiveStay, openPage, plainText } from './pages.js';
import { Seeder, seedKitchenStay } from './seed.js';
import { activeStay, expectSuccess, poll } from './walk.js';

const PASSWORD = 'Tartiflette-2025';
const ANNE = { mail: 'anne@exemple.fr', password: PASSWORD, pseudo: 'Anne' };
const BRUNO = { mail: 'bruno@exemple.fr', password: PASSWORD, pseudo: 'Bruno' };
const CHLOE = { mail: 'chloe@exemple.fr', password: PASSWORD, pseudo: 'Chloé' };
const STAY = 'Colo de février';
const NOW = '2025-06-01T10:00:00.000Z';
/** The bound for a member's change to show on another member's open screen. */
const SHOWN_WITHIN_MS = 2_000;
const SYNC_MS = 20_000;

let app: RunningApp;
let owner: Seeder;
let listId: number;

beforeAll(async () => {
  app = await startApp();
  for (const account of [ANNE, BRUNO, CHLOE]) await createAccount(app, account);
  // Anne's stay: a group of 12, breakfast and lunch on its first day, a list and a larder.
  owner = await Seeder.open(app, ANNE.mail, PASSWORD);
  ({ listId } = seedKitchenStay(owner, STAY, NOW));
  await owner.flush();
});
afterAll(async () => {
  await app?.close();
});

const indicator = (page: Page) => page.getByTestId('sync-indicator');
const upToDate = (page: Page) => indicator(page).getByText('À jour').waitFor({ timeout: SYNC_MS });
const teamDialog = (page: Page) => page.getByRole('dialog', { name: 'Équipe du séjour' });
/** The lunch of the day shown (breakfast comes first). */
const lunch = (page: Page) => page.getByTestId('day-meal').nth(1);
const lunchPeople = (page: Page) => plainText(lunch(page).getByTestId('meal-people'));
const READ_ONLY = 'Lecture seule : votre rôle dans ce séjour ne permet pas de modifier les repas.';

async function chooseRole(page: Page, select: string, role: string): Promise<void> {
  await page.getByRole('combobox', { name: select, exact: true }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

async function openTeam(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Équipe', exact: true }).click();
  await page.getByTestId('team-dialog').waitFor();
}

async function closeTeam(page: Page): Promise<void> {
  await teamDialog(page).getByRole('button', { name: 'Fermer' }).last().click();
  await teamDialog(page).waitFor({ state: 'hidden' });
}

/** Sets the lunch's additional people through 'Détails', as a planner does. */
async function setLunchExtra(page: Page, people: string): Promise<void> {
  await lunch(page).getByRole('button', { name: 'Actions du repas' }).tap();
  await page.getByRole('menuitem', { name: 'Détails' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Modifier le repas' });
  await dialog.getByLabel('Personnes supplémentaires').fill(people);
  await dialog.getByRole('button', { name: 'Enregistrer' }).tap();
  await expectSuccess(page, 'Repas modifié avec succès');
}

async function openDayOne(page: Page): Promise<void> {
  await page.goto('/agenda?dayOffset=1');
  await page.getByTestId('agenda-day').waitFor();
  await poll(() => page.getByTestId('day-meal').count()).toBe(2);
}

describe('a stay run by a team, on a computer, a tablet and a phone', () => {
  it('invites, joins, works offline, follows roles, journals, removes; a phone cooks', async () => {
    const computer = await app.newContext();
    const tablet = await app.newContext(TABLET);
    const phone = await app.newContext(PHONE);

    // Anne invites Bruno by mail as 'Organisation'.
    const anne = await openPage(computer);
    await loginWithActiveStay(anne, ANNE.mail, PASSWORD);
    await openTeam(anne);
    const team = teamDialog(anne);
    await team.getByLabel('Mail', { exact: true }).fill(BRUNO.mail);
    await chooseRole(anne, 'Rôle', 'Organisation');
    await team.getByRole('button', { name: 'Inviter' }).click();
    await team.getByText('Invitation envoyée.').waitFor();
    const mailed = (await app.readOutbox()).filter((m) => m.to === BRUNO.mail);
    const link = mailed.flatMap((m) => m.links).find((l) => l.includes('/rejoindre?invitation='));
    expect(link).toBeDefined();
    await closeTeam(anne);

    // Bruno opens the mailed link on his tablet, signs in and joins.
    const bruno = await openPage(tablet, new URL(link!).pathname + new URL(link!).search);
    await loginThroughUi(bruno, BRUNO.mail, PASSWORD);
    await bruno.getByRole('button', { name: 'Rejoindre le séjour' }).tap();
    await poll(() => activeStay(bruno).inputValue(), SYNC_MS).toBe(STAY);
    await upToDate(bruno);
    // The worker has the app, so that the day opens with no network.
    await bruno.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // Both look at the first day; Bruno goes offline and fills the lunch: 4 more people.
    await openDayOne(anne);
    await poll(() => lunchPeople(anne)).toBe('12 personnes');
    await openDayOne(bruno);
    await tablet.setOffline(true);
    await indicator(bruno).getByText('Hors ligne').waitFor();
    await setLunchExtra(bruno, '4');
    await indicator(bruno).getByText('Hors ligne · 1 modification en attente').waitFor();
    await anne.waitForTimeout(1_000);
    expect(await lunchPeople(anne)).toBe('12 personnes');

    // Back online: once Bruno's tablet has sent it, Anne's open day shows it within 2 s.
    await tablet.setOffline(false);
    await upToDate(bruno);
    const sent = Date.now();
    await poll(() => lunchPeople(anne), SYNC_MS).toBe('16 personnes');
    const shownAfter = Date.now() - sent;
    console.info(`A member's change shown on the owner's open screen ${shownAfter} ms after sync`);
    expect(shownAfter).toBeLessThan(SHOWN_WITHIN_MS);

    // Offline again, Bruno changes the lunch once more while Anne makes him 'Lecture'.
    await tablet.setOffline(true);
    await indicator(bruno).getByText('Hors ligne').waitFor();
    await setLunchExtra(bruno, '6');
    await openTeam(anne);
    await chooseRole(anne, 'Rôle de Bruno', 'Lecture');
    await upToDate(anne);
    await closeTeam(anne);

    // Back online, his change is refused in words, and his screens turn read-only.
    await tablet.setOffline(false);
    const refused = bruno.getByRole('button', { name: '1 modification refusée' });
    await refused.waitFor({ timeout: SYNC_MS });
    await poll(() => plainText(bruno.getByTestId('agenda-read-only'))).toBe(READ_ONLY);
    expect(await bruno.getByRole('button', { name: 'Ajouter un repas...' }).count()).toBe(0);
    await poll(() => lunchPeople(bruno)).toBe('16 personnes');
    await refused.tap();
    const dialog = bruno.getByRole('dialog', { name: 'Modifications refusées' });
    const card = dialog.getByTestId('refused-change');
    expect(await plainText(card)).toContain(
      'Motif : Votre rôle dans ce séjour ne permet que de le consulter. Votre rôle a été changé par « Anne ».',
    );
    expect(await plainText(card.getByTestId('refused-change-words'))).toBe(
      `Modification du repas de midi du lundi 7 juillet 2025 (séjour « ${STAY} ») : +6 personnes en plus des groupes`,
    );
    await bruno.keyboard.press('Escape');

    // The journal names Bruno's change, with his arrival and Anne's role change after it.
    await anne.goto('/');
    await anne.getByRole('link', { name: 'Journal du séjour' }).click();
    await anne.waitForURL((url) => url.pathname === '/journal');
    const journal = () =>
      anne.getByTestId('journal-entry').evaluateAll((all) =>
        all.map((e) => ({
          who: e.querySelector('[data-testid="journal-who"]')?.textContent ?? '',
          words: e.querySelector('[data-testid="journal-words"]')?.textContent ?? '',
        })),
      );
    await poll(async () => (await journal()).slice(0, 3), SYNC_MS).toEqual([
      {
        who: 'Anne',
        words: `Rôle du membre « Bruno » du séjour « ${STAY} » : rôle « Lecture »`,
      },
      {
        who: 'Bruno',
        words: `Modification du repas de midi du lundi 7 juillet 2025 (séjour « ${STAY} ») : +4 personnes en plus des groupes`,
      },
      {
        who: 'Anne',
        words: `Arrivée du membre « Bruno » dans le séjour « ${STAY} »`,
      },
    ]);

    // Anne removes Bruno: his tablet no longer holds the stay.
    await openTeam(anne);
    await teamDialog(anne).getByRole('button', { name: 'Retirer Bruno' }).click();
    await expectSuccess(anne, "Bruno ne fait plus partie de l'équipe.");
    await upToDate(anne);
    await bruno.goto('/');
    await poll(() => activeStay(bruno).inputValue(), SYNC_MS).toBe('');
    await poll(() =>
      bruno.evaluate(async () => {
        const names = (await indexedDB.databases()).map((d) => d.name ?? '');
        const open = indexedDB.open(names.find((n) => n.startsWith('popote-u'))!);
        const db = await new Promise<IDBDatabase>((resolve) => {
          open.onsuccess = () => resolve(open.result);
        });
        const count = (name: string) =>
          new Promise<number>((resolve) => {
            const request = db.transaction(name).objectStore(name).count();
            request.onsuccess = () => resolve(request.result);
          });
        const counts = [await count('stays'), await count('meals'), await count('shopLists')];
        db.close();
        return counts;
      }),
    ).toEqual([0, 0, 0]);

    // A link for 'Cuisine', shown as a QR code; Chloé's phone opens it and joins.
    await chooseRole(anne, 'Rôle du lien', 'Cuisine');
    await teamDialog(anne).getByRole('button', { name: "Lien d'invitation" }).click();
    await teamDialog(anne).getByTestId('team-link-qr').waitFor();
    const qrLink = await teamDialog(anne).getByTestId('team-link-link').inputValue();
    await upToDate(anne);
    const chloe = await openPage(phone, new URL(qrLink).pathname + new URL(qrLink).search);
    await loginThroughUi(chloe, CHLOE.mail, PASSWORD);
    await chloe.getByRole('button', { name: 'Rejoindre le séjour' }).tap();
    await poll(() => activeStay(chloe).inputValue(), SYNC_MS).toBe(STAY);
    await upToDate(chloe);

    // She ticks the shopping list and updates the larder.
    await chloe.goto(`/courses?liste=${listId}`);
    const box = chloe.getByRole('checkbox', { name: 'Baguette', exact: true });
    await box.waitFor();
    await poll(() => box.isDisabled()).toBe(false);
    await box.tap();
    await poll(() => plainText(chloe.getByTestId('shop-progress'))).toBe('1 / 1 cochés');
    await chloe.goto('/courses');
    const larder = chloe.getByLabel('Quantité en réserve de Baguette', { exact: true });
    await larder.waitFor();
    await larder.fill('5');
    await larder.blur();
    await poll(
      async () => (await owner.rowsOf<StockItem>('stock')).map((s) => s.val),
      SYNC_MS,
    ).toEqual([5]);
    await poll(async () =>
      (await owner.rowsOf<ShopList>('shopLists')).flatMap((l) => l.items.map((i) => i.checked)),
    ).toEqual([true]);

    // She cannot change a meal: the day is read-only, its actions only preview.
    await openDayOne(chloe);
    await poll(() => plainText(chloe.getByTestId('agenda-read-only'))).toContain(READ_ONLY);
    expect(await chloe.getByRole('button', { name: 'Ajouter un repas...' }).count()).toBe(0);
    await lunch(chloe).getByRole('button', { name: 'Actions du repas' }).tap();
    await chloe.getByRole('menuitem').first().waitFor();
    expect(await chloe.getByRole('menuitem').allInnerTexts()).toEqual([
      'Prévisualiser les quantités',
    ]);
    expect((await owner.rowsOf<Meal>('meals')).map((m) => m.additionalPeople).sort()).toEqual([
      0, 4,
    ]);
  });
});
