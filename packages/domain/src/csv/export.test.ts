import { describe, expect, it } from 'vitest';
import type { Id, Ingredient, Recipe, RecipeIngredient } from '../entities.js';
import { IngredientKind, Plat, Unite } from '../enums.js';
import { DomainError } from '../errors.js';
import { exportRecipesCsv } from './export.js';
import { parseRecipesCsv } from './parse.js';

const INGREDIENTS: Ingredient[] = [
  { id: 1, name: 'Tomate', kind: IngredientKind.FruitsLegumes, owner: null },
  { id: 2, name: 'Farine', kind: IngredientKind.Epicerie, owner: null },
  { id: 3, name: 'Lait', kind: IngredientKind.Laitages, owner: null },
  { id: 4, name: 'Crème fraîche', kind: IngredientKind.Laitages, owner: null },
  { id: 5, name: 'Sel, gros', kind: IngredientKind.Epicerie, owner: 7 },
  { id: 6, name: 'Oeufs "extra"', kind: IngredientKind.Autre, owner: 7 },
  { id: 7, name: '=HYPERLINK("http://x","y")', kind: IngredientKind.Autre, owner: 7 },
  { id: 8, name: '-Sucre', kind: IngredientKind.Epicerie, owner: 7 },
  { id: 9, name: '+ Miel', kind: IngredientKind.Epicerie, owner: 7 },
  { id: 10, name: '@Thym', kind: IngredientKind.Epicerie, owner: 7 },
  { id: 11, name: "'=déjà protégé", kind: IngredientKind.Autre, owner: 7 },
  { id: 12, name: "Huile d'olive", kind: IngredientKind.Epicerie, owner: 7 },
];
const BY_ID: ReadonlyMap<Id, Ingredient> = new Map(INGREDIENTS.map((i) => [i.id, i]));

const item = (
  ingredientId: Id,
  val: number,
  unite: Unite,
  forPeople: number,
): RecipeIngredient => ({
  ingredientId,
  quantity: { val, unite, forPeople },
});

const recipe = (id: Id, name: string, plat: Plat, ingredients: RecipeIngredient[]): Recipe => ({
  id,
  owner: 7,
  name,
  plat,
  description: 'ignorée par le CSV',
  isPublished: false,
  updated: '2024-05-01T10:00:00.000Z',
  ingredients,
});

const RECIPES: Recipe[] = [
  recipe(100, 'Salade de tomates', Plat.Entree, [
    item(1, 6, Unite.Pieces, 4),
    item(12, 1.5, Unite.CL, 4),
    item(5, 0.01, Unite.Kg, 4),
  ]),
  recipe(101, 'Crêpes, "maison"', Plat.Dessert, [
    item(2, 0.25, Unite.Kg, 6),
    item(3, 0.5, Unite.L, 6),
    item(6, 3, Unite.Pieces, 6),
    item(8, 30, Unite.G, 6),
    item(9, 0.1 + 0.2, Unite.G, 6),
  ]),
  recipe(102, 'Gratin', Plat.PlatPrincipal, [item(4, 20, Unite.CL, 8), item(3, 1, Unite.L, 8)]),
  recipe(103, '=1+1', Plat.Autre, [
    item(7, 1, Unite.Pieces, 1),
    item(10, 2.5, Unite.G, 1),
    item(11, 1e-7, Unite.Kg, 1),
  ]),
];

describe('exportRecipesCsv', () => {
  it('writes a title row, headers, ingredient rows and separators', () => {
    const text = exportRecipesCsv(RECIPES.slice(0, 2), BY_ID);
    expect(text).toBe(
      '\uFEFF' +
        [
          'Recettes,,',
          'Salade de tomates,entree,4',
          'Tomate,6,pièces',
          `Huile d'olive,"1,5",cL`,
          '"Sel, gros","0,01",kg',
          ',,',
          '"Crêpes, ""maison""",dessert,6',
          'Farine,"0,25",kg',
          'Lait,"0,5",L',
          '"Oeufs ""extra""",3,pièces',
          "'-Sucre,30,gr",
          `'+ Miel,"0,30000000000000004",gr`,
          '',
        ].join('\r\n'),
    );
  });

  it('puts an apostrophe before cells a spreadsheet would run as formulas', () => {
    const lines = exportRecipesCsv([RECIPES[3]!], BY_ID).split('\r\n');
    expect(lines[1]).toBe("'=1+1,autre,1");
    expect(lines[2]).toBe(`"'=HYPERLINK(""http://x"",""y"")",1,pièces`);
    expect(lines[3]).toBe(`'@Thym,"2,5",gr`);
    expect(lines[4]).toBe("''=déjà protégé,1e-7,kg");
    // No exported cell starts with a formula character.
    for (const line of lines) expect(line.replace(/^\uFEFF?"?/u, '')).not.toMatch(/^[=+\-@]/u);
  });

  it('round-trips names, courses, people, quantities and every unit', () => {
    const parsed = parseRecipesCsv(exportRecipesCsv(RECIPES, BY_ID));
    expect(parsed).toHaveLength(RECIPES.length);
    parsed.forEach((got, index) => {
      const want = RECIPES[index]!;
      expect(got.name).toBe(want.name);
      expect(got.plat).toBe(want.plat);
      expect(got.forPeople).toBe(want.ingredients[0]!.quantity.forPeople);
      expect(got.ingredients.map((i) => [i.name, i.quantity])).toEqual(
        want.ingredients.map((i) => [BY_ID.get(i.ingredientId)!.name, i.quantity]),
      );
    });
    const units = new Set(parsed.flatMap((r) => r.ingredients.map((i) => i.quantity.unite)));
    expect([...units].sort()).toEqual([Unite.Pieces, Unite.Kg, Unite.G, Unite.L, Unite.CL]);
  });

  it('writes one number of people per recipe, scaling ingredients given for another', () => {
    const mixed = recipe(200, 'Mixte', Plat.Autre, [
      item(1, 2, Unite.Pieces, 4),
      item(2, 1, Unite.Kg, 8),
      item(3, 3, Unite.L, 4),
      item(4, 1, Unite.CL, 3),
    ]);
    const parsed = parseRecipesCsv(exportRecipesCsv([mixed], BY_ID))[0];
    expect(parsed?.forPeople).toBe(4);
    expect(parsed?.ingredients.map((i) => i.quantity)).toEqual([
      { val: 2, unite: Unite.Pieces, forPeople: 4 },
      { val: 0.5, unite: Unite.Kg, forPeople: 4 },
      { val: 3, unite: Unite.L, forPeople: 4 },
      { val: 1.333333, unite: Unite.CL, forPeople: 4 },
    ]);
  });

  it('leaves out recipes without ingredients, which the import would drop', () => {
    const empty = recipe(300, 'Vide', Plat.Entree, []);
    const text = exportRecipesCsv([empty, RECIPES[2]!, empty], BY_ID);
    expect(text).toBe(
      '\uFEFFRecettes,,\r\nGratin,platPrincipal,8\r\nCrème fraîche,20,cL\r\nLait,1,L\r\n',
    );
    expect(exportRecipesCsv([], BY_ID)).toBe('\uFEFFRecettes,,\r\n');
  });

  it('refuses an ingredient missing from the map', () => {
    const broken = recipe(400, 'Cassée', Plat.Autre, [item(999, 1, Unite.G, 1)]);
    try {
      exportRecipesCsv([broken], BY_ID);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).code).toBe('not_found');
      expect((e as DomainError).message).toBe(
        "L'ingrédient n° 999 de la recette « Cassée » est introuvable.",
      );
    }
  });
});
