/**
 * The kitchen's register as a PDF (issue 35), to hand to an inspector: landscape A4 pages, the
 * stay and the people in charge, then day by day three tables (samples, temperatures,
 * deliveries). A reading out of range and a delivery too warm or refused stand out: bold, on
 * a red tint, with 'HORS PLAGE' (or 'TROP CHAUD') beside the value. A table cut by a page goes
 * on under its head again; 'page x / y' is on every page. Drawn by PdfWriter, as the other
 * files are; jsPDF is loaded on first use.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import { pageLabel } from './labels.js';
import { toWinAnsi } from './pdf-text.js';
import type { FontStyle, Rgb, TextStyle } from './pdf-writer.js';
import { PdfWriter } from './pdf-writer.js';
import type { ProgressListener } from './progress.js';
import { timeSlicer } from './progress.js';
import type { RegisterDay, RegisterInput, RegisterPlan } from './register-plan.js';
import {
  DELIVERIES_TITLE,
  DELIVERY_HEADS,
  NO_DAY,
  NO_DELIVERY,
  NO_READING,
  NOT_READ,
  NO_SAMPLE,
  planRegister,
  READING_HEADS,
  READINGS_TITLE,
  REGISTER_TITLE,
  SAMPLE_HEADS,
  SAMPLES_TITLE,
  TEAM_TITLE,
  TOO_WARM,
  UNITS_TITLE,
} from './register-plan.js';

/** Millimetres, A4 landscape. */
const PAGE_WIDTH = 297;
const PAGE_HEIGHT = 210;
const MARGIN = 10;
const RIGHT = PAGE_WIDTH - MARGIN;
const BOTTOM = PAGE_HEIGHT - 10;
const HEAD_Y = 8;
const LINE = 4;
const CELL_PAD = 1.4;
const HEAD_ROW = 6.5;

const BLACK: Rgb = [0, 0, 0];
const MUTED: Rgb = [90, 90, 90];
const ALERT: Rgb = [170, 0, 0];
const GRID: Rgb = [160, 160, 160];
const HEAD_FILL: Rgb = [255, 236, 179];
const DAY_FILL: Rgb = [225, 225, 225];
/** Behind a row that needs the reader's eye: out of range, too warm, refused. */
const ALERT_FILL: Rgb = [255, 215, 215];

const STYLE = {
  runningHead: { style: 'normal', size: 9, color: MUTED },
  title: { style: 'bold', size: 18, color: BLACK },
  subtitle: { style: 'normal', size: 12, color: BLACK },
  heading: { style: 'bold', size: 11, color: BLACK },
  info: { style: 'normal', size: 10, color: BLACK },
  day: { style: 'bold', size: 13, color: BLACK },
  section: { style: 'bold', size: 10.5, color: BLACK },
  head: { style: 'bold', size: 8.5, color: BLACK },
  none: { style: 'italic', size: 9, color: MUTED },
} as const satisfies Record<string, TextStyle>;
const CELL_SIZE = 9;

/** One cell: its lines (each wrapped to the column), bold or not. */
interface Cell {
  lines: string[];
  bold?: boolean;
  color?: Rgb;
}
interface Row {
  cells: Cell[];
  alert: boolean;
}
interface Table {
  title: string;
  heads: readonly string[];
  /** Column widths in mm, adding up to the page's content width. */
  widths: readonly number[];
  rows: Row[];
  none: string;
}

const SAMPLE_WIDTHS = [28, 112, 22, 35, 80];
const READING_WIDTHS = [66, 18, 40, 35, 118];
const DELIVERY_WIDTHS = [14, 32, 40, 20, 24, 28, 25, 64, 30];

const plain = (...lines: string[]): Cell => ({ lines });

export async function buildRegisterPdf(
  input: RegisterInput,
  onProgress?: ProgressListener,
): Promise<Uint8Array> {
  const plan = planRegister(input);
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'landscape', compress: false });
  doc.setProperties({
    creator: 'Popote',
    title: toWinAnsi(`${plan.stayName} - ${REGISTER_TITLE}`),
  });
  const writer = new RegisterWriter(doc, plan);
  const slice = timeSlicer();
  writer.firstPage();
  if (plan.days.length === 0) writer.note(NO_DAY);
  for (const [index, day] of plan.days.entries()) {
    writer.day(day);
    onProgress?.(index + 1, plan.days.length);
    await slice();
  }
  writer.finish();
  return new Uint8Array(doc.output('arraybuffer'));
}

/** The day's three tables, as rows of cells. */
function tablesOf(day: RegisterDay): Table[] {
  return [
    {
      title: SAMPLES_TITLE,
      heads: SAMPLE_HEADS,
      widths: SAMPLE_WIDTHS,
      none: NO_SAMPLE,
      rows: day.samples.map((s) => ({
        alert: false,
        cells: [plain(s.meal), plain(s.dishes), plain(s.time), plain(s.by), plain(s.discarded)],
      })),
    },
    {
      title: READINGS_TITLE,
      heads: READING_HEADS,
      widths: READING_WIDTHS,
      none: NO_READING,
      rows: [
        ...day.readings.map((r) => ({
          alert: r.outOfRange,
          cells: [
            plain(r.unit),
            plain(r.time),
            r.outOfRange ? { lines: [r.value, r.mark], bold: true, color: ALERT } : plain(r.value),
            plain(r.by),
            { lines: r.remarks, bold: r.outOfRange },
          ],
        })),
        // The gaps, where an inspector looks for them: after the day's readings.
        ...day.missing.map((m) => ({
          alert: true,
          cells: [
            plain(m.unit),
            plain(m.check),
            { lines: [NOT_READ], bold: true, color: ALERT },
            plain(''),
            plain(''),
          ],
        })),
      ],
    },
    {
      title: DELIVERIES_TITLE,
      heads: DELIVERY_HEADS,
      widths: DELIVERY_WIDTHS,
      none: NO_DELIVERY,
      rows: day.deliveries.map((d) => ({
        alert: d.tooWarm || !d.accepted,
        cells: [
          plain(d.time),
          plain(d.supplier),
          plain(d.product),
          plain(d.quantity),
          plain(d.lot),
          plain(d.date),
          d.tooWarm
            ? { lines: [d.temperature, TOO_WARM], bold: true, color: ALERT }
            : plain(d.temperature),
          d.accepted ? plain(d.decision) : { lines: [d.decision], bold: true, color: ALERT },
          plain(d.by),
        ],
      })),
    },
  ];
}

class RegisterWriter {
  private readonly text: PdfWriter;
  private pages = 0;
  private y = 0;

  constructor(
    private readonly doc: JsPdf,
    private readonly plan: RegisterPlan,
  ) {
    this.text = new PdfWriter(doc);
  }

  /** The title, the stay and its days, the people in charge and the cold units' ranges. */
  firstPage(): void {
    this.pages = 1;
    this.pageFrame();
    const { plan } = this;
    this.text.text(REGISTER_TITLE, MARGIN, HEAD_Y + 10, STYLE.title);
    const subtitle = plan.period === '' ? plan.stayName : `${plan.stayName} - ${plan.period}`;
    this.text.text(subtitle, MARGIN, HEAD_Y + 17, STYLE.subtitle);
    this.y = HEAD_Y + 25;
    this.text.text(TEAM_TITLE, MARGIN, this.y, STYLE.heading);
    this.y += 5;
    for (const line of plan.team) {
      this.paragraph(`${line.role} : ${line.names.join(', ')}`, STYLE.info);
    }
    this.y += 2;
    this.text.text(UNITS_TITLE, MARGIN, this.y, STYLE.heading);
    this.y += 5;
    for (const unit of plan.units) this.paragraph(unit, STYLE.info);
    this.y += 3;
  }

  note(text: string): void {
    this.text.text(text, MARGIN, this.y + 4, STYLE.none);
    this.y += 6;
  }

  /** The day's band, then its three tables. */
  day(day: RegisterDay): void {
    const tables = tablesOf(day);
    // The band with at least its first table's title and head.
    if (this.y + 9 + 6 + HEAD_ROW + 8 > BOTTOM) this.nextPage();
    this.fill(DAY_FILL, MARGIN, this.y, RIGHT - MARGIN, 8);
    this.text.text(day.title, MARGIN + 2, this.y + 5.8, STYLE.day);
    this.y += 10;
    for (const table of tables) this.table(table);
    this.y += 2;
  }

  /** 'page x / y' on every page. */
  finish(): void {
    for (let page = 1; page <= this.pages; page++) {
      this.doc.setPage(page);
      this.text.text(pageLabel(page, this.pages), RIGHT, HEAD_Y, STYLE.runningHead, 'right');
    }
  }

  private table(table: Table): void {
    const rows = table.rows.map((row) => this.wrapRow(row, table.widths));
    const first = rows[0];
    const firstHeight = first ? first.height : 6;
    if (this.y + 6 + HEAD_ROW + firstHeight > BOTTOM) this.nextPage();
    this.text.text(table.title, MARGIN, this.y + 4, STYLE.section);
    this.y += 6;
    if (rows.length === 0) {
      this.note(table.none);
      return;
    }
    this.headRow(table);
    for (const row of rows) {
      if (this.y + row.height > BOTTOM) {
        this.nextPage();
        this.text.text(`${table.title} (suite)`, MARGIN, this.y + 4, STYLE.section);
        this.y += 6;
        this.headRow(table);
      }
      this.drawRow(row, table.widths);
    }
    this.y += 3;
  }

  private headRow(table: Table): void {
    this.fill(HEAD_FILL, MARGIN, this.y, RIGHT - MARGIN, HEAD_ROW);
    let x = MARGIN;
    table.heads.forEach((head, i) => {
      this.text.text(head, x + CELL_PAD, this.y + 4.4, STYLE.head);
      x += table.widths[i] ?? 0;
    });
    this.grid(table.widths, this.y, HEAD_ROW);
    this.y += HEAD_ROW;
  }

  private wrapRow(row: Row, widths: readonly number[]): Row & { height: number } {
    const cells = row.cells.map((cell, i) => ({
      ...cell,
      lines: cell.lines.flatMap((line) =>
        this.wrap(line, cell.bold ? 'bold' : 'normal', (widths[i] ?? 20) - 2 * CELL_PAD),
      ),
    }));
    const lines = Math.max(1, ...cells.map((c) => c.lines.length));
    return { ...row, cells, height: lines * LINE + 2 * CELL_PAD };
  }

  private drawRow(row: Row & { height: number }, widths: readonly number[]): void {
    if (row.alert) this.fill(ALERT_FILL, MARGIN, this.y, RIGHT - MARGIN, row.height);
    let x = MARGIN;
    row.cells.forEach((cell, i) => {
      const style: TextStyle = {
        style: cell.bold ? 'bold' : 'normal',
        size: CELL_SIZE,
        color: cell.color ?? BLACK,
      };
      this.text.lines(cell.lines, x + CELL_PAD, this.y + CELL_PAD + LINE - 1, LINE, style);
      x += widths[i] ?? 0;
    });
    this.grid(widths, this.y, row.height);
    this.y += row.height;
  }

  /** The cell borders of one row. */
  private grid(widths: readonly number[], top: number, height: number): void {
    const doc = this.doc;
    doc.setDrawColor(...GRID);
    doc.setLineWidth(0.2);
    doc.rect(MARGIN, top, RIGHT - MARGIN, height, 'S');
    let x = MARGIN;
    for (const width of widths.slice(0, -1)) {
      x += width;
      doc.line(x, top, x, top + height);
    }
  }

  private paragraph(text: string, style: TextStyle): void {
    const lines = this.wrap(text, style.style, RIGHT - MARGIN, style.size);
    this.text.lines(lines, MARGIN, this.y, 5, style);
    this.y += lines.length * 5;
  }

  private nextPage(): void {
    this.doc.addPage('a4', 'landscape');
    this.pages += 1;
    this.pageFrame();
    this.y = HEAD_Y + 5;
  }

  private pageFrame(): void {
    this.text.text(`${this.plan.stayName} - ${REGISTER_TITLE}`, MARGIN, HEAD_Y, STYLE.runningHead);
  }

  private fill(color: Rgb, x: number, y: number, width: number, height: number): void {
    this.doc.setFillColor(...color);
    this.doc.rect(x, y, width, height, 'F');
  }

  /** The text cut into lines that fit (most fit at once: no split then). */
  private wrap(text: string, style: FontStyle, width: number, size = CELL_SIZE): string[] {
    if (text === '') return [];
    if (this.text.width(text, style, size) <= width) return [text];
    this.doc.setFont('helvetica', style);
    this.doc.setFontSize(size);
    return this.doc.splitTextToSize(text, width) as string[];
  }
}
