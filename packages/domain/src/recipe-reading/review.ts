/**
 * From a recipe read on a page or in pasted text, as the user reviewed it, to the CSV import's
 * steps (library-import.ts): the same ingredient choices, the same plan, the same single
 * importRecipes mutation. Nothing the source said is dropped: lines without quantity ('sel,
 * poivre') and the notes of read lines ('finement ciselé') go to the recipe's description,
 * before the steps and the source's address. A line still unread cannot be imported: the
 * review has the user fix it or take it out.
 */
import type { Ingredient } from '../entities.js';
import { IngredientKind, Plat, type IngredientKind as Kind } from '../enums.js';
import { invalid } from '../errors.js';
import { MAX_DESCRIPTION_LENGTH, MAX_GROUP_SIZE } from '../limits.js';
import type { ParsedRecipe } from '../csv/parse.js';
import { ingredientNameWords } from '../csv/match.js';
import type { ReadLine } from './types.js';

/** The recipe as the review holds it: what was read, with the user's corrections. */
export interface ReviewedRecipe {
  name: string;
  forPeople: number | null;
  plat: Plat | null;
  lines: ReadLine[];
  description: string;
}

export const REVIEW_MESSAGES = {
  unread: (n: number): string =>
    n > 1
      ? `${n} lignes restent à corriger ou à retirer avant l'import.`
      : "Une ligne reste à corriger ou à retirer avant l'import.",
  people: 'Indiquez pour combien de personnes sont les quantités.',
  noIngredient: "Cette recette n'a aucun ingrédient avec sa quantité.",
  withoutQuantity: 'Sans quantité',
  notes: 'Précisions',
} as const;

/** The lines the user still has to fix or take out. */
export const unreadLines = (lines: readonly ReadLine[]): ReadLine[] =>
  lines.filter((l) => l.status === 'unread');

/**
 * The recipe for the import's steps, and its description. Throws a French DomainError while a
 * line is unread, the number of people is missing, or no line has a quantity.
 */
export function reviewedForImport(recipe: ReviewedRecipe): {
  parsed: ParsedRecipe;
  description: string;
} {
  const unread = unreadLines(recipe.lines);
  if (unread.length > 0) throw invalid(REVIEW_MESSAGES.unread(unread.length));
  const people = recipe.forPeople;
  if (people === null || !Number.isInteger(people) || people < 1 || people > MAX_GROUP_SIZE) {
    throw invalid(REVIEW_MESSAGES.people);
  }
  const read = recipe.lines.filter((l) => l.status === 'read' && l.quantity !== null);
  if (read.length === 0) throw invalid(REVIEW_MESSAGES.noIngredient);
  const parsed: ParsedRecipe = {
    name: recipe.name,
    plat: recipe.plat ?? Plat.Autre,
    forPeople: people,
    ingredients: read.map((l) => ({
      name: l.name,
      quantity: { ...l.quantity!, forPeople: people },
      line: recipe.lines.indexOf(l) + 1,
    })),
    line: 1,
  };
  return { parsed, description: descriptionOf(recipe) };
}

/** Lines without quantity and notes first, then what the source said (steps, address). */
function descriptionOf(recipe: ReviewedRecipe): string {
  const without = recipe.lines.filter((l) => l.status === 'noQuantity').map((l) => l.text.trim());
  const notes = recipe.lines
    .filter((l) => l.status === 'read' && l.note)
    .map((l) => `${l.name} : ${l.note!}`);
  const parts = [
    without.length > 0 ? `${REVIEW_MESSAGES.withoutQuantity} : ${without.join(' ; ')}` : '',
    notes.length > 0 ? `${REVIEW_MESSAGES.notes} :\n${notes.map((n) => `- ${n}`).join('\n')}` : '',
    recipe.description.trim(),
  ].filter((p) => p !== '');
  return parts.join('\n\n').slice(0, MAX_DESCRIPTION_LENGTH);
}

/**
 * The category to propose for a new ingredient: the most common one among the ingredients
 * named after the same food (the first word of a French name is its food: 'Tomates cerises'
 * with 'Tomate', not with 'Concentré de tomate'), else among those sharing any word with it,
 * plurals and accents aside; 'Autre' when none does. Short words ('de', 'à') do not count.
 */
export function proposedKind(name: string, ingredients: readonly Ingredient[]): Kind {
  const words = significantWords(name);
  if (words.length === 0) return IngredientKind.Autre;
  const named = ingredients.map((i) => ({ kind: i.kind, words: significantWords(i.name) }));
  const sameFood = named.filter((i) => i.words[0] === words[0]);
  const sharing = named.filter((i) => i.words.some((w) => words.includes(w)));
  return mostCommonKind(sameFood.length > 0 ? sameFood : sharing);
}

function mostCommonKind(rows: readonly { kind: Kind }[]): Kind {
  const votes = new Map<Kind, number>();
  for (const { kind } of rows) votes.set(kind, (votes.get(kind) ?? 0) + 1);
  let best: Kind = IngredientKind.Autre;
  let most = 0;
  for (const [kind, count] of votes) {
    if (count > most || (count === most && kind < best)) [best, most] = [kind, count];
  }
  return best;
}

/** Words of 3 letters or more, without a plural's final s or x. */
const significantWords = (name: string): string[] =>
  ingredientNameWords(name)
    .filter((w) => w.length >= 3)
    .map((w) => (w.length > 3 && /[sx]$/u.test(w) ? w.slice(0, -1) : w));
