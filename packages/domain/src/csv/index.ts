export { parseRecipesCsv } from './parse.js';
export type { ParsedRecipe, ParsedRecipeIngredient } from './parse.js';
export { INGREDIENT_MATCH_THRESHOLD, ingredientNameWords, matchIngredientNames } from './match.js';
export type { IngredientMatch } from './match.js';
export { exportRecipesCsv } from './export.js';
export { CSV_MAX_CHARS, CSV_MAX_NAME_LENGTH, CSV_MAX_PEOPLE } from './format.js';
