/**
 * The vocabulary of the recipes CSV file (reference page "CSV recipe import and export"),
 * shared by the reader and the writer so that an export always re-imports.
 */
import type { Quantity } from '../entities.js';
import { Plat, Unite } from '../enums.js';
import { normalizeSearchText } from '../text.js';

/** Largest text accepted, counted in characters once the BOM is removed (about 5 Mo). */
export const CSV_MAX_CHARS = 5 * 1024 * 1024;
/** Longest recipe or ingredient name, like every other name of the product. */
export const CSV_MAX_NAME_LENGTH = 200;
/** Largest "number of people" of a recipe, the bound the quantity forms use. */
export const CSV_MAX_PEOPLE = 100_000;

/** The course keywords written in the file; 'autre' is ours, any unknown word reads as Autre. */
export const PLAT_KEYWORDS: Record<Plat, string> = {
  [Plat.Autre]: 'autre',
  [Plat.Dessert]: 'dessert',
  [Plat.PlatPrincipal]: 'platPrincipal',
  [Plat.Entree]: 'entree',
};

const PLAT_BY_KEY: ReadonlyMap<string, Plat> = new Map([
  ['entree', Plat.Entree],
  ['platprincipal', Plat.PlatPrincipal],
  ['dessert', Plat.Dessert],
]);

/**
 * Case, accents and spaces are forgiven ('Entrée', 'Plat principal'): people type these by
 * hand, and reading them as Autre would silently misfile the recipe.
 */
export function readPlat(cell: string): Plat {
  return PLAT_BY_KEY.get(normalizeSearchText(cell)) ?? Plat.Autre;
}

/**
 * Unit words as written by the exporter. They are the display labels, which the reader maps
 * back exactly (case-insensitive), so kg stays kg and L stays L through a round trip.
 */
export const UNIT_WORDS: Record<Unite, string> = {
  [Unite.Pieces]: 'pièces',
  [Unite.Kg]: 'kg',
  [Unite.G]: 'gr',
  [Unite.L]: 'L',
  [Unite.CL]: 'cL',
};

/** The quantity a value and a unit cell stand for; millilitres become centilitres. */
export function readUnitQuantity(cell: string, val: number, forPeople: number): Quantity {
  switch (cell.toLowerCase()) {
    case 'kg':
      return { val, unite: Unite.Kg, forPeople };
    case 'g':
    case 'gr':
      return { val, unite: Unite.G, forPeople };
    case 'l':
      return { val, unite: Unite.L, forPeople };
    case 'cl':
      return { val, unite: Unite.CL, forPeople };
    case 'ml':
      return { val: val / 10, unite: Unite.CL, forPeople };
    default:
      return { val, unite: Unite.Pieces, forPeople };
  }
}

// Digits with an optional decimal dot or comma, and the exponent that String(number) may
// print for very small or very large values.
const QUANTITY_PATTERN = /^(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;

/** A non-negative finite number, or null when the cell is not one. */
export function readQuantity(cell: string): number | null {
  if (!QUANTITY_PATTERN.test(cell)) return null;
  const val = Number(cell.replace(',', '.'));
  return Number.isFinite(val) ? val : null;
}

/** The shortest text that reads back as the same number, with a French decimal comma. */
export function writeQuantity(val: number): string {
  return String(val).replace('.', ',');
}

/** A whole number of people from 1 to CSV_MAX_PEOPLE, or null. */
export function readPeople(cell: string): number | null {
  if (!/^\d+$/.test(cell)) return null;
  const n = Number(cell);
  return n >= 1 && n <= CSV_MAX_PEOPLE ? n : null;
}

/*
 * Spreadsheets run a cell starting with = + - or @ as a formula (CSV injection). The writer
 * puts an apostrophe in front, which spreadsheets show as plain text, and the reader takes it
 * off. Cells already starting with apostrophes before such a character get one more, so that
 * a name like "'=x" survives the round trip too.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/u;
const PROTECTED_FORMULA_START = /^'+[=+\-@\t\r]/u;

export function protectCell(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function unprotectCell(cell: string): string {
  return cell.startsWith("'") && PROTECTED_FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** Names have their spaces tidied like the name fields of the forms do. */
export function tidyName(cell: string): string {
  // The test spares most names a copy: files can hold hundreds of thousands of them.
  const tidied = /[^\S ]| {2}/.test(cell) ? cell.replace(/\s+/g, ' ') : cell;
  return unprotectCell(tidied.trim());
}
