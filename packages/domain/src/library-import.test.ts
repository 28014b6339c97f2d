import { describe, expect, it } from 'vitest';
import { matchIngredientNames } from './csv/match.js';
import { parseRecipesCsv } from './csv/parse.js';
import type { Ingredient } from './entities.js';
import { IngredientKind, Plat, Unite } from './enums.js';
import { DomainError } from './errors.js';
import {
  importNames,
  mayCreateIngredient,
  planRecipesImport,
  proposedChoices,
  recipesImportArgs,
  takenIngredientNames,
  type IngredientChoice,
} from './library-import.js';
import { ALICE, FRESH, NOW, World } from '../test/mutators-world.js';

const EXISTING: Ingredient[] = [
  { id: 100, name: 'Tomate', kind: IngredientKind.FruitsLegumes, owner: null },
  { id: 101, name: 'Crème fraîche', kind: IngredientKind.Laitages, owner: null },
  { id: 102, name: 'Farine', kind: IngredientKind.Epicerie, owner: null },
];

const FILE = [
  'Recettes,,',
  'Salade de tomates,entree,4',
  'Tomates,6,pièces',
  'Fleur de sel,5,g',
  ',,',
  'Gratin,platPrincipal,8',
  'Creme fraiche,20,cl',
  'crème  fraîche,1,L',
  'Farine,"0,1",kg',
  'Farine,50,g',
  ',,',
  'Salade de tomates,entree,2',
  'tomates,3,pièces',
].join('\n');

const parsed = parseRecipesCsv(FILE);

describe('importNames', () => {
  it('lists each name once, by its search text, in order of first appearance', () => {
    expect(importNames(parsed)).toEqual([
      { key: 'tomates', name: 'Tomates', line: 3 },
      { key: 'fleurdesel', name: 'Fleur de sel', line: 4 },
      { key: 'cremefraiche', name: 'Creme fraiche', line: 7 },
      { key: 'farine', name: 'Farine', line: 9 },
    ]);
  });
});

describe('proposedChoices', () => {
  it('proposes the matched ingredient, else a new one of category Autre', () => {
    const names = importNames(parsed);
    const matches = matchIngredientNames(
      names.map((n) => n.name),
      EXISTING,
    );
    const choices = proposedChoices(names, matches);
    expect([...choices.entries()]).toEqual([
      ['tomates', { kind: 'existing', ingredient: EXISTING[0] }],
      ['fleurdesel', { kind: 'new', name: 'Fleur de sel', ingredientKind: 0 }],
      ['cremefraiche', { kind: 'existing', ingredient: EXISTING[1] }],
      ['farine', { kind: 'existing', ingredient: EXISTING[2] }],
    ]);
  });
});

describe('mayCreateIngredient', () => {
  it('refuses a name an ingredient already has, ignoring accents, case and spaces', () => {
    const taken = takenIngredientNames(EXISTING);
    expect([...taken]).toEqual(['tomate', 'cremefraiche', 'farine']);
    expect(mayCreateIngredient('creme Fraiche', taken)).toBe(false);
    expect(mayCreateIngredient('Crème épaisse', taken)).toBe(true);
  });
});

const CHOICES = new Map<string, IngredientChoice>([
  ['tomates', { kind: 'existing', ingredient: EXISTING[0]! }],
  ['fleurdesel', { kind: 'new', name: ' Fleur de sel ', ingredientKind: IngredientKind.Epicerie }],
  ['cremefraiche', { kind: 'existing', ingredient: EXISTING[1]! }],
  ['farine', { kind: 'existing', ingredient: EXISTING[2]! }],
]);

describe('planRecipesImport', () => {
  const plan = planRecipesImport(parsed, CHOICES, ['Gratin']);

  it('creates each new ingredient once and counts the ids it needs', () => {
    expect(plan.newIngredients).toEqual([{ name: 'Fleur de sel', kind: IngredientKind.Epicerie }]);
    expect(plan.idCount).toBe(4);
  });

  it('numbers recipe names the user already has or the file repeats', () => {
    expect(plan.recipes.map((r) => [r.fileName, r.name])).toEqual([
      ['Salade de tomates', 'Salade de tomates'],
      ['Gratin', 'Gratin 2'],
      ['Salade de tomates', 'Salade de tomates 2'],
    ]);
  });

  it('merges an ingredient chosen twice in a recipe, converting units', () => {
    const gratin = plan.recipes[1]!;
    expect(gratin.plat).toBe(Plat.PlatPrincipal);
    expect(gratin.forPeople).toBe(8);
    expect(gratin.items).toEqual([
      {
        ref: { existing: 101 },
        name: 'Crème fraîche',
        quantity: { val: 120, unite: Unite.CL, forPeople: 8 },
      },
      {
        ref: { existing: 102 },
        name: 'Farine',
        quantity: { val: 0.15, unite: Unite.Kg, forPeople: 8 },
      },
    ]);
  });

  it('keeps the first line when the units cannot be added', () => {
    const file = 'Pâte,autre,2\nFarine,3,pièces\nFarine,200,g\n';
    const merged = planRecipesImport(parseRecipesCsv(file), CHOICES, []);
    expect(merged.recipes[0]!.items.map((i) => i.quantity)).toEqual([
      { val: 3, unite: Unite.Pieces, forPeople: 2 },
    ]);
  });

  it('refuses a name without a choice and a quantity beyond the bound, naming the line', () => {
    const missing = new Map(CHOICES);
    missing.delete('farine');
    expect(() => planRecipesImport(parsed, missing, [])).toThrow(
      "Aucun ingrédient n'est choisi pour « Farine ».",
    );
    try {
      planRecipesImport(parseRecipesCsv('Pâte,autre,2\nFarine,2000000000,g\n'), CHOICES, []);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).message).toBe('Ligne 2 : la quantité est trop grande.');
      expect((e as DomainError).line).toBe(2);
    }
  });

  it('refuses more than 2,000 recipes at once', () => {
    const rows = ['Recettes,,'];
    for (let i = 0; i < 2001; i++) rows.push(`R${i},autre,1`, 'Farine,1,g', ',,');
    expect(() => planRecipesImport(parseRecipesCsv(rows.join('\n')), CHOICES, [])).toThrow(
      'Le fichier contient 2001 recettes : 2000 au plus peuvent être importées à la fois.',
    );
  });
});

describe('recipesImportArgs', () => {
  const plan = planRecipesImport(parsed, CHOICES, []);

  it('draws ids for the new ingredients first, then the recipes', () => {
    const args = recipesImportArgs(plan, { first: 500, count: 4 }, NOW);
    expect(args.newIngredients).toEqual([
      { id: 500, name: 'Fleur de sel', kind: IngredientKind.Epicerie },
    ]);
    expect(
      args.recipes.map((r) => [r.id, r.name, r.ingredients.map((i) => i.ingredientId)]),
    ).toEqual([
      [501, 'Salade de tomates', [100, 500]],
      [502, 'Gratin', [101, 102]],
      [503, 'Salade de tomates 2', [100]],
    ]);
    expect(args.recipes[0]!.ingredients[1]!.quantity).toEqual({
      val: 5,
      unite: Unite.G,
      forPeople: 4,
    });
    expect(args.now).toBe(NOW);
  });

  it('refuses a range too short for the plan', () => {
    expect(() => recipesImportArgs(plan, { first: 500, count: 3 }, NOW)).toThrow(
      "Pas assez d'identifiants réservés pour cet import.",
    );
  });

  it('gives arguments the importRecipes mutation accepts', async () => {
    const w = await World.create();
    for (const i of EXISTING) await w.store.put('ingredients', i);
    await w.recipe(ALICE, { id: 90, name: 'Salade de tomates' });
    const againPlan = planRecipesImport(parsed, CHOICES, ['Salade de tomates']);
    await w.run(
      ALICE,
      'importRecipes',
      recipesImportArgs(againPlan, { first: FRESH, count: 4 }, NOW),
    );
    expect((await w.get('ingredients', FRESH))?.name).toBe('Fleur de sel');
    expect((await w.get('recipes', FRESH + 1))?.name).toBe('Salade de tomates 2');
    expect((await w.get('recipes', FRESH + 3))?.name).toBe('Salade de tomates 3');
    expect((await w.get('recipes', FRESH + 2))?.ingredients).toHaveLength(2);
  });
});
