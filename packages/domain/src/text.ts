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
