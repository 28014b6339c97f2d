/**
 * Excel refuses a workbook whose sheet names are empty, longer than 31 characters, contain one
 * of [ ] : * ? / \, begin or end with an apostrophe, repeat another name (ignoring case) or
 * are 'History'. Supplier names are typed by users, so each name goes through here.
 */

export const MAX_SHEET_NAME_LENGTH = 31;
const FORBIDDEN = /[[\]:*?/\\]/gu;
const FALLBACK = 'Feuille';
const RESERVED = 'history';

/** Hands out valid, unique sheet names in the order they are asked for. */
export class SheetNames {
  private readonly taken = new Set<string>();

  /** A valid name close to `wanted`, unique in this workbook. */
  claim(wanted: string): string {
    const base = cleanSheetName(wanted);
    let name = base;
    for (let n = 2; this.isTaken(name); n++) {
      const suffix = ` (${n})`;
      name = `${truncate(base, MAX_SHEET_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
    }
    this.taken.add(name.toLowerCase());
    return name;
  }

  private isTaken(name: string): boolean {
    const key = name.toLowerCase();
    return this.taken.has(key) || key === RESERVED;
  }
}

/** The name with forbidden characters replaced, trimmed and cut to 31 characters. */
export function cleanSheetName(wanted: string): string {
  const cleaned = wanted
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/gu, ' ')
    .replace(FORBIDDEN, '-')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^'+|'+$/gu, '')
    .trim();
  const short = truncate(cleaned, MAX_SHEET_NAME_LENGTH).trim().replace(/'+$/u, '').trim();
  return short === '' ? FALLBACK : short;
}

/** At most `max` UTF-16 units (Excel's count), never splitting a surrogate pair. */
function truncate(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}
