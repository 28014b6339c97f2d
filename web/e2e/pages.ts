/** What a user does on the login screen and in the shell, shared by the browser tests. */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/** Short waits: every step is local, a long wait only hides a failure. */
export const STEP_TIMEOUT_MS = 10_000;

export async function openPage(context: BrowserContext, path = '/'): Promise<Page> {
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

export const topBarTitle = (page: Page): Locator => page.getByTestId('top-bar-title');
export const drawer = (page: Page): Locator => page.getByTestId('nav-drawer');
/** The side rail, or on a phone the button that opens the navigation in a drawer. */
export const navigation = (page: Page): Locator =>
  page.getByTestId('nav-drawer').or(page.getByTestId('nav-burger'));
export const mailField = (page: Page): Locator => page.getByTestId('login-mail-field');
export const passwordField = (page: Page): Locator => page.getByTestId('login-password-field');
export const submitButton = (page: Page): Locator => page.getByTestId('login-submit');
export const errorSnackbar = (page: Page): Locator => page.getByTestId('error-snackbar');
export const successMessages = (page: Page): Locator => page.getByTestId('success-message');

export async function fillLogin(page: Page, mail: string, password: string): Promise<void> {
  await page.getByLabel('Mail', { exact: true }).fill(mail);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
}

/** Logs in from the login screen and waits for the shell. */
export async function loginThroughUi(page: Page, mail: string, password: string): Promise<void> {
  await fillLogin(page, mail, password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await navigation(page).waitFor();
}

/** The pseudonym in the drawer, read as a user does: by hovering the rail to widen it. */
export async function drawerPseudo(page: Page): Promise<string> {
  await drawer(page).hover();
  const text = await visibleText(page.getByTestId('drawer-pseudo'));
  await page.mouse.move(900, 500);
  return text;
}

/** The text of a visible element, once it is visible. */
export async function visibleText(locator: Locator): Promise<string> {
  await locator.waitFor();
  return (await locator.innerText()).trim();
}

/**
 * Logs in through the login screen and waits until the device is up to date and the stays
 * screen has made the account's only stay the active one.
 */
export async function loginWithActiveStay(
  page: Page,
  mail: string,
  password: string,
): Promise<void> {
  await loginThroughUi(page, mail, password);
  await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
  await page.waitForFunction(
    () =>
      typeof (
        JSON.parse(localStorage.getItem('popote.session') ?? '{}') as { activeStayId?: number }
      ).activeStayId === 'number',
  );
}

/** The file a click downloads: its suggested name and its bytes. */
export async function downloadOf(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; bytes: Uint8Array }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return {
    name: file.suggestedFilename(),
    bytes: new Uint8Array(await readFile(await file.path())),
  };
}

/** French numbers and money hold non-breaking spaces ('8,00\u00a0€'); checks write plain ones. */
export const plain = (text: string | null): string => (text ?? '').replace(/[\u00a0\u202f]/gu, ' ');
/** A locator's text, with plain spaces. */
export const plainText = async (locator: Locator): Promise<string> =>
  plain(await locator.textContent());

/** The settings' 'Supprimer mon compte' dialog, opened. */
export async function openAccountDeletion(page: Page): Promise<Locator> {
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Réglages' }).waitFor();
  const section = page.getByTestId('delete-account-section');
  await section.getByRole('button', { name: 'Supprimer mon compte…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  await dialog.waitFor();
  return dialog;
}

/** Deletes the signed-in account from the settings, as its user does: ends logged out. */
export async function deleteAccountInSettings(page: Page, password: string): Promise<void> {
  const dialog = await openAccountDeletion(page);
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await page.getByTestId('account-deleted-notice').waitFor();
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
}
