/**
 * 'Télécharger mes données' and 'Importer des données' (issue 33) in a real browser: a user's
 * data downloaded from one server, the account deleted there, and the file imported into a new
 * account on another server (a second instance with its own database) brings the library, the
 * stay, the supplier profile and the prices, and the stay's compiled quantities and costs are
 * the same on both. Importing the
 * same file again creates nothing, on a touch tablet and on a phone.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { readUserData, type UserData } from '@popote/domain';
import {
  createAccount,
  expectNoHorizontalOverflow,
  PHONE,
  startApp,
  TABLET,
  type RunningApp,
} from './harness.js';
import {
  deleteAccountInSettings,
  downloadOf,
  loginThroughUi,
  loginWithActiveStay,
  openPage,
  plain,
} from './pages.js';
import { qty, seedCampRecipes, Seeder } from './seed.js';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const MAIL = 'intendance@exemple.fr';
const PASSWORD = 'Tartiflette-2025';
const STAY_NAME = 'Camp de Pâques';
const NOW = '2025-06-01T10:00:00.000Z';
const MIDI = 1;
const DINER = 3;

let first: RunningApp;
let second: RunningApp;
let folder: string;

/** Alice's data on the first server: recipes, a stay of two days, a profile, prices. */
async function seedFirstServer(): Promise<void> {
  const seed = await Seeder.open(first, MAIL, PASSWORD);
  const { ingredients, bolognaise, rizAuLait } = seedCampRecipes(seed, NOW);
  const tarte = seed.recipe(
    'Tarte aux pommes de Mamie',
    3,
    'Étaler la pâte.',
    [[seed.ingredient('Pomme de Mamie', 1), qty(6, 0, 8)]],
    NOW,
  );
  const stayId = seed.stayWithGroup(STAY_NAME, '2025-04-14', 'Louveteaux', 12);
  seed.add('createGroup', { id: seed.id(), stayId, name: 'Chefs', color: '#00AA00', size: 3 });
  seed.meal(stayId, 0, MIDI, NOW, [bolognaise, tarte]);
  const dinner = seed.meal(stayId, 0, DINER, NOW, [rizAuLait]);
  seed.add('addMenuIngredient', {
    menuId: dinner.menuId,
    ingredientId: ingredients.pain,
    now: NOW,
  });
  seed.add('updateMenuIngredient', {
    menuId: dinner.menuId,
    ingredientId: ingredients.pain,
    quantity: qty(1, 0, 4),
    plat: 0,
    now: NOW,
  });
  seed.meal(stayId, 1, MIDI, NOW, [bolognaise]);
  const profileId = seed.add('createProfile', { id: seed.id(), name: 'Fournisseurs du camp' }).id;
  const primeur = seed.add('createSupplier', { id: seed.id(), profileId, name: 'Primeur' }).id;
  seed.add('setPurchase', {
    id: seed.id(),
    ingredientId: ingredients.pates,
    pack: { name: 'paquet', size: 500, unite: 2 },
    prices: [{ supplierId: null, amount: 1.2, per: 'pack', date: '2025-06-01' }],
  });
  seed.add('setPurchase', {
    id: seed.id(),
    ingredientId: ingredients.boeuf,
    pack: null,
    prices: [
      { supplierId: null, amount: 14, per: 1, date: '2025-06-01' },
      { supplierId: primeur, amount: 12.5, per: 1, date: '2025-06-01' },
    ],
  });
  await seed.flush();
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'popote-donnees-'));
  first = await startApp();
  second = await startApp();
  await createAccount(first, { mail: MAIL, password: PASSWORD, pseudo: 'Intendante' });
  await seedFirstServer();
}, 120_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** A tap on touch screens, a click with the mouse. */
const pressOn = (options: BrowserContextOptions) => (target: Locator) =>
  options.hasTouch ? target.tap() : target.click();

async function openSettings(page: Page): Promise<Locator> {
  await page.goto('/settings');
  const section = page.getByTestId('data-section');
  await section.waitFor();
  return section;
}

/** 'Télécharger mes données': the file, saved to disk. */
async function downloadData(page: Page): Promise<{ path: string; data: UserData }> {
  const section = await openSettings(page);
  const file = await downloadOf(page, () =>
    section.getByRole('button', { name: 'Télécharger mes données' }).click(),
  );
  expect(file.name).toMatch(/^popote-donnees-\d{4}-\d{2}-\d{2}\.zip$/u);
  const path = join(folder, file.name);
  await writeFile(path, file.bytes);
  return { path, data: readUserData(file.bytes) };
}

/** 'Importer des données': choose the file, read the preview, then import or cancel. */
async function importData(
  page: Page,
  path: string,
  press: (target: Locator) => Promise<void>,
): Promise<{ preview: string[][]; report: string[][] | null }> {
  const section = await openSettings(page);
  await section.getByTestId('data-import-input').setInputFiles(path);
  const preview = section.getByTestId('data-preview');
  await preview.waitFor();
  const previewRows = await tableRows(preview);
  // Its table fits a phone's width (no region to scroll sideways).
  await expectNoHorizontalOverflow(page, 'aperçu de l’import');
  const grave = await graveViolations(page);
  expect(grave, grave.join('\n')).toEqual([]);
  const confirm = preview.getByRole('button', { name: 'Importer' });
  if (await confirm.isDisabled()) {
    await press(preview.getByRole('button', { name: 'Annuler' }));
    await preview.waitFor({ state: 'detached' });
    return { preview: previewRows, report: null };
  }
  await press(confirm);
  const report = section.getByTestId('data-report');
  await report.waitFor();
  const graveInReport = await graveViolations(page);
  expect(graveInReport, graveInReport.join('\n')).toEqual([]);
  return { preview: previewRows, report: await tableRows(report) };
}

/** axe-core's serious and critical violations on the page (contexts made with bypassCSP). */
async function graveViolations(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function tableRows(scope: Locator): Promise<string[][]> {
  const rows = scope.getByTestId('data-report-table').locator('tbody tr');
  return Promise.all(
    (await rows.all()).map(async (row) =>
      (await row.getByRole('cell').allInnerTexts()).map((t) => plain(t).trim()),
    ),
  );
}

/** The stay's compiled quantities and costs on the export screen, every day chosen. */
async function compiledStay(page: Page): Promise<{ totals: string[][]; cost: string }> {
  await page.goto('/order');
  await page.getByRole('checkbox', { name: 'Tous les jours' }).check();
  await page.getByRole('button', { name: 'Exporter les ingrédients nécessaires' }).click();
  const rows = page.getByTestId('export-ingredient');
  await rows.first().waitFor();
  const totals = await Promise.all(
    (await rows.all()).map(async (row) =>
      (await row.getByRole('cell').allInnerTexts()).map((t) => plain(t).trim()),
    ),
  );
  const cost = plain(
    await page.getByTestId('export-costs').getByTestId('cost-of-days').textContent(),
  );
  return { totals, cost };
}

/** What both files must hold alike: names, not ids. */
function contentOf(data: UserData) {
  const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
  const ingredientName = new Map(
    [...data.tables.ingredients, ...data.references.ingredients].map((i) => [i.id, i.name]),
  );
  return {
    recipes: data.tables.recipes
      .map((r) => ({
        name: r.name,
        description: r.description,
        lines: r.ingredients
          .map((l) => `${ingredientName.get(l.ingredientId)} ${l.quantity.val} ${l.quantity.unite}`)
          .sort(),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    stays: data.tables.stays.map((s) => `${s.name} ${s.start}`),
    groups: data.tables.groups.map((g) => `${g.name} ${g.size}`).sort(),
    meals: data.tables.meals.map((m) => `${m.day} ${m.slot} ${m.groupIds.length}`).sort(),
    profiles: names(data.tables.profiles),
    suppliers: names(data.tables.suppliers),
    prices: data.tables.purchases
      .map((p) => ({
        ingredient: ingredientName.get(p.ingredientId),
        pack: p.pack,
        prices: p.prices.map(
          (x) => `${x.supplierId === null ? '' : 'fournisseur '}${x.amount} ${x.per}`,
        ),
      }))
      .sort((a, b) => String(a.ingredient).localeCompare(String(b.ingredient))),
  };
}

describe('Mes données', () => {
  let file: { path: string; data: UserData };
  let before: { totals: string[][]; cost: string };

  it('downloads a user’s data, deletes the account and imports the file into a new account on another server', async () => {
    const context = await first.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await openPage(context);
    await loginWithActiveStay(page, MAIL, PASSWORD);
    before = await compiledStay(page);
    expect(before.totals.length).toBeGreaterThan(5);
    file = await downloadData(page);
    expect(file.data.manifest.user).toEqual({ mail: MAIL, pseudo: 'Intendante' });
    // She leaves this server: her account and its rows go.
    await deleteAccountInSettings(page, PASSWORD);
    await context.close();
    const login = await fetch(`${first.baseUrl}/api/loggin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Mail: MAIL, Password: PASSWORD }),
    });
    expect(await login.json()).toMatchObject({ Error: "Cette adresse mail n'est pas utilisée." });

    await createAccount(second, { mail: MAIL, password: PASSWORD, pseudo: 'Intendante' });
    const other = await second.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page2 = await openPage(other);
    // A new account: no stay yet, only its first sync to wait for.
    await loginThroughUi(page2, MAIL, PASSWORD);
    await page2.getByTestId('sync-indicator').getByText('À jour').waitFor();
    const { preview, report } = await importData(page2, file.path, (t) => t.click());
    expect(preview).toContainEqual(['Séjours', '1', '0', '0', '0']);
    // Her own recipes are new there; the catalogue's ingredients are found by name.
    expect(preview.find((r) => r[0] === 'Recettes')?.[1]).toBe('3');
    expect(Number(preview.find((r) => r[0] === 'Ingrédients')?.[2])).toBeGreaterThan(0);
    expect(report).toEqual(preview);

    // The rows reach the device by sync: the stay, its library and its costs.
    await page2.getByTestId('sync-indicator').getByText('À jour').waitFor();
    await page2.goto('/');
    await expect
      .poll(() =>
        page2.evaluate(
          () =>
            (
              JSON.parse(localStorage.getItem('popote.session') ?? '{}') as {
                activeStayId?: number;
              }
            ).activeStayId ?? null,
        ),
      )
      .not.toBeNull();
    expect(await compiledStay(page2)).toEqual(before);

    // The library: the user's own recipe with its text.
    await page2.goto('/library');
    await page2.getByText('Tarte aux pommes de Mamie').first().waitFor();

    // Everything else, by name: the library, the stay, the profile and the prices.
    const again = await downloadData(page2);
    expect(contentOf(again.data)).toEqual(contentOf(file.data));
    await other.close();
  }, 180_000);

  for (const [device, options] of [
    ['tablet', TABLET],
    ['phone', PHONE],
  ] as const) {
    it(`imports the same file again without creating anything (${device})`, async () => {
      // axe-core is injected: the app's Content-Security-Policy would refuse it.
      const context = await second.newContext({ ...options, bypassCSP: true });
      try {
        const page = await openPage(context);
        await loginWithActiveStay(page, MAIL, PASSWORD);
        const section = await openSettings(page);
        await expectNoHorizontalOverflow(page, `réglages (${device})`);
        const { preview, report } = await importData(page, file.path, pressOn(options));
        expect(report).toBeNull();
        // Everything is there already: found, nothing new, nothing updated.
        expect(preview.map((row) => row[0])).toEqual(
          expect.arrayContaining(['Ingrédients', 'Recettes', 'Séjours', 'Prix et paquets']),
        );
        for (const row of preview) expect([row[0], row[1], row[3]]).toEqual([row[0], '0', '0']);
        expect(preview.find((row) => row[0] === 'Séjours')).toEqual([
          'Séjours',
          '0',
          '1',
          '0',
          '0',
        ]);
        await section.getByRole('button', { name: 'Importer des données' }).waitFor();
        // Offline, both say that they need the network.
        await context.setOffline(true);
        await section.getByTestId('data-offline').waitFor();
        expect(
          await section.getByRole('button', { name: 'Télécharger mes données' }).isDisabled(),
        ).toBe(true);
        await context.setOffline(false);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
