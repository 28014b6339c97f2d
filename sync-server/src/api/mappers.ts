/**
 * Rows of the domain (camelCase, as synced) to the contract's PascalCase shapes and back. Pure
 * and one-to-one: no rule lives here, only names and representations.
 */
import {
  Unite,
  type Group,
  type Ingredient,
  type Meal,
  type Menu,
  type Profile,
  type Quantity,
  type QuantityTotal,
  type Recipe,
  type Stay,
  type Supplier,
} from '@popote/domain';
import type {
  GroupOut,
  IngredientOut,
  MealExtOut,
  MealOut,
  MenuOut,
  Out,
  ProfileOut,
  QuantityIn,
  QuantityOut,
  QuantityROut,
  RecipeOut,
  StayOut,
  SupplierOut,
} from './schemas.js';

/** A day as the original service's dates read: midnight UTC in RFC 3339. */
export const dateTimeOf = (isoDay: string): string => `${isoDay}T00:00:00Z`;

/** The date part of what StartIn accepts. */
export const isoDayOf = (start: string): string => start.slice(0, 10);

export const quantityOut = (q: Quantity): Out<typeof QuantityROut> => ({
  Val: q.val,
  Unite: q.unite,
  For_: q.forPeople,
});

export const quantityIn = (q: QuantityIn): Quantity => ({
  val: q.Val,
  unite: q.Unite as Unite,
  forPeople: q.For_,
});

/**
 * A quantity sent in the contract's shape, in place of `current` (the line's quantity now): the
 * contract has no field for the 'quantité fixe' mark (issue 21), so a line marked fixed stays
 * fixed when an old client changes its value.
 */
export const quantityInKeepingFixed = (q: QuantityIn, current: Quantity | undefined): Quantity =>
  current?.fixed === true ? { ...quantityIn(q), fixed: true } : quantityIn(q);

/** The non-zero parts of a sum: pièces, then gr, then cL. */
export function totalOut(total: QuantityTotal): Out<typeof QuantityOut>[] {
  const parts: Out<typeof QuantityOut>[] = [];
  if (total.pieces !== 0) parts.push({ Unite: Unite.Pieces, Val: total.pieces });
  if (total.grams !== 0) parts.push({ Unite: Unite.G, Val: total.grams });
  if (total.centiliters !== 0) parts.push({ Unite: Unite.CL, Val: total.centiliters });
  return parts;
}

export const ingredientOut = (i: Ingredient): Out<typeof IngredientOut> => ({
  Id: i.id,
  Name: i.name,
  Kind: i.kind,
  Owner: i.owner ?? 0,
});

export const stayOut = (s: Stay): Out<typeof StayOut> => ({
  Id: s.id,
  Owner: s.owner,
  Start: dateTimeOf(s.start),
  Name: s.name,
  IdProfile: { Valid: s.profileId !== null, IdProfile: s.profileId ?? 0 },
  Label: s.name,
});

export const groupOut = (g: Group): Out<typeof GroupOut> => ({
  Id: g.id,
  Sejour: g.stayId,
  Name: g.name,
  Color: g.color,
  Size: g.size,
  IdSejour: g.stayId,
});

export const mealOut = (m: Meal): Out<typeof MealOut> => ({
  Id: m.id,
  Sejour: m.stayId,
  Menu: m.menuId,
  Jour: m.day,
  AdditionalPeople: m.additionalPeople,
  Horaire: m.slot,
});

export const mealGroupsOut = (m: Meal): Out<typeof MealExtOut>['Groups'] =>
  m.groupIds.map((IdGroup) => ({ IdMeal: m.id, IdGroup }));

export const mealExtOut = (m: Meal): Out<typeof MealExtOut> => ({
  Meal: mealOut(m),
  Groups: mealGroupsOut(m),
});

export const menuOut = (m: Menu): Out<typeof MenuOut> => ({
  Id: m.id,
  Owner: m.owner,
  IsFavorite: m.isFavorite,
  IsPublished: m.isPublished,
  Updated: m.updated,
});

export const recipeOut = (r: Recipe): Out<typeof RecipeOut> => ({
  Id: r.id,
  Owner: r.owner,
  Plat: r.plat,
  Name: r.name,
  Description: r.description,
  IsPublished: r.isPublished,
  Updated: r.updated,
});

export const profileOut = (p: Profile): Out<typeof ProfileOut> => ({
  Id: p.id,
  IdOwner: p.owner,
  Name: p.name,
});

export const supplierOut = (s: Supplier): Out<typeof SupplierOut> => ({
  Id: s.id,
  IdProfile: s.profileId,
  Name: s.name,
});

/** Rows keyed by id, as a JSON object. */
export function byIdOut<T extends { id: number }, O>(
  rows: readonly T[],
  map: (row: T) => O,
): Record<number, O> {
  const out: Record<number, O> = {};
  for (const row of rows) out[row.id] = map(row);
  return out;
}
