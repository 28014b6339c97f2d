import { describe, expect, it } from 'vitest';
import type { Ingredient, Recipe } from '@popote/domain';
import { buildCookbookPdf } from './cookbook.js';
import { EMPTY_MEAL, NOTHING_TO_COOK, planCookbook } from './cookbook-plan.js';
import { countPdfPages, readPdfPages } from '../test/pdf-text-reader.js';
import { BOLOGNAISE, cookbookInput, STAY } from '../test/camp-stay.js';

const TITLES = [
  'Lundi 7 juillet 2025 - Midi',
  'Lundi 7 juillet 2025 - Dîner',
  'Mercredi 9 juillet 2025 - Midi',
  'Mercredi 9 juillet 2025 - Midi',
  'Vendredi 11 juillet 2025 - Dîner',
];
const EMPTY_DINNER = 'Mercredi 9 juillet 2025 - Dîner';

/** Any quantity of pieces with a decimal part, e.g. '2,50 pièces'. */
const FRACTIONAL_PIECES = /\d,\d+ pièces/u;

describe('planCookbook', () => {
  const plan = planCookbook(cookbookInput());
  const sheets = plan.sheets;

  it('has a sheet per meal with something to cook, by day, then slot, then id, full date', () => {
    expect(sheets.map((p) => p.mealId)).toEqual([50, 51, 52, 53, 56]);
    expect(sheets.map((p) => p.title)).toEqual(TITLES);
    expect(plan.emptyLeftOut).toBe(1);
    expect(plan.stayName).toBe('Camp d’été');
  });

  it('has the empty meals too when asked', () => {
    const all = planCookbook({ ...cookbookInput(), options: { includeEmptyMeals: true } });
    expect(all.sheets.map((p) => p.mealId)).toEqual([50, 51, 52, 53, 55, 56]);
    expect(all.sheets[4]).toMatchObject({ title: EMPTY_DINNER, blocks: [], menu: '' });
    expect(all.emptyLeftOut).toBe(0);
  });

  it('says who eats: people and groups', () => {
    expect(sheets[0]).toMatchObject({
      people: 'Pour 20 personnes',
      groups: 'Groupes : Louveteaux, Scouts',
      additional: '',
      notes: [],
    });
    expect(sheets[3]).toMatchObject({
      people: 'Pour 10 personnes',
      groups: 'Groupes : Scouts',
      additional: 'Personnes supplémentaires : +2',
    });
  });

  it('scales each recipe to the meal, with its course and its description', () => {
    expect(sheets[0]?.blocks).toEqual([
      {
        title: 'Bolognaise',
        course: 'Plat principal',
        rows: [
          { name: 'Tomates', quantity: '10 pièces', note: '' },
          { name: 'Pâtes', quantity: '2 kg', note: '' },
          { name: 'Bœuf haché', quantity: '3 kg', note: '' },
        ],
        comments: 'Faire revenir la viande avec l’oignon.',
        notes: [],
      },
      {
        title: 'Autre',
        course: '',
        rows: [{ name: 'Pain', quantity: '5 pièces', note: '' }],
        comments: '',
        notes: [],
      },
    ]);
    expect(sheets[2]?.blocks[0]?.rows.map((r) => r.quantity)).toEqual([
      '6 pièces',
      '1,20 kg',
      '1,80 kg',
    ]);
  });

  it('rounds pieces up to whole pieces: 2,5 loaves for 10 people are 3', () => {
    expect(sheets[3]?.blocks.map((b) => [b.title, b.rows])).toEqual([
      ['Plat principal', [{ name: 'Œufs', quantity: '12 pièces', note: '' }]],
      ['Autre', [{ name: 'Pain', quantity: '3 pièces', note: '' }]],
    ]);
  });

  it('serves the courses in order, the menu’s own ingredients grouped by course', () => {
    expect(sheets[1]?.blocks.map((b) => b.title)).toEqual(['Entrée', 'Riz au lait']);
    expect(sheets[1]?.blocks[0]?.rows).toEqual([{ name: 'Tomates', quantity: '600 gr', note: '' }]);
    expect(sheets[1]?.blocks[1]?.rows.map((r) => r.quantity)).toEqual(['1,25 kg', '5 L']);
  });

  it('gives the cover its period and contents by day', () => {
    expect(plan.period).toBe('Du lundi 7 juillet 2025 au vendredi 11 juillet 2025');
    expect(plan.contents).toEqual([
      {
        day: 'Lundi 7 juillet 2025',
        entries: [
          { sheet: 0, slot: 'Midi', menu: 'Bolognaise, Pain' },
          { sheet: 1, slot: 'Dîner', menu: 'Tomates, Riz au lait' },
        ],
      },
      {
        day: 'Mercredi 9 juillet 2025',
        entries: [
          { sheet: 2, slot: 'Midi', menu: 'Bolognaise' },
          { sheet: 3, slot: 'Midi', menu: 'Œufs, Pain' },
        ],
      },
      {
        day: 'Vendredi 11 juillet 2025',
        entries: [{ sheet: 4, slot: 'Dîner', menu: 'Bolognaise' }],
      },
    ]);
    expect(planCookbook(cookbookInput([4])).period).toBe('Vendredi 11 juillet 2025');
  });
});

describe('buildCookbookPdf', () => {
  it('writes a page per meal to cook, each headed with the stay, date, people and page numbers', async () => {
    const progress: [number, number][] = [];
    const pdf = await buildCookbookPdf(cookbookInput(), (done, total) =>
      progress.push([done, total]),
    );
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    const pages = readPdfPages(pdf);
    expect(pages.length).toBe(5);
    pages.forEach((texts, i) => {
      expect(texts.slice(0, 2)).toEqual([STAY.name, TITLES[i]]);
      expect(texts).toEqual(
        expect.arrayContaining([`page ${i + 1} / 5`, 'page 1 / 1 de ce repas']),
      );
    });
    expect(pages[0]).toEqual(
      expect.arrayContaining([
        'Pour 20 personnes',
        'Groupes : Louveteaux, Scouts',
        'Bolognaise',
        'Plat principal',
        'Bœuf haché',
        '3 kg',
        'Préparation :',
        'Faire revenir la viande avec l’oignon.',
        'Autre',
        'Pain',
        '5 pièces',
      ]),
    );
    expect(pages[2]).toEqual(expect.arrayContaining(['Pour 12 personnes', '1,20 kg']));
    expect(pages[3]).toEqual(
      expect.arrayContaining(['Personnes supplémentaires : +2', 'Œufs', 'Pain', '3 pièces']),
    );
    expect(pages.flat().filter((t) => FRACTIONAL_PIECES.test(t))).toEqual([]);
    expect(pages.flat()).not.toContain(EMPTY_DINNER);
    expect(progress).toEqual([1, 2, 3, 4, 5].map((n) => [n, 5]));
  });

  it('has a page for each empty meal when asked', async () => {
    const input = { ...cookbookInput(), options: { includeEmptyMeals: true } };
    const pages = readPdfPages(await buildCookbookPdf(input));
    expect(pages.length).toBe(6);
    expect(pages[4]).toEqual([
      STAY.name,
      EMPTY_DINNER,
      'Pour 20 personnes',
      'Groupes : Louveteaux, Scouts',
      EMPTY_MEAL,
      'page 5 / 6',
      'page 1 / 1 de ce repas',
    ]);
  });

  it('adds a cover with the stay, its dates and the contents by day when asked', async () => {
    const input = { ...cookbookInput(), options: { cover: true } };
    const pages = readPdfPages(await buildCookbookPdf(input));
    expect(pages.length).toBe(6);
    expect(pages[0]).toEqual([
      STAY.name,
      STAY.name,
      'Fiches de cuisine',
      'Du lundi 7 juillet 2025 au vendredi 11 juillet 2025',
      '5 repas à cuisiner',
      '1 repas sans menu n’est pas imprimé.',
      'Sommaire',
      'Lundi 7 juillet 2025',
      'Midi',
      '2',
      'Bolognaise, Pain',
      'Dîner',
      '3',
      'Tomates, Riz au lait',
      'Mercredi 9 juillet 2025',
      'Midi',
      '4',
      'Bolognaise',
      'Midi',
      '5',
      'Œufs, Pain',
      'Vendredi 11 juillet 2025',
      'Dîner',
      '6',
      'Bolognaise',
      'page 1 / 6',
    ]);
    expect(pages.slice(1).map((p) => p[1])).toEqual(TITLES);
    expect(pages[1]).toContain('page 2 / 6');
  });

  it('says so on a single page when there is nothing to cook', async () => {
    expect(readPdfPages(await buildCookbookPdf(cookbookInput([5, 6])))).toEqual([
      [STAY.name, NOTHING_TO_COOK, 'page 1 / 1'],
    ]);
    const onlyEmpty = cookbookInput([2]);
    onlyEmpty.meals = onlyEmpty.meals.filter((m) => m.id === 55);
    expect(readPdfPages(await buildCookbookPdf(onlyEmpty))).toEqual([
      [STAY.name, NOTHING_TO_COOK, '1 repas sans menu n’est pas imprimé.', 'page 1 / 1'],
    ]);
  });

  it('continues a meal too long for one page on the next, headed again, and counts its pages', async () => {
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
    // Day 0 Midi (long) runs over, then day 0 Dîner, then day 1 Midi (long again).
    expect(countPdfPages(pdf)).toBe(5);
    expect(pages.map((p) => p[1])).toEqual([
      'Lundi 7 juillet 2025 - Midi',
      'Lundi 7 juillet 2025 - Midi (suite)',
      'Lundi 7 juillet 2025 - Dîner',
      'Mardi 8 juillet 2025 - Midi',
      'Mardi 8 juillet 2025 - Midi (suite)',
    ]);
    expect(pages[1]).toEqual(
      expect.arrayContaining([
        STAY.name,
        'Pour 20 personnes',
        'Groupes : Louveteaux, Scouts',
        'Bolognaise (suite)',
        'page 2 / 5',
        'page 2 / 2 de ce repas',
      ]),
    );
    expect(pages[0]).toContain('page 1 / 2 de ce repas');
    expect(pages[2]).toContain('page 1 / 1 de ce repas');
    expect(pages.flat().filter((t) => t === 'Épice n°80').length).toBe(2);
    expect(pages[2]).toEqual(expect.arrayContaining(['Riz au lait', '1,25 kg']));
  });

  it('wraps an ingredient name too long for its column, keeping its quantity on its first line', async () => {
    const input = cookbookInput([0]);
    const longName = `Tomates ${'anciennes de plein champ '.repeat(6).trim()}`;
    input.ingredients = input.ingredients.map((i) =>
      i.name === 'Tomates' ? { ...i, name: longName } : i,
    );
    const [page = []] = readPdfPages(await buildCookbookPdf(input));
    const at = page.findIndex((t) => t.startsWith('Tomates anciennes'));
    let end = at + 1;
    while (end < page.length && longName.startsWith(page.slice(at, end + 1).join(' '))) end += 1;
    expect(end - at).toBeGreaterThan(1);
    expect(page.slice(at, end).join(' ')).toBe(longName);
    // Then the other names, then the quantities column, the long name's first.
    expect(page.slice(end, end + 5)).toEqual(['Pâtes', 'Bœuf haché', '10 pièces', '2 kg', '3 kg']);
  });
});
