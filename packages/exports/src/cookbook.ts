/**
 * The cook sheets as a PDF (jsPDF): one sheet per meal to cook, headed on each of its pages
 * with the stay, the full date and slot, the head count and the groups, and numbered both in
 * the file ('page 5 / 12') and in the meal ('page 1 / 2 de ce repas'). Each dish says its
 * allergens; the meal's alternatives (issue 20) follow its menu, each under a band naming who
 * it is for. An optional cover page lists the meals by day with their pages.
 *
 * The tables are drawn here rather than by jspdf-autotable, and the text written by
 * PdfWriter: a 300-meal file holds 18,000 ingredient lines, and autotable's per-cell work
 * with jsPDF's text() took seconds. jsPDF is loaded on first use, so that importing this
 * package costs a web page nothing until a user asks for an export.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import type {
  CookAlternative,
  CookBlock,
  CookbookInput,
  CookbookPlan,
  CookSheet,
} from './cookbook-plan.js';
import {
  COMMENTS_TITLE,
  CONTENTS_TITLE,
  CONTINUED,
  COVER_TITLE,
  EMPTY_MEAL,
  emptyLeftOutLabel,
  mealPageLabel,
  NOTHING_TO_COOK,
  planCookbook,
  sheetCountLabel,
} from './cookbook-plan.js';
import { pageLabel } from './labels.js';
import { toWinAnsi } from './pdf-text.js';
import type { Rgb, TextStyle } from './pdf-writer.js';
import { PdfWriter } from './pdf-writer.js';
import type { ProgressListener } from './progress.js';
import { timeSlicer } from './progress.js';

/** Millimetres, A4 portrait. */
const PAGE_WIDTH = 210;
const PAGE_HEIGHT = 297;
const MARGIN = 14;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT - MARGIN;
/** Baselines of the running head (stay, page number) and foot (the meal's pages). */
const HEAD_Y = 10;
const FOOT_Y = PAGE_HEIGHT - 8;
/** Where a page's content must end. */
const BOTTOM = PAGE_HEIGHT - 15;
const BLACK: Rgb = [0, 0, 0];
const MUTED: Rgb = [90, 90, 90];
const RULE: Rgb = [205, 205, 205];
/** A light shade of the app's yellow, behind each recipe's name. */
const BLOCK_FILL: Rgb = [255, 236, 179];
/** Behind an alternative's title, and its edge: set apart from the menu's yellow. */
const ALTERNATIVE_FILL: Rgb = [214, 234, 248];
const ALTERNATIVE_EDGE: Rgb = [31, 97, 141];
const ALTERNATIVE_HEAD_HEIGHT = 10;

/** Ingredient lines: height, baseline in the line, and the width kept for quantities. */
const ROW_HEIGHT = 5.2;
const ROW_BASELINE = 3.7;
const QUANTITY_WIDTH = 52;
const NAME_WIDTH = CONTENT_WIDTH - QUANTITY_WIDTH - 4;
const BLOCK_HEAD_HEIGHT = 7.5;
const TEXT_LINE = 4.6;
/** Where the contents print a meal's menu, between its slot and its page. */
const CONTENTS_MENU_X = MARGIN + 36;
const CONTENTS_MENU_WIDTH = RIGHT - 14 - CONTENTS_MENU_X;

const STYLE = {
  runningHead: { style: 'normal', size: 9, color: MUTED },
  title: { style: 'bold', size: 15, color: BLACK },
  people: { style: 'bold', size: 11.5, color: BLACK },
  groups: { style: 'normal', size: 9.5, color: MUTED },
  blockTitle: { style: 'bold', size: 12, color: BLACK },
  course: { style: 'normal', size: 9, color: MUTED },
  name: { style: 'normal', size: 10.5, color: BLACK },
  quantity: { style: 'bold', size: 10.5, color: BLACK },
  commentsTitle: { style: 'bold', size: 9.5, color: BLACK },
  comments: { style: 'italic', size: 10, color: BLACK },
  note: { style: 'normal', size: 9.5, color: MUTED },
  headNote: { style: 'bold', size: 10.5, color: BLACK },
  blockNote: { style: 'bold', size: 9.5, color: BLACK },
  alternativeTitle: { style: 'bold', size: 12.5, color: BLACK },
  empty: { style: 'italic', size: 12, color: BLACK },
  coverText: { style: 'normal', size: 10, color: BLACK },
  coverMuted: { style: 'normal', size: 10, color: MUTED },
} as const satisfies Record<string, TextStyle>;

type PageRole = { kind: 'cover' } | { kind: 'sheet'; sheet: number } | { kind: 'nothing' };

export async function buildCookbookPdf(
  input: CookbookInput,
  onProgress?: ProgressListener,
): Promise<Uint8Array> {
  const plan = planCookbook(input);
  const { jsPDF } = await import('jspdf');
  // Uncompressed: the files stay small enough (text only) and their text can be checked as is.
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: false });
  doc.setProperties({ creator: 'Popote', title: toWinAnsi(`${plan.stayName} - ${COVER_TITLE}`) });
  const writer = new CookbookWriter(doc, plan);
  const slice = timeSlicer();
  if (plan.sheets.length === 0) writer.nothingToCook();
  for (const index of plan.sheets.keys()) {
    writer.sheet(index);
    onProgress?.(index + 1, plan.sheets.length);
    await slice();
  }
  if (input.options?.cover === true && plan.sheets.length > 0) writer.cover();
  writer.numberPages();
  return new Uint8Array(doc.output('arraybuffer'));
}

class CookbookWriter {
  private readonly roles: PageRole[] = [];
  private readonly text: PdfWriter;
  private y = 0;
  /** The sheet being drawn, for the head of its continuation pages. */
  private current = 0;
  /** The alternative being drawn, whose title heads its continuation pages too. */
  private section: string | null = null;

  constructor(
    private readonly doc: JsPdf,
    private readonly plan: CookbookPlan,
  ) {
    this.text = new PdfWriter(doc);
  }

  nothingToCook(): void {
    this.addPage({ kind: 'nothing' });
    this.runningHead();
    this.text.text(NOTHING_TO_COOK, MARGIN, HEAD_Y + 12, STYLE.empty);
    if (this.plan.emptyLeftOut > 0) {
      this.text.text(emptyLeftOutLabel(this.plan.emptyLeftOut), MARGIN, HEAD_Y + 19, STYLE.note);
    }
  }

  sheet(index: number): void {
    this.current = index;
    this.section = null;
    const sheet = this.plan.sheets[index]!;
    this.sheetHead(sheet, false);
    if (sheet.blocks.length === 0) {
      this.text.text(EMPTY_MEAL, MARGIN, this.y + 3, STYLE.empty);
      this.y += 9;
    }
    for (const block of sheet.blocks) this.block(block);
    for (const alternative of sheet.alternatives) this.alternative(alternative);
    this.section = null;
  }

  /** The cover: the stay, its dates, and the meals by day with the page of their sheet. */
  cover(): void {
    const firstPage = new Map<number, number>();
    this.roles.forEach((role, i) => {
      if (role.kind === 'sheet' && !firstPage.has(role.sheet)) firstPage.set(role.sheet, i + 1);
    });
    const layout = this.coverLayout();
    const coverPages = (layout.at(-1)?.page ?? 0) + 1;
    for (let p = 0; p < coverPages; p++) {
      this.doc.insertPage(p + 1);
      this.roles.splice(p, 0, { kind: 'cover' });
    }
    let page = -1;
    for (const line of layout) {
      if (line.page !== page) {
        page = line.page;
        this.doc.setPage(page + 1);
        this.runningHead();
      }
      if (line.kind === 'text') {
        this.text.text(line.text, MARGIN, line.y, line.style);
        continue;
      }
      const target = (firstPage.get(line.sheet) ?? 0) + coverPages;
      this.text.text(line.slot, MARGIN + 4, line.y, STYLE.coverText);
      this.text.text(String(target), RIGHT, line.y, STYLE.coverText, 'right');
      const menu = this.fit(line.menu, STYLE.coverMuted, CONTENTS_MENU_WIDTH);
      this.text.text(menu, CONTENTS_MENU_X, line.y, STYLE.coverMuted);
    }
  }

  /** 'page x / y' on every page; 'page i / n de ce repas' at the foot of each sheet's pages. */
  numberPages(): void {
    const total = this.roles.length;
    const pagesOf = new Map<number, number>();
    for (const role of this.roles) {
      if (role.kind === 'sheet') pagesOf.set(role.sheet, (pagesOf.get(role.sheet) ?? 0) + 1);
    }
    let previous = -1;
    let inSheet = 0;
    this.roles.forEach((role, i) => {
      this.doc.setPage(i + 1);
      this.text.text(pageLabel(i + 1, total), RIGHT, HEAD_Y, STYLE.runningHead, 'right');
      if (role.kind !== 'sheet') return;
      inSheet = role.sheet === previous ? inSheet + 1 : 1;
      previous = role.sheet;
      const label = mealPageLabel(inSheet, pagesOf.get(role.sheet) ?? 1);
      this.text.text(label, RIGHT, FOOT_Y, STYLE.runningHead, 'right');
    });
  }

  private addPage(role: PageRole): void {
    // jsPDF starts with one blank page: the first role takes it.
    if (this.roles.length > 0) this.doc.addPage();
    this.roles.push(role);
  }

  private runningHead(): void {
    this.text.text(this.plan.stayName, MARGIN, HEAD_Y, STYLE.runningHead);
  }

  /** Stay, date and slot, head count, groups and notes, then a rule. */
  private sheetHead(sheet: CookSheet, continued: boolean): void {
    this.addPage({ kind: 'sheet', sheet: this.current });
    this.runningHead();
    const title = continued ? `${sheet.title} ${CONTINUED}` : sheet.title;
    this.text.text(title, MARGIN, HEAD_Y + 9, STYLE.title);
    this.y = HEAD_Y + 16;
    this.text.text(sheet.people, MARGIN, this.y, STYLE.people);
    const texts = [
      ...[sheet.groups, sheet.additional].map((text) => ({ text, style: STYLE.groups })),
      ...sheet.notes.map((text) => ({ text, style: STYLE.headNote })),
    ];
    for (const { text, style } of texts) {
      if (text === '') continue;
      for (const line of this.wrap(text, style, CONTENT_WIDTH)) {
        this.y += 4.4;
        this.text.text(line, MARGIN, this.y, style);
      }
    }
    this.y += 2.5;
    this.doc.setDrawColor(...BLACK);
    this.doc.setLineWidth(0.3);
    this.doc.line(MARGIN, this.y, RIGHT, this.y);
    this.y += 3;
  }

  private continuePage(): void {
    this.sheetHead(this.plan.sheets[this.current]!, true);
    if (this.section !== null) this.alternativeHead(this.section, true);
  }

  /** An alternative: a band naming who it is for, then its recipes' blocks. */
  private alternative(alternative: CookAlternative): void {
    // The band never ends a page: the first lines of its first recipe go with it.
    if (this.y + ALTERNATIVE_HEAD_HEIGHT + BLOCK_HEAD_HEIGHT + ROW_HEIGHT > BOTTOM) {
      this.continuePage();
    }
    this.alternativeHead(alternative.title, false);
    this.section = alternative.title;
    for (const block of alternative.blocks) this.block(block);
    this.section = null;
  }

  /** The band over an alternative's recipes (again at the top of its continuation pages). */
  private alternativeHead(title: string, continued: boolean): void {
    const height = ALTERNATIVE_HEAD_HEIGHT - 2;
    this.doc.setFillColor(...ALTERNATIVE_FILL);
    this.doc.rect(MARGIN, this.y, CONTENT_WIDTH, height, 'F');
    this.doc.setFillColor(...ALTERNATIVE_EDGE);
    this.doc.rect(MARGIN, this.y, 1.6, height, 'F');
    const text = this.fit(
      continued ? `${title} ${CONTINUED}` : title,
      STYLE.alternativeTitle,
      CONTENT_WIDTH - 6,
    );
    this.text.text(text, MARGIN + 4, this.y + 5.6, STYLE.alternativeTitle);
    this.y += ALTERNATIVE_HEAD_HEIGHT;
  }

  /** A recipe (or the menu's own ingredients of a course): its lines, description, notes. */
  private block(block: CookBlock): void {
    if (this.y + BLOCK_HEAD_HEIGHT + ROW_HEIGHT > BOTTOM) this.continuePage();
    this.blockHead(block, false);
    let names: string[] = [];
    let quantities: string[] = [];
    let rules: number[] = [];
    let top = this.y;
    const flush = (): void => {
      this.drawRows(top, names, quantities, rules);
      names = [];
      quantities = [];
      rules = [];
    };
    for (const row of block.rows) {
      const label = row.note === '' ? row.name : `${row.name} (${row.note})`;
      const lines = this.wrap(label, STYLE.name, NAME_WIDTH);
      const height = lines.length * ROW_HEIGHT;
      if (this.y + height > BOTTOM) {
        flush();
        this.continuePage();
        this.blockHead(block, true);
        top = this.y;
      }
      names.push(...lines);
      quantities.push(row.quantity, ...lines.slice(1).map(() => ''));
      this.y += height;
      rules.push(this.y);
    }
    flush();
    this.y += 2;
    // The allergens, right under the ingredients they come from.
    for (const note of block.notes) {
      this.lines(this.wrap(note, STYLE.blockNote, CONTENT_WIDTH), STYLE.blockNote);
    }
    if (block.comments !== '') {
      this.y += 2;
      this.lines([`${COMMENTS_TITLE} :`], STYLE.commentsTitle);
      this.lines(this.wrap(block.comments, STYLE.comments, CONTENT_WIDTH), STYLE.comments);
    }
    this.y += 4;
  }

  private blockHead(block: CookBlock, continued: boolean): void {
    this.doc.setFillColor(...BLOCK_FILL);
    this.doc.rect(MARGIN, this.y, CONTENT_WIDTH, BLOCK_HEAD_HEIGHT - 1, 'F');
    const title = continued ? `${block.title} ${CONTINUED}` : block.title;
    this.text.text(title, MARGIN + 1.5, this.y + 4.8, STYLE.blockTitle);
    if (block.course !== '') {
      const x = MARGIN + 1.5 + this.text.width(title, 'bold', STYLE.blockTitle.size) + 3;
      this.text.text(block.course, x, this.y + 4.8, STYLE.course);
    }
    this.y += BLOCK_HEAD_HEIGHT;
  }

  /** A run of ingredient lines: one text object per column, then a light rule under each. */
  private drawRows(top: number, names: string[], quantities: string[], rules: number[]): void {
    if (names.length === 0) return;
    const baseline = top + ROW_BASELINE;
    this.text.lines(names, MARGIN + 1.5, baseline, ROW_HEIGHT, STYLE.name);
    this.text.lines(quantities, RIGHT - 1.5, baseline, ROW_HEIGHT, STYLE.quantity, 'right');
    this.text.rules(rules, MARGIN, RIGHT, 0.15, RULE);
  }

  /** Lines of text, each on the page if it fits, else at the top of the sheet's next page. */
  private lines(lines: readonly string[], style: TextStyle): void {
    for (const line of lines) {
      if (this.y + TEXT_LINE > BOTTOM) this.continuePage();
      this.y += TEXT_LINE;
      this.text.text(line, MARGIN, this.y - 1, style);
    }
  }

  private coverLayout(): CoverLine[] {
    const { plan } = this;
    const out: CoverLine[] = [];
    let page = 0;
    let y = 40;
    const add = (line: CoverItem, height: number): void => {
      if (y + height > BOTTOM) {
        page += 1;
        y = HEAD_Y + 12;
        const style = { style: 'bold', size: 13, color: BLACK } as const;
        out.push({ kind: 'text', text: `${CONTENTS_TITLE} ${CONTINUED}`, style, page, y });
        y += 9;
      }
      out.push({ ...line, page, y });
      y += height;
    };
    const text = (value: string, style: TextStyle): CoverItem => ({
      kind: 'text',
      text: value,
      style,
    });
    add(text(plan.stayName, { style: 'bold', size: 24, color: BLACK }), 11);
    add(text(COVER_TITLE, { style: 'normal', size: 16, color: BLACK }), 9);
    add(text(plan.period, { style: 'normal', size: 12, color: BLACK }), 7);
    add(text(sheetCountLabel(plan.sheets.length), STYLE.coverMuted), 6);
    if (plan.emptyLeftOut > 0) add(text(emptyLeftOutLabel(plan.emptyLeftOut), STYLE.coverMuted), 6);
    y += 8;
    add(text(CONTENTS_TITLE, { style: 'bold', size: 14, color: BLACK }), 9);
    for (const day of plan.contents) {
      // A day's heading never ends a page: its first meal goes with it.
      if (y + 6 + 5 > BOTTOM) y = BOTTOM + 1;
      add(text(day.day, { style: 'bold', size: 11, color: BLACK }), 6);
      for (const entry of day.entries) add({ kind: 'entry', ...entry }, 5);
      y += 2;
    }
    return out;
  }

  /** The text cut into lines that fit `width` (most fit at once: no split then). */
  private wrap(text: string, style: TextStyle, width: number): string[] {
    if (this.text.width(text, style.style, style.size) <= width) return [text];
    this.doc.setFont('helvetica', style.style);
    this.doc.setFontSize(style.size);
    return this.doc.splitTextToSize(text, width) as string[];
  }

  /** The text, shortened with '…' if it does not fit `width`. */
  private fit(text: string, style: TextStyle, width: number): string {
    const fits = (t: string): boolean => this.text.width(t, style.style, style.size) <= width;
    if (fits(text)) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(`${text.slice(0, mid).trimEnd()}…`)) low = mid;
      else high = mid - 1;
    }
    return `${text.slice(0, low).trimEnd()}…`;
  }
}

type CoverItem =
  | { kind: 'text'; text: string; style: TextStyle }
  | { kind: 'entry'; sheet: number; slot: string; menu: string };

type CoverLine = CoverItem & { page: number; y: number };
