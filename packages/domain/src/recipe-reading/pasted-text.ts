/**
 * 'Coller une recette' (issue 34): a recipe from text copied from anywhere, read offline.
 *
 * - The title is the first line that is neither a yield, a heading nor an ingredient (at most
 *   120 characters; else 'Recette importée').
 * - The people: the first line saying 'pour N personnes', 'N personnes', 'N parts',
 *   'Portions : N'..., anywhere (also in a heading 'Ingrédients (pour 4 personnes)').
 * - Ingredients: the lines under a heading 'Ingrédients' up to a heading 'Préparation' (or
 *   'Étapes', 'Instructions', 'Réalisation', 'Recette'...) or to a line that reads as a
 *   sentence; without the heading, the lines that start with a quantity ('200 g de farine',
 *   'une pincée de sel', 'Farine : 200 g') and lists of seasonings. A quantity alone on its
 *   line with the name on the next one (as some sites' lists copy) is one line.
 * - The rest, headings of the steps left out, is the description, as typed (blank lines kept
 *   single).
 * Bullets ('•', '-', '*'), tabs, non-breaking spaces and control characters are tidied.
 */
import { MAX_DESCRIPTION_LENGTH } from '../limits.js';
import { bound, cleanLine, fold, MAX_SOURCE_CHARS } from './clean-text.js';
import { readIngredientLine } from './ingredient-line.js';
import { isHeading, readLines, readRecipeName } from './recipe-source.js';
import type { ReadRecipe } from './types.js';
import { readYield } from './yield-and-course.js';

const MAX_TITLE_CHARS = 120;
/** More words than this is a sentence, not an ingredient line. */
const MAX_INGREDIENT_WORDS = 14;

const INGREDIENTS_HEADING = /^(?:les\s+)?ingredients?(?![\p{L}])/u;
const STEPS_HEADING =
  /^(?:la\s+|les\s+)?(?:preparations?|etapes?(?!\s*\d)(?: de (?:la )?preparation)?|instructions?|recette|realisation|deroule|methode|marche a suivre|progression|deroulement)(?![\p{L}])[^.]{0,30}$/u;
const YIELD_LINE =
  /(?:^|[\s(])(?:pour\s+)?\d{1,5}(?:\s*(?:a|-|ou)\s*\d{1,5})?\s*(?:personnes?|pers\.?|parts?|portions?|convives?|couverts?)(?![\p{L}])|^(?:portions?|personnes?|nombre de personnes|parts?|pour)\s*:?\s*\d{1,5}\s*$/u;
const NUMBERED_STEP = /^(?:\d{1,2}\s*[.)/-]\s|etape\s*\d|\d{1,2}\s*$)/u;
/** A quantity alone: '200 g', '3', '1/2', '2 c. à soupe'. */
const QUANTITY_ALONE =
  /^(?:\d+(?:[.,]\d+)?|\d+\s*\/\s*\d+|[½¼¾⅓⅔])(?:\s*(?:kg|g|gr|grammes?|l|cl|ml|dl|litres?|c\. ?a (?:soupe|cafe|s\.|c\.)|cuilleres? a (?:soupe|cafe)|pincees?|sachets?|gousses?|tranches?|boites?|pots?|verres?|feuilles?|bottes?|brins?|branches?))?\.?$/u;
const STARTS_WITH_QUANTITY =
  /^(?:\d|[½¼¾⅓⅔]|(?:une?|deux|trois|quatre|cinq|six|sept|huit|dix|douze|quelques|un peu|une pincee|un filet|une demi|un demi)(?![\p{L}]))/u;

type Mode = 'start' | 'ingredients' | 'steps';

function looksLikeIngredient(line: string): boolean {
  const folded = fold(line);
  if (NUMBERED_STEP.test(folded) || line.split(' ').length > MAX_INGREDIENT_WORDS) return false;
  const read = readIngredientLine(line);
  if (read.status === 'unread') return false;
  if (STARTS_WITH_QUANTITY.test(folded)) return true;
  if (read.status === 'read') return line.split(' ').length <= 8;
  // Seasonings and 'à volonté' lines.
  return (
    /^(?:sel|poivre)(?![\p{L}])/u.test(folded) || /volonte|selon (?:le|votre) gout/u.test(folded)
  );
}

/** A recipe from pasted text. Never throws. */
export function readRecipeText(text: string): ReadRecipe {
  const source = typeof text === 'string' ? text.slice(0, MAX_SOURCE_CHARS) : '';
  const rawLines = source.split(/\r\n|[\n\r\u2028\u2029\u0085\v\f]/u);
  const lines = rawLines.map(cleanLine);
  let title: string | null = null;
  let forPeople: number | null = null;
  let mode: Mode = 'start';
  const ingredients: string[] = [];
  const description: string[] = [];

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === '') {
      if (description.length > 0) description.push('');
      continue;
    }
    const folded = fold(line);
    const isYield = YIELD_LINE.test(folded) && line.length <= 60;
    if (isYield && forPeople === null) forPeople = readYield(line.replace(/^.*?(?=\d)/u, ''));
    if (INGREDIENTS_HEADING.test(folded) && line.length <= 60) {
      mode = 'ingredients';
      continue;
    }
    if (STEPS_HEADING.test(folded)) {
      mode = 'steps';
      continue;
    }
    if (isYield && line.split(' ').length <= 6) continue;
    if (mode === 'steps') {
      description.push(line);
      continue;
    }
    // '200 g' then 'farine' on the next line.
    if (QUANTITY_ALONE.test(folded)) {
      const next = lines[i + 1];
      if (
        next !== undefined &&
        next !== '' &&
        !isHeading(next) &&
        !QUANTITY_ALONE.test(fold(next))
      ) {
        ingredients.push(`${line} ${next}`);
        i++;
        continue;
      }
    }
    if (mode === 'ingredients') {
      if (isHeading(line)) continue;
      // Under the heading, a line that starts with a quantity stays an ingredient line, read or
      // to fix ('125 g + 10 g de beurre'): the list goes on after it.
      if (
        looksLikeIngredient(line) ||
        STARTS_WITH_QUANTITY.test(folded) ||
        (line.split(' ').length <= 6 && !/[.!?]$/u.test(line))
      ) {
        ingredients.push(line);
        continue;
      }
      mode = 'steps';
      description.push(line);
      continue;
    }
    if (looksLikeIngredient(line)) {
      ingredients.push(line);
      continue;
    }
    if (title === null && description.length === 0 && line.length <= MAX_TITLE_CHARS) {
      title = line.replace(/[.:]$/u, '');
      continue;
    }
    description.push(line);
  }

  const body = description
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
  return {
    name: readRecipeName(title),
    forPeople,
    plat: null,
    lines: readLines(ingredients),
    description: bound(body, MAX_DESCRIPTION_LENGTH),
    url: null,
  };
}
