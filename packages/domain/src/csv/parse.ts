/**
 * Reading a recipes CSV file (reference page "CSV recipe import and export", spec 2.6):
 * blocks of rows separated by rows whose 2nd and 3rd cells are empty; each block starts with a
 * header row (name, course, number of people) followed by ingredient rows (name, quantity,
 * unit). papaparse does the tokenising so that the web app and the server read files alike.
 *
 * Semicolon-separated files (what a French spreadsheet saves) are accepted: the separator is
 * the one that gives 3 cells on more of the first rows, commas winning a tie. In such a file a
 * decimal comma needs no quotes.
 */
import Papa from 'papaparse';
import type { Plat } from '../enums.js';
import type { Quantity } from '../entities.js';
import { DomainError, invalid } from '../errors.js';
import {
  CSV_MAX_CHARS,
  CSV_MAX_NAME_LENGTH,
  CSV_MAX_PEOPLE,
  readPeople,
  readPlat,
  readQuantity,
  readUnitQuantity,
  tidyName,
} from './format.js';

export interface ParsedRecipeIngredient {
  name: string;
  quantity: Quantity;
  /** 1-based line of the file where the row starts. */
  line: number;
}

export interface ParsedRecipe {
  name: string;
  plat: Plat;
  forPeople: number;
  ingredients: ParsedRecipeIngredient[];
  /** 1-based line of the header row. */
  line: number;
}

type Delimiter = ',' | ';';

const FIELDS_PER_ROW = 3;
const DETECTION_ROWS = 20;

/** Every recipe of the file that has at least one ingredient, in file order. */
export function parseRecipesCsv(text: string): ParsedRecipe[] {
  if (typeof text !== 'string') throw invalid('Le fichier CSV est illisible.');
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (withoutBom.length > CSV_MAX_CHARS) {
    throw new DomainError('too_large', 'Le fichier est trop volumineux : 5 Mo au plus.');
  }
  // One kind of line break, so that counting '\n' gives line numbers.
  const body = withoutBom.replace(/\r\n?/gu, '\n');
  const delimiter = detectDelimiter(body);
  const reader = new RecipeBlocks(delimiter);

  let line = 1;
  let rowStart = 0;
  Papa.parse<string[]>(body, {
    delimiter,
    newline: '\n',
    step: (result) => {
      const quoteError = result.errors.find((e) => e.type === 'Quotes');
      if (quoteError) {
        throw invalid(
          quoteError.code === 'MissingQuotes'
            ? `Ligne ${line} : des guillemets ne sont pas refermés.`
            : `Ligne ${line} : des guillemets sont mal placés.`,
          line,
        );
      }
      reader.row(result.data, line);
      const rowEnd = result.meta.cursor;
      line += countLineBreaks(body, rowStart, rowEnd);
      rowStart = rowEnd;
    },
  });
  return reader.finish();
}

/** Turns rows into recipes; holds the recipe being read. */
class RecipeBlocks {
  private readonly recipes: ParsedRecipe[] = [];
  private current: ParsedRecipe | null = null;
  private expectHeader = true;

  constructor(private readonly delimiter: Delimiter) {}

  row(raw: string[], line: number): void {
    if (raw.length !== FIELDS_PER_ROW) {
      if (raw.length === 1 && raw[0]?.trim() === '') return; // empty line
      throw this.wrongFieldCount(raw, line);
    }
    const first = (raw[0] as string).trim();
    const second = (raw[1] as string).trim();
    const third = (raw[2] as string).trim();
    if (second === '' && third === '') {
      this.close();
      this.expectHeader = true;
    } else if (this.expectHeader) {
      this.current = readHeader(first, second, third, line);
      this.expectHeader = false;
    } else if (this.current) {
      this.current.ingredients.push(
        readIngredient(first, second, third, line, this.current.forPeople),
      );
    }
  }

  finish(): ParsedRecipe[] {
    this.close();
    return this.recipes;
  }

  private close(): void {
    if (this.current && this.current.ingredients.length > 0) this.recipes.push(this.current);
    this.current = null;
  }

  private wrongFieldCount(raw: string[], line: number): DomainError {
    const cells = raw.map((c) => c.trim());
    const separator = this.delimiter === ',' ? 'des virgules' : 'des points-virgules';
    let message = `Ligne ${line} : 3 cellules séparées par ${separator} sont attendues, cette ligne en a ${cells.length}.`;
    // The likeliest cause: 'Riz,1,5,kg' where 1,5 was meant as one number.
    if (
      this.delimiter === ',' &&
      cells.length === 4 &&
      /^\d+$/u.test(cells[1] ?? '') &&
      /^\d+$/u.test(cells[2] ?? '')
    ) {
      message += ' Une quantité à virgule doit être entre guillemets, par exemple "1,5".';
    }
    return invalid(message, line);
  }
}

function readHeader(
  name: string,
  platCell: string,
  peopleCell: string,
  line: number,
): ParsedRecipe {
  const forPeople = readPeople(peopleCell);
  if (forPeople === null) {
    throw invalid(
      `Ligne ${line} : le nombre de personnes « ${excerpt(peopleCell)} » est illisible (un nombre entier de 1 à ${CSV_MAX_PEOPLE} est attendu).`,
      line,
    );
  }
  return {
    name: readName(name, 'de la recette', line),
    plat: readPlat(platCell),
    forPeople,
    ingredients: [],
    line,
  };
}

function readIngredient(
  name: string,
  quantityCell: string,
  unitCell: string,
  line: number,
  forPeople: number,
): ParsedRecipeIngredient {
  if (quantityCell === '') throw invalid(`Ligne ${line} : la quantité est vide.`, line);
  const val = readQuantity(quantityCell);
  if (val === null) {
    throw invalid(`Ligne ${line} : la quantité « ${excerpt(quantityCell)} » est illisible.`, line);
  }
  return {
    name: readName(name, "de l'ingrédient", line),
    quantity: readUnitQuantity(unitCell, val, forPeople),
    line,
  };
}

function readName(cell: string, of: string, line: number): string {
  const name = tidyName(cell);
  if (name === '') throw invalid(`Ligne ${line} : le nom ${of} est vide.`, line);
  // Length in characters, not UTF-16 units; counted only when it may matter.
  if (name.length > CSV_MAX_NAME_LENGTH && [...name].length > CSV_MAX_NAME_LENGTH) {
    throw invalid(`Ligne ${line} : le nom ${of} dépasse ${CSV_MAX_NAME_LENGTH} caractères.`, line);
  }
  return name;
}

/** Cells are quoted in messages; a huge one would drown the message. */
function excerpt(cell: string): string {
  return cell.length > 40 ? `${cell.slice(0, 40)}…` : cell;
}

function detectDelimiter(body: string): Delimiter {
  const rowsOfThree = (delimiter: Delimiter): number => {
    const { data } = Papa.parse<string[]>(body, {
      delimiter,
      newline: '\n',
      preview: DETECTION_ROWS,
      skipEmptyLines: true,
    });
    return data.filter((row) => row.length === FIELDS_PER_ROW).length;
  };
  return rowsOfThree(';') > rowsOfThree(',') ? ';' : ',';
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) {
    count++;
  }
  return count;
}
