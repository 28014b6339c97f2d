/**
 * The enumerations of the product (spec 3.1): codes as stored, French labels, colours.
 * Codes are part of the public contract (REST, CSV, export link): never renumber them.
 */

/** Ingredient category. */
export const IngredientKind = {
  Autre: 0,
  FruitsLegumes: 1,
  Feculents: 2,
  ViandesPoissons: 3,
  Epicerie: 4,
  Laitages: 5,
  Boulangerie: 6,
} as const;
export type IngredientKind = (typeof IngredientKind)[keyof typeof IngredientKind];
export const INGREDIENT_KINDS: readonly IngredientKind[] = [0, 1, 2, 3, 4, 5, 6];

/** The category label. 'Autre' shows as an empty label in lists (spec 3.1). */
export const INGREDIENT_KIND_LABELS: Record<IngredientKind, string> = {
  0: '',
  1: 'Fruits et légumes',
  2: 'Féculents',
  3: 'Viandes, poissons',
  4: 'Épicerie',
  5: 'Laitages',
  6: 'Boulangerie',
};
/** The category name where an empty label would read badly (selects, sheet titles). */
export const INGREDIENT_KIND_NAMES: Record<IngredientKind, string> = {
  ...INGREDIENT_KIND_LABELS,
  0: 'Autre',
};

/** Course type ("Plat"). */
export const Plat = { Autre: 0, Dessert: 1, PlatPrincipal: 2, Entree: 3 } as const;
export type Plat = (typeof Plat)[keyof typeof Plat];
export const PLATS: readonly Plat[] = [0, 1, 2, 3];
export const PLAT_LABELS: Record<Plat, string> = {
  0: 'Autre',
  1: 'Dessert',
  2: 'Plat principal',
  3: 'Entrée',
};

/** Unit of a quantity. */
export const Unite = { Pieces: 0, Kg: 1, G: 2, L: 3, CL: 4 } as const;
export type Unite = (typeof Unite)[keyof typeof Unite];
export const UNITES: readonly Unite[] = [0, 1, 2, 3, 4];
export const UNITE_LABELS: Record<Unite, string> = {
  0: 'pièces',
  1: 'kg',
  2: 'gr',
  3: 'L',
  4: 'cL',
};

/** Meal slot ("Horaire"). */
export const Horaire = { PetitDejeuner: 0, Midi: 1, Gouter: 2, Diner: 3, Cinquieme: 4 } as const;
export type Horaire = (typeof Horaire)[keyof typeof Horaire];
export const HORAIRES: readonly Horaire[] = [0, 1, 2, 3, 4];
export const HORAIRE_LABELS: Record<Horaire, string> = {
  0: 'Petit déjeuner',
  1: 'Midi',
  2: 'Goûter',
  3: 'Dîner',
  4: 'Cinquième',
};
/** Hour of the day a slot stands for in the phone export (reference page). */
export const HORAIRE_HOURS: Record<Horaire, number> = { 0: 8, 1: 12, 2: 16, 3: 19, 4: 22 };

/** Kind of an item in a search list (spec 3.1; 'receipe' is the contract's spelling). */
export type SearchItemKind = 'ingredient' | 'receipe' | 'menu';

export const isIngredientKind = (v: unknown): v is IngredientKind =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 6;
export const isPlat = (v: unknown): v is Plat =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 3;
export const isUnite = (v: unknown): v is Unite =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 4;
export const isHoraire = (v: unknown): v is Horaire =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 4;
