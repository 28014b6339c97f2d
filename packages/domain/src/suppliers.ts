/**
 * Supplier resolution over a profile's mapping, and the pure edits of that mapping (the
 * mapping screen and the shopping spreadsheet's default choices).
 */
import type { Id, Ingredient, Profile, Supplier } from './entities.js';
import { NO_SUPPLIER } from './entities.js';
import type { IngredientKind } from './enums.js';
import { INGREDIENT_KINDS, isIngredientKind } from './enums.js';
import { invalid } from './errors.js';

export const NO_SUPPLIER_NAME = 'Sans fournisseur';

/** An ingredient-level link wins, else the link of the ingredient's kind, else no supplier. */
export function resolveSupplier(profile: Profile, ingredient: Ingredient): Id {
  const own = profile.ingredientLinks.find((l) => l.ingredientId === ingredient.id);
  if (own) return own.supplierId;
  const byKind = profile.kindLinks.find((l) => l.kind === ingredient.kind);
  return byKind ? byKind.supplierId : NO_SUPPLIER;
}

/**
 * Links the ingredients to `newSupplier`. Linking to NO_SUPPLIER is kept as an explicit link:
 * an ingredient dragged to 'Sans fournisseur' stays there even when its category goes to a
 * supplier ('Supprimer les redondances' drops the link when the category has none).
 */
export function mapIngredients(
  profile: Profile,
  ingredientIds: readonly Id[],
  newSupplier: Id,
  suppliers: readonly Supplier[],
): Profile {
  checkSupplier(profile, newSupplier, suppliers);
  const ids = [...new Set(ingredientIds)];
  const kept = profile.ingredientLinks.filter((l) => !ids.includes(l.ingredientId));
  const added = ids.map((ingredientId) => ({ ingredientId, supplierId: newSupplier }));
  return { ...profile, ingredientLinks: [...kept, ...added] };
}

/** Links the kinds to `supplier` (NO_SUPPLIER removes their links). */
export function mapKinds(
  profile: Profile,
  kinds: readonly IngredientKind[],
  supplier: Id,
  suppliers: readonly Supplier[],
): Profile {
  for (const kind of kinds) {
    if (!isIngredientKind(kind)) throw invalid(`La catégorie ${String(kind)} est inconnue.`);
  }
  checkSupplier(profile, supplier, suppliers);
  const unique = [...new Set(kinds)];
  const kept = profile.kindLinks.filter((l) => !unique.includes(l.kind));
  const added =
    supplier === NO_SUPPLIER ? [] : unique.map((kind) => ({ kind, supplierId: supplier }));
  return { ...profile, kindLinks: [...kept, ...added] };
}

/**
 * 'Supprimer les redondances': drops every ingredient link that its kind's link already
 * implies. Links of ingredients missing from `ingredientsById` are kept (nothing proves them
 * redundant).
 */
export function tidyProfile(
  profile: Profile,
  ingredientsById: ReadonlyMap<Id, Ingredient>,
): Profile {
  const kindSupplier = new Map(profile.kindLinks.map((l) => [l.kind, l.supplierId]));
  const ingredientLinks = profile.ingredientLinks.filter((link) => {
    const ingredient = ingredientsById.get(link.ingredientId);
    return !ingredient || (kindSupplier.get(ingredient.kind) ?? NO_SUPPLIER) !== link.supplierId;
  });
  return { ...profile, ingredientLinks };
}

/** The spreadsheet's default supplier of each ingredient; all NO_SUPPLIER without a profile. */
export function defaultMapping(
  profile: Profile | null,
  ingredients: readonly Ingredient[],
): Record<Id, Id> {
  const mapping: Record<Id, Id> = {};
  for (const ingredient of ingredients) {
    mapping[ingredient.id] = profile ? resolveSupplier(profile, ingredient) : NO_SUPPLIER;
  }
  return mapping;
}

/** The profile without any link to the supplier (before the supplier row is deleted). */
export function removeSupplierFromProfile(profile: Profile, supplierId: Id): Profile {
  return {
    ...profile,
    ingredientLinks: profile.ingredientLinks.filter((l) => l.supplierId !== supplierId),
    kindLinks: profile.kindLinks.filter((l) => l.supplierId !== supplierId),
  };
}

export interface SupplierColumn {
  /** NO_SUPPLIER for the first column. */
  id: Id;
  name: string;
  /** The kinds whose link leads here (unlinked kinds go to 'Sans fournisseur'). */
  kinds: IngredientKind[];
  /** The ingredients that resolve here, by kind or by their own link, sorted by name. */
  ingredients: Ingredient[];
}

/**
 * The mapping screen: 'Sans fournisseur' first, then the profile's suppliers sorted by name.
 * A link to a supplier that is not among `suppliers` counts as no supplier, so that nothing
 * vanishes from the screen.
 */
export function supplierColumns(
  profile: Profile,
  suppliers: readonly Supplier[],
  ingredients: readonly Ingredient[],
): SupplierColumn[] {
  const own = suppliers
    .filter((s) => s.profileId === profile.id)
    .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
  const columns: SupplierColumn[] = [
    { id: NO_SUPPLIER, name: NO_SUPPLIER_NAME, kinds: [], ingredients: [] },
    ...own.map((s) => ({ id: s.id, name: s.name, kinds: [], ingredients: [] })),
  ];
  const byId = new Map(columns.map((c) => [c.id, c]));
  const columnOf = (supplierId: Id): SupplierColumn =>
    byId.get(supplierId) ?? (columns[0] as SupplierColumn);

  for (const kind of INGREDIENT_KINDS) {
    const link = profile.kindLinks.find((l) => l.kind === kind);
    columnOf(link ? link.supplierId : NO_SUPPLIER).kinds.push(kind);
  }
  const sorted = [...ingredients].sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
  for (const ingredient of sorted) {
    columnOf(resolveSupplier(profile, ingredient)).ingredients.push(ingredient);
  }
  return columns;
}

function checkSupplier(profile: Profile, supplierId: Id, suppliers: readonly Supplier[]): void {
  if (supplierId === NO_SUPPLIER) return;
  if (!suppliers.some((s) => s.id === supplierId && s.profileId === profile.id)) {
    throw invalid(`Le fournisseur ${supplierId} n'appartient pas au profil « ${profile.name} ».`);
  }
}

// Made when first used (see EUROS in costs.ts).
let collator: Intl.Collator | undefined;
function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}
