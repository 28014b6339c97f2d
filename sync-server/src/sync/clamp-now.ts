/**
 * The dates a device writes into rows ('now' of a mutation, 'updated' of the rows an undo puts
 * back) are its own clock's. Before a pushed mutation runs, the server replaces one it cannot
 * trust by its own time, so that stored dates stay plausible for every reader (issue 15): one
 * more than MAX_CLOCK_AHEAD_MS ahead of the server, or one before MIN_DATE_MS. A string that is
 * not a date is left as it is, for the mutator's schema (NowSchema) to refuse. The mutators
 * stay deterministic: they receive the replaced arguments.
 */

/** How far ahead of the server's clock a device's date may be (clock drift). */
export const MAX_CLOCK_AHEAD_MS = 10 * 60 * 1000;
/** No change of Popote happened before this date. */
export const MIN_DATE_MS = Date.UTC(2000, 0, 1);

/**
 * Keys whose string values are dates written into rows: a mutation's 'now', and the dates of
 * rows an undo puts back (a recipe's 'updated'; a shopping list's 'created', its share's
 * 'created' and its lines' 'tickedAt', which decide the link's expiry and which tick wins).
 */
const DATE_KEYS: ReadonlySet<string> = new Set(['now', 'updated', 'created', 'tickedAt']);
/** Deep enough for the rows of an undo ({ put: [ { row: { items: [ { tickedAt } ] } } ] }). */
const MAX_WALK_DEPTH = 6;

/**
 * Replaces, in place, every untrustworthy date of the arguments by the server's time. In place
 * rather than copied: the arguments are the request's own parsed JSON, and copying keys such as
 * '__proto__' into a new object would be unsafe.
 */
export function clampDates(args: unknown, serverNow: number): void {
  const replacement = new Date(serverNow).toISOString();
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_WALK_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const v = record[key];
      if (DATE_KEYS.has(key) && typeof v === 'string') {
        if (!trustworthy(v, serverNow)) record[key] = replacement;
      } else {
        walk(v, depth + 1);
      }
    }
  };
  walk(args, 0);
}

/** True for a plausible date, and for what is not a date at all (refused by the schema). */
function trustworthy(iso: string, serverNow: number): boolean {
  const t = Date.parse(iso);
  return Number.isNaN(t) || (t >= MIN_DATE_MS && t <= serverNow + MAX_CLOCK_AHEAD_MS);
}
