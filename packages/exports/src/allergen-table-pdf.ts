/**
 * The allergen table as a PDF to display (issue 20): landscape A4 pages, one row per dish of
 * the chosen days grouped under its meal, one column per regulated allergen with its short
 * name turned upright, a marked cell where the dish holds it, and on every page the legend
 * with each allergen's full name. The head row is repeated on each page, and a meal split by
 * a page is headed again. Drawn by PdfWriter, as the cook sheets are (a long stay has
 * thousands of cells); jsPDF is loaded on first use.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import { ALLERGENS } from '@popote/domain';
import { ALLERGEN_SHORT_LABELS } from './allergen-labels.js';
import type { AllergenDish, AllergenTableInput, AllergenTablePlan } from './allergen-table.js';
import {
  ALLERGEN_TABLE_TITLE,
  DISH_HEAD,
  LEGEND_TITLE,
  MARK,
  NO_DISH,
  planAllergenTable,
} from './allergen-table.js';
import { pageLabel } from './labels.js';
import { toWinAnsi } from './pdf-text.js';
import type { Rgb, TextStyle } from './pdf-writer.js';
import { PdfWriter } from './pdf-writer.js';
import type { ProgressListener } from './progress.js';
import { timeSlicer } from './progress.js';

/** Millimetres, A4 landscape. */
const PAGE_WIDTH = 297;
const PAGE_HEIGHT = 210;
const MARGIN = 10;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT - MARGIN;
const HEAD_Y = 8;
/** The allergens' columns, at the right; the dishes' column takes the rest. */
const COLUMN_WIDTH = 11.5;
const COLUMNS_X = RIGHT - ALLERGENS.length * COLUMN_WIDTH;
const DISH_TEXT_WIDTH = COLUMNS_X - MARGIN - 3;
const MEAL_ROW_HEIGHT = 6.4;
const NAME_LINE = 3.9;
const NOTE_LINE = 3.3;
const ROW_PADDING = 1.3;
const LEGEND_LINE = 3.4;

const BLACK: Rgb = [0, 0, 0];
const MUTED: Rgb = [90, 90, 90];
const GRID: Rgb = [150, 150, 150];
const RULE: Rgb = [200, 200, 200];
/** A light shade of the app's yellow, behind the head row. */
const HEAD_FILL: Rgb = [255, 236, 179];
const MEAL_FILL: Rgb = [236, 236, 236];
/** Behind a mark, so that it shows from afar. */
const MARK_FILL: Rgb = [255, 196, 140];

const STYLE = {
  runningHead: { style: 'normal', size: 9, color: MUTED },
  title: { style: 'bold', size: 16, color: BLACK },
  subtitle: { style: 'normal', size: 11, color: BLACK },
  head: { style: 'bold', size: 9.5, color: BLACK },
  column: { style: 'bold', size: 8.5, color: BLACK },
  meal: { style: 'bold', size: 9.5, color: BLACK },
  dish: { style: 'normal', size: 9, color: BLACK },
  dishNote: { style: 'italic', size: 7.5, color: MUTED },
  mark: { style: 'bold', size: 10, color: BLACK },
  legendTitle: { style: 'bold', size: 7.5, color: BLACK },
  legend: { style: 'normal', size: 7.5, color: BLACK },
  empty: { style: 'italic', size: 12, color: BLACK },
} as const satisfies Record<string, TextStyle>;

export async function buildAllergenTablePdf(
  input: AllergenTableInput,
  onProgress?: ProgressListener,
): Promise<Uint8Array> {
  const plan = planAllergenTable(input);
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'landscape', compress: false });
  doc.setProperties({
    creator: 'Popote',
    title: toWinAnsi(`${plan.stayName} - ${ALLERGEN_TABLE_TITLE}`),
  });
  const writer = new AllergenTableWriter(doc, plan);
  const slice = timeSlicer();
  writer.firstPage();
  if (plan.meals.length === 0) writer.noDish();
  for (const [index, meal] of plan.meals.entries()) {
    writer.meal(meal.title, meal.dishes);
    onProgress?.(index + 1, plan.meals.length);
    await slice();
  }
  writer.finish();
  return new Uint8Array(doc.output('arraybuffer'));
}

class AllergenTableWriter {
  private readonly text: PdfWriter;
  private readonly headHeight: number;
  private readonly legend: { columns: number; width: number; top: number };
  /** Where the rows must end: above the legend. */
  private readonly bottom: number;
  private pages = 0;
  private y = 0;
  /** The top of this page's table, and the rules under its rows. */
  private tableTop = 0;
  private rules: number[] = [];

  constructor(
    private readonly doc: JsPdf,
    private readonly plan: AllergenTablePlan,
  ) {
    this.text = new PdfWriter(doc);
    const longest = Math.max(
      ...ALLERGENS.map((a) =>
        this.text.width(ALLERGEN_SHORT_LABELS[a], STYLE.column.style, STYLE.column.size),
      ),
    );
    this.headHeight = Math.ceil(longest + 5);
    const widest = Math.max(
      ...plan.legend.map((entry) => this.text.width(entry, STYLE.legend.style, STYLE.legend.size)),
    );
    const columns = Math.max(1, Math.floor(CONTENT_WIDTH / (widest + 5)));
    const rows = Math.ceil(plan.legend.length / columns);
    const top = PAGE_HEIGHT - 6 - (rows + 1) * LEGEND_LINE;
    this.legend = { columns, width: CONTENT_WIDTH / columns, top };
    this.bottom = top - 4;
  }

  /** The title, the stay and its days, then the table's head. */
  firstPage(): void {
    this.pages = 1;
    this.pageFrame();
    this.text.text(ALLERGEN_TABLE_TITLE, MARGIN, HEAD_Y + 9, STYLE.title);
    const subtitle =
      this.plan.days === '' ? this.plan.stayName : `${this.plan.stayName} - ${this.plan.days}`;
    this.text.text(subtitle, MARGIN, HEAD_Y + 15.5, STYLE.subtitle);
    this.tableHead(HEAD_Y + 20);
  }

  noDish(): void {
    this.text.text(NO_DISH, MARGIN, this.y + 8, STYLE.empty);
  }

  /** A meal's heading row, then a row per dish; headed again on the next page if split. */
  meal(title: string, dishes: readonly AllergenDish[]): void {
    const first = dishes[0];
    const firstHeight = first ? this.rowHeight(first) : 0;
    if (this.y + MEAL_ROW_HEIGHT + firstHeight > this.bottom) this.nextPage();
    this.mealRow(title);
    for (const dish of dishes) {
      const height = this.rowHeight(dish);
      if (this.y + height > this.bottom) {
        this.nextPage();
        this.mealRow(`${title} (suite)`);
      }
      this.dishRow(dish, height);
    }
  }

  /** The grid of the last page, then 'page x / y' on every page. */
  finish(): void {
    this.closeTable();
    for (let page = 1; page <= this.pages; page++) {
      this.doc.setPage(page);
      this.text.text(pageLabel(page, this.pages), RIGHT, HEAD_Y, STYLE.runningHead, 'right');
    }
  }

  private nextPage(): void {
    this.closeTable();
    this.doc.addPage('a4', 'landscape');
    this.pages += 1;
    this.pageFrame();
    this.tableHead(HEAD_Y + 5);
  }

  /** The running head and the legend. */
  private pageFrame(): void {
    this.text.text(
      `${this.plan.stayName} - ${ALLERGEN_TABLE_TITLE}`,
      MARGIN,
      HEAD_Y,
      STYLE.runningHead,
    );
    const { columns, width, top } = this.legend;
    this.text.text(LEGEND_TITLE, MARGIN, top + LEGEND_LINE - 0.8, STYLE.legendTitle);
    for (let column = 0; column < columns; column++) {
      const entries = this.plan.legend.filter((_, i) => i % columns === column);
      const x = MARGIN + column * width;
      this.text.lines(entries, x, top + 2 * LEGEND_LINE - 0.8, LEGEND_LINE, STYLE.legend);
    }
  }

  /** The head row: 'Plat', and each allergen's short name reading upward. */
  private tableHead(top: number): void {
    this.tableTop = top;
    this.rules = [];
    this.fill(HEAD_FILL, MARGIN, top, CONTENT_WIDTH, this.headHeight);
    const bottom = top + this.headHeight;
    this.text.text(DISH_HEAD, MARGIN + 1.5, bottom - 2.5, STYLE.head);
    const capHalf = (STYLE.column.size * 25.4) / 72 / 3;
    ALLERGENS.forEach((a, i) => {
      const x = COLUMNS_X + (i + 0.5) * COLUMN_WIDTH + capHalf;
      this.text.upward(ALLERGEN_SHORT_LABELS[a], x, bottom - 2.5, STYLE.column);
    });
    this.y = bottom;
    this.rules.push(bottom);
  }

  private mealRow(title: string): void {
    this.fill(MEAL_FILL, MARGIN, this.y, CONTENT_WIDTH, MEAL_ROW_HEIGHT);
    this.text.text(title, MARGIN + 1.5, this.y + 4.4, STYLE.meal);
    this.y += MEAL_ROW_HEIGHT;
    this.rules.push(this.y);
  }

  private dishRow(dish: AllergenDish, height: number): void {
    const top = this.y;
    const names = this.wrap(dish.name, STYLE.dish);
    const firstBaseline = top + ROW_PADDING + NAME_LINE - 0.9;
    this.text.lines(names, MARGIN + 1.5, firstBaseline, NAME_LINE, STYLE.dish);
    if (dish.note !== '') {
      const notes = this.wrap(dish.note, STYLE.dishNote);
      const noteTop = top + ROW_PADDING + names.length * NAME_LINE + NOTE_LINE - 0.8;
      this.text.lines(notes, MARGIN + 1.5, noteTop, NOTE_LINE, STYLE.dishNote);
    }
    const markWidth = this.text.width(MARK, STYLE.mark.style, STYLE.mark.size);
    for (const allergen of dish.allergens) {
      const x = COLUMNS_X + ALLERGENS.indexOf(allergen) * COLUMN_WIDTH;
      this.fill(MARK_FILL, x + 0.4, top + 0.4, COLUMN_WIDTH - 0.8, height - 0.8);
      const left = x + (COLUMN_WIDTH - markWidth) / 2;
      this.text.text(MARK, left, top + height / 2 + 1.3, STYLE.mark);
    }
    this.y += height;
    this.rules.push(this.y);
  }

  private rowHeight(dish: AllergenDish): number {
    const names = this.wrap(dish.name, STYLE.dish).length;
    const notes = dish.note === '' ? 0 : this.wrap(dish.note, STYLE.dishNote).length;
    return Math.max(6, 2 * ROW_PADDING + names * NAME_LINE + notes * NOTE_LINE);
  }

  /** The rules under the rows and the columns' lines of the page's table. */
  private closeTable(): void {
    this.text.rules(this.rules, MARGIN, RIGHT, 0.15, RULE);
    const doc = this.doc;
    doc.setDrawColor(...GRID);
    doc.setLineWidth(0.25);
    const xs = [MARGIN, ...ALLERGENS.map((_, i) => COLUMNS_X + i * COLUMN_WIDTH), RIGHT];
    for (const x of xs) doc.line(x, this.tableTop, x, this.y);
    doc.line(MARGIN, this.tableTop, RIGHT, this.tableTop);
    doc.line(MARGIN, this.y, RIGHT, this.y);
  }

  private fill(color: Rgb, x: number, y: number, width: number, height: number): void {
    this.doc.setFillColor(...color);
    this.doc.rect(x, y, width, height, 'F');
  }

  /** The text cut into lines that fit the dishes' column (most fit at once: no split then). */
  private wrap(text: string, style: TextStyle): string[] {
    if (this.text.width(text, style.style, style.size) <= DISH_TEXT_WIDTH) return [text];
    this.doc.setFont('helvetica', style.style);
    this.doc.setFontSize(style.size);
    return this.doc.splitTextToSize(text, DISH_TEXT_WIDTH) as string[];
  }
}
