/**
 * Where the time of the agenda's load from the service worker goes (issue 36): a one-off
 * diagnostic, not part of `npm run bench`. Run with
 * `pnpm exec tsx --conditions=source bench/diag-start.ts` after `ensureReady()`.
 * Prints, for the loads from the worker (plain and at CPU ÷4: the first after the install, the
 * same page again, then the start from the home screen as bench/web.ts measures it): when each
 * script finished loading, each IndexedDB open and transaction (with its stores and its
 * duration), fetches to the server, and when the week was painted.
 */
import { browserBench, closeBrowserBench } from './browser-app';
import { buildProbe, PROBE_GLOBAL } from './probe/build';
import { stopServiceWorkers } from './web';

const LOADS = ['cold', 'first from the worker', 'same page again', 'from the home screen'];

const hooks = `
(() => {
  const log = (window.__diag = []);
  const t = () => Math.round(performance.now());
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (...a) {
    const start = t();
    const req = open.apply(this, a);
    req.addEventListener('success', () => log.push([start, t(), 'idb open ' + a[0]]));
    return req;
  };
  const tx = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, ...rest) {
    const start = t();
    const r = tx.call(this, stores, mode, ...rest);
    r.addEventListener('complete', () => log.push([start, t(), 'tx ' + (mode || 'readonly') + ' ' + [].concat(stores).join(',')]));
    return r;
  };
  const f = window.fetch;
  window.fetch = function (input, ...rest) {
    const start = t();
    const url = String(input && input.url ? input.url : input);
    return f.call(this, input, ...rest).then((r) => { log.push([start, t(), 'fetch ' + url]); return r; });
  };
  new MutationObserver((_, o) => {
    if (document.querySelector('#root > *')) { log.push([t(), t(), 'first DOM in #root']); o.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
})();
`;

const bench = await browserBench();
const storageState = await bench.context.storageState({ indexedDB: true });
try {
  for (const rate of [1, 4]) {
    const context = await bench.app.newContext({
      storageState,
      viewport: { width: 1600, height: 1000 },
    });
    await context.addInitScript({
      content: `${await buildProbe('page-timing')}\n${PROBE_GLOBAL}.watchWeekTable(35, 'Menu vide.');\n${hooks}`,
    });
    const throttled = async () => {
      const page = await context.newPage();
      if (rate !== 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      }
      return page;
    };
    let page = await throttled();
    for (let i = 0; i < LOADS.length; i++) {
      if (LOADS[i] === 'from the home screen') {
        await page.close();
        await stopServiceWorkers(context);
        page = await throttled();
      }
      await page.goto('/agenda', { waitUntil: 'commit' });
      await page.waitForFunction(
        (g) => (window as unknown as Record<string, { loadTiming(): unknown }>)[g]?.loadTiming(),
        PROBE_GLOBAL,
        {
          timeout: 60000,
        },
      );
      if (i === 0) {
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        continue;
      }
      await page.waitForTimeout(300);
      const out = await page.evaluate((g) => {
        const w = window as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        const res = performance
          .getEntriesByType('resource')
          .map((e) => e as PerformanceResourceTiming)
          .map((e) => [
            Math.round(e.startTime),
            Math.round(e.responseEnd),
            'res ' + e.name.replace(location.origin, ''),
          ]);
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return {
          load: w[g].loadTiming(),
          nav: [
            Math.round(nav.responseEnd),
            Math.round(nav.domInteractive),
            Math.round(nav.domContentLoadedEventEnd),
          ],
          log: [...w.__diag, ...res].sort((a: number[], b: number[]) => a[0]! - b[0]!),
        };
      }, PROBE_GLOBAL);
      console.log(
        `\n=== rate ${rate}, ${LOADS[i]}: frame ${Math.round(out.load.frame)} dom ${Math.round(out.load.dom)} controlled ${out.load.controlled}; nav responseEnd/domInteractive/DCL ${out.nav}`,
      );
      for (const [a, b, what] of out.log)
        console.log(`${String(a).padStart(5)} → ${String(b).padStart(5)}  ${what}`);
    }
    await context.close();
  }
} finally {
  await closeBrowserBench();
}
