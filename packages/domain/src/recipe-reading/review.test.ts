/** The reviewed recipe handed to the CSV import's steps: nothing the source said is dropped. */
import { describe, expect, it } from 'vitest';
import type { Ingredient } from '../entities.js';
import { IngredientKind, Plat, Unite } from '../enums.js';
import { proposedKind, reviewedForImport, REVIEW_MESSAGES, type ReviewedRecipe } from './review.js';
import type { ReadLine } from './types.js';

const read = (name: string, val: number, unite: Unite, note: string | null = null): ReadLine => ({
  text: `${val} ${name}`,
  status: 'read',
  quantity: { val, unite },
  name,
  note,
});
const salt: ReadLine = {
  text: 'Sel, poivre',
  status: 'noQuantity',
  quantity: null,
  name: 'sel, poivre',
  note: null,
};
const recipe = (lines: ReadLine[], forPeople: number | null = 4): ReviewedRecipe => ({
  name: 'Gratin dauphinois',
  forPeople,
  plat: null,
  lines,
  description: '1. Éplucher les pommes de terre.\n\nSource : https://exemple.fr/gratin',
});

describe('a reviewed recipe for the import', () => {
  it('keeps read lines as the recipe, the rest in its description', () => {
    const { parsed, description } = reviewedForImport(
      recipe([
        read('pommes de terre', 1, Unite.Kg, 'à chair ferme'),
        salt,
        read('lait', 50, Unite.CL),
      ]),
    );
    expect(parsed).toEqual({
      name: 'Gratin dauphinois',
      plat: Plat.Autre,
      forPeople: 4,
      ingredients: [
        { name: 'pommes de terre', quantity: { val: 1, unite: Unite.Kg, forPeople: 4 }, line: 1 },
        { name: 'lait', quantity: { val: 50, unite: Unite.CL, forPeople: 4 }, line: 3 },
      ],
      line: 1,
    });
    expect(description).toBe(
      'Sans quantité : Sel, poivre\n\nPrécisions :\n- pommes de terre : à chair ferme\n\n' +
        '1. Éplucher les pommes de terre.\n\nSource : https://exemple.fr/gratin',
    );
  });

  it('refuses while a line is unread, the people are missing or nothing has a quantity', () => {
    const unread: ReadLine = { ...salt, status: 'unread', text: '??' };
    expect(() => reviewedForImport(recipe([read('lait', 1, Unite.L), unread]))).toThrow(
      REVIEW_MESSAGES.unread(1),
    );
    expect(() => reviewedForImport(recipe([read('lait', 1, Unite.L)], null))).toThrow(
      REVIEW_MESSAGES.people,
    );
    expect(() => reviewedForImport(recipe([salt]))).toThrow(REVIEW_MESSAGES.noIngredient);
  });
});

describe('the category proposed for a new ingredient', () => {
  const ing = (name: string, kind: IngredientKind): Ingredient =>
    ({ id: 1, name, kind, owner: null }) as Ingredient;
  const catalogue = [
    ing('Tomate', IngredientKind.FruitsLegumes),
    ing('Tomates pelées en boîte', IngredientKind.Epicerie),
    ing('Concentré de tomate', IngredientKind.Epicerie),
    ing('Lait entier', IngredientKind.Laitages),
  ];

  it('takes the category of the ingredients named after the same food', () => {
    // Tomate and 'Tomates pelées' are tomatoes (a tie: the first category); not the concentrate.
    expect(proposedKind('Tomates cerises', catalogue)).toBe(IngredientKind.FruitsLegumes);
    expect(proposedKind('lait de coco', catalogue)).toBe(IngredientKind.Laitages);
  });

  it('else of those sharing any word with it', () => {
    expect(proposedKind('Sauce tomate', catalogue)).toBe(IngredientKind.Epicerie);
  });

  it("says 'Autre' when no word is shared", () => {
    expect(proposedKind('Quinoa', catalogue)).toBe(IngredientKind.Autre);
    expect(proposedKind('de', catalogue)).toBe(IngredientKind.Autre);
  });
});
