/**
 * The cook sheets as a PDF (jsPDF + jspdf-autotable): one page per meal. The libraries are
 * loaded on first use, so that importing this package costs a web page nothing until a user
 * asks for an export.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import type { autoTable as autoTableFn } from 'jspdf-autotable';
import type { CookBlock, CookbookInput, CookPage } from './cookbook-plan.js';
import { COMMENTS_TITLE, COOK_TABLE_HEAD, EMPTY_MEAL, planCookbook } from './cookbook-plan.js';
import { toWinAnsi } from './pdf-text.js';
import type { ProgressListener } from './progress.js';
import { yieldToEventLoop } from './progress.js';

type AutoTable = typeof autoTableFn;

const MARGIN = 15;
const FONT = 'helvetica';
/** Yellow of the app's theme, for table headers. */
const HEAD_FILL: [number, number, number] = [250, 176, 5];
const MUTED: [number, number, number] = [90, 90, 90];

export async function buildCookbookPdf(
  input: CookbookInput,
  onProgress?: ProgressListener,
): Promise<Uint8Array> {
  const pages = planCookbook(input);
  const [{ jsPDF }, { autoTable }] = await Promise.all([
    import('jspdf'),
    import('jspdf-autotable'),
  ]);
  // Uncompressed: the files stay small (text only) and their text can be checked as is.
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: false });
  doc.setProperties({ creator: 'Popote' });
  if (pages.length === 0) {
    // jsPDF always has a first page; an export of days without meals says so on it.
    drawEmptyPage(doc);
  }
  for (const [index, page] of pages.entries()) {
    if (index > 0) doc.addPage();
    drawPage(doc, autoTable, page);
    onProgress?.(index + 1, pages.length);
    await yieldToEventLoop();
  }
  return new Uint8Array(doc.output('arraybuffer'));
}

export const NO_MEAL = 'Aucun repas pour les jours choisis.';

function drawEmptyPage(doc: JsPdf): void {
  doc.setFont(FONT, 'italic');
  doc.setFontSize(12);
  doc.text(toWinAnsi(NO_MEAL), MARGIN, MARGIN + 5);
}

function drawPage(doc: JsPdf, autoTable: AutoTable, page: CookPage): void {
  let y = MARGIN + 5;
  doc.setTextColor(0, 0, 0);
  doc.setFont(FONT, 'bold');
  doc.setFontSize(18);
  doc.text(toWinAnsi(page.title), MARGIN, y);
  y += 8;
  doc.setFont(FONT, 'normal');
  doc.setFontSize(12);
  doc.text(toWinAnsi(page.people), MARGIN, y);
  y += 6;
  doc.setFontSize(10);
  doc.setTextColor(...MUTED);
  for (const line of [page.groups, page.additional].filter((l) => l !== '')) {
    y = writeWrapped(doc, line, y, 10);
  }
  doc.setTextColor(0, 0, 0);
  y += 4;
  if (page.blocks.length === 0) {
    doc.setFont(FONT, 'italic');
    doc.setFontSize(12);
    doc.text(toWinAnsi(EMPTY_MEAL), MARGIN, y);
    return;
  }
  for (const block of page.blocks) y = drawBlock(doc, autoTable, block, y);
}

function drawBlock(doc: JsPdf, autoTable: AutoTable, block: CookBlock, top: number): number {
  let y = roomFor(doc, top, 25);
  doc.setFont(FONT, 'bold');
  doc.setFontSize(14);
  doc.text(toWinAnsi(block.title), MARGIN, y);
  y += 2;
  autoTable(doc, {
    startY: y,
    margin: { left: MARGIN, right: MARGIN },
    head: [COOK_TABLE_HEAD.map(toWinAnsi)],
    body: block.rows.map((r) => [toWinAnsi(r.name), toWinAnsi(r.quantity)]),
    theme: 'grid',
    styles: { font: FONT, fontSize: 11, cellPadding: 1.5 },
    headStyles: { fillColor: HEAD_FILL, textColor: 0, fontStyle: 'bold' },
    bodyStyles: { textColor: 20 },
    columnStyles: { 1: { cellWidth: 60 } },
  });
  y = lastTableBottom(doc, y) + 6;
  if (block.comments !== '') {
    y = roomFor(doc, y, 12);
    doc.setFont(FONT, 'bold');
    doc.setFontSize(10);
    doc.text(toWinAnsi(`${COMMENTS_TITLE} :`), MARGIN, y);
    y += 5;
    doc.setFont(FONT, 'italic');
    y = writeWrapped(doc, block.comments, y, 10) + 3;
  }
  return y;
}

/** Writes text wrapped to the page width, continuing on a new page if it runs out. */
function writeWrapped(doc: JsPdf, text: string, top: number, fontSize: number): number {
  const width = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  const lines = doc.splitTextToSize(toWinAnsi(text), width) as string[];
  const lineHeight = fontSize * 0.45;
  let y = top;
  for (const line of lines) {
    y = roomFor(doc, y, lineHeight);
    doc.text(line, MARGIN, y);
    y += lineHeight;
  }
  return y;
}

/** The y to write at: `y` if `needed` mm still fit on the page, else the top of a new page. */
function roomFor(doc: JsPdf, y: number, needed: number): number {
  if (y + needed <= doc.internal.pageSize.getHeight() - MARGIN) return y;
  doc.addPage();
  return MARGIN + 5;
}

function lastTableBottom(doc: JsPdf, fallback: number): number {
  const last = (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable;
  return last?.finalY ?? fallback;
}
