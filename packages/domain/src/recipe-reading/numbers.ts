/**
 * French numbers of ingredient lines, read in folded text (see fold): '1,5', '1.5', '1/2',
 * '½', '1 1/2', '1½', 'un', 'une', 'deux'..., 'un demi', and ranges '2 à 3', '2-3', '2 ou 3',
 * 'de 2 à 3', 'entre 2 et 3'.
 *
 * A range reads as its upper bound: a cook planning for a group would rather have a carrot too
 * many than one too few, and the line's note keeps the range as written.
 */

export interface ReadNumber {
  val: number;
  /** Index just after the number (or the range) in the text. */
  end: number;
  /** Whether it was a range ('2 à 3'), read as its upper bound. */
  range: boolean;
}

const UNICODE_FRACTIONS: Record<string, number> = {
  '½': 1 / 2,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
  '⅕': 1 / 5,
  '⅙': 1 / 6,
};

const WORD_NUMBERS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  quinze: 15,
  vingt: 20,
  trente: 30,
};

// Mixed number '1 1/2', fraction '3/4' (also with the fraction slash ⁄), digits with a glued
// or spaced unicode fraction '1½', decimal '1,5', unicode fraction alone '½'.
const DIGITS =
  /(\d{1,6})\s+(\d{1,3})\s*[/⁄]\s*(\d{1,3})(?!\d)|(\d{1,6})\s*[/⁄]\s*(\d{1,3})(?!\d)|(\d{1,6}(?:[.,]\d{1,4})?)?\s?([½¼¾⅓⅔⅛⅜⅝⅞⅕⅙])|(\d{1,7}(?:[.,]\d{1,4})?)(?![\d/⁄])/uy;
// 'un demi', 'une demie', 'un demi-', 'demi-' and the number words; never 'un peu'.
const WORDS =
  /(?:(?:un|une)\s+)?(demie?)(?:\s+|-|(?=\s*$))|(un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|trente)(?![\p{L}'’-])/uy;
const RANGE_LINK = /\s*(?:-|–|—|à|a|ou|\/|et)\s*/uy;

function decimal(s: string): number {
  return Number(s.replace(',', '.'));
}

/** One number (no range) at `pos` of the folded text, or null. */
function readOne(folded: string, pos: number): { val: number; end: number } | null {
  DIGITS.lastIndex = pos;
  const m = DIGITS.exec(folded);
  if (m) {
    let val: number;
    if (m[1] !== undefined) val = Number(m[1]) + Number(m[2]) / Number(m[3]);
    else if (m[4] !== undefined) val = Number(m[4]) / Number(m[5]);
    else if (m[7] !== undefined) val = (m[6] ? decimal(m[6]) : 0) + (UNICODE_FRACTIONS[m[7]] ?? 0);
    else val = decimal(m[8] as string);
    if (!Number.isFinite(val)) return null;
    return { val, end: DIGITS.lastIndex };
  }
  WORDS.lastIndex = pos;
  const w = WORDS.exec(folded);
  if (w) {
    const val = w[1] !== undefined ? 0.5 : (WORD_NUMBERS[w[2] as string] as number);
    return { val, end: WORDS.lastIndex };
  }
  return null;
}

/**
 * The number or range at `pos` of the folded text. Word numbers only start a line ('une
 * pincée'), digits anywhere. A '/' between two whole numbers is a fraction, never a range.
 */
export function readNumberAt(folded: string, pos: number): ReadNumber | null {
  let start = pos;
  // 'de 2 à 3', 'entre 2 et 3'
  const lead = /(?:de|entre)\s+(?=\d)/uy;
  lead.lastIndex = pos;
  const hasLead = lead.test(folded);
  if (hasLead) start = lead.lastIndex;
  const first = readOne(folded, start);
  if (!first) return null;
  RANGE_LINK.lastIndex = first.end;
  if (RANGE_LINK.exec(folded)) {
    const linkEnd = RANGE_LINK.lastIndex;
    // Only digits after a link: 'un ou deux' is rare, 'deux à trois' rarer still.
    if (/\d|[½¼¾⅓⅔]/u.test(folded.charAt(linkEnd))) {
      const second = readOne(folded, linkEnd);
      if (second && second.val >= first.val) {
        return { val: second.val, end: second.end, range: true };
      }
    }
  }
  if (hasLead) return null;
  return { val: first.val, end: first.end, range: false };
}

/** Rounded to 3 decimals, enough for 1/3 and for a pinch, without floating residues. */
export function roundValue(val: number): number {
  return Math.round(val * 1000) / 1000;
}
