/**
 * The menu poster as a PDF for the dining hall (issue 35): one landscape A4 or A3 page per week,
 * the days as columns and the slots as rows, each dish in bold large type with its allergens
 * under it. The type is as large as the week allows: the largest size at which every row fits
 * the page (an A3 page scales everything up by √2). Drawn by PdfWriter; jsPDF is loaded on
 * first use.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import { pageLabel } from './labels.js';
import type { MenuPosterInput, PosterFormat, PosterMeal, PosterPage } from './menu-poster.js';
import { planMenuPoster, POSTER_NOTE, POSTER_NOTHING, POSTER_TITLE } from './menu-poster.js';
import { toWinAnsi } from './pdf-text.js';
import type { FontStyle, Rgb, TextStyle } from './pdf-writer.js';
import { PdfWriter, PT } from './pdf-writer.js';
import type { ProgressListener } from './progress.js';
import { timeSlicer } from './progress.js';

/** A4 landscape in mm; A3 is it times √2. */
const A4 = { width: 297, height: 210 };
const BLACK: Rgb = [0, 0, 0];
const MUTED: Rgb = [80, 80, 80];
const ALLERGEN: Rgb = [150, 30, 0];
const GRID: Rgb = [120, 120, 120];
/** The app's yellow, for the days' heads. */
const HEAD_FILL: Rgb = [250, 176, 5];
const SLOT_FILL: Rgb = [255, 244, 214];
/** Dish sizes tried in turn (pt, on A4) until the week fits its page. */
const DISH_SIZES = [20, 18, 16, 14, 13, 12, 11, 10, 9, 8, 7];

export async function buildMenuPosterPdf(
  input: MenuPosterInput & { format: PosterFormat },
  onProgress?: ProgressListener,
): Promise<Uint8Array> {
  const plan = planMenuPoster(input);
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({
    unit: 'mm',
    format: input.format,
    orientation: 'landscape',
    compress: false,
  });
  doc.setProperties({ creator: 'Popote', title: toWinAnsi(`${plan.stayName} - ${POSTER_TITLE}`) });
  const poster = new PosterWriter(doc, input.format === 'a3' ? Math.SQRT2 : 1, plan.stayName);
  const slice = timeSlicer();
  if (plan.pages.length === 0) poster.nothing(plan.period);
  for (const [index, page] of plan.pages.entries()) {
    if (index > 0) doc.addPage(input.format, 'landscape');
    poster.week(page);
    onProgress?.(index + 1, plan.pages.length);
    await slice();
  }
  poster.finish();
  return new Uint8Array(doc.output('arraybuffer'));
}

/** One line of a cell, as laid out at a given size. */
interface CellLine {
  text: string;
  style: TextStyle;
  /** Space before it, mm. */
  gap: number;
}

class PosterWriter {
  private readonly text: PdfWriter;
  private readonly width: number;
  private readonly height: number;
  private readonly margin: number;

  constructor(
    private readonly doc: JsPdf,
    /** 1 on A4, √2 on A3. */
    private readonly k: number,
    private readonly stayName: string,
  ) {
    this.text = new PdfWriter(doc);
    this.width = A4.width * k;
    this.height = A4.height * k;
    this.margin = 10 * k;
  }

  nothing(period: string): void {
    const top = this.head(period);
    this.text.text(POSTER_NOTHING, this.margin, top + 10 * this.k, this.style('italic', 14));
  }

  /** One week on the current page, in the largest type that fits. */
  week(page: PosterPage): void {
    const { k, margin } = this;
    const top = this.head(page.period);
    const noteSize = 9;
    const bottom = this.height - margin - 6 * k;
    const slotWidth = 30 * k;
    const dayWidth = (this.width - 2 * margin - slotWidth) / Math.max(1, page.days.length);
    const headHeight = 16 * k;
    const available = bottom - top - headHeight;
    const pad = 2 * k;

    let size = DISH_SIZES[DISH_SIZES.length - 1]!;
    let layout: CellLine[][][] = [];
    let heights: number[] = [];
    for (const candidate of DISH_SIZES) {
      size = candidate;
      layout = page.cells.map((row) =>
        row.map((meals) => this.cellLines(meals, candidate, dayWidth - 2 * pad)),
      );
      heights = layout.map((row) =>
        Math.max(14 * k, ...row.map((lines) => this.linesHeight(lines) + 2 * pad)),
      );
      // Fits: every row on the page, and every word of a dish within its column.
      const words = page.cells
        .flat(2)
        .flatMap((meal) => meal.dishes.flatMap((d) => d.name.split(/\s+/u)));
      const widest = Math.max(0, ...words.map((w) => this.text.width(w, 'bold', candidate * k)));
      const total = heights.reduce((a, b) => a + b, 0);
      if (total <= available && widest <= dayWidth - 2 * pad) break;
    }
    // The space left is shared among the rows, so that the grid fills the page.
    const spare = Math.max(0, available - heights.reduce((a, b) => a + b, 0));
    heights = heights.map((h) => h + spare / Math.max(1, heights.length));

    // Heads: the days, the weekday over its date ('Dimanche' / '13 juillet'), centred.
    const heads = page.days.map((day) => {
      const space = day.indexOf(' ');
      return space < 0 ? [day] : [day.slice(0, space), day.slice(space + 1)];
    });
    const headWidest = Math.max(1, ...heads.flat().map((line) => this.text.width(line, 'bold', k)));
    const headSize = Math.min(16, size, (dayWidth - 2 * pad) / headWidest / k);
    const headStyle = this.style('bold', headSize);
    const headLine = headStyle.size * PT * 1.15;
    this.fill(HEAD_FILL, margin, top, this.width - 2 * margin, headHeight);
    heads.forEach((lines, i) => {
      const x = margin + slotWidth + i * dayWidth;
      const first = top + (headHeight - headLine * lines.length) / 2 + headStyle.size * PT * 0.8;
      lines.forEach((line, l) => {
        const w = this.text.width(line, 'bold', headStyle.size);
        this.text.text(line, x + (dayWidth - w) / 2, first + l * headLine, headStyle);
      });
    });

    let y = top + headHeight;
    page.slots.forEach((slot, row) => {
      const h = heights[row] ?? 0;
      this.fill(SLOT_FILL, margin, y, slotWidth, h);
      const slotLines = this.wrap(slot, 'bold', Math.min(16, size) * k, slotWidth - 2 * pad);
      this.text.lines(
        slotLines,
        margin + pad,
        y + pad + Math.min(16, size) * k * PT,
        Math.min(16, size) * k * PT * 1.2,
        this.style('bold', Math.min(16, size)),
      );
      (layout[row] ?? []).forEach((lines, col) => {
        let ly = y + pad;
        const x = margin + slotWidth + col * dayWidth + pad;
        for (const line of lines) {
          ly += line.gap + line.style.size * PT;
          this.text.text(line.text, x, ly, line.style);
        }
      });
      y += h;
    });
    this.grid(top, y, slotWidth, dayWidth, page.days.length, headHeight, heights);
    this.text.text(POSTER_NOTE, margin, this.height - margin, this.style('normal', noteSize));
  }

  /** 'page x / y' on every page. */
  finish(): void {
    const total = this.doc.getNumberOfPages();
    for (let page = 1; page <= total; page++) {
      this.doc.setPage(page);
      this.text.text(
        pageLabel(page, total),
        this.width - this.margin,
        this.margin - 3 * this.k,
        this.style('normal', 9, MUTED),
        'right',
      );
    }
  }

  /** The stay's name and the menus' title, then the week's dates; returns where the grid starts. */
  private head(period: string): number {
    const { k, margin } = this;
    const title = this.style('bold', 26);
    this.text.text(`${POSTER_TITLE} - ${this.stayName}`, margin, margin + 26 * k * PT, title);
    const sub = this.style('normal', 16);
    const y = margin + 26 * k * PT + 4 * k + 16 * k * PT;
    this.text.text(period, margin, y, sub);
    return y + 4 * k;
  }

  /** A cell's lines at a dish size: per meal its groups, then each dish, its note and allergens. */
  private cellLines(meals: readonly PosterMeal[], size: number, width: number): CellLine[] {
    const k = this.k;
    const dish = this.style('bold', size);
    const small = this.style('normal', size * 0.72, ALLERGEN);
    const note = this.style('italic', size * 0.72, MUTED);
    const groups = this.style('italic', size * 0.8, BLACK);
    const out: CellLine[] = [];
    const push = (text: string, style: TextStyle, gap: number) =>
      this.wrap(text, style.style, style.size, width).forEach((line, i) =>
        out.push({ text: line, style, gap: i === 0 ? gap : style.size * PT * 0.25 }),
      );
    meals.forEach((meal, m) => {
      if (meal.groups !== '') push(meal.groups, groups, m === 0 ? 0 : dish.size * PT * 0.8);
      meal.dishes.forEach((d, i) => {
        push(
          d.name,
          dish,
          out.length === 0 ? 0 : i === 0 ? dish.size * PT * 0.3 : dish.size * PT * 0.6,
        );
        if (d.note !== '') push(d.note, note, 0.6 * k);
        if (d.allergens !== '') push(d.allergens, small, 0.6 * k);
      });
    });
    return out;
  }

  private linesHeight(lines: readonly CellLine[]): number {
    return lines.reduce((h, line) => h + line.gap + line.style.size * PT, 0) + 1.5 * this.k;
  }

  private grid(
    top: number,
    bottom: number,
    slotWidth: number,
    dayWidth: number,
    days: number,
    headHeight: number,
    heights: readonly number[],
  ): void {
    const { doc, margin } = this;
    const right = this.width - margin;
    doc.setDrawColor(...GRID);
    doc.setLineWidth(0.3 * this.k);
    doc.rect(margin, top, right - margin, bottom - top, 'S');
    for (let i = 0; i < days; i++) {
      const x = margin + slotWidth + i * dayWidth;
      doc.line(x, top, x, bottom);
    }
    let y = top + headHeight;
    for (const h of heights) {
      doc.line(margin, y, right, y);
      y += h;
    }
  }

  /** A style at an A4 size in points, scaled to the page. */
  private style(style: FontStyle, size: number, color: Rgb = BLACK): TextStyle {
    return { style, size: size * this.k, color };
  }

  private fill(color: Rgb, x: number, y: number, width: number, height: number): void {
    this.doc.setFillColor(...color);
    this.doc.rect(x, y, width, height, 'F');
  }

  private wrap(text: string, style: FontStyle, size: number, width: number): string[] {
    if (this.text.width(text, style, size) <= width) return [text];
    this.doc.setFont('helvetica', style);
    this.doc.setFontSize(size);
    return this.doc.splitTextToSize(text, width) as string[];
  }
}
