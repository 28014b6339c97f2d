export * from './types.js';
export * from './ingredient-line.js';
export { MEASURES, SPEC_UNITS, COUNTED, CONTAINERS } from './measures.js';
export { readYield, readCourse } from './yield-and-course.js';
export { readRecipeSource, readRecipeName, DEFAULT_RECIPE_NAME } from './recipe-source.js';
export { readRecipeText } from './pasted-text.js';
export * from './review.js';
