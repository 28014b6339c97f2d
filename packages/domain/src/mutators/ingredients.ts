/** Mutators of ingredients, and the rules that protect shared ones. */
import { Type } from '@sinclair/typebox';
import type { IngredientKind } from '../enums.js';
import type { Id, Ingredient } from '../entities.js';
import { conflict } from '../errors.js';
import { normalizeSearchText } from '../text.js';
import type { MutationContext } from './define.js';
import { defineMutator } from './define.js';
import { anyUser, ownerOf, readable, requiredName } from './access.js';
import { AllergensSchema, DietFactsSchema, IdSchema, KindSchema, NameSchema } from './schemas.js';
import { argText, quoted, argInt, ofPhrase, changes, newName } from './describe-words.js';
import { INGREDIENT_KIND_NAMES, isIngredientKind } from '../enums.js';

// ---- Ingredients ----

export async function checkIngredientNameFree(
  ctx: MutationContext,
  name: string,
  exceptId?: Id,
): Promise<void> {
  const same = await ctx.store.whereIds('ingredients', 'nameKey', normalizeSearchText(name));
  if (same.some((id) => id !== exceptId)) {
    throw conflict(`L'ingrédient « ${name} » existe déjà.`);
  }
}

export const createIngredient = defineMutator({
  label: "Création d'un ingrédient",
  schema: Type.Object({
    id: IdSchema,
    name: NameSchema,
    kind: KindSchema,
    allergens: Type.Optional(AllergensSchema),
    diet: Type.Optional(DietFactsSchema),
  }),
  access: anyUser,
  describe: async (a) => {
    const kind = isIngredientKind(a.kind) ? ` (${INGREDIENT_KIND_NAMES[a.kind]})` : '';
    return `Création de l'ingrédient ${quoted(argText(a, 'name') ?? '')}${kind}`;
  },
  undo: null,
  run: async (ctx, { id, name, kind, allergens, diet }) => {
    const clean = requiredName(name, "de l'ingrédient");
    await checkIngredientNameFree(ctx, clean);
    await ctx.claimId('ingredients', id);
    const ingredient: Ingredient = {
      id,
      name: clean,
      kind: kind as IngredientKind,
      owner: ctx.userId,
      ...storedFacts(allergens, diet),
    };
    await ctx.store.put('ingredients', ingredient);
  },
});

/** Allergens and diet facts as stored: sorted codes, left out when there are none. */
export function storedFacts(
  allergens: readonly number[] | undefined,
  diet: readonly number[] | undefined,
) {
  const sorted = (codes: readonly number[] | undefined) =>
    codes && codes.length > 0 ? [...new Set(codes)].sort((a, b) => a - b) : undefined;
  const a = sorted(allergens);
  const d = sorted(diet);
  return { ...(a ? { allergens: a } : {}), ...(d ? { diet: d } : {}) };
}

/** The refusal to rename or recategorise an ingredient that other users use. */
export const INGREDIENT_SHARED =
  "Cet ingrédient est utilisé par d'autres utilisateurs : son nom et sa catégorie ne peuvent " +
  'plus être modifiés. Créez un nouvel ingrédient si besoin.';

/** Whether a recipe or menu of another user than the ingredient's owner uses it. */
async function usedByOthers(ctx: MutationContext, ingredient: Ingredient): Promise<boolean> {
  for (const table of ['recipes', 'menus'] as const) {
    const users = await ctx.store.where(table, 'ingredientIds', ingredient.id);
    if (users.some((row) => row.owner !== ingredient.owner)) return true;
  }
  return false;
}

/**
 * An ingredient's name and category freeze once another user uses it (issue 15): otherwise its
 * owner could silently rename what other users' recipes and menus contain. A device sees only
 * the recipes and menus its user may read, so the server may refuse what the device allowed.
 * Its allergens, diet facts and freshness are not part of the freeze (see updateIngredient).
 * Shared by updateIngredient and by an undo that puts the ingredient back (restore.ts), so that
 * an undo cannot get round it (issue 30). `name` is the new name, already trimmed.
 */
export async function checkIngredientChange(
  ctx: MutationContext,
  ingredient: Ingredient,
  name: string,
  kind: number,
): Promise<void> {
  const changes = name !== ingredient.name || kind !== ingredient.kind;
  if (changes && (await usedByOthers(ctx, ingredient))) throw conflict(INGREDIENT_SHARED);
  if (name !== ingredient.name) await checkIngredientNameFree(ctx, name, ingredient.id);
}

export const updateIngredient = defineMutator({
  label: "Modification d'un ingrédient",
  schema: Type.Object({
    id: IdSchema,
    name: Type.Optional(NameSchema),
    kind: Type.Optional(KindSchema),
    /** Whether it is bought the day before it is used; null gives it back to its category. */
    fresh: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    /**
     * Its allergens and diet facts (issue 20). They say what it is, so they stay editable when
     * other users use it: a correction is for everyone's safety.
     */
    allergens: Type.Optional(AllergensSchema),
    diet: Type.Optional(DietFactsSchema),
  }),
  access: ownerOf('ingredients', 'id'),
  describe: async (a, w) => {
    const current = await w.row('ingredients', argInt(a, 'id'));
    const kind =
      isIngredientKind(a.kind) && a.kind !== current?.kind
        ? `catégorie ${quoted(INGREDIENT_KIND_NAMES[a.kind])}`
        : null;
    const fresh =
      a.fresh === undefined || a.fresh === current?.fresh
        ? null
        : a.fresh === true
          ? 'produit frais'
          : a.fresh === false
            ? 'pas un produit frais'
            : 'produit frais selon sa catégorie';
    return `Modification ${ofPhrase(await w.ingredient(argInt(a, 'id')))}${changes([
      newName(a, current?.name),
      kind,
      fresh,
    ])}`;
  },
  undo: null,
  run: async (ctx, { id, name, kind, fresh, allergens, diet }) => {
    const ingredient = await readable(ctx, 'ingredients', id);
    const clean = name === undefined ? ingredient.name : requiredName(name, "de l'ingrédient");
    await checkIngredientChange(ctx, ingredient, clean, kind ?? ingredient.kind);
    // Freshness is how its owner shops: it changes nothing of what other users' recipes mean.
    const { fresh: wasFresh, allergens: hadAllergens, diet: hadDiet, ...rest } = ingredient;
    const freshNow = fresh === undefined ? wasFresh : (fresh ?? undefined);
    await ctx.store.put('ingredients', {
      ...rest,
      name: clean,
      kind: (kind ?? ingredient.kind) as IngredientKind,
      ...(freshNow === undefined ? {} : { fresh: freshNow }),
      ...storedFacts(allergens ?? hadAllergens, diet ?? hadDiet),
    });
  },
});

/** The message of spec section 8 when an ingredient in use cannot be deleted. */
export const INGREDIENT_IN_USE = "L'ingrédient est utilisé dans une recette ou un menu.";

export const deleteIngredient = defineMutator({
  label: "Suppression d'un ingrédient",
  schema: Type.Object({ id: IdSchema }),
  access: ownerOf('ingredients', 'id'),
  describe: async (a, w) => `Suppression ${ofPhrase(await w.ingredient(argInt(a, 'id')))}`,
  undo: async (_store, _userId, a) => [{ table: 'ingredients', id: a.id }],
  run: async (ctx, { id }) => {
    const inRecipes = await ctx.store.whereIds('recipes', 'ingredientIds', id);
    const inMenus = await ctx.store.whereIds('menus', 'ingredientIds', id);
    if (inRecipes.length > 0 || inMenus.length > 0) throw conflict(INGREDIENT_IN_USE);
    await ctx.store.delete('ingredients', id);
  },
});
