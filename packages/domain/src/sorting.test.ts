import { describe, expect, it } from 'vitest';
import { Plat } from './enums.js';
import { compareByName, compareFrench, compareItems, sortSuppliers } from './sorting.js';

describe('compareFrench', () => {
  it('orders letters without regard to accents or case', () => {
    const names = ['Zeste', 'éclair', 'abricot', 'Écorce', 'Banane', 'œuf', 'oignon'];
    expect([...names].sort(compareFrench)).toEqual([
      'abricot',
      'Banane',
      'éclair',
      'Écorce',
      'œuf',
      'oignon',
      'Zeste',
    ]);
  });
  it('breaks ties by accents, then lower case first', () => {
    expect(['côté', 'côte', 'coté', 'cote'].sort(compareFrench)).toEqual([
      'cote',
      'coté',
      'côte',
      'côté',
    ]);
    expect(['Pain', 'pain', 'PAIN'].sort(compareFrench)).toEqual(['pain', 'Pain', 'PAIN']);
  });
  it('is zero only for identical strings', () => {
    expect(compareFrench('Riz', 'Riz')).toBe(0);
    expect(compareFrench('Riz', 'riz')).not.toBe(0);
  });
});

describe('compareByName', () => {
  it('compares the name fields', () => {
    expect(compareByName({ name: 'Épinards' }, { name: 'farine' })).toBeLessThan(0);
    expect(compareByName({ name: 'sel' }, { name: 'Poivre' })).toBeGreaterThan(0);
  });
});

describe('compareItems', () => {
  it('orders by course descending, then by title or name', () => {
    const items = [
      { plat: Plat.Dessert, name: 'Tarte' },
      { plat: Plat.Autre, name: 'Pain' },
      { plat: Plat.Entree, title: 'Salade' },
      { plat: Plat.PlatPrincipal, name: 'Lasagnes' },
      { plat: Plat.Dessert, name: 'éclair' },
      { plat: Plat.Entree, name: 'Carottes râpées' },
    ];
    expect(items.sort(compareItems).map((i) => ('title' in i ? i.title : i.name))).toEqual([
      'Carottes râpées',
      'Salade',
      'Lasagnes',
      'éclair',
      'Tarte',
      'Pain',
    ]);
  });
});

describe('sortSuppliers', () => {
  it('sorts by name, then id, without touching the input', () => {
    const suppliers = [
      { id: 3, profileId: 1, owner: 1, name: 'Primeur' },
      { id: 2, profileId: 1, owner: 1, name: 'boucherie' },
      { id: 9, profileId: 1, owner: 1, name: 'Épicerie' },
      { id: 1, profileId: 1, owner: 1, name: 'Primeur' },
    ];
    expect(sortSuppliers(suppliers).map((s) => s.id)).toEqual([2, 9, 1, 3]);
    expect(suppliers.map((s) => s.id)).toEqual([3, 2, 9, 1]);
  });
  it('returns an empty list for none', () => {
    expect(sortSuppliers([])).toEqual([]);
  });
});
