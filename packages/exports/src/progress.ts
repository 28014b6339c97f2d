/** Progress of a long export, and the pause that keeps a page responsive while it runs. */

/** Called after each step with the number of steps done and the total. */
export type ProgressListener = (done: number, total: number) => void;

/**
 * Lets the event loop run (clicks, repaints, the progress bar) between two steps of an
 * export; a macrotask, because awaiting a resolved promise would not let the page paint.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
