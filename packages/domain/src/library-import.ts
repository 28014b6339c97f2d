/**
 * Steps 2 and 3 of the recipes import (spec 2.6): one choice per ingredient name of the file
 * (an existing ingredient or a new one), then the plan the user reviews and the arguments of
 * the single importRecipes mutation that carries it out.
 *
 * Names of the file are grouped by their search text, so that 'Tomate' and 'tomate ' are one
 * choice (the mutation refuses two new ingredients with the same name). Whatever the choices,
 * the plan is one the mutation accepts: an ingredient chosen twice in a recipe is merged, and a
 * recipe name the user already has (or that the file repeats) gets a number.
 */
import type { Id, Ingredient, Quantity } from './entities.js';
import type { IngredientKind, Plat } from './enums.js';
import { Unite } from './enums.js';
import { invalid } from './errors.js';
import { MAX_INGREDIENTS_PER_RECIPE, MAX_RECIPES_PER_IMPORT } from './limits.js';
import type { IngredientMatch } from './csv/match.js';
import type { ParsedRecipe } from './csv/parse.js';
import { uniqueNameAmong } from './library-search.js';
import type { MutationArgs } from './mutators/index.js';
import { normalizeSearchText } from './text.js';

/** Most new ingredients one import may create (the mutation's bound). */
export const MAX_NEW_INGREDIENTS_PER_IMPORT = 5_000;
/** Largest quantity value the mutation accepts. */
const MAX_QUANTITY_VALUE = 1e9;

/** One ingredient name of the file, as step 2 lists it. */
export interface ImportName {
  /** Search text of the name: the key of its choice. */
  key: string;
  /** The name as first written in the file. */
  name: string;
  /** 1-based line where it first appears. */
  line: number;
}

export type IngredientChoice =
  | { kind: 'existing'; ingredient: Ingredient }
  | { kind: 'new'; name: string; ingredientKind: IngredientKind };

/** The distinct ingredient names of the file, in order of first appearance. */
export function importNames(recipes: readonly ParsedRecipe[]): ImportName[] {
  const seen = new Map<string, ImportName>();
  for (const recipe of recipes) {
    for (const item of recipe.ingredients) {
      const key = normalizeSearchText(item.name);
      if (!seen.has(key)) seen.set(key, { key, name: item.name, line: item.line });
    }
  }
  return [...seen.values()];
}

/** Step 2's proposals: the matched ingredient, else a new one (category Autre). */
export function proposedChoices(
  names: readonly ImportName[],
  matches: ReadonlyMap<string, IngredientMatch>,
): Map<string, IngredientChoice> {
  const choices = new Map<string, IngredientChoice>();
  for (const { key, name } of names) {
    const match = matches.get(name);
    choices.set(
      key,
      match?.ingredient
        ? { kind: 'existing', ingredient: match.ingredient }
        : { kind: 'new', name, ingredientKind: 0 },
    );
  }
  return choices;
}

/** The search texts of the existing ingredients' names, to check new names against. */
export function takenIngredientNames(existing: readonly Ingredient[]): Set<string> {
  return new Set(existing.map((i) => normalizeSearchText(i.name)));
}

/**
 * Whether a name may become a new ingredient: not when an existing ingredient already has that
 * name (ignoring spaces, accents and case), since ingredient names are unique.
 */
export function mayCreateIngredient(name: string, taken: ReadonlySet<string>): boolean {
  return !taken.has(normalizeSearchText(name));
}

export interface PlannedItem {
  /** The chosen ingredient: an existing id, or the index of a new ingredient of the plan. */
  ref: { existing: Id } | { newIndex: number };
  /** The ingredient's name as it will be stored. */
  name: string;
  quantity: Quantity;
}

export interface PlannedRecipe {
  name: string;
  /** The name in the file, when it had to change to stay unique. */
  fileName: string;
  plat: Plat;
  forPeople: number;
  items: PlannedItem[];
}

export interface RecipesImportPlan {
  newIngredients: { name: string; kind: IngredientKind }[];
  recipes: PlannedRecipe[];
  /** Fresh ids the mutation needs: one per new ingredient and per recipe. */
  idCount: number;
}

/**
 * The import as it will be done. `takenRecipeNames` are the names of the user's own recipes.
 * Throws a French DomainError when the file is beyond what one import may hold, or a name of
 * the file has no choice.
 */
export function planRecipesImport(
  recipes: readonly ParsedRecipe[],
  choices: ReadonlyMap<string, IngredientChoice>,
  takenRecipeNames: Iterable<string>,
): RecipesImportPlan {
  if (recipes.length > MAX_RECIPES_PER_IMPORT) {
    throw invalid(
      `Le fichier contient ${recipes.length} recettes : ${MAX_RECIPES_PER_IMPORT} au plus peuvent être importées à la fois.`,
    );
  }
  const newIngredients: RecipesImportPlan['newIngredients'] = [];
  const newIndexByKey = new Map<string, number>();
  const taken = new Set<string>();
  for (const name of takenRecipeNames) taken.add(normalizeSearchText(name));
  const planned: PlannedRecipe[] = [];
  // A file repeats the same few hundred names thousands of times: normalise each once.
  const keys = new Map<string, string>();
  const keyOf = (name: string): string => {
    let key = keys.get(name);
    if (key === undefined) keys.set(name, (key = normalizeSearchText(name)));
    return key;
  };

  for (const recipe of recipes) {
    const items: PlannedItem[] = [];
    const itemIndexByRef = new Map<string, number>();
    for (const item of recipe.ingredients) {
      if (item.quantity.val > MAX_QUANTITY_VALUE) {
        throw invalid(`Ligne ${item.line} : la quantité est trop grande.`, item.line);
      }
      const key = keyOf(item.name);
      const choice = choices.get(key);
      if (!choice) {
        throw invalid(`Aucun ingrédient n'est choisi pour « ${item.name} ».`, item.line);
      }
      let ref: PlannedItem['ref'];
      let name: string;
      if (choice.kind === 'existing') {
        ref = { existing: choice.ingredient.id };
        name = choice.ingredient.name;
      } else {
        let index = newIndexByKey.get(key);
        if (index === undefined) {
          index = newIngredients.length;
          newIngredients.push({ name: choice.name.trim(), kind: choice.ingredientKind });
          newIndexByKey.set(key, index);
        }
        ref = { newIndex: index };
        name = choice.name.trim();
      }
      const refKey = 'existing' in ref ? `e${ref.existing}` : `n${ref.newIndex}`;
      const already = itemIndexByRef.get(refKey);
      if (already === undefined) {
        itemIndexByRef.set(refKey, items.length);
        items.push({ ref, name, quantity: { ...item.quantity } });
      } else {
        const kept = items[already] as PlannedItem;
        kept.quantity = mergeQuantities(kept.quantity, item.quantity);
      }
    }
    if (items.length > MAX_INGREDIENTS_PER_RECIPE) {
      throw invalid(
        `Ligne ${recipe.line} : une recette ne peut pas contenir plus de ${MAX_INGREDIENTS_PER_RECIPE} ingrédients.`,
        recipe.line,
      );
    }
    const name = uniqueNameAmong(recipe.name, taken);
    taken.add(normalizeSearchText(name));
    planned.push({
      name,
      fileName: recipe.name,
      plat: recipe.plat,
      forPeople: recipe.forPeople,
      items,
    });
  }
  if (newIngredients.length > MAX_NEW_INGREDIENTS_PER_IMPORT) {
    throw invalid(
      `Le fichier crée ${newIngredients.length} ingrédients : ${MAX_NEW_INGREDIENTS_PER_IMPORT} au plus peuvent être créés à la fois.`,
    );
  }
  return { newIngredients, recipes: planned, idCount: newIngredients.length + planned.length };
}

/**
 * The same ingredient twice in a recipe (two spellings matched to one ingredient) becomes one
 * line: values add up when the units can be converted, else the first line is kept.
 */
function mergeQuantities(a: Quantity, b: Quantity): Quantity {
  // Every line of a parsed recipe is for the recipe's number of people: no scaling needed.
  if (baseUnit(a.unite) !== baseUnit(b.unite)) return a;
  const val = a.val + (b.val * UNIT_FACTOR[b.unite]) / UNIT_FACTOR[a.unite];
  return { ...a, val: Math.round(val * 1e6) / 1e6 };
}

const UNIT_FACTOR: Record<Unite, number> = {
  [Unite.Pieces]: 1,
  [Unite.Kg]: 1000,
  [Unite.G]: 1,
  [Unite.L]: 100,
  [Unite.CL]: 1,
};

function baseUnit(unite: Unite): 'pieces' | 'mass' | 'volume' {
  if (unite === Unite.Kg || unite === Unite.G) return 'mass';
  if (unite === Unite.L || unite === Unite.CL) return 'volume';
  return 'pieces';
}

/**
 * The arguments of the importRecipes mutation for a plan, with ids drawn in order from
 * `range` (new ingredients first, then recipes).
 */
export function recipesImportArgs(
  plan: RecipesImportPlan,
  range: { first: Id; count: number },
  now: string,
): MutationArgs<'importRecipes'> {
  if (range.count < plan.idCount) {
    throw invalid("Pas assez d'identifiants réservés pour cet import.");
  }
  const newIds = plan.newIngredients.map((_, i) => range.first + i);
  const firstRecipeId = range.first + plan.newIngredients.length;
  return {
    newIngredients: plan.newIngredients.map((ing, i) => ({
      id: newIds[i] as Id,
      name: ing.name,
      kind: ing.kind,
    })),
    recipes: plan.recipes.map((recipe, r) => ({
      id: firstRecipeId + r,
      name: recipe.name,
      plat: recipe.plat,
      ingredients: recipe.items.map((item) => ({
        ingredientId:
          'existing' in item.ref ? item.ref.existing : (newIds[item.ref.newIndex] as Id),
        quantity: { ...item.quantity },
      })),
    })),
    now,
  };
}
