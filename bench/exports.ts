/**
 * Export benchmarks (issue 9, bench 5; issue 16): on the export screen of the device that synced
 * the 60-day stay, every day ticked, the cook sheets (PDF, a sheet per meal: 300 sheets) and
 * the shopping spreadsheet of its ingredients, each from the click to the browser's download
 * event, beside a raw Dexie read of the same rows in the same page (bench/probe/compile-probe);
 * and the longest task of the page's main thread (PerformanceObserver, 'longtask': tasks over
 * 50 ms; 0 when there was none), during the build (between the app's User Timing marks around
 * the worker's work) and over the whole export (click → download, then 100 ms).
 */
import { readFile } from 'node:fs/promises';
import { HORAIRE_LABELS } from '@popote/domain';
import { readPdfPages, readXlsxSheets } from '@popote/exports/readers';
import { browserBench, type Page } from './browser-app';
import { figure, type Figure } from './measure';
import { buildProbe, PROBE_GLOBAL } from './probe/build';
import type { measureCompile } from './probe/compile-probe';

const EXPORT_TIMEOUT_MS = 120_000;
const ALL_DAYS = Array.from({ length: 60 }, (_, day) => day);
/** Where the page keeps the long tasks it observed. */
const LONG_TASKS = '__popoteLongTasks';

interface Timed {
  ms: number;
  path: string;
  /** The longest main-thread task during the worker's build, in ms (0: none over 50 ms). */
  longest: number;
  /** The same over the whole export, click to download. */
  longestExport: number;
}

const BUILD_START_MARK = 'popote:export-build:start';
const BUILD_END_MARK = 'popote:export-build:end';

export async function benchExports(runs: number): Promise<Figure[]> {
  const bench = await browserBench();
  const page = bench.page;
  await page.goto('/order');
  const everyDay = page.getByRole('checkbox', { name: 'Tous les jours' });
  await everyDay.check({ timeout: 60_000 });
  await observeLongTasks(page);
  const read = await rawRead(page, bench.userId, bench.stay.stay.id, runs);

  const meals = bench.stay.meals.length;
  const pdf: number[] = [];
  const pdfLongest: number[] = [];
  const pdfLongestExport: number[] = [];
  let pdfFirst = 0;
  let pdfFirstLongest = 0;
  let pageCount = 0;
  for (let i = 0; i <= runs; i++) {
    const run = await timeDownload(page, () =>
      page.getByRole('button', { name: 'Exporter les fiches de cuisine' }).click(),
    );
    if (i > 0) pdfLongest.push(run.longest);
    if (i > 0) pdfLongestExport.push(run.longestExport);
    if (i === 0) {
      pdfFirstLongest = run.longestExport;
      // The warm-up starts the worker and loads jsPDF; it also checks the file.
      // A sheet's first page is headed with its meal ('Mercredi 1er juillet 2026 - Midi').
      pdfFirst = run.ms;
      const pages = readPdfPages(new Uint8Array(await readFile(run.path)));
      const slots = Object.values(HORAIRE_LABELS).join('|');
      const sheets = pages.filter((p) => new RegExp(` - (${slots})$`).test(p[1] ?? '')).length;
      if (sheets !== meals) throw new Error(`The PDF has ${sheets} cook sheets, not ${meals}`);
      pageCount = pages.length;
    } else pdf.push(run.ms);
  }

  // Without a supplier profile the sheet lists the ingredients by category.
  const recipes = new Map(bench.library.recipes.map((r) => [r.id, r]));
  const ingredients = new Set(
    bench.stay.menus.flatMap((m) =>
      m.recipeIds.flatMap((id) => recipes.get(id)?.ingredients.map((i) => i.ingredientId) ?? []),
    ),
  ).size;
  const xlsx: number[] = [];
  const xlsxLongest: number[] = [];
  const xlsxLongestExport: number[] = [];
  let xlsxFirst = 0;
  let xlsxFirstLongest = 0;
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
    const run = await timeDownload(page, () => exportButton.click());
    if (i > 0) xlsxLongest.push(run.longest);
    if (i > 0) xlsxLongestExport.push(run.longestExport);
    await dialog.waitFor({ state: 'hidden' });
    if (i === 0) {
      xlsxFirst = run.ms;
      xlsxFirstLongest = run.longestExport;
      // The first sheet: category, ingredient ('Ingrédient 12 bio'), quantity, unit.
      const [all] = await readXlsxSheets(new Uint8Array(await readFile(run.path)));
      const listed = new Set(
        (all?.rows ?? []).map((r) => String(r[1] ?? '')).filter((c) => /^Ingrédient \d/.test(c)),
      ).size;
      if (listed !== ingredients) {
        throw new Error(`The spreadsheet lists ${listed} ingredients, not ${ingredients}`);
      }
      const quantities = (all?.values ?? []).slice(1).map((r) => r[2]);
      if (!quantities.every((q) => typeof q === 'number')) {
        throw new Error('The spreadsheet holds quantities that are not numbers');
      }
    } else xlsx.push(run.ms);
  }
  return [
    figure(
      `PDF des fiches de cuisine (${meals} fiches, ${pageCount} pages) : clic → téléchargement`,
      pdf,
      'ms',
      read,
    ),
    figure('même PDF, premier export (démarrage du worker, chargement de jsPDF)', [pdfFirst]),
    figure('premier PDF : plus longue tâche du fil principal, export entier', [pdfFirstLongest]),
    figure(
      'PDF : plus longue tâche du fil principal pendant la construction (0 : aucune > 50 ms)',
      pdfLongest,
    ),
    figure(
      'PDF : plus longue tâche du fil principal, export entier (clic → téléchargement)',
      pdfLongestExport,
    ),
    figure(
      `tableur de courses (${ingredients} ingrédients, 60 jours) : clic → téléchargement`,
      xlsx,
      'ms',
      read,
    ),
    figure('même tableur, premier export (chargement du module du tableur)', [xlsxFirst]),
    figure('premier tableur : plus longue tâche du fil principal, export entier', [
      xlsxFirstLongest,
    ]),
    figure(
      'tableur : plus longue tâche du fil principal pendant la construction (0 : aucune > 50 ms)',
      xlsxLongest,
    ),
    figure(
      'tableur : plus longue tâche du fil principal, export entier (clic → téléchargement)',
      xlsxLongestExport,
    ),
    read,
  ];
}

/** The compile probe's raw Dexie read of the stay's rows, in the same page. */
async function rawRead(page: Page, userId: number, stayId: number, runs: number): Promise<Figure> {
  await page.evaluate(await buildProbe('compile-probe'));
  type Probe = { measureCompile: typeof measureCompile };
  const samples = await page.evaluate(
    ([global, user, stay, days, n]: readonly [string, number, number, number[], number]) =>
      (window as unknown as Record<string, Probe>)[global]!.measureCompile(user, stay, days, n),
    [PROBE_GLOBAL, userId, stayId, ALL_DAYS, runs] as const,
  );
  return figure('Chromium : lecture Dexie brute des mêmes lignes (référence)', samples.rawRead);
}

/** Starts noting the page's long tasks (over 50 ms), with their start and duration. */
async function observeLongTasks(page: Page): Promise<void> {
  await page.evaluate((key) => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as Record<string, unknown>)[key] = tasks;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: false });
  }, LONG_TASKS);
}

async function timeDownload(page: Page, click: () => Promise<void>): Promise<Timed> {
  const from = await page.evaluate(() => performance.now());
  const started = performance.now();
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: EXPORT_TIMEOUT_MS }),
    click(),
  ]);
  const ms = performance.now() - started;
  // Long tasks are reported after they end: let the observer deliver, then read them.
  const [longest, longestExport] = await page.evaluate(
    ([key, since, startMark, endMark]) =>
      new Promise<[number, number]>((resolve) =>
        setTimeout(() => {
          const all = (window as unknown as Record<string, { start: number; duration: number }[]>)[
            key
          ]!.filter((t) => t.start >= since);
          const start = performance.getEntriesByName(startMark).at(-1)?.startTime ?? since;
          const end = performance.getEntriesByName(endMark).at(-1)?.startTime ?? Infinity;
          // A task overlapping the build counts: it held the page while the worker worked.
          const during = all.filter((t) => t.start < end && t.start + t.duration > start);
          // No named helper in here: the bench runs through tsx, whose helpers the page lacks.
          resolve([
            Math.max(0, ...during.map((t) => t.duration)),
            Math.max(0, ...all.map((t) => t.duration)),
          ]);
        }, 100),
      ),
    [LONG_TASKS, from, BUILD_START_MARK, BUILD_END_MARK] as const,
  );
  return { ms, path: await file.path(), longest, longestExport };
}
