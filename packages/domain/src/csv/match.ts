/**
 * Step 2 of the recipes import: propose, for each ingredient name of the file, the closest
 * existing ingredient (reference page "CSV recipe import and export"). Names are compared word
 * by word after normalisation, with an edit distance, so that a plural ("Tomates" for
 * "Tomate"), a missing accent ("Creme") or a small typo still find their ingredient, while
 * different foods with close spellings ("Riz" and "Ris de veau", "Poivre" and "Poivron") do
 * not.
 */
import type { Ingredient } from '../entities.js';
import { stripAccents } from '../text.js';
import { editDistance } from './edit-distance.js';

/**
 * Lowest score proposed as a match. One letter changed in a 5-letter word scores 0.8; "Poivre"
 * against "Poivron" scores 0.71 and "Riz" against "Ris" 0.67.
 */
export const INGREDIENT_MATCH_THRESHOLD = 0.8;

/** Just below identical, so that "Tomates" prefers "Tomates" to "Tomate" when both exist. */
const PLURAL_SIMILARITY = 0.97;
const EPSILON = 1e-9;

/**
 * Elided articles and linking words carry no meaning of their own: "Huile d'olive" and
 * "Huile olive" are the same ingredient. They still count for an exact match.
 */
const LINK_WORDS: ReadonlySet<string> = new Set([
  'a',
  'au',
  'aux',
  'd',
  'de',
  'des',
  'du',
  'en',
  'et',
  'l',
  'la',
  'le',
  'les',
]);

export interface IngredientMatch {
  /** The proposed ingredient, or null to propose creating a new one. */
  ingredient: Ingredient | null;
  /** The names are the same once accents, case, spaces and punctuation are ignored. */
  exact: boolean;
  /** Similarity from 0 to 1 of the closest ingredient found (1 when exact). */
  score: number;
}

/** Lower case, no accents, letters and digits only: "Crème fraîche (épaisse)" -> 3 words. */
export function ingredientNameWords(name: string): string[] {
  return stripAccents(name)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/**
 * The proposal for each distinct file name. Equal names are found through an index on the
 * normalised name; only the others are compared, and only to ingredients sharing a close word
 * (a name can only score the threshold if one of its words does), which keeps 1,000 names
 * against 5,000 ingredients well under a second.
 *
 * Among equally good ingredients the one spelled exactly as in the file wins, then the
 * lowest id, so that the proposal does not depend on the order of `existing`.
 */
export function matchIngredientNames(
  fileNames: readonly string[],
  existing: readonly Ingredient[],
): Map<string, IngredientMatch> {
  const catalogue = new Catalogue(existing);
  const result = new Map<string, IngredientMatch>();
  for (const name of fileNames) {
    if (!result.has(name)) result.set(name, catalogue.match(name));
  }
  return result;
}

interface Entry {
  ingredient: Ingredient;
  /** Content words, the ones the fuzzy comparison looks at. */
  words: string[];
}

class Catalogue {
  private readonly byKey = new Map<string, Ingredient[]>();
  private readonly byWord = new Map<string, Entry[]>();
  private readonly wordsByLength = new Map<number, string[]>();
  private readonly closeWordsCache = new Map<string, string[]>();

  constructor(existing: readonly Ingredient[]) {
    for (const ingredient of existing) {
      const words = ingredientNameWords(ingredient.name);
      if (words.length === 0) continue;
      pushTo(this.byKey, words.join(' '), ingredient);
      const entry: Entry = { ingredient, words: contentWords(words) };
      for (const word of new Set(entry.words)) {
        if (!this.byWord.has(word)) pushTo(this.wordsByLength, word.length, word);
        pushTo(this.byWord, word, entry);
      }
    }
  }

  match(name: string): IngredientMatch {
    const words = ingredientNameWords(name);
    if (words.length === 0) return { ingredient: null, exact: false, score: 0 };

    const same = this.byKey.get(words.join(' '));
    if (same) return { ingredient: preferred(same, name), exact: true, score: 1 };

    const mine = contentWords(words);
    const candidates = new Set<Entry>();
    for (const word of new Set(mine)) {
      for (const close of this.closeWords(word)) {
        for (const entry of this.byWord.get(close) ?? []) candidates.add(entry);
      }
    }

    let best: Ingredient | null = null;
    let bestScore = 0;
    for (const entry of candidates) {
      const score = nameSimilarity(mine, entry.words);
      if (
        score > bestScore + EPSILON ||
        (best !== null &&
          Math.abs(score - bestScore) <= EPSILON &&
          better(entry.ingredient, best, name))
      ) {
        best = entry.ingredient;
        bestScore = score;
      }
    }
    return bestScore + EPSILON >= INGREDIENT_MATCH_THRESHOLD
      ? { ingredient: best, exact: false, score: bestScore }
      : { ingredient: null, exact: false, score: bestScore };
  }

  /** Ingredient words whose similarity to `word` reaches the threshold. */
  private closeWords(word: string): string[] {
    const cached = this.closeWordsCache.get(word);
    if (cached) return cached;
    const found: string[] = [];
    // Outside this length range neither the edit distance nor the plural rule can reach it.
    const shortest = Math.floor(word.length * INGREDIENT_MATCH_THRESHOLD) - 1;
    const longest = Math.ceil(word.length / INGREDIENT_MATCH_THRESHOLD) + 1;
    for (let length = Math.max(1, shortest); length <= longest; length++) {
      for (const other of this.wordsByLength.get(length) ?? []) {
        if (reachesThreshold(word, other)) found.push(other);
      }
    }
    this.closeWordsCache.set(word, found);
    return found;
  }
}

function reachesThreshold(a: string, b: string): boolean {
  if (a === b || singular(a) === singular(b)) return true;
  if (hasDigit(a) || hasDigit(b)) return false;
  const longest = Math.max(a.length, b.length);
  const limit = Math.floor((1 - INGREDIENT_MATCH_THRESHOLD) * longest + EPSILON);
  return editDistance(a, b, limit) <= limit;
}

function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (singular(a) === singular(b)) return PLURAL_SIMILARITY;
  if (hasDigit(a) || hasDigit(b)) return 0;
  return 1 - editDistance(a, b) / Math.max(a.length, b.length);
}

/**
 * Every word of each name is paired with its closest word in the other name; the score is the
 * mean over the words of both names, so that extra words ("Tomates cerises" against "Tomate")
 * lower it.
 */
function nameSimilarity(a: readonly string[], b: readonly string[]): number {
  const bestOfB = new Array<number>(b.length).fill(0);
  let total = 0;
  for (const wa of a) {
    let bestOfA = 0;
    b.forEach((wb, j) => {
      const s = wordSimilarity(wa, wb);
      if (s > bestOfA) bestOfA = s;
      if (s > (bestOfB[j] as number)) bestOfB[j] = s;
    });
    total += bestOfA;
  }
  for (const s of bestOfB) total += s;
  return total / (a.length + b.length);
}

/** Words with digits name a grade or a size (farine T55, 30 %): one digit off is another food. */
function hasDigit(word: string): boolean {
  return /\d/.test(word);
}

/** French plurals mostly add s or x; short words are left alone ("ris" is not "ri"). */
function singular(word: string): string {
  return word.length > 3 && /[sx]$/u.test(word) ? word.slice(0, -1) : word;
}

function contentWords(words: string[]): string[] {
  const content = words.filter((w) => !LINK_WORDS.has(w));
  return content.length > 0 ? content : words;
}

function preferred(ingredients: readonly Ingredient[], name: string): Ingredient {
  return ingredients.reduce((best, i) => (better(i, best, name) ? i : best));
}

function better(a: Ingredient, b: Ingredient, name: string): boolean {
  const spelled = name.trim();
  const aSpelled = a.name.trim() === spelled;
  const bSpelled = b.name.trim() === spelled;
  if (aSpelled !== bSpelled) return aSpelled;
  return a.id < b.id;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
