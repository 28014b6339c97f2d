/** The CSV import's confirmation (step 3): every recipe and new ingredient in one mutation. */
import { Type } from '@sinclair/typebox';
import type { IngredientKind, Plat } from '../enums.js';
import type { Id } from '../entities.js';
import { conflict } from '../errors.js';
import { MAX_INGREDIENTS_PER_RECIPE, MAX_RECIPES_PER_IMPORT } from '../limits.js';
import { normalizeSearchText } from '../text.js';
import { defineMutator } from './define.js';
import { anyUser, claimAll, readable, requiredName } from './access.js';
import {
  IdSchema,
  KindSchema,
  NameSchema,
  NowSchema,
  PlatSchema,
  QuantitySchema,
} from './schemas.js';

import { checkIngredientNameFree } from './ingredients.js';
import { checkRecipeNameFree } from './recipes.js';
import { nameList, type DescribedArgs } from './describe-words.js';

// ---- CSV import confirmation (step 3): everything in one mutation ----

export const importRecipes = defineMutator({
  label: 'Import de recettes',
  schema: Type.Object({
    newIngredients: Type.Array(Type.Object({ id: IdSchema, name: NameSchema, kind: KindSchema }), {
      maxItems: 5_000,
    }),
    recipes: Type.Array(
      Type.Object({
        id: IdSchema,
        name: NameSchema,
        plat: PlatSchema,
        ingredients: Type.Array(Type.Object({ ingredientId: IdSchema, quantity: QuantitySchema }), {
          maxItems: MAX_INGREDIENTS_PER_RECIPE,
        }),
      }),
      { maxItems: MAX_RECIPES_PER_IMPORT },
    ),
    now: NowSchema,
  }),
  access: anyUser,
  describe: async (a) => {
    const names = (Array.isArray(a.recipes) ? a.recipes : [])
      .map((r: unknown) => (typeof r === 'object' && r !== null ? (r as DescribedArgs).name : null))
      .filter((n): n is string => typeof n === 'string');
    const count = names.length;
    const newOnes = Array.isArray(a.newIngredients) ? a.newIngredients.length : 0;
    const withNew =
      newOnes === 0
        ? ''
        : `, avec ${newOnes} nouvel${newOnes > 1 ? 's' : ''} ingrédient${newOnes > 1 ? 's' : ''}`;
    return `Import de ${count} recette${count > 1 ? 's' : ''}${count > 0 ? ` (${nameList(names)})` : ''}${withNew}`;
  },
  undo: null,
  run: async (ctx, { newIngredients, recipes, now }) => {
    // Everything is checked before the first write, so that a refusal leaves nothing behind
    // even where the mutation is replayed outside a transaction of its own.
    const seen = new Set<string>();
    const newIds = new Set<Id>();
    for (const ing of newIngredients) {
      const clean = requiredName(ing.name, "de l'ingrédient");
      const key = normalizeSearchText(clean);
      if (seen.has(key)) throw conflict(`L'ingrédient « ${clean} » est en double dans l'import.`);
      seen.add(key);
      newIds.add(ing.id);
      await checkIngredientNameFree(ctx, clean);
    }
    const recipeNames = new Set<string>();
    // A large import names the same ingredients again and again: check each one once.
    const checked = new Set<Id>();
    for (const r of recipes) {
      const name = requiredName(r.name, 'de la recette');
      const key = normalizeSearchText(name);
      if (recipeNames.has(key))
        throw conflict(`La recette « ${name} » est en double dans l'import.`);
      recipeNames.add(key);
      await checkRecipeNameFree(ctx, name);
      const ingredientIds = new Set<Id>();
      for (const i of r.ingredients) {
        if (ingredientIds.has(i.ingredientId)) {
          throw conflict(`La recette « ${r.name} » contient deux fois le même ingrédient.`);
        }
        ingredientIds.add(i.ingredientId);
        if (!newIds.has(i.ingredientId) && !checked.has(i.ingredientId)) {
          await readable(ctx, 'ingredients', i.ingredientId);
          checked.add(i.ingredientId);
        }
      }
    }
    await claimAll(ctx, [
      ...newIngredients.map((i) => ({ table: 'ingredients' as const, id: i.id })),
      ...recipes.map((r) => ({ table: 'recipes' as const, id: r.id })),
    ]);
    for (const ing of newIngredients) {
      await ctx.store.put('ingredients', {
        id: ing.id,
        name: ing.name.trim(),
        kind: ing.kind as IngredientKind,
        owner: ctx.userId,
      });
    }
    for (const r of recipes) {
      await ctx.store.put('recipes', {
        id: r.id,
        owner: ctx.userId,
        name: r.name.trim(),
        plat: r.plat as Plat,
        description: '',
        isPublished: false,
        updated: now,
        ingredients: r.ingredients.map((i) => ({
          ingredientId: i.ingredientId,
          quantity: { ...i.quantity, unite: i.quantity.unite as never },
        })),
      });
    }
  },
});
