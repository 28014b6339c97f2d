import { useEffect, useState } from 'react';

/**
 * Keeps the screen on while the calling screen is shown (Screen Wake Lock), where the browser
 * has it: a tablet on the kitchen counter must not go dark between two steps of a recipe. The
 * browser releases the lock when the page is hidden; it is asked again when the page shows.
 * Returns whether the screen is being kept on.
 */
export function useWakeLock(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLock }).wakeLock;
    if (!wakeLock) return undefined;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const request = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const taken = await wakeLock.request('screen');
        if (stopped) {
          void taken.release();
          return;
        }
        sentinel = taken;
        setHeld(true);
        taken.addEventListener('release', () => setHeld(false));
      } catch {
        // Refused (battery saver, no user gesture yet, not allowed here): the screen may sleep.
        setHeld(false);
      }
    };
    void request();
    const onVisible = () => void request();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
      if (sentinel && !sentinel.released) void sentinel.release();
    };
  }, []);
  return held;
}
