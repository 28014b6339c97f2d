/**
 * The Content-Disposition of a downloaded file. Clients read the file name from it (spec 9),
 * and names carry accents ('Ingrédients Séjour.xlsx'): an ASCII fallback in filename= and the
 * exact name in RFC 5987's filename*=.
 */

/** Characters RFC 5987 allows unencoded in a value (attr-char). */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/u;

function encodeRfc5987(value: string): string {
  let out = '';
  for (const char of value) {
    if (ATTR_CHAR.test(char)) out += char;
    else
      for (const byte of Buffer.from(char, 'utf8'))
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The name without accents, quotes or control characters, for clients that ignore filename*. */
function asciiFallback(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]/gu, '_')
    .replace(/["\\/]/gu, '_')
    .trim();
  return plain === '' ? 'fichier' : plain;
}

export function attachment(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
