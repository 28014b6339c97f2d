/**
 * Text (and thin rules) written straight into a jsPDF page's content stream. jsPDF's text() runs a bidi engine
 * and an Arabic shaper over every line and rounds each coordinate through several layers:
 * about 40 µs a call, more than a second for the 40,000 strings of a 300-meal cook-sheet file.
 * French text in Helvetica needs none of it, so this writes the very operators jsPDF writes
 * (BT, Tf, Tm, Tj; m, l, S for rules) through the plugin entry point `internal.write`. jsPDF still builds the
 * document: pages, fonts, lines, fills and the file itself.
 */
import type { jsPDF } from 'jspdf';
import { toWinAnsi } from './pdf-text.js';

export type FontStyle = 'normal' | 'bold' | 'italic';
export type Rgb = readonly [number, number, number];

export interface TextStyle {
  style: FontStyle;
  /** In points. */
  size: number;
  color: Rgb;
}

/** Millimetres per typographic point. */
export const PT = 25.4 / 72;

/** What jsPDF's plugins use of its internals (not in its type definitions). */
interface PluginInternals {
  write(...parts: string[]): void;
  getFont(fontName: string, fontStyle: string): { id: string };
}

export class PdfWriter {
  private readonly internals: PluginInternals;
  private readonly scale: number;
  private readonly pageHeight: number;
  private readonly fontIds = new Map<FontStyle, string>();
  private readonly unitWidths = new Map<FontStyle, Map<string, number>>();

  constructor(
    private readonly doc: jsPDF,
    private readonly font = 'helvetica',
  ) {
    this.internals = doc.internal as unknown as PluginInternals;
    this.scale = doc.internal.scaleFactor;
    this.pageHeight = doc.internal.pageSize.getHeight();
  }

  /** The width of the text in mm; widths are remembered (names and quantities repeat). */
  width(text: string, style: FontStyle, size: number): number {
    let known = this.unitWidths.get(style);
    if (known === undefined) {
      known = new Map();
      this.unitWidths.set(style, known);
    }
    let unit = known.get(text);
    if (unit === undefined) {
      const font = this.internals.getFont(this.font, style);
      unit = this.doc.getStringUnitWidth(toWinAnsi(text), { font }) as number;
      known.set(text, unit);
    }
    return unit * size * PT;
  }

  /** One line of text; `x` is its left edge, or its right edge when aligned right. */
  text(text: string, x: number, y: number, style: TextStyle, align: 'left' | 'right' = 'left') {
    this.lines([text], x, y, 0, style, align);
  }

  /**
   * Lines of text from the baseline `y`, `lineHeight` mm apart, in one text object. Empty
   * lines draw nothing but keep their place.
   */
  lines(
    lines: readonly string[],
    x: number,
    y: number,
    lineHeight: number,
    style: TextStyle,
    align: 'left' | 'right' = 'left',
  ): void {
    const { scale } = this;
    const [r, g, b] = style.color.map((c) => num(c / 255));
    const out = [`q ${r} ${g} ${b} rg BT /${this.fontId(style.style)} ${num(style.size)} Tf`];
    lines.forEach((line, i) => {
      if (line === '') return;
      const left = align === 'right' ? x - this.width(line, style.style, style.size) : x;
      const top = (this.pageHeight - y - i * lineHeight) * scale;
      out.push(`1 0 0 1 ${num(left * scale)} ${num(top)} Tm (${escape(toWinAnsi(line))}) Tj`);
    });
    out.push('ET Q');
    this.internals.write(out.join('\n'));
  }

  /**
   * One line of text turned a quarter turn left, reading upward from (`x`, `y`): `x` is its
   * baseline, `y` where it starts (a table's column heads).
   */
  upward(text: string, x: number, y: number, style: TextStyle): void {
    const { scale } = this;
    const [r, g, b] = style.color.map((c) => num(c / 255));
    const at = `${num(x * scale)} ${num((this.pageHeight - y) * scale)}`;
    this.internals.write(
      [
        `q ${r} ${g} ${b} rg BT /${this.fontId(style.style)} ${num(style.size)} Tf`,
        `0 1 -1 0 ${at} Tm (${escape(toWinAnsi(text))}) Tj`,
        'ET Q',
      ].join('\n'),
    );
  }

  /** Horizontal rules from `x1` to `x2` at each of the `ys`, `width` mm thick. */
  rules(ys: readonly number[], x1: number, x2: number, width: number, color: Rgb): void {
    if (ys.length === 0) return;
    const { scale } = this;
    const [r, g, b] = color.map((c) => num(c / 255));
    const [left, right] = [num(x1 * scale), num(x2 * scale)];
    const out = [`q ${r} ${g} ${b} RG ${num(width * scale)} w`];
    for (const y of ys) {
      const at = num((this.pageHeight - y) * scale);
      out.push(`${left} ${at} m ${right} ${at} l S`);
    }
    out.push('Q');
    this.internals.write(out.join('\n'));
  }

  private fontId(style: FontStyle): string {
    let id = this.fontIds.get(style);
    if (id === undefined) {
      id = this.internals.getFont(this.font, style).id;
      this.fontIds.set(style, id);
    }
    return id;
  }
}

/** A number as PDF operators take it: at most 2 decimals, no exponent. */
function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** A PDF literal string's body: backslash, parentheses and line breaks escaped. */
function escape(text: string): string {
  return text.replace(/[\\()\r\n]/gu, (c) => (c === '\r' ? '\\r' : c === '\n' ? '\\n' : `\\${c}`));
}
