import { describe, expect, it } from 'vitest';
import type { Ingredient, Profile, Supplier } from './entities.js';
import { NO_SUPPLIER } from './entities.js';
import type { IngredientKind } from './enums.js';
import { IngredientKind as Kind } from './enums.js';
import { DomainError } from './errors.js';
import {
  defaultMapping,
  mapIngredients,
  mapKinds,
  removeSupplierFromProfile,
  resolveSupplier,
  supplierColumns,
  tidyProfile,
} from './suppliers.js';

const ing = (id: number, name: string, kind: IngredientKind): Ingredient => ({
  id,
  name,
  kind,
  owner: null,
});
const tomate = ing(1, 'Tomate', Kind.FruitsLegumes);
const pomme = ing(2, 'Pomme', Kind.FruitsLegumes);
const pates = ing(3, 'Pâtes', Kind.Feculents);
const riz = ing(4, 'Riz', Kind.Feculents);
const sel = ing(5, 'sel', Kind.Epicerie);
const ingredients = [tomate, pomme, pates, riz, sel];
const byId = new Map(ingredients.map((i) => [i.id, i]));

const supplier = (id: number, name: string, profileId = 40): Supplier => ({
  id,
  profileId,
  owner: 7,
  name,
});
const primeur = supplier(41, 'Primeur');
const epicerie = supplier(42, 'Épicerie du coin');
const auchan = supplier(43, 'Auchan');
const foreign = supplier(51, 'Ailleurs', 50);
const suppliers = [primeur, epicerie, auchan, foreign];

const profile: Profile = {
  id: 40,
  owner: 7,
  name: 'Courses',
  kindLinks: [
    { kind: Kind.FruitsLegumes, supplierId: 41 },
    { kind: Kind.Feculents, supplierId: 42 },
  ],
  ingredientLinks: [
    { ingredientId: 1, supplierId: 43 },
    { ingredientId: 2, supplierId: 41 },
    { ingredientId: 3, supplierId: 42 },
    { ingredientId: 5, supplierId: 42 },
  ],
};

describe('resolveSupplier', () => {
  it('prefers the ingredient link, then the kind link, then no supplier', () => {
    expect(resolveSupplier(profile, tomate)).toBe(43);
    expect(resolveSupplier(profile, riz)).toBe(42);
    expect(resolveSupplier(profile, sel)).toBe(42);
    expect(resolveSupplier(profile, ing(9, 'Lait', Kind.Laitages))).toBe(NO_SUPPLIER);
  });
});

describe('mapIngredients', () => {
  it('replaces the links of the ingredients', () => {
    const next = mapIngredients(profile, [1, 4, 4], 41, suppliers);
    expect(next.ingredientLinks).toEqual([
      { ingredientId: 2, supplierId: 41 },
      { ingredientId: 3, supplierId: 42 },
      { ingredientId: 5, supplierId: 42 },
      { ingredientId: 1, supplierId: 41 },
      { ingredientId: 4, supplierId: 41 },
    ]);
    expect(next.kindLinks).toEqual(profile.kindLinks);
    expect(profile.ingredientLinks).toHaveLength(4);
  });
  it("keeps 'no supplier' as an explicit link that wins over the category", () => {
    const next = mapIngredients(profile, [1, 3], NO_SUPPLIER, suppliers);
    expect(next.ingredientLinks).toEqual([
      { ingredientId: 2, supplierId: 41 },
      { ingredientId: 5, supplierId: 42 },
      { ingredientId: 1, supplierId: NO_SUPPLIER },
      { ingredientId: 3, supplierId: NO_SUPPLIER },
    ]);
    // Tomate's category goes to the Primeur, but it was dragged to 'Sans fournisseur'.
    expect(resolveSupplier(next, tomate)).toBe(NO_SUPPLIER);
    expect(
      supplierColumns(next, suppliers, ingredients)[0]?.ingredients.map((i) => i.id),
    ).toContain(1);
  });
  it('refuses a supplier of another profile or an unknown one', () => {
    expect(() => mapIngredients(profile, [1], 51, suppliers)).toThrow(DomainError);
    expect(() => mapIngredients(profile, [1], 51, suppliers)).toThrow(
      "Le fournisseur 51 n'appartient pas au profil « Courses ».",
    );
    expect(() => mapIngredients(profile, [1], 77, suppliers)).toThrow(DomainError);
  });
});

describe('mapKinds', () => {
  it('links the kinds to the supplier', () => {
    const next = mapKinds(profile, [Kind.Feculents, Kind.Laitages], 43, suppliers);
    expect(next.kindLinks).toEqual([
      { kind: Kind.FruitsLegumes, supplierId: 41 },
      { kind: Kind.Feculents, supplierId: 43 },
      { kind: Kind.Laitages, supplierId: 43 },
    ]);
    expect(next.ingredientLinks).toEqual(profile.ingredientLinks);
  });
  it('removes the kind links for no supplier', () => {
    const next = mapKinds(profile, [Kind.FruitsLegumes], NO_SUPPLIER, suppliers);
    expect(next.kindLinks).toEqual([{ kind: Kind.Feculents, supplierId: 42 }]);
  });
  it('refuses unknown kinds and foreign suppliers', () => {
    expect(() => mapKinds(profile, [9 as IngredientKind], 41, suppliers)).toThrow(
      'La catégorie 9 est inconnue.',
    );
    expect(() => mapKinds(profile, [Kind.Autre], 51, suppliers)).toThrow(DomainError);
  });
});

describe('tidyProfile', () => {
  it("drops an explicit 'no supplier' link only when the category has no supplier either", () => {
    const explicit = mapIngredients(profile, [tomate.id, sel.id], NO_SUPPLIER, suppliers);
    const next = tidyProfile(explicit, byId);
    // Tomate's category goes to the Primeur: its explicit link matters. Sel's category has
    // no supplier: its explicit link said nothing more.
    expect(next.ingredientLinks).toContainEqual({
      ingredientId: tomate.id,
      supplierId: NO_SUPPLIER,
    });
    expect(next.ingredientLinks.some((l) => l.ingredientId === sel.id)).toBe(false);
  });
  it('drops only the ingredient links that their kind already implies', () => {
    const withUnknown: Profile = {
      ...profile,
      ingredientLinks: [...profile.ingredientLinks, { ingredientId: 99, supplierId: 41 }],
    };
    const next = tidyProfile(withUnknown, byId);
    // Pomme (fruit → Primeur) and Pâtes (féculent → Épicerie) were redundant; Tomate goes to
    // another supplier than its kind, sel has no kind link, 99 is unknown.
    expect(next.ingredientLinks).toEqual([
      { ingredientId: 1, supplierId: 43 },
      { ingredientId: 5, supplierId: 42 },
      { ingredientId: 99, supplierId: 41 },
    ]);
    expect(next.kindLinks).toEqual(profile.kindLinks);
    for (const i of ingredients) expect(resolveSupplier(next, i)).toBe(resolveSupplier(profile, i));
  });
});

describe('defaultMapping', () => {
  it('maps each ingredient to its resolved supplier', () => {
    expect(defaultMapping(profile, ingredients)).toEqual({ 1: 43, 2: 41, 3: 42, 4: 42, 5: 42 });
  });
  it('maps everything to no supplier without a profile', () => {
    expect(defaultMapping(null, [tomate, riz])).toEqual({ 1: -1, 4: -1 });
  });
});

describe('removeSupplierFromProfile', () => {
  it('drops every link to the supplier', () => {
    const next = removeSupplierFromProfile(profile, 42);
    expect(next.kindLinks).toEqual([{ kind: Kind.FruitsLegumes, supplierId: 41 }]);
    expect(next.ingredientLinks).toEqual([
      { ingredientId: 1, supplierId: 43 },
      { ingredientId: 2, supplierId: 41 },
    ]);
  });
});

describe('supplierColumns', () => {
  it("lists 'Sans fournisseur' then the profile's suppliers by name", () => {
    const columns = supplierColumns(profile, suppliers, ingredients);
    expect(columns.map((c) => [c.id, c.name, c.kinds, c.ingredients.map((i) => i.name)])).toEqual([
      [-1, 'Sans fournisseur', [0, 3, 4, 5, 6], []],
      [43, 'Auchan', [], ['Tomate']],
      [42, 'Épicerie du coin', [2], ['Pâtes', 'Riz', 'sel']],
      [41, 'Primeur', [1], ['Pomme']],
    ]);
  });
  it('puts links to unknown suppliers under no supplier', () => {
    const stale: Profile = {
      ...profile,
      kindLinks: [{ kind: Kind.Laitages, supplierId: 77 }],
      ingredientLinks: [{ ingredientId: 4, supplierId: 77 }],
    };
    const columns = supplierColumns(stale, [primeur], [riz, sel]);
    expect(columns.map((c) => [c.id, c.kinds, c.ingredients.map((i) => i.id)])).toEqual([
      [-1, [0, 1, 2, 3, 4, 5, 6], [4, 5]],
      [41, [], []],
    ]);
  });
});
