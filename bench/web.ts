/**
 * Web benchmarks (issue 9, bench 4): the size of the JavaScript the first load needs, the time
 * until the agenda's week view shows its meals (cold, then from the service worker), and one
 * keystroke in the library search over 5,000 recipes. See docs/performance.md for the method.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  filterLibraryEntries,
  libraryEntries,
  pageItems,
  SEARCH_DEBOUNCE_MS,
} from '@popote/domain';
import { WEB_DIST } from '@popote/web/e2e';
import { browserBench, type BrowserBench, type BrowserContext, type Page } from './browser-app';
import { budget, figure, type Figure } from './measure';
import { buildProbe, PROBE_GLOBAL } from './probe/build';
import type * as PageTiming from './probe/page-timing';

/** 7 days of 5 slots, one meal each (makeStay). */
const WEEK_MEALS = 35;
const SEARCH_LABEL = 'Rechercher un menu ou une recette';
const EMPTY_MENU = 'Menu vide.';

export async function benchWeb(runs: number): Promise<Figure[]> {
  const chunks = await mainChunkSize();
  const bench = await browserBench();
  return [...chunks, ...(await benchAgendaLoad(bench, runs)), ...(await benchSearch(bench, runs))];
}

/** What index.html makes the browser fetch before the app runs: its script and modulepreloads. */
export async function mainChunkSize(dist = WEB_DIST): Promise<Figure[]> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const paths = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  if (paths.length === 0) throw new Error(`No script in ${dist}/index.html`);
  const chunks: Figure[] = [];
  let gzipped = 0;
  for (const path of paths) {
    // Each file is fetched (and compressed) on its own.
    const size = gzipSync(await readFile(join(dist, path.replace(/^\//, '')))).length;
    gzipped += size;
    chunks.push(figure(`  dont ${basename(path)}`, [size / 1000], 'kB'));
  }
  // Each chunk named with its size, largest first, so that a regression shows where it is.
  chunks.sort((a, b) => b.median - a.median);
  const initial = new Set(paths.map((p) => basename(p)));
  const agenda = await screenChunks(dist, 'AgendaScreen', initial);
  return [
    budget(
      figure(
        `JS initial gzip (script + ${paths.length - 1} modulepreload)`,
        [gzipped / 1000],
        'kB',
      ),
      170,
    ),
    ...chunks,
    figure(
      `JS de l’agenda au-delà de l’initial, gzip (${agenda.files} fichiers, avant la semaine)`,
      [agenda.gzipped / 1000],
      'kB',
    ),
  ];
}

/**
 * The chunks a screen's chunk imports statically, transitively, beyond the initial ones: what
 * its first view waits for once the app runs. Read from the chunks' own `import … from "./x.js"`.
 */
async function screenChunks(
  dist: string,
  screen: string,
  initial: ReadonlySet<string>,
): Promise<{ files: number; gzipped: number }> {
  const assets = join(dist, 'assets');
  const start = (await readdir(assets)).find(
    (f) => f.startsWith(`${screen}-`) && f.endsWith('.js'),
  );
  if (start === undefined) throw new Error(`No ${screen} chunk in ${assets}`);
  const seen = new Set<string>();
  const queue = [start];
  let gzipped = 0;
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || initial.has(file)) continue;
    seen.add(file);
    const code = await readFile(join(assets, file));
    gzipped += gzipSync(code).length;
    for (const m of code.toString('utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      queue.push(m[1]!);
    }
  }
  return { files: seen.size, gzipped };
}

type Timing = typeof PageTiming;

/** The timing hooks as an init script that runs `call` before the app's own scripts. */
async function timingScript(call: string): Promise<string> {
  return `${await buildProbe('page-timing')}\n${call}`;
}

async function loadTiming(page: Page): Promise<PageTiming.LoadTiming> {
  await page.goto('/agenda', { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (global: string) => (window as unknown as Record<string, Timing>)[global]?.loadTiming(),
    PROBE_GLOBAL,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue())!;
}

/** Stops the context's service workers, as the browser does with an idle one (CDP). */
export async function stopServiceWorkers(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
  } finally {
    await page.close();
  }
}

/** Chromium's own CPU throttling for the "cheap tablet" figures (issue 36). */
export const CPU_SLOWDOWN = 4;

/** Slows the page's CPU `rate` times (CDP Emulation.setCPUThrottlingRate; 1 = normal speed). */
async function throttleCpu(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * Each run: a fresh browser context (empty HTTP cache, no service worker) holding the synced
 * device's storage (IndexedDB and the session), the agenda loaded once (cold), then again in the
 * same context once the service worker is ready (served from its precache: the first load after
 * an install or an update, whose code the browser compiles then and keeps), then as the app is
 * opened from the home screen on a device used every day: the page closed, the service worker
 * stopped, the agenda loaded in a new page (the code compiled before, the storage warm). Each run
 * does it twice: at the machine's speed, then in another fresh context with the CPU slowed
 * CPU_SLOWDOWN times (the camp's cheap tablet).
 */
async function benchAgendaLoad(bench: BrowserBench, runs: number): Promise<Figure[]> {
  const storageState = await bench.context.storageState({ indexedDB: true });
  const samples = { cold: [] as number[], fromWorker: [] as number[], daily: [] as number[] };
  const slow = { cold: [] as number[], fromWorker: [] as number[], daily: [] as number[] };
  for (let i = 0; i <= runs; i++) {
    for (const [rate, into] of [
      [1, samples],
      [CPU_SLOWDOWN, slow],
    ] as const) {
      const context = await bench.app.newContext({
        storageState,
        viewport: { width: 1600, height: 1000 },
      });
      try {
        await context.addInitScript({
          content: await timingScript(
            `${PROBE_GLOBAL}.watchWeekTable(${WEEK_MEALS}, ${JSON.stringify(EMPTY_MENU)});`,
          ),
        });
        const page = await context.newPage();
        if (rate !== 1) await throttleCpu(context, page, rate);
        const first = await loadTiming(page);
        if (first.controlled) throw new Error('The cold load was served by a service worker');
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        const second = await loadTiming(page);
        if (!second.controlled) throw new Error('The second load was not served by the worker');
        // From the home screen, the next day: the app closed, its worker stopped (the browser
        // stops an idle one within a minute), the code compiled by the earlier load kept.
        await page.close();
        await stopServiceWorkers(context);
        const home = await context.newPage();
        if (rate !== 1) await throttleCpu(context, home, rate);
        const daily = await loadTiming(home);
        if (!daily.controlled) throw new Error('The home-screen load was not served by the worker');
        // The first run warms the server and Chromium's shared caches up.
        if (i > 0) {
          into.cold.push(first.frame);
          into.fromWorker.push(second.frame);
          into.daily.push(daily.frame);
        }
      } finally {
        await context.close();
      }
    }
  }
  const x = `CPU ÷${CPU_SLOWDOWN}`;
  return [
    budget(
      figure('agenda, semaine affichée avec ses repas : 1er chargement (à froid)', samples.cold),
      400,
    ),
    figure(`même chargement à froid, ${x}`, slow.cold),
    figure(
      'agenda, semaine affichée avec ses repas : 1er chargement depuis le service worker (après installation ou mise à jour)',
      samples.fromWorker,
    ),
    figure(`même chargement après installation, ${x}`, slow.fromWorker),
    budget(
      figure(
        'agenda, semaine affichée avec ses repas : ouverture depuis l’écran d’accueil (chaque jour)',
        samples.daily,
      ),
      150,
    ),
    budget(figure(`même ouverture depuis l’écran d’accueil, ${x}`, slow.daily), 500),
  ];
}

/**
 * One more character typed in the search over 5,000 recipes: from the debounce firing to the
 * result list updated (and to the frame that paints it). The expected first page comes from
 * the domain's own functions, so the wait ends on exactly the new results.
 */
/** Items per page of the library list (spec 9; `LibraryList.tsx`). */
const LIBRARY_PAGE_SIZE = 12;

async function benchSearch(bench: BrowserBench, runs: number): Promise<Figure[]> {
  const entries = libraryEntries(
    bench.userId,
    [],
    bench.library.recipes.map((r) => ({ ...r, isPublished: false })),
    bench.library.ingredients,
  );
  const firstPage = (text: string): string[] =>
    pageItems(filterLibraryEntries(entries, text), 1, LIBRARY_PAGE_SIZE).map((e) => e.title);
  // A base text, then one more digit: each keystroke must change the first page.
  const base = 'recette 1';
  const keys = '0123456789'
    .split('')
    .filter((k) => firstPage(base + k).join('|') !== firstPage(base).join('|'));
  if (keys.length === 0) throw new Error('No keystroke changes the search results');

  const page = await bench.context.newPage();
  try {
    await page.addInitScript({
      content: await timingScript(`${PROBE_GLOBAL}.recordTimers(${SEARCH_DEBOUNCE_MS});`),
    });
    await page.goto('/library');
    const field = page.getByLabel(SEARCH_LABEL);
    await page.getByTestId('library-list').waitFor({ timeout: 60_000 });
    const measure = async (rate: number) => {
      const dom: number[] = [];
      const frame: number[] = [];
      const whole: number[] = [];
      for (let i = 0; i <= runs; i++) {
        const key = keys[i % keys.length]!;
        await field.fill(base);
        await page.waitForFunction(
          ([global, want]: readonly [string, string[]]) =>
            (window as unknown as Record<string, Timing>)[global]!.listShows(want),
          [PROBE_GLOBAL, firstPage(base)] as const,
        );
        await page.evaluate(
          ([global, want]: readonly [string, string[]]) =>
            (window as unknown as Record<string, Timing>)[global]!.watchList(want),
          [PROBE_GLOBAL, firstPage(base + key)] as const,
        );
        await field.press(key);
        const timing = (await (
          await page.waitForFunction(
            (global: string) =>
              (window as unknown as Record<string, Timing>)[global]!.keystrokeTiming(),
            PROBE_GLOBAL,
          )
        ).jsonValue())!;
        // The timer must be the debounce of this keystroke, not some other timer (a slowed CPU
        // fires it later by as much).
        const wait = timing.fired - timing.keydown;
        if (!(wait >= SEARCH_DEBOUNCE_MS - 1 && wait < SEARCH_DEBOUNCE_MS + 250 * rate)) {
          throw new Error(`The search debounce was not seen (${wait} ms after the key)`);
        }
        if (i > 0) {
          dom.push(timing.dom - timing.fired);
          frame.push(timing.frame - timing.fired);
          whole.push(timing.dom - timing.keydown);
        }
      }
      return { dom, frame, whole };
    };
    const plain = await measure(1);
    await throttleCpu(bench.context, page, CPU_SLOWDOWN);
    const slow = await measure(CPU_SLOWDOWN);
    const x = `CPU ÷${CPU_SLOWDOWN}`;
    return [
      figure(
        'recherche bibliothèque (5 000 recettes), une touche : fin du délai → liste à jour',
        plain.dom,
      ),
      figure(`même touche, ${x}`, slow.dom),
      figure('même touche : fin du délai → image suivante peinte', plain.frame),
      figure(`même touche → image peinte, ${x}`, slow.frame),
      figure('même touche : appui → liste à jour (délai de 300 ms compris)', plain.whole),
      figure(`même touche : appui → liste à jour, ${x}`, slow.whole),
    ];
  } finally {
    await page.close();
  }
}
