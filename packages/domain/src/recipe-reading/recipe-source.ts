/**
 * A page's recipe as read (issue 34): the server gives what the page says (RecipeSource), this
 * reads it in French for the review.
 *
 * - name: spaces tidied, at most MAX_NAME_LENGTH characters; 'Recette importée' when missing.
 * - forPeople: readYield; plat: readCourse (null when the page does not say).
 * - lines: each ingredient line read (readIngredientLines: 'sel, poivre' gives two lines); a
 *   sub-heading of the list ('Pour la pâte :') is not an ingredient and is left out; empty
 *   lines too. At most MAX_READ_LINES lines: beyond, one line to fix says how many were not read.
 * - description: the steps numbered '1. ...', a section's name ('Pour la sauce :') as its own
 *   heading line, numbering going on across sections; then a blank line and 'Source : <url>'.
 *   Bounded to MAX_DESCRIPTION_LENGTH: steps are cut, the source line always kept.
 * - url: kept when it is an http(s) address of at most MAX_URL_CHARS characters.
 */
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../limits.js';
import { bound, cleanLine, MAX_KEPT_CHARS, MAX_READ_LINES, tidySpaces } from './clean-text.js';
import { readIngredientLines } from './ingredient-line.js';
import type { ReadLine, ReadRecipe, RecipeSource } from './types.js';
import { readCourse, readYield } from './yield-and-course.js';

export const DEFAULT_RECIPE_NAME = 'Recette importée';
export const MAX_URL_CHARS = 2_000;
/** Most steps read from a source. */
const MAX_STEPS = 500;

/** A recipe name as the forms want it; the default one when empty. */
export function readRecipeName(name: string | null | undefined): string {
  const tidied = typeof name === 'string' ? tidySpaces(name.slice(0, MAX_NAME_LENGTH * 4)) : '';
  return tidied === '' ? DEFAULT_RECIPE_NAME : bound(tidied, MAX_NAME_LENGTH);
}

/**
 * A sub-heading of an ingredient list or of the steps: short and ending with ':', or 'Pour la
 * pâte', 'Pour le décor' without a quantity.
 */
export function isHeading(line: string): boolean {
  if (line.length > 80) return false;
  if (/^pour (?:la|le|les|l['’]|un|une|des) ?[^\d:.,;!?]{1,50}:?$/iu.test(line)) return true;
  return /:\s*$/u.test(line) && !/\d\s*(?:g|kg|cl|ml|l)\b/iu.test(line);
}

/** The lines read from written ingredient lines, bounded. */
export function readLines(written: readonly unknown[]): ReadLine[] {
  const lines: ReadLine[] = [];
  let left = 0;
  for (const item of written) {
    if (typeof item !== 'string') continue;
    if (lines.length >= MAX_READ_LINES) {
      if (/\S/u.test(item)) left++;
      continue;
    }
    const line = cleanLine(item);
    if (line === '' || isHeading(line)) continue;
    lines.push(...readIngredientLines(item));
  }
  if (left > 0) {
    lines.push({
      text: `${left} ${left > 1 ? 'autres lignes' : 'autre ligne'} non ${left > 1 ? 'lues' : 'lue'}`,
      status: 'unread',
      quantity: null,
      name: '',
      note: null,
    });
  }
  return lines;
}

/** The address when it is an http(s) one, else null. */
export function readUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (trimmed.length > MAX_URL_CHARS || !/^https?:\/\/[^\s]+$/iu.test(trimmed)) return null;
  return trimmed;
}

/** The description: steps numbered, section names as headings, then the source line. */
export function describeSteps(steps: readonly unknown[], url: string | null): string {
  const source = url === null ? '' : `Source : ${url}`;
  const room = MAX_DESCRIPTION_LENGTH - source.length - 2;
  const parts: string[] = [];
  let used = 0;
  let number = 0;
  for (const step of steps.slice(0, MAX_STEPS)) {
    if (typeof step !== 'string') continue;
    const text = tidySpaces(step.slice(0, MAX_KEPT_CHARS * 20)).replace(/^\d{1,3}\s*[.)-]\s+/u, '');
    if (text === '') continue;
    const part = isHeading(text)
      ? `${parts.length > 0 ? '\n' : ''}${text}`
      : `${++number}. ${text}`;
    const length = [...part].length + 1;
    if (used + length > room) {
      const left = room - used - 1;
      if (left > 20) parts.push(bound(part, left));
      break;
    }
    parts.push(part);
    used += length;
  }
  const steps_ = parts.join('\n');
  return [steps_, source].filter((p) => p !== '').join('\n\n');
}

/** A page's recipe, read for the review. Never throws. */
export function readRecipeSource(source: RecipeSource): ReadRecipe {
  const url = readUrl(source?.url);
  const lines = Array.isArray(source?.ingredientLines) ? readLines(source.ingredientLines) : [];
  const steps = Array.isArray(source?.steps) ? source.steps : [];
  return {
    name: readRecipeName(source?.name),
    forPeople: readYield(source?.yieldText),
    plat: readCourse(source?.categoryText),
    lines,
    description: describeSteps(steps, url),
    url,
  };
}
