/**
 * Accounts in a real browser: registration by mail, login, the session across reloads and
 * offline starts, settings, logout, and the failure paths a user meets.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  PHONE,
  TABLET_PORTRAIT,
  createAccount,
  expectNoHorizontalOverflow,
  startApp,
  waitForMailLink,
} from './harness.js';
import type { RunningApp } from './harness.js';
import {
  drawer,
  drawerPseudo,
  errorSnackbar,
  fillLogin,
  loginThroughUi,
  mailField,
  openPage,
  passwordField,
  submitButton,
  successMessages,
  topBarTitle,
  visibleText,
} from './pages.js';

const PASSWORD = 'Ratatouille-2025';
// Low enough to reach in a few clicks; each test uses its own addresses.
const PER_ADDRESS_MAX = 3;

let app: RunningApp;
let context: BrowserContext;
let counter = 0;
const newMail = () => `cuisinier${++counter}.${Date.now()}@exemple.fr`;

/**
 * Follows a mailed confirmation link as a person does: its page only shows a button (a mail
 * scanner opening the link confirms nothing); the button confirms.
 */
async function confirmThroughPage(page: Page, link: string, button = 'Valider mon inscription') {
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await page.getByRole('button', { name: button }).click();
}

beforeAll(async () => {
  // The per-IP budget is raised: every test here comes from 127.0.0.1.
  app = await startApp({ authRateLimit: { perAddressMax: PER_ADDRESS_MAX, max: 500 } });
});
afterAll(async () => {
  await app?.close();
});
afterEach(async () => {
  await context?.close();
});

describe('accounts', () => {
  it('registers through the mailed link, logs in, and stays logged in after reloads and offline', async () => {
    context = await app.newContext();
    const page = await openPage(context);
    await expect.poll(() => visibleText(topBarTitle(page))).toBe('Popote');
    await page.getByTestId('welcome-card').getByRole('button', { name: "S'inscrire" }).click();

    const mail = newMail();
    await fillLogin(page, mail, PASSWORD);
    await page.getByLabel('Pseudonyme').fill('Mamie Lou');
    expect(await page.getByText('Le nom affiché aux autres utilisateurs.').isVisible()).toBe(true);
    expect(await page.getByText("Votre adresse mail vous servira d'identifiant.").isVisible()).toBe(
      true,
    );
    await page.getByLabel('Pseudonyme').press('Enter');

    const registered = page.getByRole('dialog', { name: 'Inscription enregistrée' });
    expect(await visibleText(registered)).toContain(
      `Un mail de confirmation a été envoyé à l'adresse ${mail}.`,
    );
    await registered.getByRole('button', { name: 'Fermer' }).click();
    await registered.waitFor({ state: 'hidden' });

    const link = await waitForMailLink(app, mail, '/api/inscription/confirm');
    await confirmThroughPage(page, link);
    const validated = page.getByRole('dialog', { name: 'Inscription validée' });
    expect(await visibleText(validated)).toContain(
      'Votre inscription est validée. Vous pouvez maintenant vous connecter.',
    );
    expect(new URL(page.url()).search).toBe('?show-success-inscription=OK');
    await validated.getByRole('button', { name: 'Fermer' }).click();
    await page.waitForURL((url) => url.search === '');
    await validated.waitFor({ state: 'hidden' });

    await loginThroughUi(page, mail, PASSWORD);
    expect(await visibleText(successMessages(page).first())).toContain(
      'Bon retour parmi nous, Mamie Lou',
    );
    await expect.poll(() => visibleText(topBarTitle(page))).toBe('Séjours et groupes');
    expect(await drawerPseudo(page)).toBe('Mamie Lou');
    expect(await page.getByText('Version 0.3.1').count()).toBe(1);
    // The first sync runs right after login and the indicator says so.
    await page.getByTestId('sync-indicator').getByText('À jour').waitFor();

    await page.reload();
    expect(await drawerPseudo(page)).toBe('Mamie Lou');

    // The worker precaches the shell on the first visit; then the app opens with no network.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await page.reload();
    expect(await drawerPseudo(page)).toBe('Mamie Lou');
    await page.getByTestId('sync-indicator').getByText('Hors ligne').waitFor();
    await expect.poll(() => visibleText(topBarTitle(page))).toBe('Séjours et groupes');
    await page.goto('/library');
    await expect
      .poll(() => visibleText(topBarTitle(page)))
      .toBe('Bibliothèque de menus favoris et recettes');
    await context.setOffline(false);
  });

  it('changes the pseudonym in the settings, shows it in the drawer, then logs out', async () => {
    const mail = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Chef Paul' });
    context = await app.newContext();
    const page = await openPage(context);
    await loginThroughUi(page, mail, PASSWORD);

    await page.getByRole('link', { name: 'Préférences' }).click();
    await expect.poll(() => visibleText(topBarTitle(page))).toBe('Préférences');
    await page.getByRole('heading', { name: 'Réglages' }).waitFor();
    const email = page.getByLabel('Email');
    await expect.poll(() => email.inputValue()).toBe(mail);
    const save = page.getByRole('button', { name: 'Enregistrer' });
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel('Pseudo', { exact: true }).fill('Cheffe Paule');
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText('Réglages mis à jour avec succès').waitFor();
    expect(await drawerPseudo(page)).toBe('Cheffe Paule');
    await expect.poll(() => save.isDisabled()).toBe(true);

    // The server kept it: a fresh load of the settings reads it back.
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Pseudo', { exact: true }).inputValue())
      .toBe('Cheffe Paule');
    expect(await drawerPseudo(page)).toBe('Cheffe Paule');

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await submitButton(page).waitFor();
    await expect.poll(() => visibleText(topBarTitle(page))).toBe('Popote');
    expect(await drawer(page).count()).toBe(0);
    await page.reload();
    await submitButton(page).waitFor();
    expect(await drawer(page).count()).toBe(0);
  });

  it('refuses a mail already used, under the mail field', async () => {
    const mail = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Déjà là' });
    context = await app.newContext();
    const page = await openPage(context);
    await page.getByTestId('welcome-card').getByRole('button', { name: "S'inscrire" }).click();
    await fillLogin(page, mail, PASSWORD);
    await page.getByLabel('Pseudonyme').fill('Doublon');
    await page.getByRole('button', { name: "S'inscrire" }).click();

    await mailField(page).getByText('Cette adresse mail est déjà utilisée.').waitFor();
    expect(await passwordField(page).getByText('Cette adresse mail').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mot de passe oublié ?' }).isEnabled()).toBe(
      true,
    );

    await page.getByRole('button', { name: 'Retour' }).click();
    expect(await visibleText(submitButton(page))).toBe('Se connecter');
    expect(await page.getByLabel('Pseudonyme').count()).toBe(0);
  });

  it('shows a wrong password under the password field and mails a new one on request', async () => {
    const mail = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Tête en l’air' });
    context = await app.newContext();
    const page = await openPage(context);
    expect(await page.getByRole('button', { name: 'Mot de passe oublié ?' }).count()).toBe(0);

    await fillLogin(page, mail, 'pas-le-bon-mot-de-passe');
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
    await passwordField(page).getByText('Le mot de passe est incorrect.').waitFor();
    expect(await mailField(page).getByText('Le mot de passe est incorrect.').count()).toBe(0);

    // Shown with the error, usable only while the mail looks valid.
    const forgot = page.getByRole('button', { name: 'Mot de passe oublié ?' });
    await page.getByLabel('Mail', { exact: true }).fill('sans-arobase.fr');
    expect(await forgot.isDisabled()).toBe(true);
    await page.getByLabel('Mail', { exact: true }).fill(mail);
    await forgot.click();
    const reset = page.getByRole('dialog', { name: 'Mot de passe réinitialisé' });
    expect(await visibleText(reset)).toContain(
      `Un mail contenant un nouveau mot de passe a été envoyé à l'adresse ${mail}.`,
    );
    await app.server.popote.accounts.settled();
    const mails = (await app.readOutbox()).filter((m) => m.to === mail);
    expect(mails.length).toBe(2);
  });

  it('keeps submit disabled until the mail has an @ and a dot and a password is typed', async () => {
    context = await app.newContext();
    const page = await openPage(context);
    const submit = submitButton(page);
    expect(await submit.isDisabled()).toBe(true);
    await fillLogin(page, 'pas-une-adresse', PASSWORD);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Mail', { exact: true }).fill('presque@exemple');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Mail', { exact: true }).fill('complet@exemple.fr');
    expect(await submit.isEnabled()).toBe(true);
    await page.getByLabel('Mot de passe', { exact: true }).fill('');
    expect(await submit.isDisabled()).toBe(true);
  });

  it('answers a confirmation link used twice with a French page', async () => {
    context = await app.newContext();
    const page = await openPage(context);
    const mail = newMail();
    await page.getByTestId('welcome-card').getByRole('button', { name: "S'inscrire" }).click();
    await fillLogin(page, mail, PASSWORD);
    await page.getByLabel('Pseudonyme').fill('Deux fois');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page.getByRole('dialog', { name: 'Inscription enregistrée' }).waitFor();

    const link = await waitForMailLink(app, mail, '/api/inscription/confirm');
    await confirmThroughPage(page, link);
    await page.getByRole('dialog', { name: 'Inscription validée' }).waitFor();
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    expect(await visibleText(page.getByRole('heading', { level: 1 }))).toBe('Lien déjà utilisé');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.getByText('votre compte existe').isVisible()).toBe(true);
  });

  it('shows the French message of the rate limit after too many failed logins', async () => {
    const mail = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Obstiné' });
    context = await app.newContext();
    const page = await openPage(context);
    await fillLogin(page, mail, 'toujours-faux-1');
    for (let attempt = 1; attempt <= PER_ADDRESS_MAX; attempt++) {
      await submitButton(page).click();
      await passwordField(page).getByText('Le mot de passe est incorrect.').waitFor();
      await expect.poll(() => submitButton(page).isEnabled()).toBe(true);
    }
    await submitButton(page).click();
    const snackbar = errorSnackbar(page);
    expect(await visibleText(snackbar)).toContain('Erreur côté serveur');
    expect(await visibleText(page.getByTestId('error-snackbar-body'))).toBe(
      'Trop de tentatives. Merci de réessayer dans quelques minutes.',
    );
    expect(await page.getByTestId('error-snackbar-body').locator('i').count()).toBe(1);
    // Gone after its 4 seconds.
    await snackbar.waitFor({ state: 'hidden', timeout: 6000 });
  });

  it('shows a hostile server message as text, never running it', async () => {
    const mail = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Prudent' });
    context = await app.newContext();
    const page = await openPage(context);
    await loginThroughUi(page, mail, PASSWORD);
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    await page.route('**/api/settings', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: hostile }),
      }),
    );
    await page.getByRole('link', { name: 'Préférences' }).click();
    const body = page.getByTestId('error-snackbar-body');
    expect(await visibleText(body)).toBe(hostile);
    expect(await body.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('checks the password rule and the pseudonym under their fields before asking the server', async () => {
    context = await app.newContext();
    const page = await openPage(context);
    await page.getByTestId('welcome-card').getByRole('button', { name: "S'inscrire" }).click();
    // The rule is stated before it is broken.
    await passwordField(page).getByText('Au moins 8 caractères.').waitFor();

    const mail = newMail();
    await fillLogin(page, mail, 'court');
    await page.getByLabel('Pseudonyme').fill('Lou');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await passwordField(page)
      .getByText('Le mot de passe doit contenir au moins 8 caractères.')
      .waitFor();

    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Pseudonyme').fill('   ');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    const pseudoField = page.getByTestId('login-pseudo-field');
    await pseudoField.getByText('Merci de choisir un pseudonyme.').waitFor();
    expect(await mailField(page).getByText('Merci de choisir un pseudonyme.').count()).toBe(0);
    // Nothing was sent to the server, so no mail left.
    expect((await app.readOutbox()).filter((m) => m.to === mail)).toHaveLength(0);
  });

  it('says a registration is not confirmed yet and sends its link again', async () => {
    context = await app.newContext();
    const page = await openPage(context);
    const mail = newMail();
    await page.getByTestId('welcome-card').getByRole('button', { name: "S'inscrire" }).click();
    await fillLogin(page, mail, PASSWORD);
    await page.getByLabel('Pseudonyme').fill('Pressé');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    const registered = page.getByRole('dialog', { name: 'Inscription enregistrée' });
    await registered.getByRole('button', { name: 'Fermer' }).click();
    await registered.waitFor({ state: 'hidden' });
    const firstLink = await waitForMailLink(app, mail, '/api/inscription/confirm');

    // Logging in before following the link says so, under the mail.
    await fillLogin(page, mail, PASSWORD);
    await submitButton(page).click();
    await mailField(page)
      .getByText("Votre inscription n'est pas encore confirmée : suivez le lien reçu par mail.")
      .waitFor();
    expect(await page.getByRole('button', { name: 'Mot de passe oublié ?' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Renvoyer le lien de confirmation' }).click();
    const resent = page.getByRole('dialog', { name: 'Lien de confirmation renvoyé' });
    expect(await visibleText(resent)).toContain(
      `Un nouveau lien de confirmation a été envoyé à l'adresse ${mail}.`,
    );
    await resent.getByRole('button', { name: 'Fermer' }).click();
    await expect
      .poll(async () => (await app.readOutbox()).filter((m) => m.to === mail).length)
      .toBe(2);
    const newLink = await waitForMailLink(app, mail, '/api/inscription/confirm');
    expect(newLink).not.toBe(firstLink);

    await confirmThroughPage(page, newLink);
    await page.getByRole('dialog', { name: 'Inscription validée' }).waitFor();
    await page
      .getByRole('dialog', { name: 'Inscription validée' })
      .getByRole('button', { name: 'Fermer' })
      .click();
    await loginThroughUi(page, mail, PASSWORD);
    expect(await drawerPseudo(page)).toBe('Pressé');
  });

  for (const [device, options] of [
    ['a tablet in portrait (768×1024)', TABLET_PORTRAIT],
    ['a phone (390×844)', PHONE],
  ] as const) {
    it(`fits the login and registration cards on ${device}`, async () => {
      context = await app.newContext(options);
      const page = await openPage(context);
      await submitButton(page).waitFor();
      await expectNoHorizontalOverflow(page, 'login');
      const form = await page.getByTestId('login-form').boundingBox();
      expect(form!.x).toBeGreaterThanOrEqual(0);
      expect(form!.x + form!.width).toBeLessThanOrEqual(options.viewport.width);
      const welcome = page.getByTestId('welcome-card');
      if (options.viewport.width >= 768) {
        // Below the form rather than beside it.
        const box = await welcome.boundingBox();
        expect(box!.y).toBeGreaterThanOrEqual(form!.y + form!.height);
        expect(box!.x + box!.width).toBeLessThanOrEqual(options.viewport.width);
        await welcome.getByRole('button', { name: "S'inscrire" }).click();
      } else {
        expect(await welcome.isVisible()).toBe(false);
        await page.getByTestId('login-form').getByRole('button', { name: "S'inscrire" }).click();
      }
      await page.getByLabel('Pseudonyme').waitFor();
      await expectNoHorizontalOverflow(page, 'registration');
    });
  }

  it('shows the settings offline from what the device knows, and says saving needs the network', async () => {
    const mail = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Nomade' });
    context = await app.newContext();
    const page = await openPage(context);
    await loginThroughUi(page, mail, PASSWORD);
    await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await context.setOffline(true);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Réglages' }).waitFor();
    await page
      .getByTestId('settings-offline')
      .getByText('Hors ligne : vos réglages sont affichés tels que cet appareil les connaît.', {
        exact: false,
      })
      .waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(mail);
    expect(await page.getByLabel('Pseudo', { exact: true }).inputValue()).toBe('Nomade');
    // No request was made, so no error snackbar either.
    expect(await errorSnackbar(page).count()).toBe(0);

    await page.getByLabel('Pseudo', { exact: true }).fill('Sédentaire');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .getByRole('alert')
      .getByText("Impossible d'enregistrer hors ligne : reconnectez-vous au réseau puis réessayez.")
      .waitFor();

    // Back online, what was typed is kept and can be saved.
    await context.setOffline(false);
    await page.getByTestId('settings-offline').waitFor({ state: 'detached' });
    expect(await page.getByLabel('Pseudo', { exact: true }).inputValue()).toBe('Sédentaire');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Réglages mis à jour avec succès').waitFor();
    expect(await drawerPseudo(page)).toBe('Sédentaire');
  });
});

describe('sessions and account changes (issue 15)', () => {
  const sessionToken = (page: Page): Promise<string> =>
    page.evaluate(
      () => (JSON.parse(localStorage.getItem('popote.session') ?? '{}') as { token: string }).token,
    );
  const settingsStatus = async (token: string): Promise<number> =>
    (await fetch(`${app.baseUrl}/api/settings`, { headers: { Authorization: `Bearer ${token}` } }))
      .status;

  it("'Se déconnecter' also ends the session on the server: its token is refused", async () => {
    const mail = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Partant' });
    context = await app.newContext();
    const page = await openPage(context);
    await loginThroughUi(page, mail, PASSWORD);
    const token = await sessionToken(page);
    expect(await settingsStatus(token)).toBe(200);

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await submitButton(page).waitFor();
    await expect.poll(() => settingsStatus(token)).toBe(401);
  });

  it('a password change asks the current one, and the other device logs in again without losing its change', async () => {
    const mail = newMail();
    const NEW_PASSWORD = 'Clafoutis-aux-cerises';
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Deux appareils' });
    context = await app.newContext();
    const laptop = await openPage(context);
    await loginThroughUi(laptop, mail, PASSWORD);
    const phoneContext = await app.newContext();
    try {
      const phone = await openPage(phoneContext);
      await loginThroughUi(phone, mail, PASSWORD);
      const indicator = phone.getByTestId('sync-indicator');
      await indicator.getByText('À jour').waitFor();

      await laptop.getByRole('link', { name: 'Préférences' }).click();
      await laptop.getByRole('heading', { name: 'Réglages' }).waitFor();
      await expect.poll(() => laptop.getByLabel('Email').inputValue()).toBe(mail);
      expect(await laptop.getByLabel('Mot de passe actuel').count()).toBe(0);
      await laptop.getByLabel('Mot de passe', { exact: true }).fill(NEW_PASSWORD);
      const current = laptop.getByLabel('Mot de passe actuel');
      await current.waitFor();
      // Not typed: refused before asking the server.
      await laptop.getByRole('button', { name: 'Enregistrer' }).click();
      await laptop
        .getByText(
          "Saisissez votre mot de passe actuel pour changer l'adresse mail ou le mot de passe.",
        )
        .waitFor();
      // Wrong: the server refuses, nothing changes.
      await current.fill('pas-le-bon-mot-de-passe');
      await laptop.getByRole('button', { name: 'Enregistrer' }).click();
      await errorSnackbar(laptop).getByText('Le mot de passe actuel est incorrect.').waitFor();
      expect(await settingsStatus(await sessionToken(phone))).toBe(200);
      // Right: changed; the laptop's session goes on, the phone's ends.
      await current.fill(PASSWORD);
      await laptop.getByRole('button', { name: 'Enregistrer' }).click();
      await laptop.getByText('Réglages mis à jour avec succès').waitFor();
      expect(await settingsStatus(await sessionToken(laptop))).toBe(200);
      expect(await settingsStatus(await sessionToken(phone))).toBe(401);
      const notice = (await app.readOutbox()).filter((m) => m.to === mail).at(-1);
      expect(notice?.raw).toContain('Le mot de passe de votre compte Popote vient d’être changé.');

      // The phone makes a change: it waits, the indicator offers to log in again.
      await phone.getByRole('button', { name: 'Ajouter un séjour' }).click();
      await phone.getByRole('menuitem', { name: 'Créer un séjour vierge' }).click();
      await indicator.getByText('Session expirée : reconnectez-vous').waitFor();
      await phone.getByRole('button', { name: 'Se reconnecter' }).click();
      const dialog = phone.getByRole('dialog', { name: 'Session expirée' });
      expect(await visibleText(dialog)).toContain('mot de passe changé sur un autre appareil');
      await dialog.getByLabel('Mail', { exact: true }).fill(mail);
      await dialog.getByLabel('Mot de passe', { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: 'Se reconnecter' }).click();
      await indicator.getByText('À jour').waitFor();
      // The change made while the session was closed reached the server.
      const stays = await fetch(`${app.baseUrl}/api/sejours`, {
        headers: { Authorization: `Bearer ${await sessionToken(laptop)}` },
      });
      expect(await stays.text()).toContain('Nouveau séjour');
    } finally {
      await phoneContext.close();
    }
  });

  it('after a login with the mailed password, the settings ask to replace it', async () => {
    const mail = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Étourdi' });
    await fetch(`${app.baseUrl}/api/reset?mail=${encodeURIComponent(mail)}`);
    // The reset answers before its work: wait for the mail.
    await app.server.popote.accounts.settled();
    const mailed = /Votre nouveau mot de passe : (\S+)/u.exec(
      (await app.readOutbox()).filter((m) => m.to === mail).at(-1)?.raw ?? '',
    )?.[1];
    expect(mailed).toMatch(/^[a-z]+(-[a-z]+){3}-\d\d$/u);
    context = await app.newContext();
    const page = await openPage(context);
    await loginThroughUi(page, mail, mailed!);
    await page.getByRole('link', { name: 'Préférences' }).click();
    const notice = page.getByTestId('settings-must-change-password');
    expect(await visibleText(notice)).toContain(
      'Vous vous êtes connecté avec le mot de passe reçu par mail',
    );
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(mail);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Tarte-Tatin-maison');
    await page.getByLabel('Mot de passe actuel').fill(mailed!);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Réglages mis à jour avec succès').waitFor();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Réglages' }).waitFor();
    expect(await notice.count()).toBe(0);
    const relogin = await fetch(`${app.baseUrl}/api/loggin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Mail: mail, Password: 'Tarte-Tatin-maison' }),
    });
    const answer = (await relogin.json()) as { Error: string; MustChangePassword?: boolean };
    expect(answer.Error).toBe('');
    expect(answer.MustChangePassword).toBeUndefined();
  });

  it('a new mail is used only once the link mailed to it is confirmed with its button', async () => {
    const mail = newMail();
    const next = newMail();
    await createAccount(app, { mail, password: PASSWORD, pseudo: 'Déménage' });
    context = await app.newContext();
    const page = await openPage(context);
    await loginThroughUi(page, mail, PASSWORD);
    await page.getByRole('link', { name: 'Préférences' }).click();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(mail);
    await page.getByLabel('Email').fill(next);
    await page.getByLabel('Mot de passe actuel').fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .getByText(`Un lien de confirmation a été envoyé à ${next}`, { exact: false })
      .first()
      .waitFor();
    // The field keeps the address in use and says which one waits.
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(mail);
    await page.getByText(`En attente de confirmation : ${next}.`, { exact: false }).waitFor();
    const told = (await app.readOutbox()).filter((m) => m.to === mail).at(-1);
    expect(told?.raw).toContain(`Un changement d'adresse mail vers ${next} a été demandé`);

    const link = await waitForMailLink(app, next, '/api/settings/mail/confirm');
    const other = await context.newPage();
    await confirmThroughPage(other, link, 'Confirmer ma nouvelle adresse');
    await other.getByRole('heading', { name: 'Adresse modifiée' }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(next);
    expect(await page.getByText('En attente de confirmation', { exact: false }).count()).toBe(0);
  });
});
