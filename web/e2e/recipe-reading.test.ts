/**
 * A recipe read from a link or from pasted text (issue 34), on a touch tablet as its first
 * user tries it: a French recipe page served on this machine (the server may read it because
 * RECIPE_IMPORT_ALLOW_HOSTS allows 127.0.0.1), read, reviewed, one matched ingredient changed,
 * imported with its steps and source; put in a meal of 30 people, its quantities read scaled
 * on the export screen. Then a pasted recipe, all of it offline, on the server once online.
 * And the review on a phone: nothing sticks out, every field and button is reachable, and
 * axe-core finds no serious violation.
 */
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AxeResults } from 'axe-core';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Ingredient, Recipe } from '@popote/domain';
import { createAccount, expectNoHorizontalOverflow, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import {
  loginWithActiveStay,
  openPage,
  successMessages,
  topBarTitle,
  visibleText,
} from './pages.js';
import { Seeder } from './seed.js';
import { dayMeals, expectSuccess, poll } from './walk.js';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

const MAIL = 'cuisine-lue@exemple.fr';
const PASSWORD = 'Gratin-Savoyard-2025';
const STAY = 'Camp de la Toussaint';
const NOW = '2025-06-01T10:00:00.000Z';
const MIDI = 1;

const GRATIN = 'Gratin dauphinois de Mamie';
/** A recipe page as French sites write them: page chrome, and the recipe in JSON-LD. */
const GRATIN_PAGE = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8">
<title>${GRATIN} - Cuisine du terroir</title>
<script type="application/ld+json">
${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name: GRATIN,
  recipeYield: '6 personnes',
  recipeCategory: 'Plat principal',
  recipeIngredient: [
    '1,5 kg de pommes de terre',
    '50 cl de lait entier',
    '20 cl de crème fraîche',
    "2 c. à soupe d'huile d'olive",
    '100 g de gruyère râpé',
    'sel, poivre',
  ],
  recipeInstructions: [
    {
      '@type': 'HowToStep',
      text: 'Éplucher les pommes de terre et les couper en rondelles fines.',
    },
    { '@type': 'HowToStep', text: 'Huiler le plat, y ranger les rondelles, saler et poivrer.' },
    { '@type': 'HowToStep', text: 'Verser le lait et la crème, parsemer de gruyère.' },
    { '@type': 'HowToStep', text: 'Cuire 1 h 15 au four à 160 °C.' },
  ],
})}
</script></head>
<body><header><nav><a href="/">Accueil</a> › <a href="/plats">Plats</a></nav></header>
<main><h1>${GRATIN}</h1><p>Le vrai gratin, sans fromage dessus… ou presque.</p></main>
<footer>© Cuisine du terroir</footer></body></html>`;

const TARTE = 'Tarte aux pommes du goûter';
const TARTE_TEXT = [
  TARTE,
  'Pour 8 personnes',
  '',
  'Ingrédients',
  '- 1 kg 1/2 de pommes',
  '- 250 g de farine',
  '- 125 g de beurre',
  '- 80 g de sucre',
  '- 1 pincée de sel',
  '',
  'Préparation',
  'Mélanger la farine, le beurre et le sel, étaler la pâte.',
  'Disposer les pommes en lamelles, saupoudrer de sucre.',
  'Cuire 40 minutes à 180 °C.',
].join('\n');
/** What the text said besides its ingredients: the pinch of salt, then the steps. */
const TARTE_DESCRIPTION = [
  'Précisions :',
  '- sel : 1 pincée',
  '',
  'Mélanger la farine, le beurre et le sel, étaler la pâte.',
  'Disposer les pommes en lamelles, saupoudrer de sucre.',
  'Cuire 40 minutes à 180 °C.',
].join('\n');

let app: RunningApp;
let site: Server;
let siteBase: string;
const browserSiteRequests: string[] = [];
let context: BrowserContext;
let page: Page;

/** The stay: from Monday 7 July 2025, Louveteaux (18) and Scouts (12), two empty Midi meals. */
async function seedStay(): Promise<void> {
  const seed = await Seeder.open(app, MAIL, PASSWORD);
  const stayId = seed.stayWithGroup(STAY, '2025-07-07', 'Louveteaux', 18);
  seed.add('createGroup', { id: seed.id(), stayId, name: 'Scouts', color: '#00AA00', size: 12 });
  seed.meal(stayId, 0, MIDI, NOW);
  seed.meal(stayId, 1, MIDI, NOW);
  await seed.flush();
}

/**
 * A recipe site on 127.0.0.1 serving these pages by path (the server tests' own,
 * sync-server/test/recipe-site.ts, is not part of @popote/sync-server/testing). Counts the
 * requests, to tell that the server fetched the page.
 */
let siteRequests = 0;
async function startRecipeSite(pages: Record<string, string>): Promise<Server> {
  const server = createServer((req, res) => {
    siteRequests++;
    const body = pages[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(body ?? 'introuvable');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  site = await startRecipeSite({ '/recettes/gratin-dauphinois': GRATIN_PAGE });
  siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  app = await startApp({ recipeImportAllowHosts: '127.0.0.1' });
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Intendante' });
  await seedStay();
  context = await app.newContext(TABLET);
  // The page is read by the server, never opened on the device.
  context.on('request', (request) => {
    if (request.url().startsWith(siteBase)) browserSiteRequests.push(request.url());
  });
  page = await openPage(context);
  await loginWithActiveStay(page, MAIL, PASSWORD);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
});
afterAll(async () => {
  await app?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

const indicator = (on: Page): Locator => on.getByTestId('sync-indicator');
const serverRecipe = (name: string): Recipe | undefined =>
  app.server.popote.store.sync.all('recipes').find((r) => r.name === name);
const serverIngredientName = (id: number): string | undefined =>
  app.server.popote.store.sync.get('ingredients', id)?.name;

async function openLibrary(on: Page): Promise<void> {
  await on.getByRole('link', { name: 'Bibliothèque' }).tap();
  await on.getByRole('heading', { name: 'Menus et recettes' }).waitFor();
}

/** 'Import / export' → `entry`: the dialog it opens. */
async function openImport(on: Page, entry: string): Promise<Locator> {
  await on.getByRole('button', { name: 'Import / export' }).tap();
  await on.getByRole('menuitem', { name: entry }).tap();
  const dialog = on.getByRole('dialog', { name: entry });
  await dialog.waitFor();
  return dialog;
}

/** Each line of the review: its text as in its field, and what was read from it. */
async function reviewLines(dialog: Locator): Promise<[string, string][]> {
  const rows = await dialog.getByTestId('read-line').all();
  return Promise.all(
    rows.map(async (row) => {
      const text = await row.getByRole('textbox').inputValue();
      const reading = (await row.innerText()).trim();
      return [text, reading] as [string, string];
    }),
  );
}

const choice = (dialog: Locator, name: string): Locator =>
  dialog.getByLabel(`Ingrédient pour « ${name} »`);

/** The controls found over a line of text, sampled every 20 px across its width. */
async function controlsOver(text: Locator): Promise<string[]> {
  return text.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const found = new Set<string>();
    for (let x = r.left + 2; x < r.right; x += 20) {
      const hit = document.elementFromPoint(x, r.top + r.height / 2);
      const control = hit?.closest('button, input');
      if (control && !e.contains(control)) found.add(control.outerHTML.slice(0, 120));
    }
    return [...found];
  });
}

/** The choices of the ingredients step: each name of the recipe and the ingredient chosen. */
async function ingredientChoices(dialog: Locator): Promise<[string, string][]> {
  const rows = await dialog.getByTestId('import-name').all();
  return Promise.all(
    rows.map(async (row) => {
      const name = (await row.locator('td').first().innerText()).trim();
      return [name, await choice(dialog, name).inputValue()] as [string, string];
    }),
  );
}

/** Picks another ingredient for `name` in the ingredients step, by typing and tapping. */
async function chooseIngredient(on: Page, dialog: Locator, name: string, ingredient: string) {
  await choice(dialog, name).tap();
  await choice(dialog, name).fill(ingredient.slice(0, 8));
  await on.getByRole('option', { name: ingredient, exact: true }).tap();
  expect(await choice(dialog, name).inputValue()).toBe(ingredient);
}

/** The recipe step's rows of the one recipe: ingredient (and 'Nouveau'), quantity, unit. */
async function plannedItems(dialog: Locator): Promise<string[]> {
  const card = dialog.getByTestId('import-recipe');
  await card.waitFor();
  return (await card.locator('tbody tr').allInnerTexts()).map((t) =>
    t.replace(/\s+/gu, ' ').trim(),
  );
}

/** Taps a recipe found in the day view's side panel, then the meal it goes in. */
async function tapRecipeInto(on: Page, search: string, recipe: string, mealOption: string) {
  const field = on.getByLabel('Rechercher une recette ou un ingrédient');
  await field.tap();
  await field.fill(search);
  await on.getByTestId('resource-result').filter({ hasText: recipe }).first().tap();
  const place = on.getByTestId('place-dialog');
  await place.waitFor();
  await place.getByTestId('place-option').filter({ hasText: mealOption }).tap();
  await place.waitFor({ state: 'hidden' });
}

/** The export screen's totals for one day of the stay, as rows of cells. */
async function totalsOfDay(on: Page, day: string): Promise<string[][]> {
  await on.getByRole('link', { name: 'Export', exact: true }).tap();
  await poll(() => visibleText(topBarTitle(on))).toBe(
    `Bilan des ingrédients pour le séjour : ${STAY}`,
  );
  await on.getByRole('checkbox', { name: day }).check();
  await on.getByRole('button', { name: 'Exporter les ingrédients nécessaires' }).tap();
  const rows = on.getByTestId('export-ingredient');
  await rows.first().waitFor();
  return Promise.all(
    (await rows.all()).map(async (row) =>
      (await row.getByRole('cell').allInnerTexts()).map((t) =>
        t.replace(/[\u00a0\u202f]/gu, ' ').trim(),
      ),
    ),
  );
}

/** Puts `recipe` in the Midi meal of the stay's `dayIndex`th day, in the day view. */
async function putInMidi(on: Page, dayIndex: number, search: string, recipe: string) {
  await on.getByRole('link', { name: 'Agenda' }).tap();
  await on.getByTestId('agenda-week').waitFor();
  await on.getByTestId('week-day-header').nth(dayIndex).tap();
  await on.waitForURL((url) => url.search === `?dayOffset=${dayIndex + 1}`);
  await poll(() => dayMeals(on).count()).toBe(1);
  expect(await visibleText(dayMeals(on).first().getByTestId('meal-people'))).toBe('30 personnes');
  await tapRecipeInto(on, search, recipe, 'Midi');
  await expectSuccess(on, 'Menu mis à jour avec succès');
  await poll(() => dayMeals(on).first().getByTestId('menu-item-chip').allInnerTexts()).toEqual([
    recipe,
  ]);
}

describe('a recipe read from a link, on a tablet', () => {
  const url = () => `${siteBase}/recettes/gratin-dauphinois`;

  it('reads the page, lets one ingredient be changed, and imports it with its steps', async () => {
    await openLibrary(page);
    const dialog = await openImport(page, 'Importer depuis un lien');
    await dialog.getByLabel('Adresse de la recette').fill(url());
    await dialog.getByRole('button', { name: 'Lire la recette' }).tap();
    await dialog.getByTestId('read-recipe-review').waitFor();
    expect(siteRequests).toBe(1);
    expect(browserSiteRequests).toEqual([]);
    expect(await dialog.getByLabel('Nom de la recette').inputValue()).toBe(GRATIN);
    expect(await dialog.getByLabel('Nombre de personnes').inputValue()).toBe('6');
    expect(await dialog.getByLabel('Type de plat').inputValue()).toBe('Plat principal');
    // Nothing of the fields above spills over the lines' title.
    expect(await controlsOver(dialog.getByText('Ingrédients lus', { exact: true }))).toEqual([]);
    expect(await reviewLines(dialog)).toEqual([
      ['1,5 kg de pommes de terre', '1,50 kg de « pommes de terre »'],
      ['50 cl de lait entier', '50 cL de « lait entier »'],
      ['20 cl de crème fraîche', '20 cL de « crème fraîche »'],
      ["2 c. à soupe d'huile d'olive", "3 cL de « huile d'olive »\n\n2 c. à soupe"],
      ['100 g de gruyère râpé', '100 gr de « gruyère râpé »'],
      ['sel', 'Sans quantité : ira dans la description'],
      ['poivre', 'Sans quantité : ira dans la description'],
    ]);

    await dialog.getByRole('button', { name: 'Suivant' }).tap();
    await dialog.getByTestId('import-ingredients').waitFor();
    expect(await ingredientChoices(dialog)).toEqual([
      ['Pommes de terre', 'Pomme de terre'],
      ['Lait entier', 'Lait entier'],
      ['Crème fraîche', 'Crème fraîche'],
      ["Huile d'olive", "Huile d'olive"],
      ['Gruyère râpé', 'Nouvel ingrédient'],
    ]);
    expect(await dialog.getByText('5 ingrédients lus dans la recette.').isVisible()).toBe(true);
    expect(await dialog.getByText('dans le fichier', { exact: false }).count()).toBe(0);
    // The camp cooks with liquid cream, and grates its own Gruyère.
    await chooseIngredient(page, dialog, 'Crème fraîche', 'Crème liquide');
    await chooseIngredient(page, dialog, 'Gruyère râpé', 'Gruyère');
    // Back to the review and forward again: the choices stay.
    await dialog.getByRole('button', { name: 'Retour' }).tap();
    await dialog.getByTestId('read-recipe-review').waitFor();
    await dialog.getByRole('button', { name: 'Suivant' }).tap();
    expect((await ingredientChoices(dialog)).map(([, chosen]) => chosen)).toEqual([
      'Pomme de terre',
      'Lait entier',
      'Crème liquide',
      "Huile d'olive",
      'Gruyère',
    ]);
    await dialog.getByRole('button', { name: 'Suivant' }).tap();
    expect(await plannedItems(dialog)).toEqual([
      'Pomme de terre 1,50 kg',
      'Lait entier 50 cL',
      'Crème liquide 20 cL',
      "Huile d'olive 3 cL",
      'Gruyère 100 gr',
    ]);
    await dialog.getByRole('button', { name: 'Importer la recette' }).tap();
    await expectSuccess(page, 'Recette importée');
    await dialog.waitFor({ state: 'hidden' });

    // In the library, with its description: what had no quantity, the steps and the source.
    await page.getByLabel('Rechercher un menu ou une recette').fill('gratin mamie');
    await page.getByTestId('library-entry-title').getByText(GRATIN, { exact: true }).tap();
    await page.getByRole('heading', { name: 'Détails de la recette' }).waitFor();
    const description = await page.getByLabel('Description').inputValue();
    expect(description).toBe(
      [
        'Sans quantité : sel ; poivre',
        '',
        'Précisions :',
        "- huile d'olive : 2 c. à soupe",
        '',
        '1. Éplucher les pommes de terre et les couper en rondelles fines.',
        '2. Huiler le plat, y ranger les rondelles, saler et poivrer.',
        '3. Verser le lait et la crème, parsemer de gruyère.',
        '4. Cuire 1 h 15 au four à 160 °C.',
        '',
        `Source : ${url()}`,
      ].join('\n'),
    );

    await poll(() => serverRecipe(GRATIN)?.description ?? '').toBe(description);
    const stored = serverRecipe(GRATIN)!;
    expect(stored.plat).toBe(2);
    expect(
      stored.ingredients.map((i) => [serverIngredientName(i.ingredientId), i.quantity]),
    ).toEqual([
      ['Pomme de terre', { val: 1.5, unite: 1, forPeople: 6 }],
      ['Lait entier', { val: 50, unite: 4, forPeople: 6 }],
      ['Crème liquide', { val: 20, unite: 4, forPeople: 6 }],
      ["Huile d'olive", { val: 3, unite: 4, forPeople: 6 }],
      ['Gruyère', { val: 100, unite: 2, forPeople: 6 }],
    ]);
  });

  it('puts it in a meal of 30 people, whose quantities the export screen scales', async () => {
    await putInMidi(page, 0, 'gratin mamie', GRATIN);
    // For 6 people, the meal has 18 + 12 = 30: five times each quantity.
    expect(await totalsOfDay(page, 'lundi 7 juillet 2025')).toEqual([
      ['Pomme de terre', '7,50 kg'],
      ["Huile d'olive", '15 cL'],
      ['Crème liquide', '100 cL'],
      ['Gruyère', '500 gr'],
      ['Lait entier', '2,50 L'],
    ]);
  });
});

describe('a pasted recipe, offline, on a tablet', () => {
  it('reads, reviews and imports the text with no network, and uses it in a meal', async () => {
    await context.setOffline(true);
    await poll(() => visibleText(indicator(page))).toBe('Hors ligne');
    await openLibrary(page);
    const dialog = await openImport(page, 'Coller une recette');
    await dialog.getByLabel('Texte de la recette').fill(TARTE_TEXT);
    await dialog.getByRole('button', { name: 'Lire la recette' }).tap();
    await dialog.getByTestId('read-recipe-review').waitFor();
    expect(await dialog.getByLabel('Nom de la recette').inputValue()).toBe(TARTE);
    expect(await dialog.getByLabel('Nombre de personnes').inputValue()).toBe('8');
    // The text does not say: 'Autre', as it is imported.
    expect(await dialog.getByLabel('Type de plat').inputValue()).toBe('Autre');
    expect(await reviewLines(dialog)).toEqual([
      // The reader does not know '1 kg 1/2' yet: the user writes it otherwise.
      ['1 kg 1/2 de pommes', 'À corriger : quantité ou ingrédient illisible'],
      ['250 g de farine', '250 gr de « farine »'],
      ['125 g de beurre', '125 gr de « beurre »'],
      ['80 g de sucre', '80 gr de « sucre »'],
      ['1 pincée de sel', '0,50 gr de « sel »\n\n1 pincée'],
    ]);
    // A recipe needs a name, said where it is typed.
    const next = dialog.getByRole('button', { name: 'Suivant' });
    await dialog.getByLabel('Nom de la recette').fill(' ');
    await dialog.getByRole('textbox', { name: 'Ligne 1', exact: true }).fill('1,5 kg de pommes');
    await next.tap();
    expect(await visibleText(dialog.getByTestId('import-error'))).toBe(
      'Donnez un nom à la recette.',
    );
    await dialog.getByLabel('Nom de la recette').fill(TARTE);
    await dialog.getByRole('textbox', { name: 'Ligne 1', exact: true }).fill('1 kg 1/2 de pommes');
    // The unread line blocks the import until it is corrected; a tap on 'Suivant' reads it.
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByText("Une ligne reste à corriger ou à retirer avant l'import.").waitFor();
    await dialog.getByRole('textbox', { name: 'Ligne 1', exact: true }).fill('1,5 kg de pommes');
    await next.tap();
    await dialog.getByTestId('import-ingredients').waitFor();
    // Back to the review: the correction is still there.
    await dialog.getByRole('button', { name: 'Retour' }).tap();
    await dialog.getByTestId('read-recipe-review').waitFor();
    expect((await reviewLines(dialog))[0]).toEqual(['1,5 kg de pommes', '1,50 kg de « pommes »']);
    await next.tap();
    await dialog.getByTestId('import-ingredients').waitFor();
    expect(await ingredientChoices(dialog)).toEqual([
      ['Pommes', 'Pomme'],
      ['Farine', 'Nouvel ingrédient'],
      ['Beurre', 'Beurre'],
      ['Sucre', 'Sucre en poudre'],
      ['Sel', 'Sel'],
    ]);
    // A new ingredient, its category proposed from the catalogue's 'Farine de blé'.
    expect(await dialog.getByLabel('Catégorie de « Farine »').inputValue()).toBe('Épicerie');
    await dialog.getByRole('button', { name: 'Suivant' }).tap();
    expect(await plannedItems(dialog)).toEqual([
      'Pomme 1,50 kg',
      'Farine NOUVEAU 250 gr',
      'Beurre 125 gr',
      'Sucre en poudre 80 gr',
      'Sel 0,50 gr',
    ]);
    await dialog.getByRole('button', { name: 'Importer la recette' }).tap();
    await expectSuccess(page, 'Recette importée');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Rechercher un menu ou une recette').fill('tarte pommes');
    await page.getByTestId('library-entry-title').getByText(TARTE, { exact: true }).tap();
    await page.getByRole('heading', { name: 'Détails de la recette' }).waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe(TARTE_DESCRIPTION);
    expect(serverRecipe(TARTE)).toBeUndefined();

    await putInMidi(page, 1, 'tarte pommes', TARTE);
    // For 8 people, the meal has 30: 3,75 times each quantity.
    expect(await totalsOfDay(page, 'mardi 8 juillet 2025')).toEqual([
      ['Pomme', '5,63 kg'],
      ['Farine', '937,50 gr'],
      ['Sel', '1,88 gr'],
      ['Sucre en poudre', '300 gr'],
      ['Beurre', '468,75 gr'],
    ]);
    expect(serverRecipe(TARTE)).toBeUndefined();
  });

  it('reaches the server once online', async () => {
    await context.setOffline(false);
    await poll(() => visibleText(indicator(page))).toBe('À jour');
    await poll(() => serverRecipe(TARTE)?.name).toBe(TARTE);
    const stored = serverRecipe(TARTE)!;
    expect(stored.plat).toBe(0);
    expect(stored.description).toBe(TARTE_DESCRIPTION);
    expect(
      stored.ingredients.map((i) => [serverIngredientName(i.ingredientId), i.quantity]),
    ).toEqual([
      ['Pomme', { val: 1.5, unite: 1, forPeople: 8 }],
      ['Farine', { val: 250, unite: 2, forPeople: 8 }],
      ['Beurre', { val: 125, unite: 2, forPeople: 8 }],
      ['Sucre en poudre', { val: 80, unite: 2, forPeople: 8 }],
      ['Sel', { val: 0.5, unite: 2, forPeople: 8 }],
    ]);
    const farine = app.server.popote.store.sync
      .all('ingredients')
      .filter((i: Ingredient) => i.name === 'Farine');
    expect(farine.map((i) => i.kind)).toEqual([4]);
    // The meal planned offline holds it too.
    await poll(
      () =>
        app.server.popote.store.sync.all('menus').filter((m) => m.recipeIds.includes(stored.id))
          .length,
    ).toBe(1);
  });
});

/**
 * Each visible field and button of `dialog`, scrolled to as a finger would: within the screen's
 * width, and not covered by anything (what is at its centre is itself).
 */
async function reachability(
  dialog: Locator,
  width: number,
): Promise<{ reached: string[]; outOfReach: string[] }> {
  const reached: string[] = [];
  const outOfReach: string[] = [];
  for (const control of await dialog.locator('input:not([type="hidden"]), button').all()) {
    if (!(await control.isVisible())) continue;
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    const { name, covered } = await control.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const onTop = hit !== null && (e === hit || e.contains(hit) || hit.contains(e));
      return {
        name: (
          e.getAttribute('aria-label') ??
          (e as HTMLInputElement).labels?.[0]?.innerText ??
          e.textContent ??
          ''
        )
          .replace(/\s*\*$/u, '')
          .trim(),
        covered: onTop ? null : (hit?.outerHTML.slice(0, 120) ?? 'nothing'),
      };
    });
    if (box.x < 0 || box.x + box.width > width || covered !== null) {
      outOfReach.push(`${name}: x=${Math.round(box.x)} w=${Math.round(box.width)} ${covered}`);
    } else {
      reached.push(name);
    }
  }
  return { reached, outOfReach };
}

describe('the review on a phone', () => {
  let phone: Page;

  beforeAll(async () => {
    // The app's Content-Security-Policy would refuse the injected axe engine.
    const phoneContext = await app.newContext({ ...PHONE, bypassCSP: true });
    phone = await openPage(phoneContext);
    await loginWithActiveStay(phone, MAIL, PASSWORD);
    // The welcome message covers the bottom of the screen until it goes: a user closes it.
    await successMessages(phone).getByRole('button').tap();
    await successMessages(phone).waitFor({ state: 'detached' });
  });

  it('fits the screen, every field and button within reach, and passes axe', async () => {
    await phone.getByRole('button', { name: 'Ouvrir la navigation' }).tap();
    await phone
      .getByTestId('nav-panel')
      .getByRole('link', { name: 'Bibliothèque', exact: true })
      .tap();
    await phone.getByRole('heading', { name: 'Menus et recettes' }).waitFor();
    const dialog = await openImport(phone, 'Importer depuis un lien');
    await dialog.getByLabel('Adresse de la recette').fill(`${siteBase}/recettes/gratin-dauphinois`);
    await dialog.getByRole('button', { name: 'Lire la recette' }).tap();
    await dialog.getByTestId('read-recipe-review').waitFor();
    await expectNoHorizontalOverflow(phone, 'the review on a phone');

    const { reached, outOfReach } = await reachability(dialog, PHONE.viewport.width);
    expect(outOfReach).toEqual([]);
    expect(reached).toEqual(
      expect.arrayContaining([
        'Adresse de la recette',
        'Nom de la recette',
        'Nombre de personnes',
        'Type de plat',
        ...[1, 2, 3, 4, 5, 6, 7].flatMap((n) => [`Ligne ${n}`, `Retirer la ligne ${n}`]),
        'Annuler',
        'Lire la recette',
        'Suivant',
      ]),
    );
    // A line taken out with a finger.
    await dialog.getByRole('button', { name: 'Retirer la ligne 7' }).tap();
    await poll(() => dialog.getByTestId('read-line').count()).toBe(6);
    await expectNoHorizontalOverflow(phone, 'the review on a phone, a line taken out');

    await phone.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    });
    await phone.addScriptTag({ path: AXE_PATH });
    const results = await phone.evaluate(() =>
      (
        window as unknown as { axe: { run: (c: unknown, o: object) => Promise<AxeResults> } }
      ).axe.run(document.querySelector('[role="dialog"]'), { resultTypes: ['violations'] }),
    );
    const grave = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    expect(grave).toEqual([]);

    // The ingredients step: each ingredient chosen reads whole, not cut ('Sucre' for 'Sucre en
    // poudre').
    await dialog.getByRole('button', { name: 'Suivant' }).tap();
    await dialog.getByTestId('import-ingredients').waitFor();
    await expectNoHorizontalOverflow(phone, 'the ingredients step on a phone');
    const cut = await dialog
      .locator('[data-testid="import-name"] input:not([type="hidden"])')
      .evaluateAll((inputs) =>
        (inputs as HTMLInputElement[])
          .filter((i) => i.scrollWidth > i.clientWidth)
          .map((i) => `${i.getAttribute('aria-label')}: ${i.value}`),
      );
    expect(cut).toEqual([]);
    expect(await ingredientChoices(dialog)).toHaveLength(5);
  });
});
