/**
 * The allergens and diet facts of the starting catalogue (issue 20), checked by what the names
 * say and by category, with values: not a snapshot of the list.
 */
import { describe, expect, test } from 'vitest';
import {
  ALLERGENS,
  Allergen,
  DIETS,
  Diet,
  DietFact,
  IngredientKind,
  factsOf,
  normalizeSearchText,
  suitsDiet,
} from '@popote/domain';
import { CATALOGUE_INGREDIENTS, catalogueEntry, type CatalogueIngredient } from './ingredients.js';

const { Viande, Porc, Poisson, Animal, Alcool } = DietFact;
const all = CATALOGUE_INGREDIENTS;

const has = (item: CatalogueIngredient, allergen: Allergen): boolean =>
  (item.allergens ?? []).includes(allergen);
const is = (item: CatalogueIngredient, fact: DietFact): boolean => (item.diet ?? []).includes(fact);
/** The ingredients whose name holds one of the words (accents and case ignored). */
const named = (...words: string[]): CatalogueIngredient[] => {
  const keys = words.map(normalizeSearchText);
  return all.filter((i) => keys.some((k) => normalizeSearchText(i.name).includes(k)));
};
const names = (items: readonly CatalogueIngredient[]): string[] => items.map((i) => i.name);
const item = (name: string): CatalogueIngredient => {
  const found = all.find((i) => i.name === name);
  if (!found) throw new Error(`${name} n'est pas dans le catalogue.`);
  return found;
};
const ofKind = (kind: IngredientKind) => all.filter((i) => i.kind === kind);

describe('the catalogue codes', () => {
  test('are known codes, sorted, once each, and absent rather than empty', () => {
    for (const i of all) {
      for (const [codes, max] of [
        [i.allergens, 13],
        [i.diet, 4],
      ] as const) {
        if (codes === undefined) continue;
        expect(codes.length, i.name).toBeGreaterThan(0);
        expect(
          [...codes].sort((a, b) => a - b),
          i.name,
        ).toEqual(codes);
        expect(new Set(codes).size, i.name).toBe(codes.length);
        expect(
          codes.every((c) => Number.isInteger(c) && c >= 0 && c <= max),
          i.name,
        ).toBe(true);
      }
    }
  });

  test('hold every diet fact implied: pork is meat, meat, fish, milk and eggs are animal', () => {
    for (const i of all) {
      const complete = [
        ...factsOf([{ allergens: [...(i.allergens ?? [])], diet: [...(i.diet ?? [])] }]).facts,
      ];
      expect((i.diet ?? []).length, i.name).toBe(complete.length);
      if (is(i, Porc)) expect(is(i, Viande), i.name).toBe(true);
      if (is(i, Viande) || is(i, Poisson)) expect(is(i, Animal), i.name).toBe(true);
      if (has(i, Allergen.Lait) || has(i, Allergen.Oeufs)) expect(is(i, Animal), i.name).toBe(true);
      if (has(i, Allergen.Poissons) || has(i, Allergen.Crustaces) || has(i, Allergen.Mollusques)) {
        expect(is(i, Poisson), i.name).toBe(true);
      }
    }
  });

  test('catalogueEntry sorts, removes doubles and completes the facts', () => {
    expect(
      catalogueEntry(
        'Quiche',
        IngredientKind.Autre,
        [Allergen.Lait, Allergen.Gluten, Allergen.Lait],
        [Porc],
      ),
    ).toEqual({ name: 'Quiche', kind: 0, allergens: [0, 6], diet: [0, 1, 3] });
    expect(catalogueEntry('Sel', IngredientKind.Epicerie)).toEqual({ name: 'Sel', kind: 4 });
  });

  test('137 of the 260 ingredients carry something, every allergen but lupin used', () => {
    expect(all.filter((i) => i.allergens || i.diet)).toHaveLength(137);
    const used = new Set(all.flatMap((i) => i.allergens ?? []));
    expect(ALLERGENS.filter((a) => !used.has(a))).toEqual([Allergen.Lupin]);
  });
});

describe('the catalogue allergens', () => {
  test('cereals with gluten: flour, pasta, bread, semoule, biscuits, oats, soy sauce', () => {
    const cereals = named(
      'farine de blé',
      'pâte',
      'pain',
      'semoule',
      'boulgour',
      'biscu',
      'coquillettes',
      'macaronis',
      'penne',
      'spaghetti',
      'tagliatelles',
      'lasagne',
      'vermicelles',
      'nouilles',
      'gnocchis',
      'chapelure',
      'croûtons',
      'avoine',
      'muesli',
      'brioche',
      'croissant',
      'madeleines',
      'gaufres',
      'quatre-quarts',
      'tortillas',
      'petits-beurre',
      'pané',
      'nuggets',
      'cordon bleu',
      'sauce soja',
      'céréales',
    ).filter((i) => !['Pâte à tartiner', 'Pâté de campagne'].includes(i.name));
    expect(cereals).toHaveLength(41);
    expect(names(cereals.filter((i) => !has(i, Allergen.Gluten)))).toEqual([]);
    expect(
      names(ofKind(IngredientKind.Boulangerie).filter((i) => !has(i, Allergen.Gluten))),
    ).toEqual([]);
  });

  test('no gluten in rice, potatoes, polenta, quinoa, pulses, fruits and vegetables', () => {
    const free = [
      ...named('riz', 'pomme de terre', 'polenta', 'quinoa', 'lentilles', 'haricots'),
      ...named('fécule de maïs', 'flageolets', 'pois cassés', 'pois chiches', 'petits pois'),
      ...ofKind(IngredientKind.FruitsLegumes),
    ];
    expect(free.length).toBeGreaterThan(75);
    expect(names(free.filter((i) => has(i, Allergen.Gluten)))).toEqual([]);
  });

  test('milk in every dairy product and what is made with milk, butter or cheese', () => {
    const dairy = ofKind(IngredientKind.Laitages).filter((i) => i.name !== 'Œufs');
    expect(dairy).toHaveLength(26);
    const named_ = named(
      'fromage',
      'beurre',
      'crème',
      'yaourt',
      'lait entier',
      'demi-écrémé',
      'au lait',
      'pesto',
    );
    const withMilk = [...dairy, ...named_].filter((i) => i.name !== 'Lait de coco');
    expect(names(withMilk.filter((i) => !has(i, Allergen.Lait) || !is(i, Animal)))).toEqual([]);
    expect(has(item('Lait de coco'), Allergen.Lait)).toBe(false);
    expect(item('Lait de coco').diet).toBeUndefined();
  });

  test('eggs in eggs, mayonnaise, egg pasta, cakes and viennoiseries', () => {
    const withEggs = [
      ...named('œufs', 'mayonnaise', 'tagliatelles', 'lasagne', 'brioche', 'croissant'),
      ...named('madeleines', 'quatre-quarts', 'gaufres', 'pain au chocolat', 'surimi'),
    ];
    expect(withEggs).toHaveLength(11);
    expect(names(withEggs.filter((i) => !has(i, Allergen.Oeufs) || !is(i, Animal)))).toEqual([]);
  });

  test('fish, crustaceans and molluscs, and nothing else of them', () => {
    const fish = named('cabillaud', 'colin', 'saumon', 'thon', 'sardines', 'poisson', 'surimi');
    expect(names(fish)).toEqual([
      'Filet de cabillaud',
      'Filet de colin',
      'Pavé de saumon',
      'Poisson pané',
      "Sardines à l'huile",
      'Saumon fumé',
      'Surimi',
      'Thon en conserve',
    ]);
    expect(names(all.filter((i) => has(i, Allergen.Poissons)))).toEqual(names(fish));
    expect(names(all.filter((i) => has(i, Allergen.Crustaces)))).toEqual(['Crevettes', 'Surimi']);
    expect(names(all.filter((i) => has(i, Allergen.Mollusques)))).toEqual(['Moules']);
    expect(names(all.filter((i) => is(i, Poisson)))).toEqual([
      'Crevettes',
      'Filet de cabillaud',
      'Filet de colin',
      'Moules',
      'Pavé de saumon',
      'Poisson pané',
      "Sardines à l'huile",
      'Saumon fumé',
      'Surimi',
      'Thon en conserve',
    ]);
  });

  test('peanuts, nuts, sesame, soy, celery, mustard, each where it belongs', () => {
    expect(names(all.filter((i) => has(i, Allergen.Arachides)))).toEqual(['Cacahuètes']);
    expect(names(all.filter((i) => has(i, Allergen.FruitsACoque)))).toEqual([
      'Amandes effilées',
      'Amandes en poudre',
      'Muesli',
      'Noisettes',
      'Noix',
      'Pâte à tartiner',
      'Pesto',
    ]);
    expect(names(all.filter((i) => has(i, Allergen.Sesame)))).toEqual([
      'Pain à burger',
      'Pain aux céréales',
    ]);
    for (const name of ['Sauce soja', 'Chocolat noir', 'Chocolat au lait', 'Pâte à tartiner']) {
      expect(has(item(name), Allergen.Soja), name).toBe(true);
    }
    for (const i of named('céleri', 'bouillon')) expect(has(i, Allergen.Celeri), i.name).toBe(true);
    for (const i of named('moutarde', 'mayonnaise', 'cornichons')) {
      expect(has(i, Allergen.Moutarde), i.name).toBe(true);
    }
    expect(item('Sauce soja').allergens).toEqual([Allergen.Gluten, Allergen.Soja]);
    expect(item('Muscade').allergens).toBeUndefined();
    expect(item('Lait de coco').allergens).toBeUndefined();
  });

  test('sulfites in wine, vinegar, dried fruits; alcohol only in wine and vanilla extract', () => {
    for (const i of named('vin', 'vinaigre', 'abricots secs', 'raisins secs')) {
      expect(has(i, Allergen.Sulfites), i.name).toBe(true);
    }
    expect(names(all.filter((i) => is(i, Alcool)))).toEqual([
      'Extrait de vanille',
      'Vin blanc',
      'Vin rouge',
    ]);
    expect(item('Vin rouge')).toEqual({
      name: 'Vin rouge',
      kind: IngredientKind.Epicerie,
      allergens: [Allergen.Sulfites],
      diet: [Alcool],
    });
  });
});

describe('the catalogue diet facts', () => {
  test('every meat or fish of its category is marked meat or fish', () => {
    const meats = ofKind(IngredientKind.ViandesPoissons);
    expect(meats).toHaveLength(39);
    expect(names(meats.filter((i) => !is(i, Viande) && !is(i, Poisson)))).toEqual([]);
    expect(names(meats.filter((i) => is(i, Viande) && is(i, Poisson)))).toEqual([]);
  });

  test('pork products are pork; poultry, beef, lamb, veal and merguez are not', () => {
    const pork = named(
      'porc',
      'jambon',
      'lardons',
      'chorizo',
      'saucisson',
      'saucisse',
      'chipolatas',
      'rillettes',
      'pâté de campagne',
      'cordon bleu',
    );
    expect(pork).toHaveLength(14);
    expect(names(pork.filter((i) => !is(i, Porc)))).toEqual([]);
    expect(names(all.filter((i) => is(i, Porc)))).toEqual(
      names(pork).sort((a, b) => a.localeCompare(b, 'fr')),
    );
    const notPork = named('poulet', 'bœuf', 'agneau', 'veau', 'dinde', 'merguez', 'steak');
    expect(notPork.length).toBeGreaterThanOrEqual(14);
    for (const i of notPork) {
      expect(is(i, Porc), i.name).toBe(i.name === 'Cordon bleu');
      if (i.kind === IngredientKind.ViandesPoissons) expect(is(i, Viande), i.name).toBe(true);
    }
  });

  test('meat stock is meat; vegetable stock is not', () => {
    expect(item('Bouillon de bœuf').diet).toEqual([Viande, Animal]);
    expect(item('Bouillon de volaille').diet).toEqual([Viande, Animal]);
    expect(item('Bouillon de légumes').diet).toBeUndefined();
  });

  test('honey is of animal origin, and so is what is made with it', () => {
    expect(item('Miel').diet).toEqual([Animal]);
    expect(is(item("Pain d'épices"), Animal)).toBe(true);
    expect(is(item("Sirop d'érable"), Animal)).toBe(false);
  });

  test('no fruit or vegetable has a diet fact; only celery an allergen', () => {
    const plants = ofKind(IngredientKind.FruitsLegumes);
    expect(plants).toHaveLength(68);
    expect(names(plants.filter((i) => i.diet !== undefined))).toEqual([]);
    expect(names(plants.filter((i) => i.allergens !== undefined))).toEqual([
      'Céleri-branche',
      'Céleri-rave',
    ]);
    expect(item('Céleri-rave').allergens).toEqual([Allergen.Celeri]);
  });

  test('water and ice are nothing', () => {
    for (const i of ofKind(IngredientKind.Autre)) {
      expect(i.allergens, i.name).toBeUndefined();
      expect(i.diet, i.name).toBeUndefined();
    }
  });

  test('suits each diet as expected', () => {
    const suits = (name: string): Diet[] =>
      DIETS.filter((d) => suitsDiet(new Set(item(name).diet ?? []), d));
    expect(suits('Tomate')).toEqual([0, 1, 2, 3]);
    expect(suits('Lardons')).toEqual([]);
    expect(suits('Steak haché')).toEqual([Diet.SansPorc]);
    expect(suits('Pavé de saumon')).toEqual([Diet.SansPorc, Diet.SansViande]);
    expect(suits('Crevettes')).toEqual([Diet.SansPorc, Diet.SansViande]);
    expect(suits('Beurre')).toEqual([Diet.Vegetarien, Diet.SansPorc, Diet.SansViande]);
    expect(suits('Œufs')).toEqual([Diet.Vegetarien, Diet.SansPorc, Diet.SansViande]);
    expect(suits('Vin rouge')).toEqual([0, 1, 2, 3]);
  });
});
