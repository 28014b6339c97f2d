/**
 * The week plan as a PDF to pin on the kitchen wall: one landscape A4 page per week, the days
 * as columns and the slots as rows (jspdf-autotable, which wraps long menu titles in their
 * cells). A week too full for its page is drawn again in a smaller font, so that each week
 * stays on one page. The libraries are loaded on first use.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import type { autoTable as autoTableFn } from 'jspdf-autotable';
import { pageLabel } from './labels.js';
import { toWinAnsi } from './pdf-text.js';
import type { ProgressListener } from './progress.js';
import { timeSlicer } from './progress.js';
import type { WeekPage, WeekPlanInput } from './week-plan.js';
import { NO_MEAL, planWeeks, WEEK_PLAN_TITLE } from './week-plan.js';

type AutoTable = typeof autoTableFn;

const MARGIN = 12;
const FONT = 'helvetica';
/** The app's yellow, for the days' heads. */
const HEAD_FILL: [number, number, number] = [250, 176, 5];
const SLOT_FILL: [number, number, number] = [255, 244, 214];
const MUTED: [number, number, number] = [90, 90, 90];
/** Font sizes tried in turn until the week fits its page. */
const FONT_SIZES = [11, 9.5, 8, 6.5, 5];

export async function buildWeekPlanPdf(
  input: WeekPlanInput,
  onProgress?: ProgressListener,
): Promise<Uint8Array> {
  const weeks = planWeeks(input);
  const [{ jsPDF }, { autoTable }] = await Promise.all([
    import('jspdf'),
    import('jspdf-autotable'),
  ]);
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'landscape', compress: false });
  doc.setProperties({
    creator: 'Popote',
    title: toWinAnsi(`${input.stay.name} - ${WEEK_PLAN_TITLE}`),
  });
  const slice = timeSlicer();
  if (weeks.length === 0) {
    head(doc, input.stay.name, '');
    doc.setFont(FONT, 'italic');
    doc.setFontSize(12);
    doc.text(toWinAnsi(NO_MEAL), MARGIN, MARGIN + 20);
  }
  for (const [index, week] of weeks.entries()) {
    if (index > 0) doc.addPage();
    drawWeek(doc, autoTable, input.stay.name, week);
    onProgress?.(index + 1, weeks.length);
    await slice();
  }
  const total = doc.getNumberOfPages();
  for (let page = 1; page <= total; page++) {
    doc.setPage(page);
    doc.setFont(FONT, 'normal');
    doc.setFontSize(9);
    doc.setTextColor(...MUTED);
    const right = doc.internal.pageSize.getWidth() - MARGIN;
    doc.text(toWinAnsi(pageLabel(page, total)), right, MARGIN - 3, { align: 'right' });
  }
  return new Uint8Array(doc.output('arraybuffer'));
}

function head(doc: JsPdf, stayName: string, period: string): number {
  doc.setTextColor(0, 0, 0);
  doc.setFont(FONT, 'bold');
  doc.setFontSize(16);
  doc.text(toWinAnsi(stayName), MARGIN, MARGIN + 4);
  doc.setFont(FONT, 'normal');
  doc.setFontSize(12);
  doc.text(
    toWinAnsi(`${WEEK_PLAN_TITLE}${period === '' ? '' : ` : ${period}`}`),
    MARGIN,
    MARGIN + 11,
  );
  return MARGIN + 16;
}

/** One week on the current page; in a smaller font while it runs over. */
function drawWeek(doc: JsPdf, autoTable: AutoTable, stayName: string, week: WeekPage): void {
  const page = doc.getNumberOfPages();
  for (const [attempt, fontSize] of FONT_SIZES.entries()) {
    const top = head(doc, stayName, week.period);
    const slotWidth = 14 + fontSize * 1.8;
    autoTable(doc, {
      startY: top,
      margin: { left: MARGIN, right: MARGIN, top: MARGIN, bottom: MARGIN },
      head: [['', ...week.days].map(toWinAnsi)],
      body: week.slots.map((slot, row) => [slot, ...(week.cells[row] ?? [])].map(toWinAnsi)),
      theme: 'grid',
      styles: { font: FONT, fontSize, cellPadding: 1.6, valign: 'top', textColor: 20 },
      headStyles: { fillColor: HEAD_FILL, textColor: 0, fontStyle: 'bold', halign: 'center' },
      columnStyles: {
        0: { cellWidth: slotWidth, fontStyle: 'bold', fillColor: SLOT_FILL, textColor: 0 },
      },
      rowPageBreak: 'avoid',
    });
    const last = attempt === FONT_SIZES.length - 1;
    if (doc.getNumberOfPages() === page || last) return;
    // Ran over: remove what was drawn and try again smaller.
    while (doc.getNumberOfPages() > page) doc.deletePage(doc.getNumberOfPages());
    doc.addPage('a4', 'landscape');
    doc.deletePage(page);
    doc.setPage(page);
  }
}
