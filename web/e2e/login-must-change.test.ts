/**
 * A login with the password received by mail (its answer says MustChangePassword) opens the
 * settings at once, where the notice asks to replace it: that password stops working 24 hours
 * after the login, so the user must not have to find the notice. A login with the user's own
 * password stays on the stays screen.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { createAccount, startApp, type RunningApp } from './harness.js';
import { loginThroughUi, openPage, successMessages, visibleText } from './pages.js';

const PASSWORD = 'Blanquette-de-veau-2025';

let app: RunningApp;
let context: BrowserContext | undefined;
let counter = 0;
const newMail = () => `distrait${++counter}.${Date.now()}@exemple.fr`;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** Asks for a new password and reads it from the mail the server sent. */
async function mailedPassword(mail: string): Promise<string> {
  await fetch(`${app.baseUrl}/api/reset?mail=${encodeURIComponent(mail)}`);
  // The reset answers before its work: wait for the mail.
  await app.server.popote.accounts.settled();
  const mailed = /Votre nouveau mot de passe : (\S+)/u.exec(
    (await app.readOutbox()).filter((m) => m.to === mail).at(-1)?.raw ?? '',
  )?.[1];
  expect(mailed).toBeDefined();
  return mailed!;
}

describe('login with the mailed password', () => {
  it('opens the settings with the notice to replace it, right after the login', async () => {
    const mail = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Distrait' });
    const mailed = await mailedPassword(mail);
    context = await app.newContext();
    const page = await openPage(context);
    await loginThroughUi(page, mail, mailed);

    // No click: the settings are the screen shown after this login.
    await page.getByRole('heading', { name: 'Réglages' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(await visibleText(page.getByTestId('settings-must-change-password'))).toContain(
      'Vous vous êtes connecté avec le mot de passe reçu par mail',
    );
    expect(await visibleText(successMessages(page).first())).toContain('Bon retour parmi nous');
  });

  it('a login with the own password stays on the stays screen, without the notice', async () => {
    const mail = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Attentif' });
    context = await app.newContext();
    const page = await openPage(context);
    await loginThroughUi(page, mail, PASSWORD);
    await page.getByTestId('stays-card').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Préférences' }).click();
    await page.getByRole('heading', { name: 'Réglages' }).waitFor();
    expect(await page.getByTestId('settings-must-change-password').count()).toBe(0);
  });
});
