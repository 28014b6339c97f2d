/**
 * Text as copied from anywhere, made readable: one kind of space, no control characters, no
 * list bullets, bounded lengths. Nothing here throws, whatever it is given.
 */

/** Longest line read; longer ones are kept, cut, as lines to fix. */
export const MAX_LINE_CHARS = 300;
/** The written text kept on a line to fix ('text' of a ReadLine). */
export const MAX_KEPT_CHARS = 500;
/** Longest pasted text or page text read (about 200 000 characters). */
export const MAX_SOURCE_CHARS = 200_000;
/** Most lines read from a page or a pasted text; beyond, one line to fix says how many more. */
export const MAX_READ_LINES = 300;

// C0 and C1 controls (tabs and line breaks are spaces in a line), zero-width characters and
// bidirectional marks.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/gu;
// Emoji and their modifiers: pages put them after a line ('500 ml de lait 🥛'), they are no part
// of the name.
const EMOJI =
  /\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}]|\ufe0e|\ufe0f|\u20e3/gu;
// Non-breaking, narrow and other Unicode spaces.
const SPACES = /[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+/gu;
/** List markers at the start of a line: bullets, dashes, asterisks, check boxes. */
const BULLET = /^(?:[•·▪▫◦‣⁃●○■□☐✓✔➢►▸\-–—*+>]\s*)+/u;

/**
 * One line: NFC, controls, emoji and odd spaces made single spaces, trimmed, bullets removed.
 */
export function cleanLine(text: string): string {
  const bounded = text.length > MAX_KEPT_CHARS * 4 ? text.slice(0, MAX_KEPT_CHARS * 4) : text;
  return bounded
    .normalize('NFC')
    .replace(CONTROL, ' ')
    .replace(EMOJI, ' ')
    .replace(SPACES, ' ')
    .trim()
    .replace(BULLET, '')
    .trim();
}

/** Spaces tidied without removing bullets (names, yields, categories). */
export function tidySpaces(text: string): string {
  return text.normalize('NFC').replace(CONTROL, ' ').replace(SPACES, ' ').trim();
}

/** At most max characters (code points), with '…' when cut. */
export function bound(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Lower case without accents, one UTF-16 unit for one: 'Crème' -> 'creme', so that a match
 * found in the folded text is at the same place in the written one. Characters whose folding
 * would change the length (œ, ß) are only lower-cased.
 */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const plain = lower.normalize('NFD').replace(/\p{M}+/gu, '');
    if (plain.length === ch.length) out += plain;
    else out += lower.length === ch.length ? lower : ch;
  }
  return out;
}
