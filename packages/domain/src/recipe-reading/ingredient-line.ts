/**
 * The French ingredient-line reader (issue 34): '2 c. à soupe d'huile d'olive' becomes
 * 3 cL of 'huile d'olive', note '2 c. à soupe'. See measures.ts for the units and the table of
 * kitchen measures, numbers.ts for numbers and ranges. The rules:
 *
 * - A quantity starts the line ('200 g de farine', '3 œufs', '½ citron', 'une pincée de sel')
 *   or ends it ('Farine : 200 g', 'Beurre 125 g', 'Œufs : 3').
 * - A range reads as its upper bound ('2 à 3 carottes': 3 pièces, note '2 à 3').
 * - kg and L stay as written; g, mg, cl, ml, dl become gr or cL.
 * - Without a unit, or with a counted measure (gousse, tranche, sachet...), the quantity is in
 *   pièces of what follows; the measure goes to the note ('2 gousses d'ail': 2 pièces of
 *   'ail', note '2 gousses').
 * - 'de', 'd'', 'du', 'des', 'de la', 'de l'' after the quantity are dropped (not 'dés').
 * - Another quantity of the same thing after a measure is a note ('1 tasse ou 250 g de vin
 *   blanc': 25 cL, note '1 tasse ou 250 g'); '2 cuillères à soupe 1/2' is 2,5 spoons. A spoon
 *   given with its volume ('30 ml (2 c. à soupe) de farine', '2 c. à thé (10 ml) de romarin',
 *   as Québec pages write it) is the spoon's weight of what is not liquid (see measures.ts).
 * - A quantity in brackets or stated for a container ('1 boîte de tomates (400 g)', '1 boîte de
 *   400 g de tomates') is preferred when it is in a spec unit and the line's own is not; a
 *   container's content counts per container ('2 boîtes de thon (140 g)': 280 g), unless it says
 *   'soit' ('(soit 800 g)'); 'N x 140 g' is multiplied.
 * - The note gathers, in this order: the quantity as written when it was converted or replaced
 *   ('2 c. à soupe', '2 à 3', '1 boîte'), size words ('gros', 'belles'), 'environ', what
 *   brackets hold besides a quantity, what follows the first comma (a decimal comma, 'lait
 *   3,25 %', is no separator), what follows a '+', and the words 'facultatif', 'à volonté',
 *   'selon le goût', 'pour le plat'... Emoji ('500 ml de lait 🥛') and a table's '|' are left
 *   out of the name.
 * - Without a quantity, a short name ('sel', 'poivre du moulin', 'persil', 'huile pour la
 *   friture', 'sel, poivre', 'quelques feuilles de basilic') is a line without quantity, which
 *   the review shows.
 * - Anything else (a sentence, a heading 'Pour la pâte :', a number alone, a name too long) is a
 *   line to fix ('unread'), its text kept; so is a line that is not one ingredient: an
 *   alternative count ('4 grosses ou 8 petites carottes'), a list after a colon ('de chacun:
 *   clou, cannelle'), a name holding a second quantity ('40 gr de beurre et 40 gr de farine').
 */
import { Unite } from '../enums.js';
import { MAX_NAME_LENGTH } from '../limits.js';
import {
  bound,
  cleanLine,
  fold,
  MAX_KEPT_CHARS,
  MAX_LINE_CHARS,
  tidySpaces,
} from './clean-text.js';
import {
  countedAt,
  isContainer,
  looksLiquid,
  MEASURES,
  SPEC_UNITS,
  type UnitRead,
} from './measures.js';
import { readNumberAt, roundValue } from './numbers.js';
import type { ReadLine } from './types.js';

/** Longest name of a line without quantity, in words; a longer text is rather a sentence. */
const MAX_NAME_WORDS = 10;

/** Words that mean 'no set quantity', moved to the note. */
const NO_QUANTITY_MARKERS =
  /(?<![\p{L}])(?:a volonte|selon (?:le|les|votre|vos|ton|tes) gouts?|selon (?:les )?envies?|au gouts?|a votre gout|q\.\s?s\.?|qs|quantite suffisante|facultatifs?|facultatives?|optionnel(?:le)?s?|pour la cuisson|pour (?:le|la|les) (?:moule|plat|friture|plaque|service|decor|decoration|dorure|finition))(?![\p{L}])/gu;
/** Words that start a line without quantity. */
const VAGUE_START =
  /(?:quelques|un peu|un petit peu|un reste|un bon|une bonne|du|de la|de l['’]|des)(?![\p{L}])\s*/uy;
const SIZE_WORDS =
  /(?:tres |bien )?(?:gros|grosse|grosses|petit|petite|petits|petites|bon|bonne|bons|bonnes|beau|belle|beaux|belles|bel|grand|grande|grands|grandes|moyen|moyenne|moyens|moyennes|genereux|genereuse|genereuses|large|larges|fin|fine|fines|fins|epais|epaisse|epaisses)(?![\p{L}'’-])\s*/uy;
const MEASURE_AFTER =
  /\s*(?:rases?|bombees?|epaisses?|fines?|pleines?|combles?|a ras|bien pleines?|bien remplies?|genereuses?|bien tasses?|tassees?)(?![\p{L}])/uy;
/** Another quantity of the same thing after a measure: '1 tasse ou 250 g de vin blanc'. */
const ALTERNATIVE =
  /\s*(?:ou|soit|=)\s*\d{1,5}(?:[.,]\d{1,3})?\s*(?:kg|g|gr|cl|ml|l|dl)\.?(?![\p{L}\d])/uy;
/** A half after a spoon: '2 cuillères à soupe 1/2', '2 cuillères à soupe et demie'. */
const HALF_AFTER = /\s*(?:1\/2|½|et demie?)(?![\p{L}\d])/uy;
/** A name holding another quantity ('pain trempé dans 1 ½ tasse de lait'): a line to fix. */
const OTHER_QUANTITY =
  /[\d½¼¾⅓⅔]\s*(?:kg|g|gr|cl|ml|l|dl|tasses?|verres?|c\.|cuil\.?|cuill\.?|cuilleres?)\s+(?:de\s|d['’])/u;
const LINK = /\s*(?:de\s+la\s+|de\s+l['’]\s*|de\s+|d['’]\s*|du\s+|des\s+)/uy;
const APPROX = /(?:environ|env\.|approx\.?|approximativement|~|±|\+\/-|a peu pres)\s*/uy;
const PART_OF =
  /(?:le\s+|les\s+|la\s+)?(jus|zestes?|ecorces?|pulpe|chair|blancs?|jaunes?)\s+(?:de\s+|d['’]\s*)(?=\d|[½¼¾⅓⅔]|une?\s|demi|deux|trois|quatre)/uy;
const SEASONING_ITEM = String.raw`(?:sel|poivre|piment(?: d'espelette| de cayenne)?|muscade|noix de muscade|paprika|cumin|curry|herbes de provence|fleur de sel)(?:\s+(?:du moulin|noir|blanc|gris|fin|fine|gros|moulu|concasse|de guerande|en grains?|mignonnette))*`;
const SEASONING_LIST = new RegExp(
  String.raw`^${SEASONING_ITEM}(?:\s*(?:,|;|\bet\b|&|/|\+|-)\s*${SEASONING_ITEM})+$`,
  'u',
);
const SEASONING_SPLIT = /\s*(?:,|;|\bet\b|&|\/|\+|\s-\s)\s*/u;

interface Parts {
  /** The line without brackets, spaces tidied. */
  main: string;
  brackets: string[];
}

function unread(text: string): ReadLine {
  return { text, status: 'unread', quantity: null, name: '', note: null };
}

/** Reads one ingredient line. Never throws; what it cannot read comes back 'unread'. */
export function readIngredientLine(text: string): ReadLine {
  const written = typeof text === 'string' ? bound(tidySpaces(text), MAX_KEPT_CHARS) : '';
  const line = typeof text === 'string' ? cleanLine(text) : '';
  if (line === '' || line.length > MAX_LINE_CHARS || !/\p{L}/u.test(line)) return unread(written);
  // A heading ('Pour la pâte :', 'Garniture:') is not an ingredient.
  if (/:\s*$/u.test(line)) return unread(written);
  return new LineReader(written, splitBrackets(line)).read();
}

/**
 * One written line as the lines the review shows: a list of seasonings ('sel, poivre', 'sel et
 * poivre du moulin') gives one line without quantity per seasoning, each with its own words as
 * its text ('sel', then 'poivre du moulin'), so that the review and the description say each
 * once; any other line gives one line.
 */
export function readIngredientLines(text: string): ReadLine[] {
  const read = readIngredientLine(text);
  if (read.status !== 'noQuantity' || !SEASONING_LIST.test(fold(read.name))) return [read];
  const folded = fold(read.name);
  const lines: ReadLine[] = [];
  let at = 0;
  for (const piece of folded.split(SEASONING_SPLIT)) {
    const start = folded.indexOf(piece, at);
    at = start + piece.length;
    const name = read.name.slice(start, at).trim();
    if (name !== '') lines.push({ ...read, text: name, name });
  }
  return lines.length > 0 ? lines : [read];
}

function splitBrackets(line: string): Parts {
  const brackets: string[] = [];
  // 'oeuf(s)', 'cuillère(s)': a plural marker, not a note.
  let main = line
    .replace(/(?<=\p{L})\((?:s|x|es)\)/gu, '')
    .replace(/\(([^()]*)\)|\[([^[\]]*)\]/gu, (_, round?: string, square?: string) => {
      const inside = (round ?? square ?? '').trim();
      if (inside !== '') brackets.push(inside);
      return ' ';
    });
  // An unclosed bracket: what follows is a note.
  const open = main.search(/[([]/u);
  if (open !== -1) {
    const rest = main.slice(open + 1).trim();
    if (rest !== '') brackets.push(rest);
    main = main.slice(0, open);
  }
  main = main.replace(/[)\]]/gu, ' ').replace(/\s+/gu, ' ').trim();
  return { main, brackets };
}

/** A quantity in a spec unit ('400 g', 'soit 800 g', '2 x 140 g', 'environ 1 kg'). */
interface StatedQuantity {
  val: number;
  unite: Unite;
  /** Said of the whole line ('soit'), not of each container. */
  total: boolean;
  approx: boolean;
}

function readStated(text: string): StatedQuantity | null {
  const folded = fold(text.trim());
  let pos = 0;
  let total = false;
  let approx = false;
  const soit = /(?:soit|en tout|au total)\s*:?\s*/uy;
  if (soit.test(folded)) {
    total = true;
    pos = soit.lastIndex;
  }
  APPROX.lastIndex = pos;
  if (APPROX.test(folded)) {
    approx = true;
    pos = APPROX.lastIndex;
  }
  let times = 1;
  const multiplied = /(\d{1,3})\s*[x×*]\s*/uy;
  multiplied.lastIndex = pos;
  const mm = multiplied.exec(folded);
  if (mm) {
    times = Number(mm[1]);
    pos = multiplied.lastIndex;
    total = true;
  }
  const number = readNumberAt(folded, pos);
  if (!number || number.val <= 0) return null;
  const unit = specUnitAt(folded, skipSpaces(folded, number.end));
  if (!unit) return null;
  if (!/^[\s.]*(?:chacune?s?|pieces?|environ)?[\s.]*$/u.test(folded.slice(unit.end))) return null;
  return {
    val: number.val * unit.unit.factor * times,
    unite: unit.unit.unite,
    total,
    approx: approx || /environ/u.test(folded.slice(unit.end)),
  };
}

function skipSpaces(folded: string, pos: number): number {
  let at = pos;
  while (at < folded.length && (folded[at] === ' ' || folded[at] === '-')) at++;
  return at;
}

function specUnitAt(folded: string, pos: number): { unit: UnitRead; end: number } | null {
  for (const { pattern, unit } of SPEC_UNITS) {
    pattern.lastIndex = pos;
    if (pattern.test(folded)) return { unit, end: pattern.lastIndex };
  }
  return null;
}

function matchAt(pattern: RegExp, folded: string, pos: number): number | null {
  pattern.lastIndex = pos;
  return pattern.test(folded) ? pattern.lastIndex : null;
}

/** The reading of one line, its notes gathered as it goes. */
class LineReader {
  private readonly main: string;
  private readonly folded: string;
  private readonly phrase: string[] = [];
  private readonly sizes: string[] = [];
  private readonly approx: string[] = [];
  private readonly markers: string[] = [];
  /** What follows the first comma or a '+'. */
  private readonly tailNotes: string[] = [];
  private bracketNotes: string[] = [];
  private stated: StatedQuantity | null = null;

  constructor(
    private readonly written: string,
    private readonly parts: Parts,
  ) {
    // What follows a '+' is a note as it stands ('+ 10 g pour le moule').
    let main = parts.main;
    const plus = main.search(/\s\+\s?/u);
    if (plus !== -1) {
      const after = main.slice(plus).trim();
      if (after !== '+') this.tailNotes.push(after);
      main = main.slice(0, plus);
    }
    // Then the markers: 'à volonté', 'facultatif' can stand anywhere.
    const markers: string[] = [];
    const removed = removeMatches(main, NO_QUANTITY_MARKERS, markers);
    this.markers = markers;
    this.main = removed;
    this.folded = fold(removed);
    for (const inside of parts.brackets) {
      const stated = readStated(inside);
      if (stated && !this.stated) this.stated = stated;
      else this.bracketNotes.push(inside);
    }
  }

  read(): ReadLine {
    const { folded, main } = this;
    let pos = 0;
    const approxEnd = matchAt(APPROX, folded, pos);
    if (approxEnd !== null) {
      this.approx.push('environ');
      pos = approxEnd;
    }
    let partNote: string | null = null;
    PART_OF.lastIndex = pos;
    const part = PART_OF.exec(folded);
    if (part) {
      const wordAt = pos + part[0].indexOf(part[1] as string);
      partNote = main.slice(wordAt, wordAt + (part[1] as string).length);
      pos = PART_OF.lastIndex;
    }
    const number = readNumberAt(folded, pos);
    if (number && !/^[\s]*(?:peu|petit peu|reste)(?![\p{L}])/u.test(folded.slice(number.end))) {
      const line = this.readFrom(pos, number.val, number.end, number.range);
      if (line && partNote) line.note = joinNotes([partNote, line.note]);
      return line ?? unread(this.written);
    }
    return this.readTrailing() ?? this.readNoQuantity();
  }

  /** A line starting with a quantity, its number read up to `end`. */
  private readFrom(
    start: number,
    firstCount: number,
    firstEnd: number,
    range: boolean,
  ): ReadLine | null {
    const { folded, main } = this;
    let count = firstCount;
    let end = firstEnd;
    let pos = skipSpaces(folded, end);
    const times = /[x×]\s+/uy;
    const afterTimes = matchAt(times, folded, pos);
    if (afterTimes !== null) {
      // '2 x 100 g de chocolat'
      const each = readNumberAt(folded, afterTimes);
      if (each && !each.range) {
        count *= each.val;
        end = each.end;
        pos = skipSpaces(folded, each.end);
      } else {
        pos = afterTimes;
      }
    }

    // Spec unit right after the number, or after 'de' ('¾ de litre').
    const unitAfterDe = matchAt(/de\s+(?=l(?:itres?)?\s|l['’]|kg|kilos?\s)/uy, folded, pos);
    const unit = specUnitAt(folded, unitAfterDe ?? pos);
    if (unit) {
      let phraseEnd = unit.end;
      // '1 kg 500': grams after kilograms.
      const grams = /\s*(\d{3})(?![\d\p{L}])/uy;
      grams.lastIndex = phraseEnd;
      const g = unit.unit.unite === Unite.Kg && !range ? grams.exec(folded) : null;
      if (g) {
        count += Number(g[1]) / 1000;
        phraseEnd = grams.lastIndex;
        this.phrase.push(main.slice(start, phraseEnd).trim());
      }
      pos = this.skipLink(phraseEnd);
      const name = this.nameFrom(pos);
      if (name === null) return null;
      if (range) this.phrase.push(main.slice(start, phraseEnd).trim());
      // '30 ml (2 c. à soupe) de farine': the spoon's weight of what is not liquid.
      const spoon =
        unit.unit.unite === Unite.CL && !looksLiquid(fold(name)) ? this.spoonInBrackets() : null;
      if (spoon !== null) {
        if (!range) this.phrase.push(main.slice(start, phraseEnd).trim());
        return this.finish(spoon, Unite.G, name);
      }
      if (this.stated) {
        this.bracketNotes = [...this.bracketNotesOfStated(), ...this.bracketNotes];
        this.stated = null;
      }
      return this.finish(count * unit.unit.factor, unit.unit.unite, name);
    }

    // Size words before a measure or a name: 'une bonne pincée', '2 gros oignons'.
    let sizeEnd = pos;
    for (;;) {
      const next = matchAt(SIZE_WORDS, folded, sizeEnd);
      if (next === null || next === sizeEnd) break;
      sizeEnd = next;
    }
    const sizeText = main.slice(pos, sizeEnd).trim();

    // Kitchen measures.
    for (const measure of MEASURES) {
      const measureEnd = matchAt(measure.pattern, folded, sizeEnd);
      if (measureEnd === null) continue;
      let phraseEnd = measureEnd;
      let measured = count;
      const half = measure.id.startsWith('cuill') ? matchAt(HALF_AFTER, folded, phraseEnd) : null;
      if (half !== null) {
        measured += 0.5;
        phraseEnd = half;
      }
      const after = matchAt(MEASURE_AFTER, folded, phraseEnd);
      if (after !== null) phraseEnd = after;
      const alternative = matchAt(ALTERNATIVE, folded, phraseEnd);
      if (alternative !== null) phraseEnd = alternative;
      if (
        measure.before &&
        matchAt(measure.before, folded, skipSpaces(folded, phraseEnd)) === null
      ) {
        continue;
      }
      const linkEnd = matchAt(LINK, folded, phraseEnd);
      if (measure.times) {
        if (linkEnd === null) continue;
        const name = this.nameFrom(linkEnd);
        if (name === null) return null;
        this.phrase.push(main.slice(start, phraseEnd).trim());
        return this.finish(measured * measure.times, Unite.Pieces, name);
      }
      const namePos = linkEnd ?? skipSpaces(folded, phraseEnd);
      const name = this.nameFrom(namePos);
      if (name === null) return null;
      const liquid = looksLiquid(fold(name));
      if (measure.liquidOnly && !liquid) break;
      const conversion = measure.conversion;
      if (!conversion) continue;
      this.phrase.push(main.slice(start, phraseEnd).trim());
      // '2 c. à thé (10 ml) de romarin': the spoon's weight of what is not liquid.
      if (
        this.stated &&
        measure.id.startsWith('cuill') &&
        !liquid &&
        this.stated.unite !== Unite.G
      ) {
        this.bracketNotes = [...this.bracketNotesOfStated(), ...this.bracketNotes];
        this.stated = null;
      }
      if (this.stated) return this.finishStated(name, 1);
      const to = liquid ? conversion.liquid : conversion.other;
      return this.finish(measured * to.factor, to.unite, name);
    }

    // Counted measures, followed by 'de': '2 gousses d'ail', '1 boîte de 400 g de tomates'.
    const counted = countedAt(folded, sizeEnd);
    if (counted && !isProductName(folded.slice(sizeEnd))) {
      let phraseEnd = counted.end;
      const after = matchAt(MEASURE_AFTER, folded, phraseEnd);
      if (after !== null) phraseEnd = after;
      const container = isContainer(counted.word);
      // A container may go without 'de': '1 sachet levure chimique' (as some sites list it).
      let linkEnd =
        matchAt(LINK, folded, phraseEnd) ??
        (container && /^ \p{L}/u.test(folded.slice(phraseEnd)) ? phraseEnd + 1 : null);
      if (linkEnd !== null) {
        // A container's content: '1 boîte de 400 g de tomates', '1 pot de 20 cl de crème'.
        const contentNumber = container ? readNumberAt(folded, linkEnd) : null;
        if (contentNumber) {
          const contentUnit = specUnitAt(folded, skipSpaces(folded, contentNumber.end));
          const contentLink = contentUnit ? matchAt(LINK, folded, contentUnit.end) : null;
          if (contentUnit && contentLink !== null) {
            const content: StatedQuantity = {
              val: contentNumber.val * contentUnit.unit.factor,
              unite: contentUnit.unit.unite,
              total: false,
              approx: false,
            };
            if (this.stated) this.bracketNotes.unshift(...this.bracketNotesOfStated());
            this.stated = content;
            linkEnd = contentLink;
          }
        }
        const name = this.nameFrom(linkEnd);
        if (name === null) return null;
        this.phrase.push(main.slice(start, phraseEnd).trim());
        if (this.stated) return this.finishStated(name, container ? count : 1);
        return this.finish(count, Unite.Pieces, name);
      }
    }

    // Counted things: '3 œufs', '2 gros oignons', '½ citron'.
    if (sizeText !== '') this.sizes.push(sizeText);
    const name = this.nameFrom(sizeEnd);
    if (name === null) return null;
    if (this.stated) {
      this.phrase.push(`${main.slice(start, end).trim()} ${count > 1 ? 'pièces' : 'pièce'}`);
      return this.finishStated(name, 1);
    }
    if (range) this.phrase.push(main.slice(start, end).trim());
    return this.finish(count, Unite.Pieces, name);
  }

  /** 'Farine : 200 g', 'Beurre 125 g', 'Œufs : 3', 'Sucre vanillé : 2 sachets'. */
  private readTrailing(): ReadLine | null {
    const { folded, main } = this;
    const starts = folded.matchAll(/(?<=[\s:=])(?=[\d½¼¾⅓⅔])/gu);
    for (const m of starts) {
      const at = m.index;
      const number = readNumberAt(folded, at);
      if (!number || number.val <= 0) continue;
      const rest = skipSpaces(folded, number.end);
      let unit: UnitRead = { unite: Unite.Pieces, factor: 1 };
      let end = rest;
      let phrase: string | null = number.range ? main.slice(at, number.end).trim() : null;
      const spec = specUnitAt(folded, rest);
      if (spec) {
        unit = spec.unit;
        end = spec.end;
      } else {
        const measure = MEASURES.find(
          (x) => !x.liquidOnly && !x.before && matchAt(x.pattern, folded, rest) !== null,
        );
        const counted = measure ? null : countedAt(folded, rest);
        if (measure && measure.conversion) {
          end = matchAt(measure.pattern, folded, rest) as number;
          const name = main
            .slice(0, at)
            .replace(/[\s:=–-]+$/u, '')
            .trim();
          unit = looksLiquid(fold(name)) ? measure.conversion.liquid : measure.conversion.other;
          phrase = main.slice(at, end).trim();
        } else if (counted) {
          end = counted.end;
          phrase = main.slice(at, end).trim();
        } else if (measure && measure.times) {
          end = matchAt(measure.pattern, folded, rest) as number;
          unit = { unite: Unite.Pieces, factor: measure.times };
          phrase = main.slice(at, end).trim();
        }
      }
      if (!/^[\s.;]*$/u.test(folded.slice(end))) continue;
      const nameText = main.slice(0, at).replace(/[\s:=–-]+$/u, '');
      const name = this.tidyName(nameText);
      if (name === null) return null;
      if (phrase) this.phrase.push(phrase);
      return this.finish(number.val * unit.factor, unit.unite, name);
    }
    return null;
  }

  private readNoQuantity(): ReadLine {
    const { folded, main } = this;
    let pos = 0;
    const vagueEnd = matchAt(VAGUE_START, folded, 0);
    if (vagueEnd !== null) {
      const vague = main.slice(0, vagueEnd).trim();
      // 'du sel', 'de l'huile': the article is dropped; 'quelques', 'un peu' are notes.
      if (!/^(?:du|de la|de l['’]|des)$/u.test(fold(vague))) this.markers.unshift(vague);
      pos = vagueEnd;
      const link = matchAt(LINK, folded, pos);
      if (link !== null) pos = link;
    }
    const name = this.nameFrom(pos);
    if (name === null || /\d/u.test(name) || name.split(' ').length > MAX_NAME_WORDS) {
      return unread(this.written);
    }
    if (this.stated) {
      // 'Lardons (200 g)'
      return this.finishStated(name, 1);
    }
    return {
      text: this.written,
      status: 'noQuantity',
      quantity: null,
      name,
      note: this.note(),
    };
  }

  private skipLink(pos: number): number {
    return matchAt(LINK, this.folded, pos) ?? skipSpaces(this.folded, pos);
  }

  /** The name from `pos`: what follows a comma or a '+' goes to the note. */
  private nameFrom(pos: number): string | null {
    return this.tidyName(this.main.slice(pos));
  }

  private tidyName(raw: string): string | null {
    // A comma or a colon left at the start by a marker's removal ('au goût, poivre').
    let name = raw.trim().replace(/^[,;:]+\s*/u, '');
    // 'sel, poivre' stays whole: readIngredientLines splits it.
    if (!SEASONING_LIST.test(fold(name.replace(/[\s.;:|]+$/u, '')))) {
      // A decimal comma ('lait 3,25 %') is no separator.
      const comma = name.search(/;|(?<!\d),|,(?!\d)/u);
      if (comma !== -1) {
        const after = name.slice(comma + 1).trim();
        if (after !== '') this.tailNotes.unshift(after);
        name = name.slice(0, comma);
      }
    }
    const approx: string[] = [];
    name = removeMatches(name, /(?<![\p{L}])(?:environ|env\.)(?![\p{L}])/gu, approx);
    if (approx.length > 0 && this.approx.length === 0) this.approx.push('environ');
    // An article left at the start after the removals: 'de l'huile', 'des lardons' (not 'dés').
    const link = matchAt(
      /(?:de\s+la\s+|de\s+l['’]\s*|de\s+|d['’]\s*|du\s+|des\s+)/uy,
      fold(name),
      0,
    );
    if (
      link !== null &&
      link < name.length &&
      name.slice(0, link).toLowerCase() === fold(name).slice(0, link)
    )
      name = name.slice(link);
    name = name.replace(/^[\s:.,;|–-]+|[\s:.,;|–-]+$/gu, '').replace(/\s+/gu, ' ');
    if (name === '' || !/^[\p{L}'’"«]/u.test(name) || [...name].length > MAX_NAME_LENGTH)
      return null;
    // Not one ingredient: 'ou 8 petites carottes' (an alternative count), 'chacun: clou,
    // cannelle', 'beurre et 40 gr de farine' (a second quantity).
    const folded = fold(name);
    if (/^(?:ou|et)\s/u.test(folded) || name.includes(':') || OTHER_QUANTITY.test(folded))
      return null;
    return name;
  }

  /** A spoon alone in brackets ('(2 c. à soupe)'), as the weight of what is not liquid. */
  private spoonInBrackets(): number | null {
    for (const inside of this.bracketNotes) {
      const folded = fold(inside.trim());
      const number = readNumberAt(folded, 0);
      if (!number) continue;
      const at = skipSpaces(folded, number.end);
      for (const measure of MEASURES.filter((m) => m.id.startsWith('cuill'))) {
        const end = matchAt(measure.pattern, folded, at);
        if (end !== null && /^[\s.]*$/u.test(folded.slice(end)) && measure.conversion) {
          return number.val * measure.conversion.other.factor;
        }
      }
    }
    return null;
  }

  private bracketNotesOfStated(): string[] {
    return this.parts.brackets.filter((b) => readStated(b) !== null).slice(0, 1);
  }

  private finishStated(name: string, perContainer: number): ReadLine {
    const stated = this.stated as StatedQuantity;
    if (stated.approx) this.approx.push('environ');
    const times = stated.total ? 1 : perContainer;
    return this.finish(stated.val * times, stated.unite, name);
  }

  private finish(val: number, unite: Unite, name: string): ReadLine {
    const rounded = roundValue(val);
    if (!Number.isFinite(rounded) || rounded <= 0 || rounded > 1e9) return unread(this.written);
    return {
      text: this.written,
      status: 'read',
      quantity: { val: rounded, unite },
      name,
      note: this.note(),
    };
  }

  private note(): string | null {
    return joinNotes([
      ...this.phrase,
      ...this.sizes,
      ...new Set(this.approx),
      ...this.bracketNotes,
      ...this.tailNotes,
      ...this.markers,
    ]);
  }
}

/**
 * Products whose name starts with a counted measure: 'feuilles de brick' are bought as such,
 * not as 'brick'.
 */
function isProductName(foldedRest: string): boolean {
  return /^feuilles? de (?:brick|filo|lasagnes?|riz|nori|pates?)(?![\p{L}])/u.test(foldedRest);
}

function joinNotes(notes: readonly (string | null)[]): string | null {
  const kept = notes
    .map((n) => (n ?? '').replace(/^[\s,;:]+|[\s,;:]+$/gu, '').trim())
    .filter((n) => n !== '');
  if (kept.length === 0) return null;
  return bound(kept.join(', '), MAX_NAME_LENGTH);
}

/** The text without the matches of `pattern` (found in its folded form), which go to `found`. */
function removeMatches(text: string, pattern: RegExp, found: string[]): string {
  const folded = fold(text);
  let out = '';
  let at = 0;
  for (const m of folded.matchAll(pattern)) {
    found.push(text.slice(m.index, m.index + m[0].length).trim());
    out += text.slice(at, m.index);
    at = m.index + m[0].length;
  }
  if (at === 0) return text;
  out += text.slice(at);
  return out
    .replace(/\s+([,;.])/gu, '$1')
    .replace(/\s+/gu, ' ')
    .trim();
}
