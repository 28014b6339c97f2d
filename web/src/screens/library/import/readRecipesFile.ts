/**
 * Steps 1 to 2 of the import in one pure call: parse the file (spec 2.6, papaparse inside the
 * domain) and propose an ingredient for each name. Runs in a Web Worker (see readInWorker.ts).
 */
import {
  importNames,
  isDomainError,
  matchIngredientNames,
  parseRecipesCsv,
  type ImportName,
  type Ingredient,
  type IngredientMatch,
  type ParsedRecipe,
} from '@popote/domain';

export interface ReadRequest {
  text: string;
  ingredients: Ingredient[];
}

export type ReadResult =
  | {
      ok: true;
      recipes: ParsedRecipe[];
      names: ImportName[];
      matches: Map<string, IngredientMatch>;
    }
  | { ok: false; message: string; line: number | null };

export function readRecipesFile({ text, ingredients }: ReadRequest): ReadResult {
  try {
    const recipes = parseRecipesCsv(text);
    const names = importNames(recipes);
    const matches = matchIngredientNames(
      names.map((n) => n.name),
      ingredients,
    );
    return { ok: true, recipes, names, matches };
  } catch (e) {
    // Only plain data crosses from a worker: the French message and the line.
    if (isDomainError(e)) return { ok: false, message: e.message, line: e.line ?? null };
    throw e;
  }
}
