import { describe, expect, it } from 'vitest';
import type { Ingredient, Recipe } from '@popote/domain';
import { buildCookbookPdf, NO_MEAL } from './cookbook.js';
import { EMPTY_MEAL, planCookbook } from './cookbook-plan.js';
import { countPdfPages, readPdfPages } from './pdf-text-reader.js';
import { BOLOGNAISE, cookbookInput } from './test-kit.js';

describe('planCookbook', () => {
  const pages = planCookbook(cookbookInput());

  it('has one page per meal of the chosen days, by day, then slot, then id', () => {
    expect(pages.map((p) => p.mealId)).toEqual([50, 51, 52, 53, 55, 56]);
    expect(pages.map((p) => p.title)).toEqual([
      'Lun. 7-07 - Midi',
      'Lun. 7-07 - Dîner',
      'Mer. 9-07 - Midi',
      'Mer. 9-07 - Midi',
      'Mer. 9-07 - Dîner',
      'Ven. 11-07 - Dîner',
    ]);
  });

  it('says who eats: people and groups', () => {
    expect(pages[0]).toMatchObject({
      people: 'Pour 20 personnes',
      groups: 'Groupes : Louveteaux, Scouts',
      additional: '',
    });
    expect(pages[3]).toMatchObject({
      people: 'Pour 10 personnes',
      groups: 'Groupes : Scouts',
      additional: 'Personnes supplémentaires : +2',
    });
  });

  it('scales each recipe to the meal, with the description as comments', () => {
    expect(pages[0]?.blocks).toEqual([
      {
        title: 'Bolognaise',
        rows: [
          { name: 'Tomates', quantity: '10 pièces' },
          { name: 'Pâtes', quantity: '2 kg' },
          { name: 'Bœuf haché', quantity: '3 kg' },
        ],
        comments: 'Faire revenir la viande avec l’oignon.',
      },
      { title: 'Autre', rows: [{ name: 'Pain', quantity: '5 pièces' }], comments: '' },
    ]);
    expect(pages[2]?.blocks[0]?.rows).toEqual([
      { name: 'Tomates', quantity: '6 pièces' },
      { name: 'Pâtes', quantity: '1,20 kg' },
      { name: 'Bœuf haché', quantity: '1,80 kg' },
    ]);
  });

  it('serves the courses in order, the menu’s own ingredients grouped by course', () => {
    expect(pages[1]?.blocks.map((b) => b.title)).toEqual(['Entrée', 'Riz au lait']);
    expect(pages[1]?.blocks[0]?.rows).toEqual([{ name: 'Tomates', quantity: '600 gr' }]);
    expect(pages[1]?.blocks[1]?.rows).toEqual([
      { name: 'Riz', quantity: '1,25 kg' },
      { name: 'Lait', quantity: '5 L' },
    ]);
    expect(pages[3]?.blocks).toEqual([
      { title: 'Plat principal', rows: [{ name: 'Œufs', quantity: '12 pièces' }], comments: '' },
      { title: 'Autre', rows: [{ name: 'Pain', quantity: '2,50 pièces' }], comments: '' },
    ]);
  });

  it('has no block for an empty meal', () => {
    expect(pages[4]?.blocks).toEqual([]);
  });
});

describe('buildCookbookPdf', () => {
  it('writes one page per meal with its text, accents included', async () => {
    const progress: [number, number][] = [];
    const pdf = await buildCookbookPdf(cookbookInput(), (done, total) =>
      progress.push([done, total]),
    );
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    const pages = readPdfPages(pdf);
    expect(pages.length).toBe(6);
    expect(pages[0]).toEqual(
      expect.arrayContaining([
        'Lun. 7-07 - Midi',
        'Pour 20 personnes',
        'Groupes : Louveteaux, Scouts',
        'Bolognaise',
        'Ingrédient',
        'Quantité',
        'Bœuf haché',
        '3 kg',
        'Commentaires :',
        'Faire revenir la viande avec l’oignon.',
        'Autre',
        'Pain',
        '5 pièces',
      ]),
    );
    expect(pages[2]).toEqual(
      expect.arrayContaining(['Mer. 9-07 - Midi', 'Pour 12 personnes', '1,20 kg']),
    );
    expect(pages[3]).toEqual(expect.arrayContaining(['Œufs', '2,50 pièces']));
    expect(pages[4]).toEqual(expect.arrayContaining(['Mer. 9-07 - Dîner', EMPTY_MEAL]));
    expect(progress.at(-1)).toEqual([6, 6]);
    expect(progress.length).toBe(6);
  });

  it('writes a single page saying so when the days have no meal', async () => {
    const pages = readPdfPages(await buildCookbookPdf(cookbookInput([5, 6])));
    expect(pages).toEqual([[NO_MEAL]]);
  });

  it('continues a meal too long for one page on the next, and starts the next meal anew', async () => {
    const input = cookbookInput([0, 1]);
    const many: Ingredient[] = Array.from({ length: 80 }, (_, i) => ({
      id: 1000 + i,
      name: `Épice n°${i + 1}`,
      kind: 4,
      owner: 1,
    }));
    const long: Recipe = {
      ...BOLOGNAISE,
      ingredients: many.map((ing) => ({
        ingredientId: ing.id,
        quantity: { val: 10, unite: 2, forPeople: 10 },
      })),
    };
    input.ingredients = [...input.ingredients, ...many];
    input.recipes = input.recipes.map((r) => (r.id === long.id ? long : r));
    const pdf = await buildCookbookPdf(input);
    const pages = readPdfPages(pdf);
    // Day 0 Midi (long) spills over, then day 0 Dîner, then day 1 Midi (long again).
    expect(countPdfPages(pdf)).toBeGreaterThan(3);
    const titles = pages.map((p) => p[0]);
    expect(titles[0]).toBe('Lun. 7-07 - Midi');
    expect(pages.flat().filter((t) => t === 'Épice n°80').length).toBe(2);
    const dinner = pages.findIndex((p) => p[0] === 'Lun. 7-07 - Dîner');
    expect(dinner).toBeGreaterThan(1);
    expect(pages[dinner]).toEqual(expect.arrayContaining(['Riz au lait', '1,25 kg']));
  });
});
