/** Mutators of recipes and their ingredient lines. */
import { Type } from '@sinclair/typebox';
import type { Plat } from '../enums.js';
import type { Id, Recipe } from '../entities.js';
import { conflict, invalid } from '../errors.js';
import { MAX_INGREDIENTS_PER_RECIPE } from '../limits.js';
import { recipeIngredientInitialQuantity } from '../stay-rules.js';
import { normalizeSearchText } from '../text.js';
import type { MutationContext } from './define.js';
import { defineMutator } from './define.js';
import { anyUser, ownerOf, readable, requiredName } from './access.js';
import {
  DescriptionSchema,
  IdSchema,
  NameSchema,
  NowSchema,
  PlatSchema,
  QuantitySchema,
} from './schemas.js';
import {
  argText,
  quoted,
  argInt,
  ofPhrase,
  changes,
  newName,
  toPhrase,
  quantityWords,
} from './describe-words.js';

// ---- Recipes ----

/** A user's recipe names are unique (compared ignoring spaces, accents and case). */
export async function checkRecipeNameFree(
  ctx: MutationContext,
  name: string,
  exceptId?: Id,
): Promise<void> {
  const same = await ctx.store.whereIds(
    'recipes',
    'ownerName',
    `${ctx.userId}:${normalizeSearchText(name)}`,
  );
  if (same.some((id) => id !== exceptId)) {
    throw conflict(`Vous avez déjà une recette nommée « ${name} ».`);
  }
}

const INGREDIENT_IN_RECIPE = 'Cet ingrédient est déjà dans la recette.';

/**
 * What the line mutators keep true of a recipe: each ingredient once (the count is bounded by
 * the schemas). For a recipe an undo puts back (restore.ts), which comes whole.
 */
export function checkRecipeLines(lines: readonly { ingredientId: Id }[]): void {
  if (new Set(lines.map((l) => l.ingredientId)).size !== lines.length) {
    throw conflict(INGREDIENT_IN_RECIPE);
  }
}

export const createRecipe = defineMutator({
  label: "Création d'une recette",
  schema: Type.Object({ id: IdSchema, name: NameSchema, plat: PlatSchema, now: NowSchema }),
  access: anyUser,
  describe: async (a) => `Création de la recette ${quoted(argText(a, 'name') ?? '')}`,
  undo: null,
  run: async (ctx, { id, name, plat, now }) => {
    const clean = requiredName(name, 'de la recette');
    await checkRecipeNameFree(ctx, clean);
    await ctx.claimId('recipes', id);
    const recipe: Recipe = {
      id,
      owner: ctx.userId,
      name: clean,
      plat: plat as Plat,
      description: '',
      isPublished: false,
      updated: now,
      ingredients: [],
    };
    await ctx.store.put('recipes', recipe);
  },
});

export const updateRecipe = defineMutator({
  label: "Modification d'une recette",
  schema: Type.Object({
    id: IdSchema,
    name: Type.Optional(NameSchema),
    plat: Type.Optional(PlatSchema),
    description: Type.Optional(DescriptionSchema),
    now: NowSchema,
  }),
  access: ownerOf('recipes', 'id'),
  describe: async (a, w) => {
    const recipe = await w.recipeRow(argInt(a, 'id'));
    const description =
      typeof a.description === 'string' && a.description !== recipe?.description
        ? 'nouvelle description'
        : null;
    return `Modification ${ofPhrase(await w.recipe(argInt(a, 'id')))}${changes([
      newName(a, recipe?.name),
      description,
    ])}`;
  },
  undo: null,
  run: async (ctx, { id, name, plat, description, now }) => {
    const recipe = await readable(ctx, 'recipes', id);
    const clean = name === undefined ? recipe.name : requiredName(name, 'de la recette');
    if (clean !== recipe.name) await checkRecipeNameFree(ctx, clean, id);
    await ctx.store.put('recipes', {
      ...recipe,
      name: clean,
      plat: (plat ?? recipe.plat) as Plat,
      description: description ?? recipe.description,
      updated: now,
    });
  },
});

export const setRecipePublished = defineMutator({
  label: "Publication d'une recette",
  schema: Type.Object({ id: IdSchema, isPublished: Type.Boolean(), now: NowSchema }),
  access: ownerOf('recipes', 'id'),
  describe: async (a, w) =>
    `${a.isPublished === false ? 'Retrait de la publication' : 'Publication'} ${ofPhrase(
      await w.recipe(argInt(a, 'id')),
    )}`,
  undo: null,
  run: async (ctx, { id, isPublished, now }) => {
    const recipe = await readable(ctx, 'recipes', id);
    await ctx.store.put('recipes', { ...recipe, isPublished, updated: now });
  },
});

export const deleteRecipe = defineMutator({
  label: "Suppression d'une recette",
  schema: Type.Object({ id: IdSchema }),
  access: ownerOf('recipes', 'id'),
  describe: async (a, w) => `Suppression ${ofPhrase(await w.recipe(argInt(a, 'id')))}`,
  undo: async (_store, _userId, a) => [{ table: 'recipes', id: a.id }],
  run: async (ctx, { id }) => {
    const uses = (await ctx.store.whereIds('menus', 'recipeIds', id)).length;
    if (uses > 0) {
      throw conflict(
        uses === 1
          ? 'Cette recette est utilisée dans un menu : elle ne peut pas être supprimée.'
          : `Cette recette est utilisée dans ${uses} menus : elle ne peut pas être supprimée.`,
      );
    }
    if ((await ctx.store.whereIds('meals', 'altRecipeIds', id)).length > 0) {
      throw conflict(
        "Cette recette est l'alternative d'un repas : elle ne peut pas être supprimée.",
      );
    }
    await ctx.store.delete('recipes', id);
  },
});

export const addRecipeIngredient = defineMutator({
  label: "Ajout d'un ingrédient à une recette",
  schema: Type.Object({
    recipeId: IdSchema,
    ingredientId: IdSchema,
    initialFor: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    now: NowSchema,
  }),
  access: ownerOf('recipes', 'recipeId'),
  describe: async (a, w) =>
    `Ajout ${ofPhrase(await w.ingredient(argInt(a, 'ingredientId')))} ${toPhrase(await w.recipe(argInt(a, 'recipeId')))}`,
  undo: null,
  run: async (ctx, { recipeId, ingredientId, initialFor, now }) => {
    const recipe = await readable(ctx, 'recipes', recipeId);
    await readable(ctx, 'ingredients', ingredientId);
    if (recipe.ingredients.some((i) => i.ingredientId === ingredientId)) {
      throw conflict(INGREDIENT_IN_RECIPE);
    }
    if (recipe.ingredients.length >= MAX_INGREDIENTS_PER_RECIPE) {
      throw invalid(
        `Une recette ne peut pas contenir plus de ${MAX_INGREDIENTS_PER_RECIPE} ingrédients.`,
      );
    }
    const quantity = recipeIngredientInitialQuantity(initialFor);
    await ctx.store.put('recipes', {
      ...recipe,
      updated: now,
      ingredients: [...recipe.ingredients, { ingredientId, quantity }],
    });
  },
});

export const updateRecipeIngredient = defineMutator({
  label: "Modification d'un ingrédient de recette",
  schema: Type.Object({
    recipeId: IdSchema,
    ingredientId: IdSchema,
    quantity: QuantitySchema,
    now: NowSchema,
  }),
  access: ownerOf('recipes', 'recipeId'),
  describe: async (a, w) =>
    `Modification ${ofPhrase(await w.ingredient(argInt(a, 'ingredientId')))} dans ${await w.recipe(
      argInt(a, 'recipeId'),
    )}${changes([quantityWords(a.quantity)])}`,
  undo: null,
  run: async (ctx, { recipeId, ingredientId, quantity, now }) => {
    const recipe = await readable(ctx, 'recipes', recipeId);
    if (!recipe.ingredients.some((i) => i.ingredientId === ingredientId)) {
      throw invalid("Cet ingrédient n'est pas dans la recette.");
    }
    await ctx.store.put('recipes', {
      ...recipe,
      updated: now,
      ingredients: recipe.ingredients.map((i) =>
        i.ingredientId === ingredientId
          ? { ingredientId, quantity: { ...quantity, unite: quantity.unite as never } }
          : i,
      ),
    });
  },
});

export const removeRecipeIngredient = defineMutator({
  label: "Retrait d'un ingrédient de recette",
  schema: Type.Object({ recipeId: IdSchema, ingredientId: IdSchema, now: NowSchema }),
  access: ownerOf('recipes', 'recipeId'),
  describe: async (a, w) =>
    `Retrait ${ofPhrase(await w.ingredient(argInt(a, 'ingredientId')))} ${ofPhrase(
      await w.recipe(argInt(a, 'recipeId')),
    )}`,
  undo: null,
  run: async (ctx, { recipeId, ingredientId, now }) => {
    const recipe = await readable(ctx, 'recipes', recipeId);
    await ctx.store.put('recipes', {
      ...recipe,
      updated: now,
      ingredients: recipe.ingredients.filter((i) => i.ingredientId !== ingredientId),
    });
  },
});
