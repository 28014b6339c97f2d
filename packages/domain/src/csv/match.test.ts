import { describe, expect, it } from 'vitest';
import type { Ingredient } from '../entities.js';
import { IngredientKind } from '../enums.js';
import { editDistance } from './edit-distance.js';
import { INGREDIENT_MATCH_THRESHOLD, ingredientNameWords, matchIngredientNames } from './match.js';

let nextId = 1;
const ingredient = (name: string, id = nextId++): Ingredient => ({
  id,
  name,
  kind: IngredientKind.Autre,
  owner: null,
});

const CATALOGUE: Ingredient[] = [
  ingredient('Tomate', 10),
  ingredient('Crème', 11),
  ingredient('Ris de veau', 12),
  ingredient('Poivron', 13),
  ingredient('Pomme de terre', 14),
  ingredient("Huile d'olive", 15),
  ingredient('Oeuf', 16),
  ingredient('Chou', 17),
  ingredient('Farine T55', 18),
  ingredient('Sel', 19),
];

const matchOne = (name: string, existing: Ingredient[] = CATALOGUE) =>
  matchIngredientNames([name], existing).get(name);

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('poivre', 'poivron')).toBe(2);
    expect(editDistance('riz', 'ris')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('chat', 'chat')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('stops at the limit', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('abcdef', 'a', 2)).toBe(3);
    expect(editDistance('tomate', 'tomatr', 1)).toBe(1);
  });
});

describe('ingredientNameWords', () => {
  it('keeps letters and digits, without accents, in lower case', () => {
    expect(ingredientNameWords("  Crème fraîche (épaisse), 30% d'MG ")).toEqual([
      'creme',
      'fraiche',
      'epaisse',
      '30',
      'd',
      'mg',
    ]);
    expect(ingredientNameWords('Œufs')).toEqual(['oeufs']);
    expect(ingredientNameWords('!!!')).toEqual([]);
  });
});

describe('matchIngredientNames', () => {
  it('matches equal names exactly, ignoring accents, case, spaces and punctuation', () => {
    expect(matchOne('Creme')).toEqual({ ingredient: CATALOGUE[1], exact: true, score: 1 });
    expect(matchOne('  tomate ')).toEqual({ ingredient: CATALOGUE[0], exact: true, score: 1 });
    expect(matchOne('huile d’olive')).toEqual({ ingredient: CATALOGUE[5], exact: true, score: 1 });
    expect(matchOne('ŒUF')?.exact).toBe(true);
  });

  it('tolerates a plural', () => {
    expect(matchOne('Tomates')).toEqual({ ingredient: CATALOGUE[0], exact: false, score: 0.97 });
    // Two words of two on each side: (0.97 + 1 + 0.97 + 1) / 4.
    expect(matchOne('Pommes de terre')).toEqual({
      ingredient: CATALOGUE[4],
      exact: false,
      score: 0.985,
    });
    expect(matchOne('Oeufs')?.ingredient?.name).toBe('Oeuf');
    expect(matchOne('Choux')?.ingredient?.name).toBe('Chou');
  });

  it('tolerates a plural and an accent together, and small typos', () => {
    expect(matchOne('Crèmes')?.ingredient?.name).toBe('Crème');
    const typo = matchOne('Tomatte');
    expect(typo?.ingredient?.name).toBe('Tomate');
    expect(typo?.exact).toBe(false);
    expect(typo?.score).toBeCloseTo(1 - 1 / 7, 10);
  });

  it('ignores linking words when comparing', () => {
    expect(matchOne('Huile olive')?.ingredient?.name).toBe("Huile d'olive");
    expect(matchOne('Huile olive')?.exact).toBe(false);
  });

  it('does not take a food for another with a close spelling', () => {
    const riz = matchOne('Riz');
    expect(riz?.ingredient).toBeNull();
    expect(riz?.exact).toBe(false);
    expect(riz?.score).toBe(0);
    expect(matchOne('Poivre')).toEqual({ ingredient: null, exact: false, score: 0 });
    // Against "Ris" alone: one letter in three is too much, so it is not even a candidate.
    expect(matchOne('Riz', [ingredient('Ris', 99)])).toEqual({
      ingredient: null,
      exact: false,
      score: 0,
    });
  });

  it('proposes a new ingredient when extra words change the food', () => {
    expect(matchOne('Tomates cerises')?.ingredient).toBeNull();
    // (0.97 for tomates + 1/7 for cerises against tomate + 0.97 for tomate) / 3 words.
    const cerises = matchOne('Tomates cerises');
    expect(cerises?.score).toBeCloseTo((0.97 * 2 + 1 / 7) / 3, 10);
    expect(cerises!.score).toBeLessThan(INGREDIENT_MATCH_THRESHOLD);
    expect(matchOne('Farine T65')?.ingredient).toBeNull();
    expect(matchOne('Sucre')?.ingredient).toBeNull();
  });

  it('accepts exactly the threshold: one letter in five', () => {
    const r = matchOne('Sucrs', [ingredient('Sucre', 5)]);
    // 'sucrs' folds to 'sucr' as a plural, which is not 'sucre': a plain substitution.
    expect(r?.score).toBeCloseTo(0.8, 10);
    expect(r?.ingredient?.name).toBe('Sucre');
    expect(matchOne('Sucqs', [ingredient('Sucre', 5)])?.ingredient).toBeNull();
  });

  it('prefers the exact spelling, then the lowest id, whatever the order of the list', () => {
    const a = ingredient('Creme', 30);
    const b = ingredient('Crème', 31);
    const c = ingredient('crème', 29);
    expect(matchOne('Crème', [a, b, c])?.ingredient).toBe(b);
    expect(matchOne('CREME', [a, b, c])?.ingredient).toBe(c);
    const t1 = ingredient('Tomate', 41);
    const t2 = ingredient('Tomate', 40);
    expect(matchOne('Tomates', [t1, t2])?.ingredient).toBe(t2);
    expect(matchOne('Tomates', [t2, t1])?.ingredient).toBe(t2);
  });

  it('prefers an identical plural to a singular', () => {
    const singular = ingredient('Tomate', 1);
    const plural = ingredient('Tomates', 2);
    expect(matchOne('tomates', [singular, plural])?.ingredient).toBe(plural);
  });

  it('answers once per distinct file name, and null for a name without letters', () => {
    const result = matchIngredientNames(['Tomates', 'Sel', 'Tomates', '---'], CATALOGUE);
    expect([...result.keys()]).toEqual(['Tomates', 'Sel', '---']);
    expect(result.get('Sel')?.ingredient?.id).toBe(19);
    expect(result.get('---')).toEqual({ ingredient: null, exact: false, score: 0 });
    expect(matchIngredientNames(['Tomate'], []).get('Tomate')?.ingredient).toBeNull();
  });

  it('stays fast for 1,000 file names against 5,000 ingredients', () => {
    // Pseudo-random words from a fixed seed, so that the run is the same every time.
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const letters = 'abcdefghijklmnopqrstuvwxyzéè';
    const word = (): string =>
      Array.from(
        { length: 3 + Math.floor(random() * 8) },
        () => letters[Math.floor(random() * letters.length)],
      ).join('');
    const name = (): string => Array.from({ length: 1 + Math.floor(random() * 3) }, word).join(' ');
    const existing = Array.from({ length: 5000 }, (_, i) => ingredient(name(), i + 1));
    const fileNames = [
      ...Array.from({ length: 700 }, name),
      ...existing.slice(0, 150).map((i) => i.name.toUpperCase()),
      ...existing.slice(150, 300).map((i) => `${i.name}s`),
    ];
    // Speed is measured by the benchmarks; this checks the answers on a large library.
    const result = matchIngredientNames(fileNames, existing);
    expect(result.size).toBe(new Set(fileNames).size);
    expect(result.get(existing[0]!.name.toUpperCase())).toEqual({
      ingredient: existing[0],
      exact: true,
      score: 1,
    });
    expect(result.get(`${existing[200]!.name}s`)?.ingredient).not.toBeNull();
  });
});
