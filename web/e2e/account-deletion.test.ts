/**
 * 'Supprimer mon compte' (issue 33) in a real browser: the user deletes their account from the
 * settings (a wrong password first, then the right one), lands logged out with their local
 * database gone; their other device (a second browser profile) is logged out at its next sync
 * with the French message and its database cleared too. The dialog is also checked on a phone
 * and on a touch tablet.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import {
  PHONE,
  TABLET,
  createAccount,
  expectNoHorizontalOverflow,
  startApp,
  type RunningApp,
} from './harness.js';
import { downloadOf, loginThroughUi, openAccountDeletion, openPage, visibleText } from './pages.js';
import { Seeder } from './seed.js';

const PASSWORD = 'Ratatouille-2025';
const DELETED_HERE = 'Votre compte a été supprimé, ainsi que ses données sur cet appareil.';
const DELETED_ELSEWHERE = 'Ce compte a été supprimé. Ses données ont été effacées de cet appareil.';

let app: RunningApp;
const contexts: BrowserContext[] = [];
let counter = 0;
const newMail = () => `partant${++counter}.${Date.now()}@exemple.fr`;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await app.newContext(options);
  contexts.push(context);
  return context;
}

/** An account with a stay, so that its local database holds something. */
async function accountWithStay(): Promise<{ mail: string; userId: number }> {
  const mail = newMail();
  await createAccount(app, { mail, password: PASSWORD, pseudo: 'Partant' });
  const seeder = await Seeder.open(app, mail, PASSWORD);
  seeder.stayWithGroup('Colo des partants', '2025-07-01', 'Petits', 12);
  await seeder.flush();
  return { mail, userId: seeder.userId };
}

/** The names of the IndexedDB databases of the page's origin. */
const databases = (page: Page): Promise<string[]> =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

async function loggedInAndSynced(page: Page, mail: string): Promise<void> {
  await loginThroughUi(page, mail, PASSWORD);
  await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
}

/** The dialog's password field (its label, 'Mot de passe'). */
const passwordOf = (dialog: Locator): Locator => dialog.getByLabel('Mot de passe', { exact: true });

describe('Supprimer mon compte', () => {
  it('deletes the account from the settings; this device and the other one are logged out and cleared', async () => {
    const { mail, userId } = await accountWithStay();
    const dbName = `popote-u${userId}`;
    const computer = await openPage(await newContext());
    await loggedInAndSynced(computer, mail);
    const tablet = await openPage(await newContext(TABLET));
    await loggedInAndSynced(tablet, mail);
    // The indicator reads 'À jour' from its first render: the database may still be opening.
    await expect.poll(() => databases(computer)).toContain(dbName);
    await expect.poll(() => databases(tablet)).toContain(dbName);

    const dialog = await openAccountDeletion(computer);
    const text = await visibleText(dialog);
    expect(text).toContain('Ce qui sera supprimé');
    expect(text).toContain('Ce qui reste, chez les autres');
    expect(text).toContain('« Recette non publiée »');
    expect(text).toContain('vos listes de courses partagées : leurs liens cessent de fonctionner');
    // The data first: the same file as the settings' 'Mes données', from the dialog.
    const file = await downloadOf(computer, () =>
      dialog.getByRole('button', { name: 'Télécharger mes données' }).click(),
    );
    expect(file.name).toMatch(/\.zip$/u);
    expect(file.bytes.length).toBeGreaterThan(0);

    // Nothing goes without the confirmation ticked.
    const submit = dialog.getByRole('button', { name: 'Supprimer définitivement mon compte' });
    expect(await submit.isDisabled()).toBe(true);
    await passwordOf(dialog).fill('pas-le-bon');
    await dialog.getByRole('checkbox').check();
    await submit.click();
    await dialog.getByText('Le mot de passe actuel est incorrect.').waitFor();
    // Still logged in, the database still there.
    expect(await computer.evaluate(() => localStorage.getItem('popote.session'))).not.toBeNull();
    expect(await databases(computer)).toContain(dbName);

    await passwordOf(dialog).fill(PASSWORD);
    await submit.click();
    await computer.getByTestId('account-deleted-notice').getByText(DELETED_HERE).waitFor();
    await computer.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(await computer.evaluate(() => localStorage.getItem('popote.session'))).toBeNull();
    await expect.poll(() => databases(computer)).not.toContain(dbName);

    // The tablet hears of the change and syncs: the server answers the deleted account's 401.
    await tablet
      .getByTestId('account-deleted-notice')
      .getByText(DELETED_ELSEWHERE)
      .waitFor({ timeout: 60_000 });
    await tablet.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(await tablet.evaluate(() => localStorage.getItem('popote.session'))).toBeNull();
    await expect.poll(() => databases(tablet)).not.toContain(dbName);

    // The account is gone: logging in says the address is unknown.
    await computer.getByLabel('Mail', { exact: true }).fill(mail);
    await computer.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await computer.getByRole('button', { name: 'Se connecter' }).click();
    await computer.getByText("Cette adresse mail n'est pas utilisée.").first().waitFor();
  }, 120_000);

  for (const [name, options] of [
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const) {
    it(`shows the whole dialog and its buttons on a ${name}`, async () => {
      const { mail } = await accountWithStay();
      const page = await openPage(await newContext(options));
      await loggedInAndSynced(page, mail);
      const dialog = await openAccountDeletion(page);
      await expectNoHorizontalOverflow(page, `dialog on a ${name}`);
      const submit = dialog.getByRole('button', { name: 'Supprimer définitivement mon compte' });
      await submit.scrollIntoViewIfNeeded();
      const box = await submit.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.height).toBeGreaterThanOrEqual(36);
      expect(box!.x + box!.width).toBeLessThanOrEqual(options.viewport.width);
      await passwordOf(dialog).tap();
      await passwordOf(dialog).fill(PASSWORD);
      await dialog.getByRole('checkbox').tap();
      expect(await submit.isEnabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Annuler' }).tap();
      await dialog.waitFor({ state: 'hidden' });
      // Cancelled: still logged in.
      expect(await page.evaluate(() => localStorage.getItem('popote.session'))).not.toBeNull();
    }, 60_000);
  }
});
