/**
 * The daily start from the home screen (issue 36): the app closed, its service worker stopped
 * by the browser, the network gone. The navigation starts the worker (it answers index.html);
 * the app's files come from its precache through the browser's static routes, without the
 * worker's JavaScript (public/sw-static-routes.js), and the week shows, without making an Intl
 * object first, and without a flash of the read-only notice for its owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginWithActiveStay, openPage } from './pages.js';
import { SCREEN_PASSWORD, seedScreens } from './screens.js';
import { poll } from './walk.js';

let app: RunningApp;
let context: BrowserContext;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * Notes each Intl object made, with when, when the first meal's title shows, and whether the
 * read-only notice ever showed (an init script, before the app's own).
 */
const WATCH_INTL = `(() => {
  const made = (window.__intlMade = []);
  window.__weekShown = Infinity;
  for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules']) {
    const Original = Intl[name];
    const Watched = function (...args) {
      made.push([performance.now(), name]);
      return new Original(...args);
    };
    Watched.prototype = Original.prototype;
    Intl[name] = Watched;
  }
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="week-meal-title"]')) {
      window.__weekShown = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  window.__readOnlyShown = false;
  new MutationObserver(() => {
    if (document.querySelector('[data-testid="agenda-read-only"]')) window.__readOnlyShown = true;
  }).observe(document, { childList: true, subtree: true });
})();`;

/** Stops the context's service workers, as the browser does with an idle one. */
async function stopServiceWorkers(): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await page.close();
}

describe('the start from the home screen', () => {
  it('opens the week offline with the worker stopped, its files read from the precache', async () => {
    const account = await seedScreens(app, 'accueil@exemple.fr');
    context = await app.newContext();
    const first = await openPage(context);
    await loginWithActiveStay(first, account.mail, SCREEN_PASSWORD);
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.close();

    await context.setOffline(true);
    await stopServiceWorkers();
    await context.addInitScript({ content: WATCH_INTL });
    const page = await context.newPage();
    await page.goto('/agenda');
    await page.getByTestId('week-table').waitFor();
    await poll(() => page.getByTestId('week-meal-title').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Each of the app's files was matched by the static route to the precache.
    const sources = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/assets/'))
        .map((e) => [
          new URL(e.name).pathname,
          (e as PerformanceResourceTiming & { workerMatchedSourceType?: string })
            .workerMatchedSourceType ?? 'none',
        ]),
    );
    expect(sources.length).toBeGreaterThan(10);
    expect(sources.filter(([, source]) => source !== 'cache')).toEqual([]);

    // No Intl object was made before the week showed: the first one of a page loads the
    // browser's locale data, 10 to 25 ms on a fresh page of this machine.
    const intl = await page.evaluate(() => {
      const w = window as unknown as { __intlMade: [number, string][]; __weekShown: number };
      return w.__intlMade.filter(([at]) => at <= w.__weekShown).map(([, what]) => what);
    });
    expect(intl).toEqual([]);

    // The owner never saw the notice of a read-only role while the rights were read (they come
    // after the first paint): once drag and drop is there, they are known.
    await page.locator('[data-rfd-drag-handle-draggable-id]').first().waitFor();
    expect(
      await page.evaluate(
        () => (window as unknown as { __readOnlyShown: boolean }).__readOnlyShown,
      ),
    ).toBe(false);
    await context.close();
  });
});
