/**
 * When the page has shown its first data (issue 36): every live read has had its first answer,
 * no screen waits for its code, and the browser painted that. On a page opened with a session,
 * the sync loop starts only then (SyncProvider), so that loading its code, its reads and its
 * first pull do not compete with the screen's on a slow tablet: on the camp's tablet they
 * delayed the week view by a third.
 */

let holds = 0;
let waiters: (() => void)[] = [];

/** Something the first paint waits for (a live read's first answer, a screen's code). */
export function holdFirstData(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds === 0) settleSoon();
  };
}

/**
 * Resolves once nothing is held, checked again after the next two frames (what the answers
 * rendered may mount more reads), or after `maxWaitMs` whatever happens (a hidden tab draws
 * no frames).
 */
export function afterFirstData(maxWaitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, maxWaitMs);
    function done() {
      clearTimeout(timer);
      waiters = waiters.filter((w) => w !== done);
      resolve();
    }
    waiters.push(done);
    if (holds === 0) settleSoon();
  });
}

function settleSoon(): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (holds !== 0) return;
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve();
    }),
  );
}
