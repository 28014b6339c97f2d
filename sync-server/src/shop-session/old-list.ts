/**
 * The old phone app's shopping list (`PUT /api/shop-session`) as the lines of a shopLists row:
 * one line per ingredient (key: its id), its quantities kept as the line's uses and added up
 * as what to buy. Sizes are checked first, each with its own French message.
 */
import {
  MAX_NAME_LENGTH,
  MAX_SHOP_ITEMS,
  MAX_USES_PER_SHOP_ITEM,
  emptyTotal,
  shopItemKey,
  sumQuantities,
  type IngredientKind,
  type NewShopItem,
  type ShopUse,
  type Unite,
} from '@popote/domain';
import { HttpError } from '../http/errors.js';
import type { OldListIn, OldQuantityIn } from './schemas.js';

/** The largest quantity the app may send (OldQuantityIn). */
const MAX_QUANTITY = 1e9;
/** The largest total a line may hold (the domain's TotalSchema). */
const MAX_TOTAL = 1e12;

const frenchCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/gu, ' ');

const invalid = (what: string): HttpError => new HttpError(400, `Requête invalide : ${what}`);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isIntegerIn = (v: unknown, min: number, max: number): boolean =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

const tooLong = (v: unknown): boolean => typeof v === 'string' && v.length > MAX_NAME_LENGTH;

/** How the message names an ingredient: its name when it has a short one, else its rank. */
function nameOf(ingredient: Record<string, unknown>, index: number): string {
  const name = ingredient.Name;
  return typeof name === 'string' && name !== '' && name.length <= 60
    ? `l'ingrédient « ${name} »`
    : `l'ingrédient n° ${index + 1}`;
}

/**
 * The first problem of size or range in a list body, said in French for the person who sent
 * it; null when there is none (the schema still checks every field's type).
 */
export function explainOldList(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (!Array.isArray(body)) {
    return 'Requête invalide : le corps de la requête doit être la liste de courses (un tableau JSON).';
  }
  if (body.length > MAX_SHOP_ITEMS) {
    return `Requête invalide : une liste partagée compte au plus ${frenchCount(MAX_SHOP_ITEMS)} ingrédients.`;
  }
  for (const [index, entry] of body.entries()) {
    if (!isObject(entry) || !isObject(entry.Ingredient)) continue;
    const ingredient = entry.Ingredient;
    if (tooLong(ingredient.Name)) {
      return `Requête invalide : le nom de l'ingrédient n° ${index + 1} dépasse ${MAX_NAME_LENGTH} caractères.`;
    }
    const who = nameOf(ingredient, index);
    if (ingredient.Kind !== undefined && !isIntegerIn(ingredient.Kind, 0, 6)) {
      return `Requête invalide : la catégorie (Kind) de ${who} doit être un entier de 0 à 6.`;
    }
    const quantities = entry.Quantites;
    if (!Array.isArray(quantities)) continue;
    if (quantities.length > MAX_USES_PER_SHOP_ITEM) {
      return `Requête invalide : ${who} compte plus de ${MAX_USES_PER_SHOP_ITEM} quantités.`;
    }
    for (const q of quantities) {
      if (!isObject(q)) continue;
      const val = q.Quantite;
      if (typeof val !== 'number' || !(val >= 0 && val <= MAX_QUANTITY)) {
        return `Requête invalide : chaque quantité (Quantite) de ${who} doit être un nombre de 0 à 1 000 000 000.`;
      }
      if (q.Unite !== undefined && !isIntegerIn(q.Unite, 0, 4)) {
        return `Requête invalide : l'unité (Unite) d'une quantité de ${who} doit être un entier de 0 à 4.`;
      }
      const origin = q.Origin;
      if (isObject(origin) && (tooLong(origin.MealName) || tooLong(origin.ReceipeName))) {
        return `Requête invalide : un nom de repas ou de recette de ${who} dépasse ${MAX_NAME_LENGTH} caractères.`;
      }
      if (isObject(origin) && typeof origin.MealDate === 'string' && origin.MealDate.length > 40) {
        return `Requête invalide : la date de repas (MealDate) d'une quantité de ${who} est trop longue.`;
      }
    }
  }
  return null;
}

const useOf = (q: OldQuantityIn): ShopUse => ({
  val: q.Quantite,
  unite: q.Unite as Unite,
  mealDate: q.Origin?.MealDate ?? '',
  mealName: q.Origin?.MealName ?? '',
  recipeName: q.Origin?.ReceipeName ?? '',
});

export interface OldListPlan {
  items: NewShopItem[];
  /** Keys of the lines the app sent ticked. */
  checked: string[];
}

/**
 * The lines of the list, in the order the app sent them. The same ingredient sent twice is one
 * line holding both entries' quantities, ticked when every entry was.
 */
export function planOldList(list: OldListIn): OldListPlan {
  const merged = new Map<
    number,
    { first: OldListIn[number]; uses: OldQuantityIn[]; all: boolean }
  >();
  for (const entry of list) {
    const known = merged.get(entry.Ingredient.Id);
    const uses = entry.Quantites ?? [];
    const checked = entry.Checked ?? false;
    if (known) {
      known.uses.push(...uses);
      known.all &&= checked;
    } else {
      merged.set(entry.Ingredient.Id, { first: entry, uses: [...uses], all: checked });
    }
  }
  const items: NewShopItem[] = [];
  const checked: string[] = [];
  for (const [id, { first, uses, all }] of merged) {
    const who = nameOf(first.Ingredient, items.length);
    if (uses.length > MAX_USES_PER_SHOP_ITEM) {
      throw invalid(`${who} compte plus de ${MAX_USES_PER_SHOP_ITEM} quantités.`);
    }
    const shopUses = uses.map(useOf);
    const total = sumQuantities(shopUses);
    if (Object.values(total).some((v) => v > MAX_TOTAL)) {
      throw invalid(`la quantité totale de ${who} est trop grande.`);
    }
    const key = shopItemKey(id, null);
    items.push({
      key,
      ingredientId: id,
      name: first.Ingredient.Name,
      kind: first.Ingredient.Kind as IngredientKind,
      supplier: '',
      day: null,
      need: total,
      inStock: emptyTotal(),
      toBuy: total,
      uses: shopUses,
    });
    if (all) checked.push(key);
  }
  return { items, checked };
}
