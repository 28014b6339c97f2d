/**
 * A page's yield and category, as the spec wants them: a number of people and a course type.
 *
 * Yield: the number before 'personnes', 'pers.', 'parts', 'portions', 'convives', 'couverts',
 * 'servings' ('Pour 4 personnes', '6 parts', '1 tarte (8 parts)', 'Serves 4'), or a number
 * alone ('4'). A range of people reads as its lower bound ('4 à 6 personnes': 4): the
 * quantities are then counted per person generously, as for ingredient ranges. A yield in
 * anything else ('Pour 1 litre', '1 tarte', '24 biscuits') says nothing of people: null.
 *
 * Category: the French and English words the big sites use. 'Plat principal', 'plat', 'main
 * course', 'main dish', 'dîner' -> Plat principal; 'Entrée', 'starter', 'appetizer',
 * 'apéritif', 'amuse-bouche', 'hors-d'œuvre' -> Entrée; 'Dessert', 'gâteau', 'pâtisserie',
 * 'goûter' -> Dessert; 'Accompagnement', 'side dish', 'sauce', 'boisson', 'petit-déjeuner',
 * 'confiserie', 'condiment' -> Autre. The first word found in the text wins ('Plat principal,
 * Dîner'); nothing found: null.
 */
import { Plat } from '../enums.js';
import { MAX_PEOPLE } from '../validation.js';
import { fold, tidySpaces } from './clean-text.js';

const PEOPLE_WORDS = String.raw`(?:personnes?|pers\.?|parts?|portions?|convives?|couverts?|assiettes?|servings?|people|persons?|serves|gourmands?|adultes?)`;
const PEOPLE_AFTER = new RegExp(
  String.raw`(\d{1,6})(?:\s*(?:a|-|–|ou)\s*(\d{1,6}))?\s*${PEOPLE_WORDS}(?![\p{L}])`,
  'u',
);
const PEOPLE_BEFORE =
  /(?:serves|servings?|portions?|parts?|personnes?|pour)\s*:?\s*(\d{1,6})(?:\s*(?:a|-|–|ou)\s*\d{1,6})?\s*$/u;
const NUMBER_ALONE = /^(?:pour\s+)?(\d{1,6})(?:\s*(?:a|-|–|ou)\s*\d{1,6})?\s*$/u;

/** The people a yield text is for, or null. */
export function readYield(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const folded = fold(tidySpaces(text.slice(0, 1000)));
  const m = PEOPLE_AFTER.exec(folded) ?? PEOPLE_BEFORE.exec(folded) ?? NUMBER_ALONE.exec(folded);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PEOPLE ? n : null;
}

/** In this order, the first that the text holds wins. */
const COURSE_WORDS: readonly [RegExp, Plat][] = [
  [/accompagnements?|side(?: dish)?(?![\p{L}])|garnitures?(?![\p{L}])/u, Plat.Autre],
  [
    /plats? principa(?:l|ux)|plats? complets?|main(?: course| dish)?(?![\p{L}])|entree principale/u,
    Plat.PlatPrincipal,
  ],
  [
    /entrees?|starters?|appeti[sz]ers?|aperitifs?|apero|amuse-?bouches?|amuse-?gueules?|hors[- ]d['’]?(?:oeuvres?|œuvres?)|tapas|mise en bouche/u,
    Plat.Entree,
  ],
  [/desserts?|gateaux?|patisseries?|gouter|sweets?|entremets|cakes?(?![\p{L}])/u, Plat.Dessert],
  [
    /sauces?|boissons?|drinks?|cocktails?|petit[- ]dejeuner|breakfast|brunch|confiseries?|condiments?|snacks?|pains?(?![\p{L}])|bread|confitures?/u,
    Plat.Autre,
  ],
  [/plats?(?![\p{L}])|diner|dinner|lunch|dejeuner/u, Plat.PlatPrincipal],
];

/** The spec's course type a category text names, or null. */
export function readCourse(text: string | null | undefined): Plat | null {
  if (typeof text !== 'string') return null;
  const folded = fold(tidySpaces(text.slice(0, 1000)));
  for (const [pattern, plat] of COURSE_WORDS) if (pattern.test(folded)) return plat;
  return null;
}
