/**
 * Export benchmarks (issue 9, bench 5): on the order screen of the device that synced the
 * 60-day stay, every day ticked, the cook sheets (PDF, one page per meal: 300 pages) and the
 * shopping spreadsheet of its ingredients, each from the click to the browser's download event.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { readPdfPages } from '../packages/exports/src/pdf-text-reader';
import { browserBench } from './browser-app';
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
  for (let i = 0; i <= runs; i++) {
    const { ms, file } = await timeDownload(page, () =>
      page.getByRole('button', { name: 'Exporter les fiches de cuisine' }).click(),
    );
    if (i === 0) {
      // The warm-up also checks that the file holds what the figure says.
      const pages = readPdfPages(new Uint8Array(await readFile(await file.path())));
      if (pages.length !== meals) {
        throw new Error(`The cook sheets have ${pages.length} pages, not ${meals}`);
      }
    } else pdf.push(ms);
  }

  const xlsx: number[] = [];
  let kinds = 0;
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
    kinds = await dialog.getByTestId('shopping-row').count();
    const { ms } = await timeDownload(page, () => exportButton.click());
    await dialog.waitFor({ state: 'hidden' });
    if (i > 0) xlsx.push(ms);
  }
  return [
    figure(`PDF des fiches de cuisine (${meals} repas, ${meals} pages) : clic → téléchargement`, pdf),
    figure(
      `tableur de courses (${kinds} ingrédients, 60 jours) : clic → téléchargement`,
      xlsx,
    ),
  ];
}

async function timeDownload(
  page: Page,
  click: () => Promise<void>,
): Promise<{ ms: number; file: Download }> {
  const started = performance.now();
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: EXPORT_TIMEOUT_MS }),
    click(),
  ]);
  const ms = performance.now() - started;
  return { ms, file };
}
