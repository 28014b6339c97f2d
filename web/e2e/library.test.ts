/**
 * The library in a real browser (issue 6): recipes with quantities, publishing, another user's
 * read-only view and favourite menus, paging, search with and without accents, the CSV import
 * (matching, new ingredients, malformed files), the export and its re-import elsewhere, and
 * deletions the rules refuse.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Recipe } from '@popote/domain';
import { createAccount, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import {
  STEP_TIMEOUT_MS,
  errorSnackbar,
  loginThroughUi,
  openPage,
  successMessages,
  visibleText,
} from './pages.js';

const PASSWORD = 'Tartiflette-2025';
const ALICE = { mail: 'alice@exemple.fr', password: PASSWORD, pseudo: 'Alice' };
const BRUNO = { mail: 'bruno@exemple.fr', password: PASSWORD, pseudo: 'Bruno' };
const CHLOE = { mail: 'chloe@exemple.fr', password: PASSWORD, pseudo: 'Chloé' };

/** Waits as long as a step may take: syncing to the server is part of some steps. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: STEP_TIMEOUT_MS });

let app: RunningApp;
let alice: Page;
let bruno: Page;
let gratinId: number;
let exported: string;

async function openLibrary(account: { mail: string; password: string }): Promise<Page> {
  const context: BrowserContext = await app.newContext({ acceptDownloads: true });
  const page = await openPage(context);
  await loginThroughUi(page, account.mail, account.password);
  await page.getByRole('link', { name: 'Bibliothèque' }).click();
  // Away from the rail, which widens over the page while hovered.
  await page.mouse.move(900, 500);
  await page.getByRole('heading', { name: 'Menus et recettes' }).waitFor();
  return page;
}

const entries = (page: Page): Locator => page.getByTestId('library-entry');
const entry = (page: Page, title: string): Locator =>
  entries(page).filter({
    has: page.getByTestId('library-entry-title').getByText(title, { exact: true }),
  });
const entryTitles = async (page: Page): Promise<string[]> =>
  (await page.getByTestId('library-entry-title').allInnerTexts()).map((t) => t.trim());

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Rechercher un menu ou une recette').fill(text);
}

async function waitForSuccess(page: Page, text: string): Promise<void> {
  await successMessages(page).filter({ hasText: text }).first().waitFor();
}

/** The server's copy of a row: proves that a change was synced, not only shown. */
const serverRecipe = (id: number): Recipe | undefined =>
  app.server.popote.store.sync.get('recipes', id);

async function setQuantity(
  page: Page,
  ingredient: string,
  quantity: { val: string; unit: string; people: string },
): Promise<void> {
  await page.getByRole('button', { name: `Modifier la quantité de « ${ingredient} »` }).click();
  const dialog = page.getByRole('dialog', { name: `Modifier l'ingrédient : ${ingredient}` });
  await dialog.getByLabel('Quantité', { exact: true }).fill(quantity.val);
  await dialog.getByLabel('Unité').click();
  await page.getByRole('option', { name: quantity.unit, exact: true }).click();
  await dialog.getByLabel('Pour').fill(quantity.people);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const recipeLine = (page: Page, ingredient: string): Locator =>
  page.getByTestId('recipe-ingredient').filter({ hasText: ingredient });

/** Opens the import dialog, reads `csv` as a file and waits for step 2 (or an error). */
async function importFile(page: Page, name: string, csv: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Import / export' }).click();
  await page.getByRole('menuitem', { name: 'Importer des recettes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des recettes' });
  const read = dialog.getByRole('button', { name: 'Lire le fichier' });
  expect(await read.isDisabled()).toBe(true);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await read.click();
  return dialog;
}

async function exportText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Import / export' }).click();
  await page.getByRole('menuitem', { name: 'Exporter mes recettes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exporter mes recettes' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Télécharger le fichier CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Mes recettes.csv');
  const text = await readFile((await download.path())!, 'utf8');
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();
  await dialog.waitFor({ state: 'hidden' });
  return text;
}

/** 20 recipes: a plural ('Tomates'), an accent difference ('Creme fraiche'), a new ingredient. */
function twentyRecipes(): string {
  const rows = [
    'Recettes,,',
    'Salade de tomates,entree,8',
    'Tomates,12,pièces',
    `Huile d'olive,"4,5",cL`,
    'Fleur de sel de Guérande,5,g',
    ',,',
    'Crème brûlée,dessert,6',
    'Creme fraiche,50,cl',
    'Œufs,6,pièces',
    'Sucre en poudre,120,g',
  ];
  for (let i = 1; i <= 18; i++) {
    const n = String(i).padStart(2, '0');
    rows.push(
      ',,',
      `Plat du jour ${n},platPrincipal,10`,
      `Riz long,"1,${i}",kg`,
      'Carotte,8,pièces',
    );
  }
  return rows.join('\r\n') + '\r\n';
}

beforeAll(async () => {
  app = await startApp();
  for (const account of [ALICE, BRUNO, CHLOE]) await createAccount(app, account);
  alice = await openLibrary(ALICE);
});
afterAll(async () => {
  await app?.close();
});

describe('library', () => {
  it('creates a recipe with three ingredients and quantities, and publishes it', async () => {
    await alice.getByRole('button', { name: 'Ajouter...' }).click();
    await alice.getByRole('menuitem', { name: 'Une recette' }).click();
    await alice.waitForURL((url) => url.searchParams.has('id-receipe'));
    gratinId = Number(new URL(alice.url()).searchParams.get('id-receipe'));
    await alice.getByRole('heading', { name: 'Détails de la recette' }).waitFor();
    const name = alice.getByLabel('Nom', { exact: true });
    expect(await name.inputValue()).toBe('Nouvelle recette');
    await name.fill('Gratin dauphinois');
    await name.press('Tab');
    expect(await alice.getByText('La recette est vide.').isVisible()).toBe(true);

    const add = alice.getByLabel('Ajouter un ingrédient');
    await add.fill('pomme de terre');
    await add.press('Enter');
    await recipeLine(alice, 'Pomme de terre').waitFor();
    await add.fill('CREME FRAICHE');
    await add.press('Tab');
    await recipeLine(alice, 'Crème fraîche').waitFor();
    await add.fill('lait ent');
    await add.press('Enter');
    await recipeLine(alice, 'Lait entier').waitFor();
    // Ten pièces for ten people until changed.
    expect(await visibleText(recipeLine(alice, 'Lait entier'))).toContain(
      '10 pièces pour 10 personnes',
    );

    await setQuantity(alice, 'Pomme de terre', { val: '1,5', unit: 'kg', people: '6' });
    await setQuantity(alice, 'Crème fraîche', { val: '20', unit: 'cL', people: '6' });
    await setQuantity(alice, 'Lait entier', { val: '0,5', unit: 'L', people: '6' });
    await poll(() => alice.getByTestId('recipe-ingredient').allInnerTexts()).toEqual([
      expect.stringMatching(/^Crème fraîche\s+Laitages\s+20 cL pour 6 personnes$/iu),
      expect.stringMatching(/^Lait entier\s+Laitages\s+50 cL pour 6 personnes$/iu),
      expect.stringMatching(/^Pomme de terre\s+Fruits et légumes\s+1,50 kg pour 6 personnes$/iu),
    ]);
    await waitForSuccess(alice, 'Ingrédient mis à jour avec succès');

    // A controlled switch: it turns on once the change is written to the device.
    await alice.getByLabel('Publier').click();
    await poll(() => alice.getByLabel('Publier').isChecked()).toBe(true);
    await poll(() => serverRecipe(gratinId)?.isPublished).toBe(true);
    const stored = serverRecipe(gratinId)!;
    expect(stored.name).toBe('Gratin dauphinois');
    expect(stored.ingredients.map((i) => i.quantity)).toEqual([
      { val: 1.5, unite: 1, forPeople: 6 },
      { val: 20, unite: 4, forPeople: 6 },
      { val: 0.5, unite: 3, forPeople: 6 },
    ]);

    // 'Quantité fixe' (issue 21): the cream does not scale with people; then it does again.
    const fixCream = async (fixed: boolean) => {
      await alice
        .getByRole('button', { name: 'Modifier la quantité de « Crème fraîche »' })
        .click();
      const dialog = alice.getByRole('dialog', { name: "Modifier l'ingrédient : Crème fraîche" });
      const box = dialog.getByRole('checkbox', { name: /^Quantité fixe/u });
      expect(await box.isChecked()).toBe(!fixed);
      await box.click();
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await fixCream(true);
    await poll(() => visibleText(recipeLine(alice, 'Crème fraîche'))).toMatch(
      /20 cL \(quantité fixe\)$/u,
    );
    await poll(() => serverRecipe(gratinId)?.ingredients[1]?.quantity).toEqual({
      val: 20,
      unite: 4,
      forPeople: 6,
      fixed: true,
    });
    await fixCream(false);
    await poll(() => serverRecipe(gratinId)?.ingredients[1]?.quantity).toEqual({
      val: 20,
      unite: 4,
      forPeople: 6,
    });
    await alice.getByRole('button', { name: 'Retour à la liste' }).click();
    await entry(alice, 'Gratin dauphinois').waitFor();
  });

  it('shows the recipe to another user with a lock, read-only, usable in a favourite menu', async () => {
    bruno = await openLibrary(BRUNO);
    const gratin = entry(bruno, 'Gratin dauphinois');
    await gratin.waitFor();
    // The pseudonym may reach the device a moment after the recipe.
    await poll(() => visibleText(gratin.getByTestId('owner-lock'))).toBe('Alice');
    expect(await gratin.getByRole('button', { name: /^Supprimer/u }).count()).toBe(0);

    await gratin.getByText('Gratin dauphinois').click();
    await bruno.getByRole('heading', { name: 'Détails de la recette' }).waitFor();
    expect(await visibleText(bruno.getByTestId('recipe-name'))).toBe('Gratin dauphinois');
    await poll(() => visibleText(bruno.getByTestId('owner-lock'))).toBe('Alice');
    expect(await bruno.getByLabel('Nom', { exact: true }).count()).toBe(0);
    expect(await bruno.getByLabel('Publier').count()).toBe(0);
    expect(await bruno.getByLabel('Ajouter un ingrédient').count()).toBe(0);
    expect(await bruno.getByRole('button', { name: /^Modifier la quantité/u }).count()).toBe(0);
    expect(await bruno.getByTestId('recipe-ingredient').count()).toBe(3);

    await bruno.getByRole('button', { name: 'Retour à la liste' }).click();
    await bruno.getByRole('button', { name: 'Ajouter...' }).click();
    await bruno.getByRole('menuitem', { name: 'Un menu favori' }).click();
    await bruno.getByRole('heading', { name: 'Détails du menu' }).waitFor();
    expect(await bruno.getByText('Le menu est vide.').isVisible()).toBe(true);
    expect(await visibleText(bruno.getByTestId('modified-on'))).toMatch(
      /^modifié le \d{1,2}(er)? [a-zéû]+ \d{4} à \d{2}:\d{2}$/u,
    );
    const add = bruno.getByLabel('Ajouter une recette ou un ingrédient');
    await add.fill('gratin');
    await bruno.getByRole('option', { name: /Gratin dauphinois/u }).waitFor();
    await add.press('Enter');
    await waitForSuccess(bruno, 'Menu modifié avec succès');
    await add.fill('salade verte');
    await add.press('Tab');
    await poll(() => bruno.getByTestId('menu-item').count()).toBe(2);
    expect(await visibleText(bruno.getByTestId('menu-title'))).toBe(
      'Gratin dauphinois, Salade verte',
    );
    expect(await visibleText(bruno.getByTestId('menu-people'))).toBe(
      'Ingrédients pour 10 personnes',
    );

    await bruno.getByRole('button', { name: 'Retour à la liste' }).click();
    await bruno.getByRole('heading', { name: 'Menus favoris', exact: true }).waitFor();
    expect(await entryTitles(bruno)).toEqual([
      'Gratin dauphinois, Salade verte',
      'Gratin dauphinois',
    ]);
  });

  it('imports a file of 20 recipes, matching plurals and accents, creating new ingredients', async () => {
    const dialog = await importFile(alice, 'recettes.csv', twentyRecipes());
    await dialog.getByText('20 recettes et 8 ingrédients différents dans le fichier.').waitFor();
    const choice = (name: string) => dialog.getByLabel(`Ingrédient pour « ${name} »`);
    expect(await choice('Tomates').inputValue()).toBe('Tomate');
    expect(await choice('Creme fraiche').inputValue()).toBe('Crème fraîche');
    expect(await choice('Œufs').inputValue()).toBe('Œufs');
    expect(await choice('Fleur de sel de Guérande').inputValue()).toBe('Nouvel ingrédient');
    const newRows = dialog.getByTestId('import-name').filter({ hasText: 'Nouveau' });
    expect(await newRows.count()).toBe(1);
    expect(await visibleText(newRows.locator('td').first())).toBe('Fleur de sel de Guérande');
    await dialog.getByLabel('Catégorie de « Fleur de sel de Guérande »').click();
    await alice.getByRole('option', { name: 'Épicerie', exact: true }).click();

    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await dialog
      .getByText('20 recettes seront importées, 1 nouvel ingrédient sera créé.')
      .waitFor();
    const first = dialog.getByTestId('import-recipe').first();
    expect(await visibleText(first)).toContain('Salade de tomates');
    expect(await first.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(/^Tomate\s+12\s+pièces$/u),
      expect.stringMatching(/^Huile d'olive\s+4,50\s+cL$/u),
      expect.stringMatching(/^Fleur de sel de Guérande\s+Nouveau\s+5\s+gr$/iu),
    ]);
    // Back returns one step, and forward again keeps the choices.
    await dialog.getByRole('button', { name: 'Retour' }).click();
    expect(await choice('Tomates').inputValue()).toBe('Tomate');
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await dialog.getByRole('button', { name: 'Importer les recettes' }).click();
    await waitForSuccess(alice, 'Recettes importées avec succès');
    await dialog.waitFor({ state: 'hidden' });

    await search(alice, 'salade de tom');
    await poll(() => entryTitles(alice)).toEqual(['Salade de tomates']);
    await poll(() => app.server.popote.store.sync.all('recipes').length).toBe(21);
    const fleur = app.server.popote.store.sync.where(
      'ingredients',
      'nameKey',
      'fleurdeseldeguerande',
    );
    expect(fleur.map((i) => i.kind)).toEqual([4]);
  });

  it('pages 12 items at a time, menus first', async () => {
    await search(alice, '');
    await poll(() => entries(alice).count()).toBe(12);
    const pager = alice.getByRole('button', { name: '2', exact: true });
    await pager.click();
    await poll(() => entries(alice).count()).toBe(9);
    expect(await alice.getByRole('heading', { name: 'Recettes', exact: true }).isVisible()).toBe(
      true,
    );
    expect((await entryTitles(alice)).at(-1)).toBe('Crème brûlée');
    await alice.getByRole('button', { name: '1', exact: true }).click();
    // Entrée first, then Plat principal in French order, the published menus of others none.
    expect((await entryTitles(alice)).slice(0, 3)).toEqual([
      'Salade de tomates',
      'Gratin dauphinois',
      'Plat du jour 01',
    ]);
  });

  it('searches ignoring accents, case and spaces', async () => {
    for (const text of ['creme brulee', 'CRÈME', 'brûlée', 'cremebrul']) {
      await search(alice, text);
      await poll(() => entryTitles(alice)).toEqual(['Crème brûlée']);
    }
    // Every word must match, anywhere: '1' is in 01 and in 10 to 18.
    await search(alice, 'plat du jour 1');
    await poll(() => entryTitles(alice)).toEqual([
      'Plat du jour 01',
      'Plat du jour 10',
      'Plat du jour 11',
      'Plat du jour 12',
      'Plat du jour 13',
      'Plat du jour 14',
      'Plat du jour 15',
      'Plat du jour 16',
      'Plat du jour 17',
      'Plat du jour 18',
    ]);
    await search(alice, 'pot-au-feu');
    await alice.getByText('Aucun résultat ne correspond à votre recherche.').waitFor();
    // One character is not a search yet: everything shows.
    await search(alice, 'z');
    await poll(() => entries(alice).count()).toBe(12);
  });

  it('exports the recipes and re-imports them elsewhere as the same recipes', async () => {
    exported = await exportText(alice);
    expect(exported.startsWith('\uFEFFRecettes,,\r\n')).toBe(true);
    expect(exported).toContain('\r\nCrème brûlée,dessert,6\r\nCrème fraîche,50,cL\r\n');
    expect(exported).toContain('\r\nGratin dauphinois,platPrincipal,6\r\n');
    expect(exported.match(/,(entree|platPrincipal|dessert|autre),\d+\r\n/gu)).toHaveLength(21);
    await waitForSuccess(alice, 'Fichier téléchargé avec succès');

    const chloe = await openLibrary(CHLOE);
    const dialog = await importFile(chloe, 'export.csv', exported);
    await dialog.getByText('21 recettes et 10 ingrédients différents dans le fichier.').waitFor();
    expect(await dialog.getByText('Nouveau', { exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Suivant' }).click();
    await dialog.getByText('21 recettes seront importées.').waitFor();
    await dialog.getByRole('button', { name: 'Importer les recettes' }).click();
    await waitForSuccess(chloe, 'Recettes importées avec succès');
    await search(chloe, ':R');
    await poll(() => entries(chloe).count()).toBe(12);
    expect(await exportText(chloe)).toBe(exported);
    await chloe.context().close();
  });

  it('shows the line of a malformed file and imports nothing', async () => {
    const csv = 'Recettes,,\nTarte cassée,dessert,6\nFarine de blé,200,g\nBeurre,beaucoup,g\n';
    const dialog = await importFile(alice, 'cassé.csv', csv);
    expect(await visibleText(dialog.getByTestId('import-error'))).toBe(
      'Ligne 4 : la quantité « beaucoup » est illisible.',
    );
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await search(alice, 'tarte cassee');
    await alice.getByText('Aucun résultat ne correspond à votre recherche.').waitFor();
    expect(serverRecipesNamed('Tarte cassée')).toEqual([]);
  });

  it('explains why a deletion is refused, and deletes after confirmation otherwise', async () => {
    // An ingredient used in a recipe.
    await alice.getByRole('button', { name: 'Liste des ingrédients' }).click();
    const list = alice.getByRole('dialog', { name: 'Liste des ingrédients' });
    await list.getByLabel('Filtrer par nom').fill('fleur de sel');
    await poll(() => list.getByTestId('ingredient-row').allInnerTexts()).toEqual([
      expect.stringMatching(/^Fleur de sel de Guérande\s+Épicerie/u),
    ]);
    await list.getByRole('button', { name: 'Supprimer « Fleur de sel de Guérande »' }).click();
    await poll(() => visibleText(errorSnackbar(alice))).toContain('Ingrédient utilisé');
    expect(await visibleText(alice.getByTestId('error-snackbar-body'))).toBe(
      "L'ingrédient est utilisé dans une recette ou un menu.",
    );
    // The catalogue's ingredients are locked.
    await list.getByLabel('Filtrer par nom').fill('carotte');
    await poll(() => list.getByTestId('ingredient-row').allInnerTexts()).toEqual([
      expect.stringMatching(/^Carotte\s+Fruits et légumes/u),
    ]);
    expect(await list.getByTestId('owner-lock').count()).toBe(1);
    expect(await list.getByRole('button', { name: /^Supprimer/u }).count()).toBe(0);
    await alice.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    // A recipe used in a menu.
    await alice.getByRole('button', { name: 'Ajouter...' }).click();
    await alice.getByRole('menuitem', { name: 'Un menu favori' }).click();
    const add = alice.getByLabel('Ajouter une recette ou un ingrédient');
    await add.fill('creme brulee');
    await add.press('Enter');
    await alice.getByTestId('menu-item').waitFor();
    await alice.getByRole('button', { name: 'Retour à la liste' }).click();
    await search(alice, 'brûlée');
    await poll(() => entryTitles(alice)).toEqual(['Crème brûlée', 'Crème brûlée']);
    await alice
      .locator('[data-kind="receipe"]')
      .getByRole('button', { name: 'Supprimer « Crème brûlée »' })
      .click();
    const confirm = alice.getByRole('dialog', { name: 'Confirmer la suppression' });
    expect(await visibleText(confirm)).toContain(
      'Confirmez-vous la suppression de la recette « Crème brûlée » ? Cette opération est irréversible.',
    );
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await poll(() => visibleText(alice.getByTestId('error-snackbar-body'))).toBe(
      'Cette recette est utilisée dans un menu : elle ne peut pas être supprimée.',
    );
    expect(await entryTitles(alice)).toEqual(['Crème brûlée', 'Crème brûlée']);

    // The menu itself may go, then the recipe.
    await alice
      .locator('[data-kind="menu"]')
      .getByRole('button', { name: 'Supprimer « Crème brûlée »' })
      .click();
    expect(await visibleText(confirm)).toContain(
      'Confirmez-vous la suppression du menu « Crème brûlée » ? Cette opération est irréversible.',
    );
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await poll(() => entryTitles(alice)).toEqual(['Crème brûlée']);
    await alice.getByRole('button', { name: 'Supprimer « Crème brûlée »' }).click();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await alice.getByText('Aucun résultat ne correspond à votre recherche.').waitFor();
    // Chloé's copy stays.
    await poll(() => serverRecipesNamed('Crème brûlée').map(ownerPseudo)).toEqual(['Chloé']);
  });
});

const serverRecipesNamed = (name: string): Recipe[] =>
  app.server.popote.store.sync.all('recipes').filter((r) => r.name === name);
const ownerPseudo = (r: Recipe): string | undefined =>
  app.server.popote.store.sync.get('users', r.owner)?.pseudo;
