/**
 * Sync between two devices of one user (issue 4), in real browsers: changes made offline
 * survive a reload, reach the other device by themselves once back online, and are never
 * dropped by a logout (which asks first when changes are waiting).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { STEP_TIMEOUT_MS, loginThroughUi, mailField, openPage, visibleText } from './pages.js';

/** Polls up to a step's time: a sync or a reload may take more than vitest's default second. */
const poll = <T>(read: () => Promise<T>, timeout = STEP_TIMEOUT_MS) =>
  expect.poll(read, { timeout });

const MAIL = 'deux-appareils@exemple.fr';
const PASSWORD = 'Quiche-Lorraine-2025';

let app: RunningApp;
/** The laptop that goes offline. */
let laptop: BrowserContext;
let laptopPage: Page;
/** The other device, which is never reloaded. */
let tabletPage: Page;

const activeStay = (page: Page): Locator => page.getByRole('combobox', { name: 'Séjour actif' });
const indicator = (page: Page): Locator => page.getByTestId('sync-indicator');
const groupNames = (page: Page): Promise<string[]> =>
  page.getByTestId('group-name').allInnerTexts();

async function loggedInDevice(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext();
  const page = await openPage(context);
  await loginThroughUi(page, MAIL, PASSWORD);
  await indicator(page).getByText('À jour').waitFor();
  return { context, page };
}

async function renameActiveStay(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Modifier le séjour' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modifier le séjour' });
  await dialog.getByLabel('Nom').fill(name);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Nomade' });
  ({ context: laptop, page: laptopPage } = await loggedInDevice());
  ({ page: tabletPage } = await loggedInDevice());
  // The worker precaches the app on the first visit, so that it opens with no network.
  await laptopPage.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
});
afterAll(async () => {
  await app?.close();
});

describe('sync between two devices of one user', () => {
  it('keeps offline changes across a reload and delivers them to the other device', async () => {
    await laptop.setOffline(true);
    await indicator(laptopPage).getByText('Hors ligne').waitFor();

    await laptopPage.getByRole('button', { name: 'Ajouter un séjour' }).click();
    await laptopPage.getByRole('menuitem', { name: 'Créer un séjour vierge' }).click();
    await poll(() => activeStay(laptopPage).inputValue()).toBe('Nouveau séjour');
    await renameActiveStay(laptopPage, 'Colo hors ligne');
    await laptopPage.getByRole('button', { name: 'Ajouter un groupe' }).click();
    const dialog = laptopPage.getByRole('dialog', { name: 'Modifier le groupe' });
    await dialog.getByLabel('Nom').fill('Grands');
    await dialog.getByLabel('Taille').fill('8');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await poll(() => groupNames(laptopPage)).toEqual(['Groupe par défaut', 'Grands']);

    // createStay, createGroup, updateStay, createGroup (a new group is made when saved).
    const waiting = 'Hors ligne · 4 modifications en attente';
    await poll(() => visibleText(indicator(laptopPage))).toBe(waiting);

    await laptopPage.reload();
    await poll(() => activeStay(laptopPage).inputValue()).toBe('Colo hors ligne');
    await poll(() => groupNames(laptopPage)).toEqual(['Groupe par défaut', 'Grands']);
    await poll(() => visibleText(indicator(laptopPage))).toBe(waiting);

    // An export link made offline shows at once, with a word on when it will work.
    await laptopPage.getByRole('button', { name: 'Copier sur un smartphone' }).click();
    const phoneExportDialog = laptopPage.getByRole('dialog', {
      name: 'Exporter sur un smartphone',
    });
    const linkField = phoneExportDialog.getByLabel('Lien', { exact: true });
    await poll(() => linkField.inputValue()).toMatch(/\/import-sejour\?id=/u);
    const link = await linkField.inputValue();
    expect(await visibleText(phoneExportDialog.getByTestId('phone-export-sync-note'))).toBe(
      'Cet appareil est hors ligne : le lien fonctionnera dès que ses modifications auront été envoyées au serveur.',
    );
    await phoneExportDialog.getByRole('button', { name: 'Fermer' }).last().click();
    await phoneExportDialog.waitFor({ state: 'hidden' });
    expect((await fetch(link)).status).toBe(404);

    // Nothing has left the laptop yet.
    expect(await activeStay(tabletPage).inputValue()).toBe('');
    expect(await activeStay(tabletPage).getAttribute('placeholder')).toBe(
      'Veuillez ajouter un nouveau séjour...',
    );

    await laptop.setOffline(false);
    await indicator(laptopPage).getByText('À jour').waitFor();

    // The tablet is told by the server and pulls by itself: no reload, no click.
    await poll(() => activeStay(tabletPage).inputValue()).toBe('Colo hors ligne');
    await poll(() => groupNames(tabletPage)).toEqual(['Groupe par défaut', 'Grands']);
    expect(await visibleText(tabletPage.getByTestId('group-card').nth(1))).toContain('8 personnes');
    // The link made offline works now that the server knows its secret.
    await poll(async () => (await fetch(link)).status).toBe(200);
    const exported = (await (await fetch(link)).json()) as { Meals: unknown[]; Menus: unknown[] };
    expect(exported).toMatchObject({ Meals: [], Menus: [] });
  });

  it('asks before a logout drops nothing, and sends the changes at the next login', async () => {
    await laptop.setOffline(true);
    await indicator(laptopPage).getByText('Hors ligne').waitFor();
    await renameActiveStay(laptopPage, 'Colo renommée hors ligne');
    await poll(() => visibleText(indicator(laptopPage))).toBe(
      'Hors ligne · 1 modification en attente',
    );

    const logout = laptopPage.getByRole('button', { name: 'Se déconnecter' });
    await logout.click();
    const confirm = laptopPage.getByRole('dialog', { name: 'Modifications en attente' });
    expect(await visibleText(confirm.getByText("n'a pas encore été envoyée"))).toBe(
      "1 modification n'a pas encore été envoyée au serveur. Elle sera envoyée à votre prochaine connexion sur cet appareil. Se déconnecter quand même ?",
    );
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await activeStay(laptopPage).inputValue()).toBe('Colo renommée hors ligne');

    await logout.click();
    await confirm.getByRole('button', { name: 'Se déconnecter' }).click();
    await mailField(laptopPage).waitFor();
    expect(await activeStay(tabletPage).inputValue()).toBe('Colo hors ligne');

    await laptop.setOffline(false);
    await loginThroughUi(laptopPage, MAIL, PASSWORD);
    await indicator(laptopPage).getByText('À jour').waitFor();
    await poll(() => activeStay(laptopPage).inputValue()).toBe('Colo renommée hors ligne');
    await poll(() => activeStay(tabletPage).inputValue()).toBe('Colo renommée hors ligne');
  });
});
