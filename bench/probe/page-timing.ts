/**
 * Timing hooks run inside the app's pages (bundled by bench/probe/build.ts, injected by
 * bench/web.ts before the app's own scripts): they note when something appears in the DOM, and
 * the next animation frame (the frame that paints it), with the page's own clock, whose zero is
 * the navigation start.
 */

export interface LoadTiming {
  /** performance.now() when the DOM first held the full week with its menu titles. */
  dom: number;
  /** The next animation frame after that. */
  frame: number;
  /** The page was served by the service worker. */
  controlled: boolean;
}

export interface KeystrokeTiming {
  /** When the key went down. */
  keydown: number;
  /** When the search debounce fired (the last timer of its length before the list changed). */
  fired: number;
  /** When the DOM held the new results (after React's commit). */
  dom: number;
  /** The next animation frame after that. */
  frame: number;
}

interface BenchWindow {
  __benchLoad?: LoadTiming;
  __benchKeydown?: number;
  __benchFired?: number[];
  __benchKey?: KeystrokeTiming;
}

const w = window as unknown as BenchWindow;

/**
 * Notes when the week table holds `expected` meals, all with their menu titles (a meal whose
 * menu has not been read yet shows `emptyMenu`).
 */
export function watchWeekTable(expected: number, emptyMenu: string): void {
  const ready = (): boolean => {
    const meals = document.querySelectorAll('[data-testid="week-meal"]');
    if (meals.length < expected) return false;
    for (const meal of meals) {
      const title = meal.querySelector('[data-testid="week-meal-title"]')?.textContent ?? '';
      if (title === '' || title.startsWith(emptyMenu)) return false;
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
        controlled: Boolean(navigator.serviceWorker?.controller),
      };
    });
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

/**
 * Notes when a timer of `delay` ms fires (the search debounce's length), so that the wait the
 * screen makes on purpose can be left out of a keystroke's time.
 */
export function recordTimers(delay: number): void {
  const original = window.setTimeout.bind(window);
  const patched = (handler: TimerHandler, timeout?: number, ...args: unknown[]): number => {
    if (timeout !== delay || typeof handler !== 'function') {
      return original(handler, timeout, ...args);
    }
    const fire = (...a: unknown[]): void => {
      w.__benchFired?.push(performance.now());
      (handler as (...x: unknown[]) => void)(...a);
    };
    return original(fire, timeout, ...args);
  };
  window.setTimeout = patched as typeof window.setTimeout;
}

const listTitles = (): string[] =>
  [...document.querySelectorAll('[data-testid="library-entry-title"]')].map(
    (el) => el.textContent?.trim() ?? '',
  );

export const listShows = (expected: readonly string[]): boolean => {
  const now = listTitles();
  return now.length === expected.length && now.every((t, i) => t === expected[i]);
};

/**
 * Arms an observer that notes when the library list's titles become `expected`, and notes the
 * next keystroke.
 */
export function watchList(expected: readonly string[]): void {
  w.__benchFired = [];
  delete w.__benchKey;
  delete w.__benchKeydown;
  const keydown = (): void => {
    w.__benchKeydown = performance.now();
  };
  document.addEventListener('keydown', keydown, { once: true, capture: true });
  const observer = new MutationObserver(() => {
    if (!listShows(expected)) return;
    observer.disconnect();
    const dom = performance.now();
    requestAnimationFrame(() => {
      const fired = (w.__benchFired ?? []).filter((t) => t <= dom).at(-1) ?? Number.NaN;
      w.__benchKey = {
        keydown: w.__benchKeydown ?? Number.NaN,
        fired,
        dom,
        frame: performance.now(),
      };
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

export const loadTiming = (): LoadTiming | undefined => w.__benchLoad;
export const keystrokeTiming = (): KeystrokeTiming | undefined => w.__benchKey;
