/**
 * Writing recipes in the CSV format that parseRecipesCsv reads ("Exporter mes recettes"), so
 * that an export re-imports as the same recipes.
 */
import Papa from 'papaparse';
import type { Id, Ingredient, Recipe, RecipeIngredient } from '../entities.js';
import { invalid, notFound } from '../errors.js';
import { PLAT_KEYWORDS, UNIT_WORDS, protectCell, writeQuantity } from './format.js';

const TITLE_ROW = ['Recettes', '', ''];
const SEPARATOR_ROW = ['', '', ''];

/**
 * The CSV text: a title row, then each recipe (header row and one row per ingredient),
 * recipes separated by an empty row. It starts with a UTF-8 byte order mark so that
 * spreadsheets show the accents right; the reader skips it.
 *
 * The file has one number of people per recipe: ingredients given for another number are
 * scaled to the most common one. Recipes without ingredients are left out, since the import
 * would drop them anyway.
 */
export function exportRecipesCsv(
  recipes: readonly Recipe[],
  ingredientsById: ReadonlyMap<Id, Ingredient>,
): string {
  const rows: string[][] = [TITLE_ROW];
  for (const recipe of recipes) {
    if (recipe.ingredients.length === 0) continue;
    if (rows.length > 1) rows.push(SEPARATOR_ROW);
    const people = mostCommonPeople(recipe.ingredients);
    rows.push([cellName(recipe.name), PLAT_KEYWORDS[recipe.plat], String(people)]);
    for (const item of recipe.ingredients) {
      const ingredient = ingredientsById.get(item.ingredientId);
      if (!ingredient) {
        throw notFound(
          `L'ingrédient n° ${item.ingredientId} de la recette « ${recipe.name} » est introuvable.`,
        );
      }
      rows.push([
        cellName(ingredient.name),
        writeQuantity(valueFor(item, people, recipe.name)),
        UNIT_WORDS[item.quantity.unite],
      ]);
    }
  }
  return `\uFEFF${Papa.unparse(rows, { delimiter: ',', newline: '\r\n', quotes: false })}\r\n`;
}

/** Tidied like the reader tidies names, then guarded against formula injection. */
function cellName(name: string): string {
  return protectCell(name.replace(/\s+/gu, ' ').trim());
}

function mostCommonPeople(items: readonly RecipeIngredient[]): number {
  const counts = new Map<number, number>();
  for (const { quantity } of items) {
    if (Number.isInteger(quantity.forPeople) && quantity.forPeople >= 1) {
      counts.set(quantity.forPeople, (counts.get(quantity.forPeople) ?? 0) + 1);
    }
  }
  let best = 1;
  let bestCount = 0;
  for (const [people, count] of counts) {
    if (count > bestCount || (count === bestCount && people < best)) {
      best = people;
      bestCount = count;
    }
  }
  return best;
}

function valueFor(item: RecipeIngredient, people: number, recipeName: string): number {
  const { val, forPeople } = item.quantity;
  if (!Number.isFinite(val) || val < 0) {
    throw invalid(`Une quantité de la recette « ${recipeName} » n'est pas un nombre positif.`);
  }
  // A quantity "for 0 people" has no meaning to scale from; it is kept as written.
  if (forPeople === people || !(forPeople >= 1)) return val;
  // Rounded to 6 decimals so that a scaled value does not print as 0.30000000000000004.
  return Math.round(((val * people) / forPeople) * 1e6) / 1e6;
}
