/**
 * Export benchmarks (issue 9, bench 5): on the order screen of the device that synced the
 * 60-day stay, every day ticked, the cook sheets (PDF, one page per meal: 300 pages) and the
 * shopping spreadsheet of its ingredients, each from the click to the browser's download event.
 */
import { readFile } from 'node:fs/promises';
import { HORAIRE_LABELS } from '@popote/domain';
import { readPdfPages } from '../packages/exports/src/pdf-text-reader';
import { readXlsxSheets } from '../packages/exports/src/xlsx-reader';
import { browserBench, type Page } from './browser-app';
import { figure, type Figure } from './measure';

const EXPORT_TIMEOUT_MS = 120_000;

export async function benchExports(runs: number): Promise<Figure[]> {
  const bench = await browserBench();
  const page = bench.page;
  await page.goto('/order');
  const everyDay = page.getByRole('checkbox', { name: 'Tous les jours' });
  await everyDay.check({ timeout: 60_000 });

  const meals = bench.stay.meals.length;
  const pdf: number[] = [];
  let pageCount = 0;
  for (let i = 0; i <= runs; i++) {
    const { ms, path } = await timeDownload(page, () =>
      page.getByRole('button', { name: 'Exporter les fiches de cuisine' }).click(),
    );
    if (i === 0) {
      // The warm-up also checks that the file holds what the figure says.
      // A sheet starts with its meal ('Mer. 1-07 - Midi'); 60 lines and 6 texts overflow it.
      const pages = readPdfPages(new Uint8Array(await readFile(path)));
      const slots = Object.values(HORAIRE_LABELS).join('|');
      const sheets = pages.filter((p) => new RegExp(` - (${slots})$`).test(p[0] ?? '')).length;
      if (sheets !== meals) throw new Error(`The PDF has ${sheets} cook sheets, not ${meals}`);
      pageCount = pages.length;
    } else pdf.push(ms);
  }

  // Without a supplier profile the sheet lists the ingredients by category.
  const recipes = new Map(bench.library.recipes.map((r) => [r.id, r]));
  const ingredients = new Set(
    bench.stay.menus.flatMap((m) =>
      m.recipeIds.flatMap((id) => recipes.get(id)?.ingredients.map((i) => i.ingredientId) ?? []),
    ),
  ).size;
  const xlsx: number[] = [];
  for (let i = 0; i <= runs; i++) {
    await page.getByRole('button', { name: 'Exporter un tableau de courses' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fournisseurs' });
    const exportButton = dialog.getByRole('button', { name: 'Exporter', exact: true });
    // The dialog compiles the days first; its button waits for that.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[role="dialog"] button')].some(
          (b) => b.textContent?.trim() === 'Exporter' && !(b as HTMLButtonElement).disabled,
        ),
      undefined,
      { timeout: 60_000 },
    );
    const { ms, path } = await timeDownload(page, () => exportButton.click());
    await dialog.waitFor({ state: 'hidden' });
    if (i === 0) {
      // Each ingredient line ('Ingrédient 12 bio') is followed by its lines per meal.
      const [all] = await readXlsxSheets(new Uint8Array(await readFile(path)));
      const listed = new Set(
        (all?.rows ?? []).map((r) => String(r[0] ?? '')).filter((c) => /^Ingrédient \d/.test(c)),
      ).size;
      if (listed !== ingredients) {
        throw new Error(`The spreadsheet lists ${listed} ingredients, not ${ingredients}`);
      }
    } else xlsx.push(ms);
  }
  return [
    figure(
      `PDF des fiches de cuisine (${meals} fiches, ${pageCount} pages) : clic → téléchargement`,
      pdf,
    ),
    figure(
      `tableur de courses (${ingredients} ingrédients, 60 jours) : clic → téléchargement`,
      xlsx,
    ),
  ];
}

async function timeDownload(
  page: Page,
  click: () => Promise<void>,
): Promise<{ ms: number; path: string }> {
  const started = performance.now();
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: EXPORT_TIMEOUT_MS }),
    click(),
  ]);
  const ms = performance.now() - started;
  return { ms, path: await file.path() };
}
