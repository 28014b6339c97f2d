/**
 * Reading a recipe's page (issue 34): pages written in the shapes the large French recipe sites
 * publish (test/recipe-pages/), and hostile HTML read in bounded work.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_SOURCE_LIMITS, cleanText, isCourseLike, readPageSource } from './page-source.js';

const page = (name: string): string =>
  readFileSync(new URL(`../../test/recipe-pages/${name}.html`, import.meta.url), 'utf8');
const URL_ = 'https://recettes.example.fr/recette/1';

describe('readPageSource: JSON-LD', () => {
  it('reads a Recipe object alone, its entities and tags stripped, cuisine ignored', () => {
    expect(readPageSource(page('jsonld-alone'), URL_)).toEqual({
      name: 'Blanquette de veau facile',
      yieldText: '6 personnes',
      categoryText: 'Plat principal',
      ingredientLines: [
        '1.5 kg de blanquette de veau',
        '2 carottes',
        '1 oignon piqué de 2 clous de girofle',
        '250 g de champignons de Paris',
        '20 cl de crème fraîche',
        "1 jaune d'œuf",
        'sel, poivre',
      ],
      steps: [
        'Faire revenir la viande dans une cocotte avec un peu de beurre.',
        "Couvrir d'eau, ajouter les carottes et l’oignon.",
        'Laisser cuire 1 h 30.',
        "Lier la sauce avec la crème & le jaune d'œuf.",
      ],
      url: URL_,
    });
  });

  it('finds the Recipe in a @graph among WebPage, BreadcrumbList and Person; HowToSection names its steps', () => {
    const source = readPageSource(page('jsonld-graph'), URL_)!;
    expect(source.name).toBe('Tarte au citron meringuée');
    expect(source.yieldText).toBe('8 parts');
    expect(source.categoryText).toBe('Dessert');
    expect(source.ingredientLines).toHaveLength(6);
    expect(source.ingredientLines[3]).toBe('4 citrons non traités');
    expect(source.steps).toEqual([
      'La pâte sablée :',
      'Mélanger la farine, le beurre et le sel du bout des doigts.',
      'Foncer le moule et cuire à blanc 15 minutes à 180 °C.',
      'La crème au citron :',
      'Presser les citrons, fouetter avec les œufs et le sucre.',
    ]);
  });

  it('reads a node of several types in an array, `ingredients`, a number of people and instructions as HTML', () => {
    const source = readPageSource(page('jsonld-newsarticle'), URL_)!;
    expect(source).toMatchObject({
      name: 'Velouté de potimarron aux châtaignes',
      yieldText: '4',
      categoryText: 'Entrée',
      url: URL_,
    });
    expect(source.ingredientLines).toEqual([
      '1 potimarron (environ 1,2 kg)',
      '200 g de châtaignes cuites',
      '1 oignon',
      '1 l de bouillon de volaille',
      '10 cl de crème liquide',
    ]);
    expect(source.steps).toEqual([
      "Épluchez et émincez l'oignon.",
      "Coupez le potimarron en cubes, sans l'éplucher.",
      'Faites cuire 25 minutes dans le bouillon, puis mixez avec la crème & les châtaignes.',
    ]);
  });

  it('follows mainEntity, a full type address, one ingredient as a string; a category that is no course is left out', () => {
    expect(readPageSource(page('jsonld-mainentity'), null)).toEqual({
      name: 'Crêpes de la Chandeleur',
      yieldText: 'Pour 12 crêpes',
      categoryText: null,
      ingredientLines: ['500 g de farine'],
      steps: ['Mélanger la farine et les œufs.', 'Ajouter le lait petit à petit.'],
      url: null,
    });
  });

  it('reads the next block when one is broken; a step may be only its name', () => {
    expect(readPageSource(page('two-blocks-one-broken'), URL_)).toEqual({
      name: 'Mousse au chocolat',
      yieldText: '6',
      categoryText: 'Dessert',
      ingredientLines: ['200 g de chocolat noir', '6 œufs'],
      steps: ['Faire fondre le chocolat.', 'Monter les blancs en neige et les incorporer.'],
      url: URL_,
    });
  });
});

describe('readPageSource: microdata and pages without structured data', () => {
  it('reads microdata: the recipe’s own properties, not those of its nested items', () => {
    expect(readPageSource(page('microdata'), URL_)).toEqual({
      name: 'Ratatouille niçoise',
      yieldText: '6 personnes',
      categoryText: 'Accompagnement',
      ingredientLines: [
        '3 courgettes',
        '2 aubergines',
        '4 tomates bien mûres',
        "1 gousse d'ail",
        'huile d’olive',
      ],
      steps: [
        'Couper les légumes en dés.',
        "Faire revenir chaque légume séparément dans l'huile d'olive.",
        'Réunir le tout et laisser mijoter 45 min.',
      ],
      url: URL_,
    });
  });

  it('reads a page without structured data: its h1, the list under Ingrédients and under Préparation', () => {
    expect(readPageSource(page('no-structured-data'), URL_)).toEqual({
      name: 'Le gratin dauphinois de ma grand-mère',
      yieldText: null,
      categoryText: null,
      ingredientLines: [
        '2 kg de pommes de terre',
        '1 l de lait entier',
        '40 cl de crème fraîche épaisse',
        "2 gousses d'ail",
        'Sel, poivre, muscade',
      ],
      steps: [
        'Éplucher et couper les pommes de terre en fines rondelles.',
        "Les cuire 10 minutes dans le lait avec l'ail.",
        'Verser dans un plat beurré, napper de crème et enfourner 1 heure à 160 °C.',
      ],
      url: URL_,
    });
  });

  it('falls back to the title, and to paragraphs as steps', () => {
    const html = `<title>Pâtes &amp; pesto</title><h3>Les ingrédients</h3><ul><li>500 g de pâtes<li>1 pot de pesto</ul>
      <h3>Étapes</h3><p>Cuire les pâtes.</p><p>Mélanger.</p><h3>Pour aller plus loin</h3><p>Rien.</p>`;
    expect(readPageSource(html, null)).toEqual({
      name: 'Pâtes & pesto',
      yieldText: null,
      categoryText: null,
      ingredientLines: ['500 g de pâtes', '1 pot de pesto'],
      steps: ['Cuire les pâtes.', 'Mélanger.'],
      url: null,
    });
  });

  it('answers null for a page without a recipe', () => {
    expect(readPageSource(page('no-recipe'), URL_)).toBeNull();
    expect(readPageSource('', URL_)).toBeNull();
    expect(readPageSource('not html at all { "@type": "Recipe" }', URL_)).toBeNull();
  });
});

describe('readPageSource: details', () => {
  it('reads yields as text, number or list', () => {
    const yieldOf = (value: unknown) =>
      readPageSource(
        `<script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', recipeYield: value, recipeIngredient: ['x'] })}</script>`,
        null,
      )!.yieldText;
    expect(yieldOf('Pour 4 personnes')).toBe('Pour 4 personnes');
    expect(yieldOf(6)).toBe('6');
    expect(yieldOf(['4', '4 personnes'])).toBe('4 personnes');
    expect(yieldOf({ '@type': 'QuantitativeValue', value: 4, unitText: 'parts' })).toBe('4 parts');
    expect(yieldOf(undefined)).toBeNull();
  });

  it('knows a course from a cuisine or a theme', () => {
    for (const c of ['Plat principal', 'Dessert', 'Entrée', 'Apéritif', 'main course', 'Soupes'])
      expect(isCourseLike(c), c).toBe(true);
    for (const c of ['Française', 'Facile', 'Italian', 'Recettes de Noël'])
      expect(isCourseLike(c), c).toBe(false);
  });

  it('cleans texts: entities, tags, entities that spell tags, spaces', () => {
    expect(cleanText(' Du  <b>beurre</b>&nbsp;&amp; du &lt;i&gt;sel&lt;/i&gt;\n ')).toBe(
      'Du beurre & du sel',
    );
  });
});

describe('readPageSource on hostile pages: bounded work', () => {
  it('reads a page nested 600,000 deep no further than its limit, its head read', () => {
    const recipe = JSON.stringify({ '@type': 'Recipe', recipeIngredient: ['1 œuf'] });
    const head = `<head><script type="application/ld+json">${recipe}</script></head>`;
    const deep = (n: number) => `${'<div>'.repeat(n)}<h2>Ingrédients</h2><ul><li>2 œufs</li></ul>`;
    const started = performance.now();
    expect(readPageSource(`${head}${deep(600_000)}`, null)?.ingredientLines).toEqual(['1 œuf']);
    expect(readPageSource(deep(600_000), null)).toBeNull();
    // Closing tags that close nothing, under the deepest nesting read.
    expect(readPageSource(`${deep(500)}${'</span>'.repeat(400_000)}`, null)).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(readPageSource(deep(300), null)?.ingredientLines).toEqual(['2 œufs']);
  });

  it('reads thousands of blocks and items within the limits', () => {
    const blocks = Array.from(
      { length: 5_000 },
      () => '<script type="application/ld+json">{"@type":"Thing"}</script>',
    ).join('');
    const items = Array.from(
      { length: 20_000 },
      (_, i) => `<li itemprop="recipeIngredient">${i} g de sel</li>`,
    ).join('');
    const html = `${blocks}<div itemscope itemtype="https://schema.org/Recipe"><ul>${items}</ul></div>`;
    const started = performance.now();
    const source = readPageSource(html, null)!;
    expect(source.ingredientLines).toHaveLength(PAGE_SOURCE_LIMITS.ingredientLines);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('reads deeply nested JSON and a huge @graph without running away', () => {
    let nested = '{"@type":"Recipe","recipeIngredient":["1 œuf"]}';
    for (let i = 0; i < 10_000; i++) nested = `{"a":${nested}}`;
    expect(
      readPageSource(`<script type="application/ld+json">${nested}</script>`, null),
    ).toBeNull();
    const graph = JSON.stringify({
      '@graph': [
        ...Array.from({ length: 100_000 }, () => ({ '@type': 'Thing' })),
        { '@type': 'Recipe', recipeIngredient: ['1 œuf'] },
      ],
    });
    const started = performance.now();
    readPageSource(`<script type="application/ld+json">${graph}</script>`, null);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('keeps long texts to their limit and nested captures to theirs', () => {
    const long = 'a'.repeat(1_000_000);
    const source = readPageSource(
      `<script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', name: long, recipeIngredient: [long] })}</script>`,
      null,
    )!;
    expect(source.name!.length).toBe(PAGE_SOURCE_LIMITS.textChars);
    const nestedProps = `${'<div itemprop="recipeInstructions">'.repeat(400)}x${'</div>'.repeat(400)}`;
    const html = `<div itemscope itemtype="http://schema.org/Recipe">${nestedProps}</div>`;
    expect(readPageSource(html, null)!.steps.length).toBeLessThanOrEqual(
      PAGE_SOURCE_LIMITS.openCaptures,
    );
  });
});
