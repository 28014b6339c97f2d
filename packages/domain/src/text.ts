/**
 * Text normalisation for search and for name comparison (spec 5: matching ignores spaces,
 * accents and case).
 */

/** Lower case, accents removed, every space removed: 'Crème  Fraîche' -> 'cremefraiche'. */
export function normalizeSearchText(text: string): string {
  return stripAccents(text).toLowerCase().replace(/\s+/gu, '');
}

/** Removes diacritics (é -> e, ç -> c) and folds the ligatures œ and æ. */
export function stripAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/œ/gu, 'oe')
    .replace(/Œ/gu, 'OE')
    .replace(/æ/gu, 'ae')
    .replace(/Æ/gu, 'AE');
}

/** The library search hint asks for at least this many characters (spec 5). */
export const SEARCH_MIN_LENGTH = 2;
/** Search inputs wait this long after the last key before searching (spec 5). */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a search box asks for: one whole type (':I', ':R', ':M'), a text, or not enough yet. */
export type SearchQuery =
  | { kind: 'all-ingredients' }
  | { kind: 'all-recipes' }
  | { kind: 'all-menus' }
  /**
   * `words`: the normalised words typed, each of which must appear in a match, anywhere and in
   * any order ('pates bolo' finds 'Pâtes à la bolognaise'); `needle`: all of them joined.
   */
  | { kind: 'text'; needle: string; words: string[] }
  | { kind: 'too-short' };

const LIST_ALL_COMMANDS: Record<string, SearchQuery> = {
  ':I': { kind: 'all-ingredients' },
  ':R': { kind: 'all-recipes' },
  ':M': { kind: 'all-menus' },
};

/**
 * Reads a search box. The needle is normalised (see normalizeSearchText), and its length is
 * counted after normalisation, so that 'a b' is a two-letter search and ' é ' a one-letter one.
 */
export function parseSearchQuery(q: string): SearchQuery {
  const trimmed = q.trim();
  const command = LIST_ALL_COMMANDS[trimmed.toUpperCase()];
  if (command) return { ...command };
  const needle = normalizeSearchText(trimmed);
  if ([...needle].length < SEARCH_MIN_LENGTH) return { kind: 'too-short' };
  return { kind: 'text', needle, words: searchWords(trimmed) };
}

/** The normalised words of a search text ('Pâtes  Bolo' -> ['pates', 'bolo']). */
export function searchWords(text: string): string[] {
  return text
    .split(/\s+/u)
    .map(normalizeSearchText)
    .filter((w) => w !== '');
}

/** Whether a normalised text (see normalizeSearchText) holds every word. */
export function hasEveryWord(key: string, words: readonly string[]): boolean {
  for (const word of words) if (!key.includes(word)) return false;
  return true;
}

/**
 * Whether text contains every word of the search, ignoring spaces, accents and case; words
 * may come in any order. An empty search matches everything.
 */
export function matchesSearch(text: string, search: string): boolean {
  return hasEveryWord(normalizeSearchText(text), searchWords(search));
}
