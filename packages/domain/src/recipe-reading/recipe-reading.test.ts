import { describe, expect, it } from 'vitest';
import { Plat, Unite } from '../enums.js';
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../limits.js';
import {
  DEFAULT_RECIPE_NAME,
  readCourse,
  readIngredientLine,
  readIngredientLines,
  readRecipeSource,
  readRecipeText,
  readYield,
} from './index.js';
import type { ReadLine, RecipeSource } from './types.js';

/** A line as [status, val, unite, name, note] for short comparisons. */
const brief = (l: ReadLine) => [
  l.status,
  l.quantity?.val ?? null,
  l.quantity?.unite ?? null,
  l.name,
  l.note,
];

describe('readYield', () => {
  it.each([
    ['Pour 4 personnes', 4],
    ['6 parts', 6],
    ['4', 4],
    ['4 à 6 personnes', 4],
    ['4-6 pers.', 4],
    ['1 tarte (8 parts)', 8],
    ['Pour 1 litre', null],
    ['1 tarte', null],
    ['24 biscuits', null],
    ['Serves 4', 4],
    ['4 servings', 4],
    ['Portions : 10', 10],
    ['pour 12 convives', 12],
    ['', null],
    ['0 personne', null],
    ['9999999 personnes', null],
  ])('%s -> %s', (text, people) => {
    expect(readYield(text)).toBe(people);
  });

  it('takes null and non-text', () => {
    expect(readYield(null)).toBeNull();
    expect(readYield(undefined)).toBeNull();
  });
});

describe('readCourse', () => {
  it.each([
    ['Plat principal', Plat.PlatPrincipal],
    ['Entrée', Plat.Entree],
    ['Dessert', Plat.Dessert],
    ['Apéritif', Plat.Entree],
    ['main course', Plat.PlatPrincipal],
    ['Main Dish', Plat.PlatPrincipal],
    ['Starter', Plat.Entree],
    ['Appetizer', Plat.Entree],
    ['Accompagnement', Plat.Autre],
    ["Plat d'accompagnement", Plat.Autre],
    ['Side dish', Plat.Autre],
    ['Sauce', Plat.Autre],
    ['Boisson', Plat.Autre],
    ['Plat principal, Dîner', Plat.PlatPrincipal],
    ['Gâteau', Plat.Dessert],
    ['Amuse-bouche', Plat.Entree],
    ['Recette de cuisine', null],
    ['', null],
  ])('%s -> %s', (text, plat) => {
    expect(readCourse(text)).toBe(plat);
  });
});

describe('readIngredientLines', () => {
  it('gives one line without quantity per seasoning of a list, each with its own words', () => {
    expect(readIngredientLines('Sel, poivre').map(brief)).toEqual([
      ['noQuantity', null, null, 'Sel', null],
      ['noQuantity', null, null, 'poivre', null],
    ]);
    expect(readIngredientLines('sel et poivre du moulin').map((l) => [l.name, l.text])).toEqual([
      ['sel', 'sel'],
      ['poivre du moulin', 'poivre du moulin'],
    ]);
    expect(readIngredientLines('Sel, poivre, herbes de Provence').map((l) => l.name)).toEqual([
      'Sel',
      'poivre',
      'herbes de Provence',
    ]);
    expect(readIngredientLines('Sel & poivre à volonté').map(brief)).toEqual([
      ['noQuantity', null, null, 'Sel', 'à volonté'],
      ['noQuantity', null, null, 'poivre', 'à volonté'],
    ]);
  });

  it('gives any other line as one line', () => {
    expect(readIngredientLines('1 oignon, émincé').map(brief)).toEqual([
      ['read', 1, Unite.Pieces, 'oignon', 'émincé'],
    ]);
    expect(readIngredientLines('Poivre noir').map((l) => l.name)).toEqual(['Poivre noir']);
  });
});

describe('readIngredientLine on odd writing', () => {
  it('reads bullets, tabs, non-breaking and narrow spaces', () => {
    expect(brief(readIngredientLine('•\u00a0200\u202fg de sucre'))).toEqual([
      'read',
      200,
      Unite.G,
      'sucre',
      null,
    ]);
    expect(brief(readIngredientLine('\t- 3\toeufs\t'))).toEqual([
      'read',
      3,
      Unite.Pieces,
      'oeufs',
      null,
    ]);
    expect(brief(readIngredientLine('* 1,5 kg de pommes de terre'))).toEqual([
      'read',
      1.5,
      Unite.Kg,
      'pommes de terre',
      null,
    ]);
  });

  it('reads numbers glued to units and decomposed accents', () => {
    expect(brief(readIngredientLine('200g de beurre'))).toEqual([
      'read',
      200,
      Unite.G,
      'beurre',
      null,
    ]);
    expect(brief(readIngredientLine('1,5kg de boeuf'))).toEqual([
      'read',
      1.5,
      Unite.Kg,
      'boeuf',
      null,
    ]);
    const nfd = '2 c. a\u0300 soupe de cre\u0300me'.normalize('NFD');
    expect(brief(readIngredientLine(nfd))).toEqual(['read', 3, Unite.CL, 'crème', '2 c. à soupe']);
  });

  it('keeps unreadable lines as lines to fix, with their text', () => {
    for (const text of ['', '   ', '12', '???', 'Pour la garniture :', '1 2 3 4']) {
      const read = readIngredientLine(text);
      expect(read.status).toBe('unread');
      expect(read.quantity).toBeNull();
      expect(read.text).toBe(text.trim());
    }
  });
});

describe('readRecipeSource', () => {
  const page: RecipeSource = {
    name: '  Blanquette   de veau à l’ancienne ',
    yieldText: 'Pour 6 personnes',
    categoryText: 'Plat principal',
    ingredientLines: [
      '1,2 kg de veau (épaule et tendron)',
      '2 carottes',
      '1 oignon piqué de 2 clous de girofle',
      '1 bouquet garni',
      'Pour la sauce',
      '50 g de beurre',
      '50 g de farine',
      '20 cl de crème fraîche',
      '2 jaunes d’oeufs',
      'sel, poivre',
      '',
    ],
    steps: [
      'Pour le bouillon :',
      'Mettez la viande dans une cocotte, couvrez d’eau froide.',
      'Ajoutez les légumes et le bouquet garni ; laissez cuire 1 h 30.',
      'Pour la sauce :',
      'Faites un roux avec le beurre et la farine.',
      '4. Ajoutez la crème et les jaunes hors du feu.',
    ],
    url: 'https://www.example.fr/recettes/blanquette-de-veau',
  };

  it('reads name, people, course, lines, steps and source', () => {
    const recipe = readRecipeSource(page);
    expect(recipe.name).toBe('Blanquette de veau à l’ancienne');
    expect(recipe.forPeople).toBe(6);
    expect(recipe.plat).toBe(Plat.PlatPrincipal);
    expect(recipe.url).toBe(page.url);
    expect(recipe.lines.map(brief)).toEqual([
      ['read', 1.2, Unite.Kg, 'veau', 'épaule et tendron'],
      ['read', 2, Unite.Pieces, 'carottes', null],
      ['read', 1, Unite.Pieces, 'oignon piqué de 2 clous de girofle', null],
      ['read', 1, Unite.Pieces, 'bouquet garni', null],
      ['read', 50, Unite.G, 'beurre', null],
      ['read', 50, Unite.G, 'farine', null],
      ['read', 20, Unite.CL, 'crème fraîche', null],
      ['read', 2, Unite.Pieces, 'jaunes d’oeufs', null],
      ['noQuantity', null, null, 'sel', null],
      ['noQuantity', null, null, 'poivre', null],
    ]);
    expect(recipe.description).toBe(
      [
        'Pour le bouillon :',
        '1. Mettez la viande dans une cocotte, couvrez d’eau froide.',
        '2. Ajoutez les légumes et le bouquet garni ; laissez cuire 1 h 30.',
        '',
        'Pour la sauce :',
        '3. Faites un roux avec le beurre et la farine.',
        '4. Ajoutez la crème et les jaunes hors du feu.',
        '',
        'Source : https://www.example.fr/recettes/blanquette-de-veau',
      ].join('\n'),
    );
  });

  it('names a nameless recipe and says nothing it does not know', () => {
    const recipe = readRecipeSource({
      name: '   ',
      yieldText: '1 tarte',
      categoryText: 'Recettes faciles',
      ingredientLines: [],
      steps: [],
      url: 'javascript:alert(1)',
    });
    expect(recipe).toEqual({
      name: DEFAULT_RECIPE_NAME,
      forPeople: null,
      plat: null,
      lines: [],
      description: '',
      url: null,
    });
  });

  it('bounds what a hostile page gives, and never throws', () => {
    const huge = 'x'.repeat(1_000_000);
    const recipe = readRecipeSource({
      name: `${huge}\u0000`,
      yieldText: huge,
      categoryText: huge,
      ingredientLines: Array.from({ length: 20_000 }, (_, i) => `${i + 1} g de sucre\u0007`),
      steps: Array.from({ length: 5_000 }, () => `Mélangez. ${'a'.repeat(2_000)}`),
      url: `https://example.fr/${huge}`,
    });
    expect([...recipe.name].length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect([...recipe.description].length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(recipe.url).toBeNull();
    expect(recipe.lines.length).toBeLessThanOrEqual(301);
    expect(recipe.lines.at(-1)).toMatchObject({
      status: 'unread',
      text: '19700 autres lignes non lues',
    });
    expect(recipe.lines[0]).toMatchObject({ status: 'read', name: 'sucre', quantity: { val: 1 } });
  });

  it('takes what is not text without throwing', () => {
    const odd = {
      name: 42,
      yieldText: {},
      categoryText: [],
      ingredientLines: [null, 3, '2 oeufs'],
      steps: [undefined, 'Battez.'],
      url: 7,
    } as unknown as RecipeSource;
    const recipe = readRecipeSource(odd);
    expect(recipe.name).toBe(DEFAULT_RECIPE_NAME);
    expect(recipe.lines.map(brief)).toEqual([['read', 2, Unite.Pieces, 'oeufs', null]]);
    expect(recipe.description).toBe('1. Battez.');
  });
});

describe('readRecipeText', () => {
  it('keeps an ingredient line it cannot read in the list, and the lines after it', () => {
    const text = [
      'Pâte brisée',
      'Ingrédients',
      '250 g de farine',
      '125 g + 10 g de beurre pour le moule et la pâte',
      '80 g de sucre',
      '1 pincée de sel',
      'Préparation',
      'Mélangez la farine et le beurre du bout des doigts.',
    ].join('\n');
    const recipe = readRecipeText(text);
    expect(recipe.lines.map((l) => [l.text, l.status])).toEqual([
      ['250 g de farine', 'read'],
      ['125 g + 10 g de beurre pour le moule et la pâte', expect.any(String)],
      ['80 g de sucre', 'read'],
      ['1 pincée de sel', 'read'],
    ]);
    expect(recipe.description).not.toContain('80 g de sucre');
  });

  it('reads a page of a big site copied with its headings and bullets', () => {
    const text = [
      'Gratin dauphinois',
      '',
      'Ingrédients (pour 6 personnes)',
      '•\t1,5 kg de pommes de terre',
      '•\t50 cl de lait entier',
      '•\t20 cl de crème fraîche',
      "•\t2 gousses d'ail",
      '•\t1 noix de beurre',
      '•\tSel, poivre',
      '•\tNoix de muscade',
      '',
      'Préparation',
      'Préchauffez le four à 180 °C (th. 6).',
      'Épluchez les pommes de terre et coupez-les en fines rondelles.',
      '',
      "Frottez le plat avec l'ail puis beurrez-le.",
    ].join('\r\n');
    const recipe = readRecipeText(text);
    expect(recipe.name).toBe('Gratin dauphinois');
    expect(recipe.forPeople).toBe(6);
    expect(recipe.plat).toBeNull();
    expect(recipe.url).toBeNull();
    expect(recipe.lines.map(brief)).toEqual([
      ['read', 1.5, Unite.Kg, 'pommes de terre', null],
      ['read', 50, Unite.CL, 'lait entier', null],
      ['read', 20, Unite.CL, 'crème fraîche', null],
      ['read', 2, Unite.Pieces, 'ail', '2 gousses'],
      ['read', 15, Unite.G, 'beurre', '1 noix'],
      ['noQuantity', null, null, 'Sel', null],
      ['noQuantity', null, null, 'poivre', null],
      ['noQuantity', null, null, 'Noix de muscade', null],
    ]);
    expect(recipe.description).toBe(
      "Préchauffez le four à 180 °C (th. 6).\nÉpluchez les pommes de terre et coupez-les en fines rondelles.\n\nFrottez le plat avec l'ail puis beurrez-le.",
    );
  });

  it('reads a list whose quantities and names copy on separate lines', () => {
    const text = [
      'Quiche lorraine',
      'Nombre de personnes : 4',
      'Ingrédients',
      '1',
      'pâte brisée',
      '200 g',
      'lardons',
      '3',
      'oeufs',
      '20 cl',
      'crème fraîche',
      '',
      'Étapes de préparation',
      'Étape 1',
      'Préchauffer le four à 180°C.',
      'Étape 2',
      'Battre les oeufs avec la crème, ajouter les lardons.',
    ].join('\n');
    const recipe = readRecipeText(text);
    expect(recipe.name).toBe('Quiche lorraine');
    expect(recipe.forPeople).toBe(4);
    expect(recipe.lines.map(brief)).toEqual([
      ['read', 1, Unite.Pieces, 'pâte brisée', null],
      ['read', 200, Unite.G, 'lardons', null],
      ['read', 3, Unite.Pieces, 'oeufs', null],
      ['read', 20, Unite.CL, 'crème fraîche', null],
    ]);
    expect(recipe.description).toBe(
      'Étape 1\nPréchauffer le four à 180°C.\nÉtape 2\nBattre les oeufs avec la crème, ajouter les lardons.',
    );
  });

  it('finds the ingredient lines without a heading, and the people anywhere', () => {
    const text = [
      'Crêpes de la colo',
      '500 g de farine',
      '6 oeufs',
      '1 l de lait',
      '50 g de beurre fondu',
      '1 pincée de sel',
      'Mélanger la farine et les oeufs, puis ajouter le lait petit à petit.',
      'Laisser reposer une heure.',
      'Pour 10 personnes environ.',
    ].join('\n');
    const recipe = readRecipeText(text);
    expect(recipe.name).toBe('Crêpes de la colo');
    expect(recipe.forPeople).toBe(10);
    expect(recipe.lines.map(brief)).toEqual([
      ['read', 500, Unite.G, 'farine', null],
      ['read', 6, Unite.Pieces, 'oeufs', null],
      ['read', 1, Unite.L, 'lait', null],
      ['read', 50, Unite.G, 'beurre fondu', null],
      ['read', 0.5, Unite.G, 'sel', '1 pincée'],
    ]);
    expect(recipe.description).toBe(
      'Mélanger la farine et les oeufs, puis ajouter le lait petit à petit.\nLaisser reposer une heure.',
    );
  });

  it('reads a cookbook page with sections in the list and numbered steps', () => {
    const text = [
      'TARTE AUX POMMES',
      'Pour 6 à 8 personnes',
      '',
      'INGRÉDIENTS :',
      'Pâte :',
      '  - 250 gr de farine',
      '  - 125 gr de beurre',
      '  - 1 pincée de sel',
      '  - 1/2 verre d’eau',
      'Garniture :',
      '  - 6 belles pommes',
      '  - 3 c. à s. de sucre',
      '',
      'PRÉPARATION :',
      '1. Faire la pâte et la laisser reposer.',
      '2. Éplucher les pommes, les couper en lamelles.',
    ].join('\n');
    const recipe = readRecipeText(text);
    expect(recipe.name).toBe('TARTE AUX POMMES');
    expect(recipe.forPeople).toBe(6);
    expect(recipe.lines.map(brief)).toEqual([
      ['read', 250, Unite.G, 'farine', null],
      ['read', 125, Unite.G, 'beurre', null],
      ['read', 0.5, Unite.G, 'sel', '1 pincée'],
      ['read', 10, Unite.CL, 'eau', '1/2 verre'],
      ['read', 6, Unite.Pieces, 'pommes', 'belles'],
      ['read', 45, Unite.G, 'sucre', '3 c. à s.'],
    ]);
    expect(recipe.description).toBe(
      '1. Faire la pâte et la laisser reposer.\n2. Éplucher les pommes, les couper en lamelles.',
    );
  });

  it('gives a default name to text without a title and never throws on hostile text', () => {
    expect(readRecipeText('').name).toBe(DEFAULT_RECIPE_NAME);
    expect(readRecipeText(null as unknown as string).lines).toEqual([]);
    const hostile = [
      '\u0000\u0001\u202e'.repeat(1_000),
      ...Array.from({ length: 50_000 }, (_, i) => `${i} g de farine`),
      'x'.repeat(500_000),
    ].join('\n');
    const started = Date.now();
    const recipe = readRecipeText(hostile);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect([...recipe.name].length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect([...recipe.description].length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(recipe.lines.length).toBeLessThanOrEqual(301);
    expect(recipe.lines.at(-1)?.status).toBe('unread');
  });

  it('reads a huge single line quickly', () => {
    const started = Date.now();
    const read = readIngredientLine(`1 ${'de '.repeat(100_000)}sucre`);
    expect(read.status).toBe('unread');
    expect(read.text.length).toBeLessThanOrEqual(500);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
