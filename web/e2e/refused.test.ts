/**
 * A change made offline that the server refuses when the device comes back (issue 4): Bruno
 * adds Alice's published recipe to one of his favourite menus while offline; meanwhile Alice
 * unpublishes it. Back online, the change is refused and shown in 'Modifications refusées' with
 * its reason and its content, which Bruno can copy and then dismiss.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Menu, Recipe } from '@popote/domain';
import { createAccount, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import {
  STEP_TIMEOUT_MS,
  loginThroughUi,
  openPage,
  successMessages,
  visibleText,
} from './pages.js';

const PASSWORD = 'Clafoutis-2025';
const ALICE = { mail: 'alice.refus@exemple.fr', password: PASSWORD, pseudo: 'Alice' };
const BRUNO = { mail: 'bruno.refus@exemple.fr', password: PASSWORD, pseudo: 'Bruno' };

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: STEP_TIMEOUT_MS });

let app: RunningApp;

async function openLibrary(account: { mail: string; password: string }): Promise<Page> {
  const context = await app.newContext();
  const page = await openPage(context);
  await loginThroughUi(page, account.mail, account.password);
  await page.getByRole('link', { name: 'Bibliothèque' }).click();
  await page.mouse.move(900, 500);
  await page.getByRole('heading', { name: 'Menus et recettes' }).waitFor();
  return page;
}

const idParam = (page: Page, name: string): number =>
  Number(new URL(page.url()).searchParams.get(name));
const serverRecipe = (id: number): Recipe | undefined =>
  app.server.popote.store.sync.get('recipes', id);
const serverMenu = (id: number): Menu | undefined => app.server.popote.store.sync.get('menus', id);
const indicator = (page: Page): Locator => page.getByTestId('sync-indicator');

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, ALICE);
  await createAccount(app, BRUNO);
});
afterAll(async () => {
  await app?.close();
});

describe('refused changes', () => {
  it('shows a change refused after an offline edit, with its reason and content', async () => {
    // Alice publishes a recipe.
    const alice = await openLibrary(ALICE);
    await alice.getByRole('button', { name: 'Ajouter...' }).click();
    await alice.getByRole('menuitem', { name: 'Une recette' }).click();
    await alice.waitForURL((url) => url.searchParams.has('id-receipe'));
    const recipeId = idParam(alice, 'id-receipe');
    const name = alice.getByLabel('Nom', { exact: true });
    await name.fill('Tarte aux pommes');
    await name.press('Tab');
    const add = alice.getByLabel('Ajouter un ingrédient');
    await add.fill('pomme');
    await add.press('Enter');
    await alice.getByTestId('recipe-ingredient').filter({ hasText: 'Pomme' }).waitFor();
    await alice.getByLabel('Publier').click();
    await poll(() => serverRecipe(recipeId)?.isPublished).toBe(true);
    expect(serverRecipe(recipeId)?.name).toBe('Tarte aux pommes');

    // Bruno sees it, and makes a favourite menu while online.
    const bruno = await openLibrary(BRUNO);
    const brunoContext: BrowserContext = bruno.context();
    await brunoContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.baseUrl,
    });
    await bruno
      .getByTestId('library-entry')
      .filter({ hasText: 'Tarte aux pommes' })
      .getByTestId('owner-lock')
      .getByText('Alice')
      .waitFor();
    await bruno.getByRole('button', { name: 'Ajouter...' }).click();
    await bruno.getByRole('menuitem', { name: 'Un menu favori' }).click();
    await bruno.waitForURL((url) => url.searchParams.has('id-menu'));
    const menuId = idParam(bruno, 'id-menu');
    await poll(() => serverMenu(menuId)?.isFavorite).toBe(true);
    // The device counts a change as pending until a pull confirms it: wait for that too.
    await indicator(bruno).getByText('À jour').waitFor();

    // Offline, Bruno adds Alice's recipe to his menu: the device accepts it at once.
    await brunoContext.setOffline(true);
    await indicator(bruno).getByText('Hors ligne').waitFor();
    const search = bruno.getByLabel('Ajouter une recette ou un ingrédient');
    await search.fill('tarte aux');
    await search.press('Enter');
    await successMessages(bruno).filter({ hasText: 'Menu modifié avec succès' }).first().waitFor();
    expect(await visibleText(bruno.getByTestId('menu-title'))).toBe('Tarte aux pommes');
    await indicator(bruno).getByText('Hors ligne · 1 modification en attente').waitFor();

    // Meanwhile Alice unpublishes the recipe.
    await alice.getByLabel('Publier').click();
    await poll(() => serverRecipe(recipeId)?.isPublished).toBe(false);

    // Back online, the server refuses Bruno's change.
    await brunoContext.setOffline(false);
    const refusedButton = bruno.getByRole('button', { name: '1 modification refusée' });
    await refusedButton.waitFor({ timeout: 30_000 });
    expect(serverMenu(menuId)?.recipeIds).toEqual([]);
    // The device converges: the recipe is no longer readable, the menu is empty again.
    await bruno.getByText('Le menu est vide.').waitFor();

    await refusedButton.click();
    const dialog = bruno.getByRole('dialog', { name: 'Modifications refusées' });
    const card = dialog.getByTestId('refused-change');
    await card.waitFor();
    const text = await visibleText(card);
    expect(text).toContain("Ajout d'une recette à un menu");
    expect(text).toContain("Motif : Cette recette n'existe pas ou n'est plus disponible.");
    // In words first; the raw change only behind 'Détails'.
    expect(await visibleText(card.getByTestId('refused-change-words'))).toBe(
      "Ajout d'une recette qui n'est plus disponible à un menu favori vide",
    );
    expect(text).not.toContain('"menuId"');
    await card.getByRole('button', { name: 'Détails' }).click();
    const details = await visibleText(card.getByTestId('refused-change-details'));
    expect(details).toContain(`"menuId": ${menuId}`);
    expect(details).toContain(`"recipeId": ${recipeId}`);

    await card.getByRole('button', { name: 'Copier' }).click();
    await successMessages(bruno).filter({ hasText: 'Contenu copié' }).first().waitFor();
    const copied = await bruno.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("Cette recette n'existe pas ou n'est plus disponible.");
    expect(copied).toContain(`"recipeId": ${recipeId}`);

    await card.getByRole('button', { name: 'Retirer de la liste' }).click();
    await dialog.getByText('Aucune modification refusée.').waitFor();
    await bruno.keyboard.press('Escape');
    await refusedButton.waitFor({ state: 'detached' });

    // Nothing of the refused change remains, and the recipe left Bruno's library.
    await bruno.getByRole('button', { name: 'Retour à la liste' }).click();
    await poll(async () =>
      (await bruno.getByTestId('library-entry-title').allInnerTexts()).map((t) => t.trim()),
    ).toEqual(['Menu vide']);
    await indicator(bruno).getByText('À jour').waitFor();
  });
});
