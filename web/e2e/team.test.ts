/**
 * A stay's team (issue 32) in Chromium: the organiser, on a touch tablet, invites by mail and
 * makes a link invitation as 'Cuisine' in 'Équipe du séjour'; a second user opens the link
 * signed out, logs in on its page, joins, and finds the stay among theirs without its edit and
 * delete controls; the organiser sees them in the team and makes them 'Organisation' (the
 * controls appear), then removes them, and the stay leaves their device. On a computer and a
 * phone, the owner gives the stay to a member ('Transférer le séjour') and then leaves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginThroughUi, openPage, plainText } from './pages.js';
import { activeStay, createBlankStay, editActiveStay, expectSuccess, poll } from './walk.js';

const ALICE = { mail: 'alice@exemple.fr', password: 'Tartiflette-2025', pseudo: 'Alice' };
const BOB = { mail: 'bob@exemple.fr', password: 'Raclette-2025', pseudo: 'Bob' };
const STAY = 'Colo de Pâques';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, ALICE);
  await createAccount(app, BOB);
});
afterAll(async () => {
  await app?.close();
});

const upToDate = (page: Page) => page.getByTestId('sync-indicator').getByText('À jour').waitFor();
/** Texts as written (the role badges are shown in capitals). */
const texts = (locator: ReturnType<Page['getByTestId']>) =>
  locator.evaluateAll((all) => all.map((e) => (e.textContent ?? '').trim()));
const teamDialog = (page: Page) => page.getByRole('dialog', { name: 'Équipe du séjour' });

async function openTeam(page: Page) {
  await page.getByRole('button', { name: 'Équipe', exact: true }).tap();
  await page.getByTestId('team-dialog').waitFor();
}

async function chooseRole(page: Page, select: string, role: string) {
  await page.getByRole('combobox', { name: select, exact: true }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

describe("a stay's team", () => {
  it('invites by link, joins, changes the role and removes the member', async () => {
    const tablet = await app.newContext(TABLET);
    const computer = await app.newContext();
    const alice = await openPage(tablet);
    await loginThroughUi(alice, ALICE.mail, ALICE.password);
    await upToDate(alice);
    await createBlankStay(alice);
    await editActiveStay(alice, { name: STAY });

    // By mail: the server sends the link to the address.
    await openTeam(alice);
    const dialog = teamDialog(alice);
    expect(await plainText(dialog.getByTestId('team-owner'))).toContain('Alice');
    await dialog.getByLabel('Mail', { exact: true }).fill('cleo@exemple.fr');
    await chooseRole(alice, 'Rôle', 'Lecture');
    await dialog.getByRole('button', { name: 'Inviter' }).tap();
    await dialog.getByText('Invitation envoyée.').waitFor();
    expect(await dialog.getByLabel('Mail', { exact: true }).inputValue()).toBe('');
    const mailed = (await app.readOutbox()).filter((m) => m.to === 'cleo@exemple.fr');
    expect(mailed.flatMap((m) => m.links).some((l) => l.includes('/rejoindre?invitation='))).toBe(
      true,
    );

    // A link as 'Cuisine', made on the device, with its QR code.
    await chooseRole(alice, 'Rôle du lien', 'Cuisine');
    await dialog.getByRole('button', { name: "Lien d'invitation" }).tap();
    const link = await dialog.getByTestId('team-link-link').inputValue();
    expect(link).toMatch(/\/rejoindre\?invitation=[\w-]{43}$/u);
    await dialog.getByTestId('team-link-qr').waitFor();
    // Both open invitations are listed, the mailed one once the server's row has synced.
    await poll(() => dialog.getByTestId('team-invitation').allInnerTexts()).toEqual([
      expect.stringMatching(/^Lien · Cuisine\s+Expire le /u),
      expect.stringMatching(/^cleo@exemple\.fr · Lecture\s+Expire le /u),
    ]);
    await upToDate(alice);

    // Bob opens the link signed out: the invitation shows above the login screen.
    const bob = await openPage(computer, new URL(link).pathname + new URL(link).search);
    const sentence =
      "Alice vous invite à rejoindre l'équipe du séjour « Colo de Pâques » avec le rôle « Cuisine ».";
    await poll(() => plainText(bob.getByTestId('join-preview'))).toContain(sentence);
    await loginThroughUi(bob, BOB.mail, BOB.password);
    // Back on the invitation's page once signed in.
    await poll(() => plainText(bob.getByTestId('join-text'))).toBe(sentence);
    await bob.getByRole('button', { name: 'Rejoindre le séjour' }).click();
    await poll(() => activeStay(bob).inputValue(), 20_000).toBe(STAY);
    expect(new URL(bob.url()).pathname).toBe('/');
    await poll(() => plainText(bob.getByTestId('active-stay-owner'))).toBe('Responsable : Alice');

    // 'Cuisine' may not plan the stay: no edit, delete or group controls.
    const absent = async () => ({
      edit: await bob.getByRole('button', { name: 'Modifier le séjour' }).count(),
      remove: await bob.getByRole('button', { name: 'Supprimer le séjour' }).count(),
      addGroup: await bob.getByRole('button', { name: 'Ajouter un groupe' }).count(),
    });
    expect(await absent()).toEqual({ edit: 0, remove: 0, addGroup: 0 });

    // Bob sees the team and his role, without changing it.
    await bob.getByRole('button', { name: 'Équipe', exact: true }).click();
    const bobTeam = teamDialog(bob);
    await poll(() => texts(bobTeam.getByTestId('team-member'))).toEqual(['Bob(vous)Cuisine']);
    expect(await bobTeam.getByRole('button', { name: 'Quitter le séjour' }).count()).toBe(1);
    expect(await bobTeam.getByRole('button', { name: 'Inviter' }).count()).toBe(0);
    await bobTeam.getByRole('button', { name: 'Fermer' }).last().click();
    await bobTeam.waitFor({ state: 'hidden' });

    // Alice sees Bob in the team and makes him 'Organisation': Bob may now edit the stay.
    await poll(() => dialog.getByTestId('team-member-pseudo').allInnerTexts(), 20_000).toEqual([
      'Bob',
    ]);
    await chooseRole(alice, 'Rôle de Bob', 'Organisation');
    await upToDate(alice);
    await bob.getByRole('button', { name: 'Modifier le séjour' }).waitFor({ timeout: 20_000 });
    // Deleting the stay stays its owner's.
    expect(await bob.getByRole('button', { name: 'Supprimer le séjour' }).count()).toBe(0);

    // Deleting the shared stay would take it from Bob's stays too: the confirmation says so.
    await dialog.getByRole('button', { name: 'Fermer' }).last().tap();
    await dialog.waitFor({ state: 'hidden' });
    await alice.getByRole('button', { name: 'Supprimer le séjour' }).tap();
    const confirm = alice.getByRole('dialog', { name: 'Confirmer la suppression' });
    await poll(() => plainText(confirm.getByTestId('delete-shared-stay'))).toBe(
      'Ce séjour est partagé avec « Bob » : il disparaîtra aussi de leurs séjours.',
    );
    await confirm.getByRole('button', { name: 'Annuler' }).tap();
    await confirm.waitFor({ state: 'hidden' });
    await openTeam(alice);

    // Alice removes Bob ('Annuler' offered); the stay leaves Bob's device after sync.
    await dialog.getByRole('button', { name: 'Retirer Bob' }).tap();
    await expectSuccess(alice, "Bob ne fait plus partie de l'équipe.");
    await poll(() => dialog.getByTestId('team-member').count()).toBe(0);
    await upToDate(alice);
    await poll(() => activeStay(bob).inputValue(), 20_000).toBe('');
    expect(await bob.getByTestId('active-stay-owner').count()).toBe(0);

    // A link that opens nothing more says so, in the server's words.
    await bob.goto('/rejoindre?invitation=inconnue');
    await poll(() => plainText(bob.getByTestId('join-refused'))).toBe(
      "Cette invitation n'est plus valable : demandez-en une nouvelle.",
    );
    expect(await bob.getByRole('button', { name: 'Rejoindre le séjour' }).count()).toBe(0);

    // Offline, the mail invitation waits for the network.
    await tablet.setOffline(true);
    await dialog.getByTestId('team-invite-offline').waitFor();
    expect(await plainText(dialog.getByTestId('team-invite-offline'))).toBe(
      "Hors ligne : l'invitation par mail attend le réseau.",
    );
    expect(await dialog.getByRole('button', { name: 'Inviter' }).isDisabled()).toBe(true);
    await tablet.setOffline(false);
  });

  it("gives the stay to a member, who becomes 'Responsable', and the former owner leaves it", async () => {
    const computer = await app.newContext();
    const phone = await app.newContext(PHONE);
    const alice = await openPage(computer);
    await loginThroughUi(alice, ALICE.mail, ALICE.password);
    await upToDate(alice);
    await createBlankStay(alice);
    await editActiveStay(alice, { name: 'Camp d’été' });
    await alice.getByRole('button', { name: 'Équipe', exact: true }).click();
    const dialog = teamDialog(alice);
    await chooseRole(alice, 'Rôle du lien', 'Lecture');
    await dialog.getByRole('button', { name: "Lien d'invitation" }).click();
    const link = await dialog.getByTestId('team-link-link').inputValue();
    await upToDate(alice);

    const bob = await openPage(phone, new URL(link).pathname + new URL(link).search);
    await loginThroughUi(bob, BOB.mail, BOB.password);
    await bob.getByRole('button', { name: 'Rejoindre le séjour' }).tap();
    await poll(() => activeStay(bob).inputValue(), 20_000).toBe('Camp d’été');
    await poll(() => plainText(bob.getByTestId('active-stay-owner'))).toBe('Responsable : Alice');

    // Alice gives the stay to Bob, once confirmed.
    await poll(() => dialog.getByTestId('team-member-pseudo').allInnerTexts(), 20_000).toEqual([
      'Bob',
    ]);
    await dialog.getByRole('button', { name: 'Transférer le séjour à Bob' }).click();
    const confirm = alice.getByRole('dialog', { name: 'Transférer le séjour' });
    expect(await plainText(confirm)).toContain(
      "Confier le séjour « Camp d’été » à Bob ? Bob en deviendra responsable ; vous resterez dans l'équipe avec le rôle « Organisation ». Les invitations en cours seront retirées.",
    );
    await confirm.getByRole('button', { name: 'Transférer le séjour' }).click();
    await expectSuccess(alice, 'Bob est maintenant responsable du séjour.');
    // Alice's dialog now shows Bob in charge and herself as 'Organisation', with nothing to manage.
    await poll(() => plainText(dialog.getByTestId('team-owner'))).toContain('Bob');
    await poll(() => texts(dialog.getByTestId('team-member'))).toEqual(['Alice(vous)Organisation']);
    expect(await dialog.getByRole('button', { name: 'Inviter' }).count()).toBe(0);
    expect(await dialog.getByTestId('team-invitation').count()).toBe(0);
    await upToDate(alice);

    // On Bob's phone the stay is his: no 'Responsable' line, and he may delete it.
    await poll(() => bob.getByTestId('active-stay-owner').count(), 20_000).toBe(0);
    await bob.getByRole('button', { name: 'Supprimer le séjour' }).waitFor();

    // Alice leaves the team: the stay leaves her device; Bob's team is empty.
    await dialog.getByRole('button', { name: 'Quitter le séjour' }).click();
    const leave = alice.getByRole('dialog', { name: 'Quitter le séjour' });
    await leave.getByRole('button', { name: 'Quitter le séjour' }).click();
    await expectSuccess(alice, 'Vous avez quitté le séjour.');
    await poll(() => activeStay(alice).inputValue(), 20_000).toBe('');
    await upToDate(alice);
    await bob.getByRole('button', { name: 'Équipe', exact: true }).tap();
    await poll(() => plainText(teamDialog(bob)), 20_000).toContain(
      "Personne d'autre ne fait partie de l'équipe.",
    );
  });
});
