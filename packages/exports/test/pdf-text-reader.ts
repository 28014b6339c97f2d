/**
 * Reads back the text of the PDFs this package writes, page by page, so that tests (unit and
 * browser) can check what a cook sheet says without an external tool. It understands what
 * jsPDF emits uncompressed: a page tree, content streams and literal strings shown with Tj.
 * Not exported from the package: it is a test aid, not a PDF parser.
 */
import { fromWinAnsiByte } from '../src/pdf-text.js';

/** The text shown on each page, in page order: one entry per (non-empty) string drawn. */
export function readPdfPages(bytes: Uint8Array): string[][] {
  return readPdfPageItems(bytes).map((items) => items.map((item) => item.text));
}

/** A string drawn on a page, where its text matrix put it (in points, from the bottom left). */
export interface PdfTextItem {
  text: string;
  /** Null when the string was not placed by a text matrix (Tm) of its own. */
  x: number | null;
  y: number | null;
}

/**
 * The strings of each page with their positions, for tests that check where something is
 * drawn (the column of a mark in a table). PdfWriter places each string with a Tm.
 */
export function readPdfPageItems(bytes: Uint8Array): PdfTextItem[][] {
  const pdf = latin1(bytes);
  const objects = new Map<number, string>();
  for (const match of pdf.matchAll(/(\d+) 0 obj\b([\s\S]*?)\bendobj/gu)) {
    objects.set(Number(match[1]), match[2] ?? '');
  }
  const root = [...objects.values()].find((body) => /\/Type\s*\/Pages\b/u.test(body));
  if (root === undefined) throw new Error('No page tree in this PDF');
  return pageIds(root, objects).map((id) => {
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/u.exec(objects.get(id) ?? '')?.[1] ?? '';
    return refs(contents).flatMap((ref) => streamItems(objects.get(ref) ?? ''));
  });
}

function streamItems(object: string): PdfTextItem[] {
  if (/\/Filter/u.test(object)) throw new Error('Compressed PDF streams are not supported');
  const start = object.indexOf('stream');
  const end = object.lastIndexOf('endstream');
  if (start < 0 || end < 0) return [];
  const stream = object.slice(start + 'stream'.length, end);
  const number = '(-?[\\d.]+)';
  const matrix = `(?:${Array(6).fill(number).join('\\s+')}\\s+Tm\\s*)?`;
  const pattern = new RegExp(`${matrix}\\(((?:\\\\[\\s\\S]|[^\\\\)])*)\\)\\s*Tj`, 'gu');
  const items: PdfTextItem[] = [];
  for (const match of stream.matchAll(pattern)) {
    const raw = match[7] ?? '';
    if (raw === '') continue;
    const x = match[5] === undefined ? null : Number(match[5]);
    const y = match[6] === undefined ? null : Number(match[6]);
    items.push({ text: unescapePdfString(raw), x, y });
  }
  return items;
}

/** How many pages the PDF has. */
export function countPdfPages(bytes: Uint8Array): number {
  return readPdfPages(bytes).length;
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return out;
}

function refs(text: string): number[] {
  return [...text.matchAll(/(\d+) 0 R/gu)].map((m) => Number(m[1]));
}

function pageIds(node: string, objects: ReadonlyMap<number, string>): number[] {
  const kids = /\/Kids\s*\[([^\]]*)\]/u.exec(node)?.[1] ?? '';
  return refs(kids).flatMap((id) => {
    const kid = objects.get(id) ?? '';
    return /\/Type\s*\/Pages\b/u.test(kid) ? pageIds(kid, objects) : [id];
  });
}

/** A PDF literal string's escapes undone, its Windows-1252 bytes read back as Unicode. */
function unescapePdfString(raw: string): string {
  const bytes = raw.replace(/\\(\d{1,3}|[\s\S])/gu, (_, esc: string) => {
    if (/^\d/u.test(esc)) return String.fromCharCode(parseInt(esc, 8));
    const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    return named[esc] ?? esc;
  });
  return [...bytes].map((c) => fromWinAnsiByte(c.charCodeAt(0))).join('');
}
