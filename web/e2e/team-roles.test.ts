/**
 * What a member's role allows, mirrored by the screens (issue 32), on a touch tablet and on a
 * phone: the owner shares a stay with Bob as 'Lecture': Bob's agenda shows the stay read-only
 * (a notice, no add, edit or delete, nothing to drag), his shopping list and larder too; the
 * owner raises him to 'Cuisine', and while the list stays open it becomes one to tick; the
 * larder can be kept, the meals still not changed; raised to 'Organisation', the open day
 * view offers the meal's controls and Bob changes a meal. Every change of role reaches Bob's
 * open screen by sync, without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ShopList, StockItem } from '@popote/domain';
import { createAccount, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginWithActiveStay, openPage, plainText } from './pages.js';
import { apiLogin, Seeder, seedKitchenStay } from './seed.js';
import { expectSuccess, poll } from './walk.js';

const PASSWORD = 'Choucroute-2025';
const NOW = '2025-06-01T10:00:00.000Z';
const ROLE_CHANGE_MS = 20_000;

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

interface Shared {
  owner: Seeder;
  memberId: number;
  listId: number;
}

/** Alice's stay (two meals, a shopping list, a larder entry), shared with Bob as 'Lecture'. */
async function shareStay(device: string): Promise<Shared & { bobMail: string }> {
  const aliceMail = `alice-${device}@exemple.fr`;
  const bobMail = `bob-${device}@exemple.fr`;
  await createAccount(app, { mail: aliceMail, password: PASSWORD, pseudo: `Alice ${device}` });
  await createAccount(app, { mail: bobMail, password: PASSWORD, pseudo: `Bob ${device}` });
  const bob = await apiLogin(app, bobMail, PASSWORD);
  const owner = await Seeder.open(app, aliceMail, PASSWORD);
  const { stayId, listId } = seedKitchenStay(owner, 'Colo partagée', NOW);
  await owner.flush();
  const memberId = await owner.shareStay(stayId, bob, 'read');
  return { owner, memberId, listId, bobMail };
}

async function setRole(shared: Shared, role: 'keep' | 'plan'): Promise<void> {
  shared.owner.add('setStayMemberRole', { id: shared.memberId, role });
  await shared.owner.flush();
}

/** Nothing on the page can be dragged (@hello-pangea/dnd gives no handle). */
const dragHandles = (page: Page) => page.locator('[data-rfd-drag-handle-draggable-id]').count();
const notice = (page: Page) => plainText(page.getByTestId('agenda-read-only'));
const READ_ONLY = 'Lecture seule : votre rôle dans ce séjour ne permet pas de modifier les repas.';

/** The items of a meal's actions menu, then closes it. */
async function mealActions(page: Page): Promise<string[]> {
  await page
    .getByTestId('day-meal')
    .first()
    .getByRole('button', { name: 'Actions du repas' })
    .click();
  await page.getByRole('menuitem').first().waitFor();
  const items = await page.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  return items.map((t) => t.trim());
}

describe.each([
  ['tablet', TABLET],
  ['phone', PHONE],
] as const)("a member's role on the %s", (device, options) => {
  it("turns the screens read-only for 'Lecture', lets 'Cuisine' keep the kitchen, 'Organisation' plan", async () => {
    const shared = await shareStay(device);
    const context = await app.newContext(options);
    const page = await openPage(context);
    await loginWithActiveStay(page, shared.bobMail, PASSWORD);

    // 'Lecture': the week says why nothing can be changed; no wizard, no menu search, no drag.
    await page.goto('/agenda');
    await page.getByTestId('agenda-week').waitFor();
    await poll(() => notice(page)).toBe(READ_ONLY);
    await poll(() => page.getByTestId('week-meal').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Ajouter plusieurs repas...' }).count()).toBe(0);
    expect(await page.getByTestId('menu-search').count()).toBe(0);
    expect(await dragHandles(page)).toBe(0);
    // A meal tapped opens its day, to be read.
    await page.getByTestId('week-meal').first().tap();
    await page.getByTestId('agenda-day').waitFor();
    await poll(() => notice(page)).toBe(READ_ONLY);
    await poll(() => page.getByTestId('day-meal').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Ajouter un repas...' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retirer Baguette' }).count()).toBe(0);
    expect(await page.getByTestId('resource-panel').count()).toBe(0);
    expect(await dragHandles(page)).toBe(0);
    expect(await mealActions(page)).toEqual(['Prévisualiser les quantités']);

    // The larder and the shopping list are shown, not changed.
    await page.goto('/courses');
    await poll(() => plainText(page.getByTestId('larder-read-only'))).toBe(
      'Lecture seule : votre rôle dans ce séjour ne permet pas de modifier la réserve.',
    );
    const quantity = page.getByLabel('Quantité en réserve de Baguette', { exact: true });
    expect(await quantity.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Ajouter à la réserve' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retirer Baguette de la réserve' }).count()).toBe(
      0,
    );
    await page.goto(`/courses?liste=${shared.listId}`);
    const box = page.getByRole('checkbox', { name: 'Baguette', exact: true });
    await box.waitFor();
    await poll(() => plainText(page.getByTestId('shop-list-read-only'))).toBe(
      'Lecture seule : votre rôle dans ce séjour ne permet pas de modifier ses listes.',
    );
    expect(await box.isDisabled()).toBe(true);
    for (const name of ['Partager la liste', 'Supprimer la liste']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'Quantité achetée de Baguette' }).count()).toBe(
      0,
    );

    // Raised to 'Cuisine' while the list is open: it becomes one to tick.
    await setRole(shared, 'keep');
    await poll(() => box.isDisabled(), ROLE_CHANGE_MS).toBe(false);
    expect(await page.getByTestId('shop-list-read-only').count()).toBe(0);
    await box.tap();
    await poll(() => box.isChecked()).toBe(true);
    await poll(() => plainText(page.getByTestId('shop-progress'))).toBe('1 / 1 cochés');
    // Deleting the list stays its planners'.
    expect(await page.getByRole('button', { name: 'Supprimer la liste' }).count()).toBe(0);

    // The larder is kept: a quantity changed, an entry added.
    await page.goto('/courses');
    await page.getByTestId('larder').waitFor();
    await page.getByRole('button', { name: 'Ajouter à la réserve' }).waitFor();
    expect(await page.getByTestId('larder-read-only').count()).toBe(0);
    expect(await quantity.getAttribute('readonly')).toBeNull();
    await quantity.fill('5');
    await quantity.blur();
    // The server took Bob's tick and larder quantity ('Cuisine' keeps them).
    await poll(
      async () => (await shared.owner.rowsOf<StockItem>('stock')).map((s) => s.val),
      ROLE_CHANGE_MS,
    ).toEqual([5]);
    await poll(async () =>
      (await shared.owner.rowsOf<ShopList>('shopLists')).flatMap((l) =>
        l.items.map((i) => i.checked),
      ),
    ).toEqual([true]);

    // The meals still cannot be changed; the notice says what the role allows.
    await page.goto('/agenda?dayOffset=1');
    await page.getByTestId('agenda-day').waitFor();
    await poll(() => notice(page)).toBe(
      `${READ_ONLY}Votre rôle « Cuisine » permet de cocher les listes de courses et de tenir la réserve.`,
    );
    await poll(() => page.getByTestId('day-meal').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Ajouter un repas...' }).count()).toBe(0);
    expect(await dragHandles(page)).toBe(0);
    expect(await mealActions(page)).toEqual(['Prévisualiser les quantités']);

    // Raised to 'Organisation' while the day is open: the meal's controls appear, live.
    await setRole(shared, 'plan');
    await page
      .getByRole('button', { name: 'Ajouter un repas...' })
      .waitFor({ timeout: ROLE_CHANGE_MS });
    expect(await page.getByTestId('agenda-read-only').count()).toBe(0);
    await page.getByRole('button', { name: 'Retirer Baguette' }).first().waitFor();
    expect(await dragHandles(page)).toBeGreaterThan(0);
    await page.getByTestId('resource-panel').waitFor();
    expect(await mealActions(page)).toContain('Supprimer ce repas');
    // Bob changes a meal: two more people at breakfast.
    await page
      .getByTestId('day-meal')
      .first()
      .getByRole('button', { name: 'Actions du repas' })
      .click();
    await page.getByRole('menuitem', { name: 'Détails' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Personnes supplémentaires').fill('2');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expectSuccess(page, 'Repas modifié avec succès');
    await poll(() =>
      plainText(page.getByTestId('day-meal').first().getByTestId('meal-additional-people')),
    ).toContain('2');
    await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
    await context.close();
  });
});
