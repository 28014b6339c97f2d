/**
 * Allergens and alternatives on paper (issue 20): the cook sheets' allergen lines and
 * alternatives, and the allergen table. The test kit's stay, with allergens on its ingredients
 * and, for the Monday lunch (20 people), an alternative for 2 people allergic to peanuts and
 * one for 3 vegetarians: the menu is then cooked for 15.
 */
import { describe, expect, it } from 'vitest';
import type { Ingredient, Meal, Recipe } from '@popote/domain';
import { Allergen, ALLERGEN_LABELS, ALLERGENS, Diet } from '@popote/domain';
import { ALLERGEN_SHORT_LABELS } from './allergen-labels.js';
import { planAllergenTable } from './allergen-table.js';
import { buildAllergenTablePdf } from './allergen-table-pdf.js';
import { buildCookbookPdf } from './cookbook.js';
import { planCookbook } from './cookbook-plan.js';
import type { CookbookInput } from './cookbook-plan.js';
import { allergenTableFileName } from './file-names.js';
import type { PdfTextItem } from '../test/pdf-text-reader.js';
import { readPdfPageItems, readPdfPages } from '../test/pdf-text-reader.js';
import { BOLOGNAISE, cookbookInput, ING, STAY } from '../test/camp-stay.js';

const SATAY: Ingredient = { id: 17, name: 'Sauce satay', kind: 4, owner: 1, allergens: [4] };
const BEURRE: Ingredient = { id: 18, name: 'Beurre', kind: 5, owner: 1, allergens: [6] };
const LENTILLES: Ingredient = { id: 19, name: 'Lentilles corail', kind: 2, owner: 1 };

/** For the peanut-allergic: per 10, 1 kg of pasta; per person, 10 g of butter. */
const PATES_BEURRE: Recipe = {
  id: 32,
  owner: 1,
  name: 'Pâtes au beurre',
  plat: 2,
  description: 'Cuire les pâtes à part, dans une casserole propre.',
  isPublished: false,
  updated: '2025-06-01T10:00:00.000Z',
  ingredients: [
    { ingredientId: ING.pates.id, quantity: { val: 1, unite: 1, forPeople: 10 } },
    { ingredientId: BEURRE.id, quantity: { val: 10, unite: 2, forPeople: 1 } },
  ],
};

/** For the vegetarians: per 4, 300 g of lentils and 1 egg. */
const DAHL: Recipe = {
  id: 33,
  owner: 1,
  name: 'Dahl de lentilles',
  plat: 2,
  description: '',
  isPublished: false,
  updated: '2025-06-01T10:00:00.000Z',
  ingredients: [
    { ingredientId: LENTILLES.id, quantity: { val: 300, unite: 2, forPeople: 4 } },
    { ingredientId: ING.oeufs.id, quantity: { val: 1, unite: 0, forPeople: 4 } },
  ],
};

const PEANUT_TITLE = 'Alternative pour 2 personnes allergiques aux arachides';
const VEGETARIAN_TITLE = 'Alternative pour 3 personnes végétariennes';
const GLUTEN = ALLERGEN_LABELS[Allergen.Gluten];

/** The test kit's stay with allergens, and the Monday lunch's alternatives. */
function allergenInput(
  days?: number[],
  alternatives: Meal['alternatives'] = [
    { kind: 'allergen', code: Allergen.Arachides, people: 2, recipeIds: [PATES_BEURRE.id] },
    { kind: 'diet', code: Diet.Vegetarien, people: 3, recipeIds: [DAHL.id] },
  ],
): CookbookInput {
  const input = cookbookInput(days);
  const allergens: Record<number, number[]> = {
    [ING.pates.id]: [Allergen.Gluten],
    [ING.pain.id]: [Allergen.Gluten],
    [ING.lait.id]: [Allergen.Lait],
    [ING.oeufs.id]: [Allergen.Oeufs],
  };
  input.ingredients = [
    ...input.ingredients.map((i) => (allergens[i.id] ? { ...i, allergens: allergens[i.id] } : i)),
    SATAY,
    BEURRE,
    LENTILLES,
  ];
  input.recipes = [
    ...input.recipes.map((r) =>
      r.id === BOLOGNAISE.id
        ? {
            ...r,
            ingredients: [
              ...r.ingredients,
              { ingredientId: SATAY.id, quantity: { val: 100, unite: 2 as const, forPeople: 10 } },
            ],
          }
        : r,
    ),
    PATES_BEURRE,
    DAHL,
  ];
  input.meals = input.meals.map((m) => (m.id === 50 ? { ...m, alternatives } : m));
  return input;
}

describe('cook sheets with allergens and alternatives', () => {
  const plan = planCookbook(allergenInput());
  const lunch = plan.sheets[0]!;

  it('keeps the meal’s head count and says who eats the menu', () => {
    expect(lunch).toMatchObject({
      title: 'Lundi 7 juillet 2025 - Midi',
      people: 'Pour 20 personnes',
      notes: ['Menu pour 15 personnes'],
    });
    // A meal without alternatives says nothing more.
    expect(plan.sheets[1]).toMatchObject({ people: 'Pour 20 personnes', notes: [] });
    expect(plan.sheets[1]?.alternatives).toEqual([]);
  });

  it('scales the menu to the people who eat it, each dish with its allergens', () => {
    expect(lunch.blocks).toEqual([
      {
        title: 'Bolognaise',
        course: 'Plat principal',
        // Per 10: 1 kg pasta, 1,5 kg beef, 5 tomatoes, 100 g satay sauce; for 15.
        rows: [
          { name: 'Tomates', quantity: '8 pièces', note: '' },
          { name: 'Pâtes', quantity: '1,50 kg', note: '' },
          { name: 'Bœuf haché', quantity: '2,25 kg', note: '' },
          { name: 'Sauce satay', quantity: '150 gr', note: '' },
        ],
        comments: 'Faire revenir la viande avec l’oignon.',
        notes: [`Allergènes : ${GLUTEN}, Arachides`],
      },
      {
        title: 'Autre',
        course: '',
        // 15 / 4 = 3,75 loaves: 4.
        rows: [{ name: 'Pain', quantity: '4 pièces', note: '' }],
        comments: '',
        notes: [`Allergènes : ${GLUTEN}`],
      },
    ]);
    // No allergen, no line.
    expect(plan.sheets[1]?.blocks.map((b) => [b.title, b.notes])).toEqual([
      ['Entrée', []],
      ['Riz au lait', ['Allergènes : Lait']],
    ]);
  });

  it('gives each alternative its people, its recipes scaled to them and their allergens', () => {
    expect(lunch.alternatives).toEqual([
      {
        title: PEANUT_TITLE,
        people: 2,
        blocks: [
          {
            title: 'Pâtes au beurre',
            course: 'Plat principal',
            rows: [
              { name: 'Pâtes', quantity: '200 gr', note: '' },
              { name: 'Beurre', quantity: '20 gr', note: '' },
            ],
            comments: 'Cuire les pâtes à part, dans une casserole propre.',
            notes: [`Allergènes : ${GLUTEN}, Lait`],
          },
        ],
      },
      {
        title: VEGETARIAN_TITLE,
        people: 3,
        blocks: [
          {
            title: 'Dahl de lentilles',
            course: 'Plat principal',
            // 225 g of lentils; 0,75 egg: 1 (the domain's words).
            rows: [
              { name: 'Lentilles corail', quantity: '225 gr', note: '' },
              { name: 'Œufs', quantity: '1 pièces', note: '' },
            ],
            comments: '',
            notes: ['Allergènes : Œufs'],
          },
        ],
      },
    ]);
  });

  it('leaves out an alternative for nobody, and prints a meal whose only dish is an alternative', () => {
    const none = planCookbook(
      allergenInput(
        [0],
        [{ kind: 'allergen', code: Allergen.Arachides, people: 0, recipeIds: [PATES_BEURRE.id] }],
      ),
    );
    expect(none.sheets[0]).toMatchObject({ notes: [], alternatives: [] });
    const input = allergenInput([1]);
    // Tuesday's lunch, its menu emptied, offers only an alternative.
    input.menus = input.menus.map((m) => (m.id === 46 ? { ...m, recipeIds: [] } : m));
    input.meals = input.meals.map((m) =>
      m.id === 57
        ? {
            ...m,
            alternatives: [
              { kind: 'diet', code: Diet.Vegetarien, people: 4, recipeIds: [DAHL.id] },
            ],
          }
        : m,
    );
    const only = planCookbook(input);
    expect(only.emptyLeftOut).toBe(0);
    expect(only.sheets[0]).toMatchObject({
      blocks: [],
      notes: ['Menu pour 16 personnes'],
      alternatives: [{ title: 'Alternative pour 4 personnes végétariennes', people: 4 }],
    });
  });

  it('prints the allergen lines and each alternative after the menu, in the PDF', async () => {
    const pages = readPdfPages(await buildCookbookPdf(allergenInput()));
    const page = pages[0]!;
    expect(page.slice(0, 5)).toEqual([
      STAY.name,
      'Lundi 7 juillet 2025 - Midi',
      'Pour 20 personnes',
      'Groupes : Louveteaux, Scouts',
      'Menu pour 15 personnes',
    ]);
    const at = (text: string, from = 0): number => {
      const i = page.indexOf(text, from);
      expect(i, text).toBeGreaterThanOrEqual(from);
      return i;
    };
    // Bolognaise: its names, its quantities (for 15), its allergens, its preparation.
    const bolognaise = at('Bolognaise');
    const quantities = at('1,50 kg', bolognaise);
    const line = at(`Allergènes : ${GLUTEN}, Arachides`, quantities);
    at('Faire revenir la viande avec l’oignon.', line);
    // The peanut alternative: its band, its recipe for 2 and its allergens; then the other.
    const peanut = at(PEANUT_TITLE, line);
    const pasta = at('Pâtes au beurre', peanut);
    expect(page.slice(pasta + 1, pasta + 6)).toEqual([
      'Plat principal',
      'Pâtes',
      'Beurre',
      '200 gr',
      '20 gr',
    ]);
    at(`Allergènes : ${GLUTEN}, Lait`, pasta);
    const vegetarian = at(VEGETARIAN_TITLE, pasta);
    at('Allergènes : Œufs', at('225 gr', at('Dahl de lentilles', vegetarian)));
    // The dinner has no alternative; its rice pudding holds milk.
    expect(pages[1]).toEqual(expect.arrayContaining(['Riz au lait', 'Allergènes : Lait']));
    expect(pages[1]?.some((t) => t.startsWith('Alternative') || t.startsWith('Menu pour'))).toBe(
      false,
    );
  });

  it('heads the continuation of a long alternative with its band again', async () => {
    const many: Ingredient[] = Array.from({ length: 70 }, (_, i) => ({
      id: 2000 + i,
      name: `Légume n°${i + 1}`,
      kind: 1,
      owner: 1,
    }));
    const input = allergenInput([0]);
    input.ingredients = [...input.ingredients, ...many];
    input.recipes = input.recipes.map((r) =>
      r.id === DAHL.id
        ? {
            ...r,
            ingredients: many.map((ing) => ({
              ingredientId: ing.id,
              quantity: { val: 1, unite: 0 as const, forPeople: 1 },
            })),
          }
        : r,
    );
    const pages = readPdfPages(await buildCookbookPdf(input));
    expect(pages[1]?.slice(0, 8)).toEqual([
      STAY.name,
      'Lundi 7 juillet 2025 - Midi (suite)',
      'Pour 20 personnes',
      'Groupes : Louveteaux, Scouts',
      'Menu pour 15 personnes',
      `${VEGETARIAN_TITLE} (suite)`,
      'Dahl de lentilles (suite)',
      'Plat principal',
    ]);
    expect(pages.flat().filter((t) => t === 'Légume n°70').length).toBe(1);
  });
});

describe('allergen table', () => {
  it('lists each dish of the chosen days under its meal, with what it holds', () => {
    const plan = planAllergenTable(allergenInput([0, 2]));
    expect(plan.stayName).toBe(STAY.name);
    expect(plan.days).toBe('Jours : Lun. 7-07, Mer. 9-07');
    expect(plan.meals.map((m) => m.title)).toEqual([
      'Lundi 7 juillet 2025 - Midi',
      'Lundi 7 juillet 2025 - Dîner',
      // Two meals in one slot: each says whose it is.
      'Mercredi 9 juillet 2025 - Midi (Louveteaux)',
      'Mercredi 9 juillet 2025 - Midi (Scouts)',
    ]);
    expect(plan.meals[0]?.dishes).toEqual([
      { name: 'Bolognaise', note: '', allergens: [Allergen.Gluten, Allergen.Arachides] },
      { name: 'Pain', note: '', allergens: [Allergen.Gluten] },
      { name: 'Pâtes au beurre', note: PEANUT_TITLE, allergens: [Allergen.Gluten, Allergen.Lait] },
      { name: 'Dahl de lentilles', note: VEGETARIAN_TITLE, allergens: [Allergen.Oeufs] },
    ]);
    // Served in order: the starter's tomatoes, then the dessert.
    expect(plan.meals[1]?.dishes).toEqual([
      { name: 'Tomates', note: '', allergens: [] },
      { name: 'Riz au lait', note: '', allergens: [Allergen.Lait] },
    ]);
    expect(plan.meals[3]?.dishes.map((d) => d.name)).toEqual(['Œufs', 'Pain']);
    expect(planAllergenTable(allergenInput([0, 1, 2])).days).toBe(
      'Du lundi 7 juillet 2025 au mercredi 9 juillet 2025',
    );
    expect(plan.legend).toHaveLength(14);
    expect(plan.legend[0]).toBe('Gluten : Céréales contenant du gluten');
    expect(plan.legend[6]).toBe('Lait');
  });

  it('is named after the stay', () => {
    expect(allergenTableFileName('Camp d’été')).toBe('Camp d’été Allergènes.pdf');
  });

  it('prints a landscape table: title, stay and days, 14 columns, a mark per allergen, the legend', async () => {
    const progress: [number, number][] = [];
    const bytes = await buildAllergenTablePdf(allergenInput([0]), (done, total) =>
      progress.push([done, total]),
    );
    const [items = [], ...more] = readPdfPageItems(bytes);
    expect(more).toEqual([]);
    const texts = items.map((i) => i.text);
    expect(texts.slice(0, 3)).toEqual([
      `${STAY.name} - Allergènes des plats`,
      'Les 14 allergènes à déclarer (règlement (UE) n° 1169/2011, annexe II) :',
      expect.any(String),
    ]);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Allergènes des plats',
        `${STAY.name} - Lundi 7 juillet 2025`,
        'Plat',
        'page 1 / 1',
        // Every full name in the legend.
        ...ALLERGENS.map((a) => expect.stringContaining(ALLERGEN_LABELS[a])),
      ]),
    );
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(marksOf(items)).toEqual({
      'Lundi 7 juillet 2025 - Midi / Bolognaise': ['Gluten', 'Arachides'],
      'Lundi 7 juillet 2025 - Midi / Pain': ['Gluten'],
      'Lundi 7 juillet 2025 - Midi / Pâtes au beurre': ['Gluten', 'Lait'],
      'Lundi 7 juillet 2025 - Midi / Dahl de lentilles': ['Œufs'],
      'Lundi 7 juillet 2025 - Dîner / Tomates': [],
      'Lundi 7 juillet 2025 - Dîner / Riz au lait': ['Lait'],
    });
    // The alternative's recipes say whom they are for.
    const pasta = texts.indexOf('Pâtes au beurre');
    expect(texts[pasta + 1]).toBe(PEANUT_TITLE);
  });

  it('heads each page again and repeats a meal split by a page', async () => {
    const input = allergenInput([0]);
    const many: Recipe[] = Array.from({ length: 30 }, (_, i) => ({
      ...BOLOGNAISE,
      id: 3000 + i,
      name: `Plat n°${i + 1}`,
    }));
    input.recipes = [...input.recipes, ...many];
    input.menus = input.menus.map((m) =>
      m.id === 40 ? { ...m, recipeIds: [...m.recipeIds, ...many.map((r) => r.id)] } : m,
    );
    const pages = readPdfPageItems(await buildAllergenTablePdf(input));
    expect(pages.length).toBe(2);
    const second = pages[1]!.map((i) => i.text);
    expect(second).toEqual(
      expect.arrayContaining([
        `${STAY.name} - Allergènes des plats`,
        'Plat',
        'Lundi 7 juillet 2025 - Midi (suite)',
        'Lundi 7 juillet 2025 - Dîner',
        'page 2 / 2',
        ...ALLERGENS.map((a) => ALLERGEN_SHORT_LABELS[a]),
      ]),
    );
    expect(second).not.toContain('Allergènes des plats');
    const marks = { ...marksOf(pages[0]!), ...marksOf(pages[1]!) };
    // Copies of the kit's Bolognaise: its pasta.
    expect(marks['Lundi 7 juillet 2025 - Midi (suite) / Plat n°30']).toEqual(['Gluten']);
    expect(marks['Lundi 7 juillet 2025 - Dîner / Riz au lait']).toEqual(['Lait']);
  });

  it('says so when the chosen days serve nothing', async () => {
    const [page = [], ...more] = readPdfPages(await buildAllergenTablePdf(allergenInput([5])));
    expect(more).toEqual([]);
    expect(page).toEqual(expect.arrayContaining(['Aucun plat pour les jours choisis.']));
  });
});

/**
 * The marks of a page of the table, by '<meal> / <dish>': each 'X' belongs to the last dish
 * named before it, and to the column whose head is nearest to it. The heads follow 'Plat'.
 */
function marksOf(items: readonly PdfTextItem[]): Record<string, string[]> {
  const start = items.findIndex((i) => i.text === 'Plat');
  const headItems = items.slice(start + 1, start + 1 + ALLERGENS.length);
  expect(headItems.map((i) => i.text)).toEqual(ALLERGENS.map((a) => ALLERGEN_SHORT_LABELS[a]));
  const heads = headItems.map((i) => [i.text, i.x ?? Number.NaN] as const);
  const marks: Record<string, string[]> = {};
  let meal = '';
  let dish = '';
  for (const item of items.slice(start + 1 + ALLERGENS.length)) {
    if (/ - (Midi|Dîner)/u.test(item.text)) {
      meal = item.text;
    } else if (item.text === 'X') {
      // The head's x is its baseline; the mark's x its left edge: both near the column's middle.
      const [column] = [...heads].sort(
        ([, a], [, b]) => Math.abs(a - (item.x ?? 0)) - Math.abs(b - (item.x ?? 0)),
      )[0]!;
      marks[`${meal} / ${dish}`]!.push(column);
    } else if (!item.text.startsWith('Alternative pour') && !item.text.startsWith('page ')) {
      dish = item.text;
      marks[`${meal} / ${dish}`] = [];
    }
  }
  return marks;
}
