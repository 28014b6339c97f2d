export * from './types.js';
export * from './ingredient-line.js';
export { MEASURES, SPEC_UNITS, COUNTED, CONTAINERS } from './measures.js';
