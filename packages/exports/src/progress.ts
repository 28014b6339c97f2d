/** Progress of a long export, and the pauses that keep its thread responsive while it runs. */

/** Called after each step with the number of steps done and the total. */
export type ProgressListener = (done: number, total: number) => void;

/** How long an export works before it lets other work of its thread run. */
export const SLICE_MS = 40;

/**
 * Lets the event loop run (a server's other requests, a page's repaints) between two steps of
 * an export; a macrotask, because awaiting a resolved promise would not let anything else in.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A pause taken only once SLICE_MS of work has passed since the last one. A pause per step
 * would cost more than the steps: timers nested deeper than 5 wait at least 4 ms, so 300
 * sheets would wait over a second. In the app the files are built in a worker, where the
 * pauses are rare and harmless; on the server they let other requests through.
 */
export function timeSlicer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await yieldToEventLoop();
    since = performance.now();
  };
}
