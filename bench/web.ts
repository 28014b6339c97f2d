/**
 * Web benchmarks (issue 9, bench 4): the size of the JavaScript the first load needs, the time
 * until the agenda's week view shows its meals (cold, then from the service worker), and one
 * keystroke in the library search over 5,000 recipes. See docs/performance.md for the method.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  filterLibraryEntries,
  libraryEntries,
  pageItems,
  SEARCH_DEBOUNCE_MS,
} from '@popote/domain';
import { WEB_DIST } from '../web/e2e/harness';
import { browserBench, type BrowserBench } from './browser-app';
import { figure, type Figure } from './measure';

/** 7 days of 5 slots, one meal each (makeStay). */
const WEEK_MEALS = 35;
const SEARCH_LABEL = 'Rechercher un menu ou une recette';
const EMPTY_MENU = 'Menu vide.';

export async function benchWeb(runs: number): Promise<Figure[]> {
  const chunk = await mainChunkSize();
  const bench = await browserBench();
  return [chunk, ...(await benchAgendaLoad(bench, runs)), ...(await benchSearch(bench, runs))];
}

/** What index.html makes the browser fetch before the app runs: its script and modulepreloads. */
export async function mainChunkSize(dist = WEB_DIST): Promise<Figure> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const paths = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  if (paths.length === 0) throw new Error(`No script in ${dist}/index.html`);
  let gzipped = 0;
  for (const path of paths) {
    // Each file is fetched (and compressed) on its own.
    gzipped += gzipSync(await readFile(join(dist, path.replace(/^\//, '')))).length;
  }
  return figure(
    `JS initial gzip (script + ${paths.length - 1} modulepreload)`,
    [gzipped / 1000],
    'kB',
  );
}

interface LoadTiming {
  /** performance.now() when the DOM first held the full week with its menu titles. */
  dom: number;
  /** The next animation frame after that: the frame that paints it. */
  frame: number;
  controlled: boolean;
}

/**
 * Runs in every new document, before the app: records when the week table holds all its meals
 * with their titles (a meal without its menu yet shows 'Menu vide.').
 */
function watchWeekTable([expected, emptyMenu]: [number, string]): void {
  const w = window as unknown as { __benchLoad?: LoadTiming };
  const ready = (): boolean => {
    const meals = document.querySelectorAll('[data-testid="week-meal"]');
    if (meals.length < expected) return false;
    for (const meal of meals) {
      if ((meal.getAttribute('aria-label') ?? emptyMenu).startsWith(emptyMenu)) return false;
    }
    return true;
  };
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    const dom = performance.now();
    requestAnimationFrame(() => {
      w.__benchLoad = {
        dom,
        frame: performance.now(),
        controlled: navigator.serviceWorker?.controller != null,
      };
    });
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
}

async function loadTiming(page: Page): Promise<LoadTiming> {
  await page.goto('/agenda', { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => (window as unknown as { __benchLoad?: LoadTiming }).__benchLoad,
    undefined,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as LoadTiming;
}

/**
 * Each run: a fresh browser context (empty HTTP cache, no service worker) holding the synced
 * device's storage (IndexedDB and the session), the agenda loaded once (cold), then again in the
 * same context once the service worker is ready (served from its precache).
 */
async function benchAgendaLoad(bench: BrowserBench, runs: number): Promise<Figure[]> {
  const storageState = await bench.context.storageState({ indexedDB: true });
  const cold: number[] = [];
  const fromWorker: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const context = await bench.app.newContext({
      storageState,
      viewport: { width: 1600, height: 1000 },
    });
    try {
      await context.addInitScript(watchWeekTable, [WEEK_MEALS, EMPTY_MENU] as [number, string]);
      const page = await context.newPage();
      const first = await loadTiming(page);
      if (first.controlled) throw new Error('The cold load was served by a service worker');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const second = await loadTiming(page);
      if (!second.controlled) throw new Error('The second load was not served by the worker');
      // The first run warms the server and Chromium's shared caches up.
      if (i > 0) {
        cold.push(first.frame);
        fromWorker.push(second.frame);
      }
    } finally {
      await context.close();
    }
  }
  return [
    figure('agenda, semaine affichée avec ses repas : 1er chargement (à froid)', cold),
    figure('agenda, semaine affichée avec ses repas : depuis le service worker', fromWorker),
  ];
}

interface KeystrokeTiming {
  /** When the debounce timer of the search fired (the last one before the list changed). */
  fired: number;
  /** When the DOM held the new results (after React's commit). */
  dom: number;
  /** The next animation frame: the frame that paints them. */
  frame: number;
}

/**
 * Runs in every new document of the search page: notes when a timer of the search debounce's
 * length fires, so that the 300 ms the screen waits on purpose can be left out.
 */
function recordDebounceTimers(delay: number): void {
  const w = window as unknown as { __benchFired?: number[] };
  const original = window.setTimeout.bind(window);
  const patched = (handler: TimerHandler, timeout?: number, ...args: unknown[]): number => {
    if (timeout !== delay || typeof handler !== 'function') {
      return original(handler, timeout, ...args);
    }
    return original(
      (...a: unknown[]) => {
        w.__benchFired?.push(performance.now());
        (handler as (...x: unknown[]) => void)(...a);
      },
      timeout,
      ...args,
    );
  };
  window.setTimeout = patched as typeof window.setTimeout;
}

/** Arms an observer that notes when the list's titles become `expected`. */
function armListWatch(expected: string[]): void {
  const w = window as unknown as {
    __benchFired?: number[];
    __benchKey?: KeystrokeTiming;
  };
  w.__benchFired = [];
  delete w.__benchKey;
  const titles = (): string[] =>
    [...document.querySelectorAll('[data-testid="library-entry-title"]')].map(
      (el) => el.textContent?.trim() ?? '',
    );
  const observer = new MutationObserver(() => {
    const now = titles();
    if (now.length !== expected.length || now.some((t, i) => t !== expected[i])) return;
    observer.disconnect();
    const dom = performance.now();
    requestAnimationFrame(() => {
      const fired = (w.__benchFired ?? []).filter((t) => t <= dom).at(-1) ?? Number.NaN;
      w.__benchKey = { fired, dom, frame: performance.now() };
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

/**
 * One more character typed in the search over 5,000 recipes: from the debounce firing to the
 * result list updated (and to the frame that paints it). The expected first page comes from
 * the domain's own functions, so the wait ends on exactly the new results.
 */
async function benchSearch(bench: BrowserBench, runs: number): Promise<Figure[]> {
  const entries = libraryEntries(
    bench.userId,
    [],
    bench.library.recipes.map((r) => ({ ...r, isPublished: false })),
    bench.library.ingredients,
  );
  const firstPage = (text: string): string[] =>
    pageItems(filterLibraryEntries(entries, text), 1).map((e) => e.title);
  // A base text, then one more digit: each keystroke must change the first page.
  const base = 'recette 1';
  const keys = '0123456789'
    .split('')
    .filter((k) => firstPage(base + k).join('|') !== firstPage(base).join('|'));
  if (keys.length === 0) throw new Error('No keystroke changes the search results');

  const page = await bench.context.newPage();
  try {
    await page.addInitScript(recordDebounceTimers, SEARCH_DEBOUNCE_MS);
    await page.goto('/library');
    const field = page.getByLabel(SEARCH_LABEL);
    await page.getByTestId('library-list').waitFor({ timeout: 60_000 });
    const dom: number[] = [];
    const frame: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const key = keys[i % keys.length]!;
      await field.fill(base);
      await waitForTitles(page, firstPage(base));
      await page.evaluate(armListWatch, firstPage(base + key));
      await field.press(key);
      const timing = (await (
        await page.waitForFunction(
          () => (window as unknown as { __benchKey?: KeystrokeTiming }).__benchKey,
        )
      ).jsonValue()) as KeystrokeTiming;
      if (!Number.isFinite(timing.fired)) throw new Error('The search debounce was not seen');
      if (i > 0) {
        dom.push(timing.dom - timing.fired);
        frame.push(timing.frame - timing.fired);
      }
    }
    return [
      figure(
        'recherche bibliothèque (5 000 recettes), une touche : fin du délai → liste à jour',
        dom,
      ),
      figure('même touche : fin du délai → image suivante peinte', frame),
    ];
  } finally {
    await page.close();
  }
}

async function waitForTitles(page: Page, expected: string[]): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const now = [...document.querySelectorAll('[data-testid="library-entry-title"]')].map(
        (el) => el.textContent?.trim() ?? '',
      );
      return now.length === want.length && now.every((t, i) => t === want[i]);
    },
    expected,
  );
}
