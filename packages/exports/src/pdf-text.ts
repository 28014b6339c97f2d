/**
 * jsPDF's standard fonts (Helvetica…) are declared with WinAnsiEncoding (Windows-1252), which
 * covers all of French: Latin-1 plus œ, Œ, Ÿ, the typographic apostrophe and quotes, the euro
 * sign, dashes and the ellipsis. jsPDF itself only passes code points up to U+00FF through and
 * silently drops the rest, so œ in « Bœuf » vanished. We hand it the Windows-1252 byte of each
 * such character instead: the viewer draws the right glyph, and no font is embedded (an
 * embedded TrueType font would add about 300 kB to every file and to the offline app).
 */

/** The characters Windows-1252 places in 0x80-0x9F, where Latin-1 has control codes. */
const WIN_ANSI_HIGH: Readonly<Record<string, number>> = {
  '\u20ac': 0x80, // €
  '\u201a': 0x82, // ‚
  '\u0192': 0x83, // ƒ
  '\u201e': 0x84, // „
  '\u2026': 0x85, // …
  '\u2020': 0x86, // †
  '\u2021': 0x87, // ‡
  '\u02c6': 0x88, // ˆ
  '\u2030': 0x89, // ‰
  '\u0160': 0x8a, // Š
  '\u2039': 0x8b, // ‹
  '\u0152': 0x8c, // Œ
  '\u017d': 0x8e, // Ž
  '\u2018': 0x91, // ‘
  '\u2019': 0x92, // ’
  '\u201c': 0x93, // “
  '\u201d': 0x94, // ”
  '\u2022': 0x95, // •
  '\u2013': 0x96, // –
  '\u2014': 0x97, // —
  '\u02dc': 0x98, // ˜
  '\u2122': 0x99, // ™
  '\u0161': 0x9a, // š
  '\u203a': 0x9b, // ›
  '\u0153': 0x9c, // œ
  '\u017e': 0x9e, // ž
  '\u0178': 0x9f, // Ÿ
};

/** Characters outside Windows-1252 that French text commonly holds, and a close stand-in. */
const STAND_INS: Readonly<Record<string, string>> = {
  '\u202f': '\u00a0', // narrow no-break space (before « ; : ! ? » in French typography)
  '\u2009': ' ', // thin space
  '\u2007': ' ', // figure space
  '\u2011': '-', // non-breaking hyphen
  '\u2212': '-', // minus sign
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
};

const UNICODE_OF_BYTE = new Map<number, string>(
  Object.entries(WIN_ANSI_HIGH).map(([char, byte]) => [byte, char]),
);

/**
 * The text as jsPDF's standard fonts must receive it: one char per Windows-1252 byte.
 * Characters the encoding lacks lose their accents when they decompose (ą → a), else show '?'.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    out += winAnsiChar(char);
  }
  return out;
}

function winAnsiChar(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (char === '\n' || char === '\t') return char;
  // C0 and C1 control codes would print as stray glyphs (C1 bytes are letters in 1252).
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return '';
  if (code <= 0xff) return char;
  const high = WIN_ANSI_HIGH[char];
  if (high !== undefined) return String.fromCharCode(high);
  const standIn = STAND_INS[char];
  if (standIn !== undefined) return standIn;
  const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
  if (bare !== '' && bare !== char && [...bare].every((c) => (c.codePointAt(0) ?? 0) <= 0xff)) {
    return bare;
  }
  return '?';
}

/** The reverse of toWinAnsi for one byte: what a reader of the PDF sees. */
export function fromWinAnsiByte(byte: number): string {
  return UNICODE_OF_BYTE.get(byte) ?? String.fromCharCode(byte);
}
