import { useEffect, useState } from 'react';

/**
 * The time now (ms), read again every `periodMs` (a minute by default): what 'il y a 5 min'
 * is counted from, so that it keeps counting while the screen stays open.
 */
export function useNow(periodMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}
