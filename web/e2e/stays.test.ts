/**
 * The stays screen in a real browser: create, rename and date a stay, size its group, add,
 * colour and delete groups, duplicate the stay, and export it to a phone through the link
 * that the server answers until it is revoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createAccount, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginThroughUi, openPage, topBarTitle, visibleText } from './pages.js';
import {
  activeStay as activeStayOf,
  addGroup,
  duplicateActiveStay,
  editActiveStay,
  expectSuccess,
  fetchLink,
  groupCard as groupCardOf,
  openAddStayMenu,
  openPhoneExportDialog,
  poll,
  sessionActiveStayId,
  setStaySize,
  sizeChip as sizeChipOf,
  stayOptions as stayOptionsOf,
} from './walk.js';
import type { ExportJson } from './walk.js';

const MAIL = 'sejours@exemple.fr';
const PASSWORD = 'Tartiflette-2025';

let app: RunningApp;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Intendante' });
  context = await app.newContext();
  page = await openPage(context);
  await loginThroughUi(page, MAIL, PASSWORD);
  await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
});
afterAll(async () => {
  await app?.close();
});

const activeStay = () => activeStayOf(page);
const sizeChip = () => sizeChipOf(page);
const groupCard = (name: string) => groupCardOf(page, name);
const stayOptions = () => stayOptionsOf(page);

/** Writes from a second device of the same user, straight through the sync API. */
async function pushFromOtherDevice(
  mutations: (first: number) => { name: string; args: unknown }[],
) {
  const login = await fetch(`${app.baseUrl}/api/loggin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Mail: MAIL, Password: PASSWORD }),
  });
  const { Token } = (await login.json()) as { Token: string };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${Token}` },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return response.json();
  };
  const clientId = 'phone-test-device';
  const { first } = (await post('/sync/ids', { clientId })) as { first: number };
  const batch = mutations(first).map((m, i) => ({ id: i + 1, ...m }));
  await post('/sync/push', { clientId, mutations: batch });
}

describe('stays screen', () => {
  it('creates a stay, renames it, sets its start and the size of its group', async () => {
    expect(await visibleText(topBarTitle(page))).toBe('Séjours et groupes');
    expect(await activeStay().getAttribute('placeholder')).toBe(
      'Veuillez ajouter un nouveau séjour...',
    );
    expect(await page.getByRole('button', { name: 'Modifier le séjour' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Supprimer le séjour' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copier sur un smartphone' }).isDisabled()).toBe(
      true,
    );

    await openAddStayMenu(page);
    expect(
      await page.getByRole('menuitem', { name: 'Dupliquer le séjour', exact: true }).isDisabled(),
    ).toBe(true);
    await page.getByRole('menuitem', { name: 'Créer un séjour vierge' }).click();

    await poll(() => activeStay().inputValue()).toBe('Nouveau séjour');
    expect(await visibleText(sizeChip())).toBe('0 personne');
    expect(await page.getByText('Votre séjour comporte plusieurs groupes ?').isVisible()).toBe(
      true,
    );

    // The date reads back as 30/07/2025 once typed.
    await editActiveStay(page, { name: 'Camp des Glières', start: '2025-07-30' });
    expect(await visibleText(page.getByTestId('active-stay-start'))).toBe(
      'Début : mercredi 30 juillet 2025',
    );

    await setStaySize(page, 24);
    await poll(() => visibleText(sizeChip())).toBe('24 personnes');
  });

  it('adds a second group with a colour, then deletes the first one', async () => {
    await addGroup(page, { name: 'Ados', size: 12, color: '#7048E8' });
    await page.getByTestId('groups-list').waitFor();
    expect(await visibleText(page.getByRole('heading', { name: 'Groupes', exact: true }))).toBe(
      'Groupes',
    );
    expect(await page.getByTestId('group-card').count()).toBe(2);
    expect(await visibleText(groupCard('Groupe par défaut').getByTestId('group-size'))).toBe(
      '24 personnes',
    );
    expect(await visibleText(groupCard('Ados').getByTestId('group-size'))).toBe('12 personnes');
    expect(await groupCard('Ados').getByTestId('group-color').getAttribute('aria-label')).toBe(
      '#7048E8',
    );

    await groupCard('Groupe par défaut')
      .getByRole('button', { name: 'Supprimer le groupe' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
    expect(await visibleText(confirm.getByText('Confirmez-vous la suppression du groupe'))).toBe(
      'Confirmez-vous la suppression du groupe Groupe par défaut ?',
    );
    expect(await confirm.getByText('Cette opération est irréversible.').isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Supprimer' }).click();

    await poll(() => visibleText(sizeChip())).toBe('12 personnes');
    expect(await page.getByTestId('groups-list').count()).toBe(0);
  });

  it("leaves no group behind when the new group's dialog is cancelled", async () => {
    await page.getByRole('button', { name: 'Ajouter un groupe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le groupe' });
    await dialog.getByLabel('Nom').fill('Fantômes');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Still the single-group view: nothing was created.
    expect(await visibleText(sizeChip())).toBe('12 personnes');
    expect(await page.getByTestId('groups-list').count()).toBe(0);
  });

  it('duplicates the active stay with its group and makes the copy active', async () => {
    await duplicateActiveStay(page, 'Camp des Glières');
    // The copy is told apart by its name, and said.
    await expectSuccess(page, 'Séjour dupliqué : « Camp des Glières (copie) »');
    await poll(stayOptions).toEqual(['Camp des Glières', 'Camp des Glières (copie)']);
    const copyId = await sessionActiveStayId(page);
    expect(await visibleText(sizeChip())).toBe('12 personnes');

    await page.getByRole('button', { name: 'Modifier le séjour' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le séjour' });
    expect(await dialog.getByLabel('Date de début').inputValue()).toBe('30/07/2025');
    expect(await dialog.getByLabel('Nom').inputValue()).toBe('Camp des Glières (copie)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The copy is deleted again; the remaining stay becomes active by itself.
    await page.getByRole('button', { name: 'Supprimer le séjour' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
    expect(await visibleText(confirm.getByText('Confirmez-vous la suppression du séjour'))).toBe(
      'Confirmez-vous la suppression du séjour Camp des Glières (copie) ?',
    );
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await poll(() => activeStay().inputValue()).toBe('Camp des Glières');
    expect(await sessionActiveStayId(page)).not.toBe(copyId);
  });

  it('exports the stay to a phone through a link that works until it is revoked', async () => {
    const activeStayId = await sessionActiveStayId(page);
    // A lunch on the first day, planned on another device of the same user.
    await pushFromOtherDevice((first) => [
      {
        name: 'createMeal',
        args: {
          id: first,
          menuId: first + 1,
          stayId: activeStayId,
          day: 0,
          slot: 1,
          now: '2025-06-01T10:00:00.000Z',
        },
      },
    ]);

    const { dialog, link } = await openPhoneExportDialog(page);
    expect(
      await visibleText(
        dialog.getByText('Les repas de ce séjour peuvent être téléchargés', { exact: false }),
      ),
    ).toMatch(/^Les repas de ce séjour peuvent être téléchargés dans l'application mobile/u);
    const field = dialog.getByLabel('Lien', { exact: true });
    expect(await field.getAttribute('readonly')).not.toBeNull();
    const url = new URL(link);
    expect(url.origin).toBe(app.baseUrl);
    expect(url.pathname).toBe('/import-sejour');
    expect(url.searchParams.get('id')).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(url.searchParams.get('sejour')).toBe('Camp des Glières 2025');
    await dialog.getByRole('img', { name: "QR code du lien d'export" }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Copier le lien' }).isVisible()).toBe(true);

    // The server knows the secret once this device has synced.
    await poll(async () => (await fetchLink(link)).status, 15_000).toBe(200);
    const exported = (await fetchLink(link)).body as ExportJson;
    expect(Object.keys(exported)).toEqual([
      'Ingredients',
      'Receipes',
      'ReceipeIngredients',
      'Menus',
      'MenuReceipes',
      'MenuIngredients',
      'Meals',
    ]);
    expect(exported.Meals).toHaveLength(1);
    expect(exported.Meals[0]).toMatchObject({
      Name: 'Camp des Glières (Ados)',
      Date: '2025-07-30T12:00:00Z',
      For_: 12,
    });
    expect(exported.Menus.map((m) => m.Id)).toEqual([exported.Meals[0]!.IdMenu]);

    await dialog.getByRole('button', { name: 'Révoquer le lien' }).click();
    await dialog.getByTestId('phone-export-revoked').waitFor();
    await poll(async () => (await fetchLink(link)).status, 15_000).toBe(404);
    expect((await fetchLink(link)).body).toEqual({
      message:
        "Ce lien d'export n'existe pas ou a été révoqué. Demandez un nouveau lien au propriétaire du séjour.",
    });

    await dialog.getByRole('button', { name: 'Nouveau lien' }).click();
    await poll(() => field.inputValue()).toMatch(/^http/u);
    const renewed = await field.inputValue();
    expect(renewed).not.toBe(link);
    await poll(async () => (await fetchLink(renewed)).status, 15_000).toBe(200);
    expect((await fetchLink(link)).status).toBe(404);
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
  });
});
