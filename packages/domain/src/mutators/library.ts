/** Mutators of the library: menu items, favourite menus, recipes, ingredients, CSV import. */
import { Type } from '@sinclair/typebox';
import type { IngredientKind, Plat } from '../enums.js';
import type { Id, Ingredient, Menu, Recipe } from '../entities.js';
import { conflict, invalid } from '../errors.js';
import {
  MAX_INGREDIENTS_PER_RECIPE,
  MAX_ITEMS_PER_MENU,
  MAX_RECIPES_PER_IMPORT,
} from '../limits.js';
import { defaultIngredientQuantity, recipeIngredientInitialQuantity } from '../stay-rules.js';
import { normalizeSearchText } from '../text.js';
import type { MutationContext } from './define.js';
import { defineMutator } from './define.js';
import { menusOfMeals } from './menu-gc.js';
import { claimAll, owned, readable, requiredName } from './access.js';
import {
  DescriptionSchema,
  IdSchema,
  KindSchema,
  NameSchema,
  NowSchema,
  PlatSchema,
  QuantitySchema,
} from './schemas.js';

function menuSize(menu: Menu): number {
  return menu.ingredients.length + menu.recipeIds.length;
}

function checkMenuRoom(menu: Menu): void {
  if (menuSize(menu) >= MAX_ITEMS_PER_MENU) {
    throw invalid(`Un menu ne peut pas contenir plus de ${MAX_ITEMS_PER_MENU} éléments.`);
  }
}

// ---- Menu items (meal menus and favourite menus alike) ----

export const addMenuIngredient = defineMutator(
  Type.Object({
    menuId: IdSchema,
    ingredientId: IdSchema,
    /** The stay whose menus give the default quantity, when added from the agenda. */
    stayId: Type.Optional(IdSchema),
    now: NowSchema,
  }),
  async (ctx, { menuId, ingredientId, stayId, now }) => {
    const menu = await owned(ctx, 'menus', menuId);
    await readable(ctx, 'ingredients', ingredientId);
    if (menu.ingredients.some((i) => i.ingredientId === ingredientId)) {
      throw conflict('Cet ingrédient est déjà dans le menu.');
    }
    checkMenuRoom(menu);
    let stayMenus: Menu[] = [];
    if (stayId !== undefined) {
      await owned(ctx, 'stays', stayId);
      const meals = await ctx.store.where('meals', 'stayId', stayId);
      stayMenus = await ctx.store.getMany('menus', menusOfMeals(meals));
    }
    const quantity = defaultIngredientQuantity(ingredientId, stayMenus);
    await ctx.store.put('menus', {
      ...menu,
      updated: now,
      ingredients: [...menu.ingredients, { ingredientId, quantity, plat: 0 }],
    });
  },
);

export const addMenuRecipe = defineMutator(
  Type.Object({ menuId: IdSchema, recipeId: IdSchema, now: NowSchema }),
  async (ctx, { menuId, recipeId, now }) => {
    const menu = await owned(ctx, 'menus', menuId);
    await readable(ctx, 'recipes', recipeId);
    if (menu.recipeIds.includes(recipeId)) throw conflict('Cette recette est déjà dans le menu.');
    checkMenuRoom(menu);
    await ctx.store.put('menus', {
      ...menu,
      updated: now,
      recipeIds: [...menu.recipeIds, recipeId],
    });
  },
);

export const updateMenuIngredient = defineMutator(
  Type.Object({
    menuId: IdSchema,
    ingredientId: IdSchema,
    quantity: QuantitySchema,
    plat: PlatSchema,
    now: NowSchema,
  }),
  async (ctx, { menuId, ingredientId, quantity, plat, now }) => {
    const menu = await owned(ctx, 'menus', menuId);
    if (!menu.ingredients.some((i) => i.ingredientId === ingredientId)) {
      throw invalid("Cet ingrédient n'est pas dans le menu.");
    }
    await ctx.store.put('menus', {
      ...menu,
      updated: now,
      ingredients: menu.ingredients.map((i) =>
        i.ingredientId === ingredientId
          ? {
              ingredientId,
              quantity: { ...quantity, unite: quantity.unite as never },
              plat: plat as Plat,
            }
          : i,
      ),
    });
  },
);

export const removeMenuItem = defineMutator(
  Type.Object({ menuId: IdSchema, itemId: IdSchema, isRecipe: Type.Boolean(), now: NowSchema }),
  async (ctx, { menuId, itemId, isRecipe, now }) => {
    const menu = await owned(ctx, 'menus', menuId);
    await ctx.store.put('menus', {
      ...menu,
      updated: now,
      recipeIds: isRecipe ? menu.recipeIds.filter((r) => r !== itemId) : menu.recipeIds,
      ingredients: isRecipe
        ? menu.ingredients
        : menu.ingredients.filter((i) => i.ingredientId !== itemId),
    });
  },
);

// ---- Favourite menus ----

export const createFavoriteMenu = defineMutator(
  Type.Object({ id: IdSchema, now: NowSchema }),
  async (ctx, { id, now }) => {
    await ctx.claimId('menus', id);
    await ctx.store.put('menus', {
      id,
      owner: ctx.userId,
      isFavorite: true,
      isPublished: false,
      updated: now,
      ingredients: [],
      recipeIds: [],
    });
  },
);

export const deleteMenu = defineMutator(Type.Object({ id: IdSchema }), async (ctx, { id }) => {
  await owned(ctx, 'menus', id);
  const uses = (await ctx.store.whereIds('meals', 'menuId', id)).length;
  if (uses > 0) {
    throw conflict(
      uses === 1
        ? 'Ce menu est utilisé par un repas : il ne peut pas être supprimé.'
        : `Ce menu est utilisé par ${uses} repas : il ne peut pas être supprimé.`,
    );
  }
  await ctx.store.delete('menus', id);
});

/** Publishing makes a menu a favourite too (published implies favourite). */
export const setMenuPublished = defineMutator(
  Type.Object({ id: IdSchema, isPublished: Type.Boolean(), now: NowSchema }),
  async (ctx, { id, isPublished, now }) => {
    const menu = await owned(ctx, 'menus', id);
    await ctx.store.put('menus', {
      ...menu,
      isPublished,
      isFavorite: menu.isFavorite || isPublished,
      updated: now,
    });
  },
);

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

export const createRecipe = defineMutator(
  Type.Object({ id: IdSchema, name: NameSchema, plat: PlatSchema, now: NowSchema }),
  async (ctx, { id, name, plat, now }) => {
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
);

export const updateRecipe = defineMutator(
  Type.Object({
    id: IdSchema,
    name: Type.Optional(NameSchema),
    plat: Type.Optional(PlatSchema),
    description: Type.Optional(DescriptionSchema),
    now: NowSchema,
  }),
  async (ctx, { id, name, plat, description, now }) => {
    const recipe = await owned(ctx, 'recipes', id);
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
);

export const setRecipePublished = defineMutator(
  Type.Object({ id: IdSchema, isPublished: Type.Boolean(), now: NowSchema }),
  async (ctx, { id, isPublished, now }) => {
    const recipe = await owned(ctx, 'recipes', id);
    await ctx.store.put('recipes', { ...recipe, isPublished, updated: now });
  },
);

export const deleteRecipe = defineMutator(Type.Object({ id: IdSchema }), async (ctx, { id }) => {
  await owned(ctx, 'recipes', id);
  const uses = (await ctx.store.whereIds('menus', 'recipeIds', id)).length;
  if (uses > 0) {
    throw conflict(
      uses === 1
        ? 'Cette recette est utilisée dans un menu : elle ne peut pas être supprimée.'
        : `Cette recette est utilisée dans ${uses} menus : elle ne peut pas être supprimée.`,
    );
  }
  await ctx.store.delete('recipes', id);
});

export const addRecipeIngredient = defineMutator(
  Type.Object({
    recipeId: IdSchema,
    ingredientId: IdSchema,
    initialFor: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    now: NowSchema,
  }),
  async (ctx, { recipeId, ingredientId, initialFor, now }) => {
    const recipe = await owned(ctx, 'recipes', recipeId);
    await readable(ctx, 'ingredients', ingredientId);
    if (recipe.ingredients.some((i) => i.ingredientId === ingredientId)) {
      throw conflict('Cet ingrédient est déjà dans la recette.');
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
);

export const updateRecipeIngredient = defineMutator(
  Type.Object({
    recipeId: IdSchema,
    ingredientId: IdSchema,
    quantity: QuantitySchema,
    now: NowSchema,
  }),
  async (ctx, { recipeId, ingredientId, quantity, now }) => {
    const recipe = await owned(ctx, 'recipes', recipeId);
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
);

export const removeRecipeIngredient = defineMutator(
  Type.Object({ recipeId: IdSchema, ingredientId: IdSchema, now: NowSchema }),
  async (ctx, { recipeId, ingredientId, now }) => {
    const recipe = await owned(ctx, 'recipes', recipeId);
    await ctx.store.put('recipes', {
      ...recipe,
      updated: now,
      ingredients: recipe.ingredients.filter((i) => i.ingredientId !== ingredientId),
    });
  },
);

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

export const createIngredient = defineMutator(
  Type.Object({ id: IdSchema, name: NameSchema, kind: KindSchema }),
  async (ctx, { id, name, kind }) => {
    const clean = requiredName(name, "de l'ingrédient");
    await checkIngredientNameFree(ctx, clean);
    await ctx.claimId('ingredients', id);
    const ingredient: Ingredient = {
      id,
      name: clean,
      kind: kind as IngredientKind,
      owner: ctx.userId,
    };
    await ctx.store.put('ingredients', ingredient);
  },
);

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
 */
export const updateIngredient = defineMutator(
  Type.Object({ id: IdSchema, name: Type.Optional(NameSchema), kind: Type.Optional(KindSchema) }),
  async (ctx, { id, name, kind }) => {
    const ingredient = await owned(ctx, 'ingredients', id);
    const clean = name === undefined ? ingredient.name : requiredName(name, "de l'ingrédient");
    const changes = clean !== ingredient.name || (kind !== undefined && kind !== ingredient.kind);
    if (changes && (await usedByOthers(ctx, ingredient))) throw conflict(INGREDIENT_SHARED);
    if (clean !== ingredient.name) await checkIngredientNameFree(ctx, clean, id);
    await ctx.store.put('ingredients', {
      ...ingredient,
      name: clean,
      kind: (kind ?? ingredient.kind) as IngredientKind,
    });
  },
);

/** The message of spec section 8 when an ingredient in use cannot be deleted. */
export const INGREDIENT_IN_USE = "L'ingrédient est utilisé dans une recette ou un menu.";

export const deleteIngredient = defineMutator(
  Type.Object({ id: IdSchema }),
  async (ctx, { id }) => {
    await owned(ctx, 'ingredients', id);
    const inRecipes = await ctx.store.whereIds('recipes', 'ingredientIds', id);
    const inMenus = await ctx.store.whereIds('menus', 'ingredientIds', id);
    if (inRecipes.length > 0 || inMenus.length > 0) throw conflict(INGREDIENT_IN_USE);
    await ctx.store.delete('ingredients', id);
  },
);

// ---- CSV import confirmation (step 3): everything in one mutation ----

export const importRecipes = defineMutator(
  Type.Object({
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
  async (ctx, { newIngredients, recipes, now }) => {
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
);
