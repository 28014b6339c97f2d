/** Mutators of menus: their items (meal menus and favourite menus alike) and favourite menus. */
import { Type } from '@sinclair/typebox';
import type { Plat } from '../enums.js';
import type { Menu } from '../entities.js';
import { conflict, invalid } from '../errors.js';
import { MAX_ITEMS_PER_MENU } from '../limits.js';
import { defaultIngredientQuantity } from '../stay-rules.js';
import { defineMutator } from './define.js';
import { menusOfMeals } from './menu-gc.js';
import { anyUser, menuEditor, ownerOf, readable } from './access.js';
import { IdSchema, NowSchema, PlatSchema, QuantitySchema } from './schemas.js';
import { argInt, ofPhrase, toPhrase, quantityWords, changes } from './describe-words.js';

function menuSize(menu: Pick<Menu, 'ingredients' | 'recipeIds'>): number {
  return menu.ingredients.length + menu.recipeIds.length;
}

const MENU_FULL = `Un menu ne peut pas contenir plus de ${MAX_ITEMS_PER_MENU} éléments.`;
const INGREDIENT_IN_MENU = 'Cet ingrédient est déjà dans le menu.';
const RECIPE_IN_MENU = 'Cette recette est déjà dans le menu.';

function checkMenuRoom(menu: Menu): void {
  if (menuSize(menu) >= MAX_ITEMS_PER_MENU) throw invalid(MENU_FULL);
}

/**
 * What the item mutators keep true of a whole menu: each ingredient and recipe once, and no
 * more items than a menu holds. For a menu an undo puts back (restore.ts), which comes whole.
 */
export function checkMenuItems(menu: Pick<Menu, 'ingredients' | 'recipeIds'>): void {
  const ingredientIds = new Set(menu.ingredients.map((i) => i.ingredientId));
  if (ingredientIds.size !== menu.ingredients.length) throw conflict(INGREDIENT_IN_MENU);
  if (new Set(menu.recipeIds).size !== menu.recipeIds.length) throw conflict(RECIPE_IN_MENU);
  if (menuSize(menu) > MAX_ITEMS_PER_MENU) throw invalid(MENU_FULL);
}

// ---- Menu items (meal menus and favourite menus alike) ----

export const addMenuIngredient = defineMutator({
  label: "Ajout d'un ingrédient à un menu",
  schema: Type.Object({
    menuId: IdSchema,
    ingredientId: IdSchema,
    /** The stay whose menus give the default quantity, when added from the agenda. */
    stayId: Type.Optional(IdSchema),
    now: NowSchema,
  }),
  access: menuEditor('menuId'),
  describe: async (a, w) =>
    `Ajout ${ofPhrase(await w.ingredient(argInt(a, 'ingredientId')))} ${toPhrase(await w.menu(argInt(a, 'menuId')))}`,
  undo: null,
  run: async (ctx, { menuId, ingredientId, stayId, now }) => {
    const menu = await readable(ctx, 'menus', menuId);
    await readable(ctx, 'ingredients', ingredientId);
    if (menu.ingredients.some((i) => i.ingredientId === ingredientId)) {
      throw conflict(INGREDIENT_IN_MENU);
    }
    checkMenuRoom(menu);
    let stayMenus: Menu[] = [];
    if (stayId !== undefined) {
      await readable(ctx, 'stays', stayId);
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
});

export const addMenuRecipe = defineMutator({
  label: "Ajout d'une recette à un menu",
  schema: Type.Object({ menuId: IdSchema, recipeId: IdSchema, now: NowSchema }),
  access: menuEditor('menuId'),
  describe: async (a, w) =>
    `Ajout ${ofPhrase(await w.recipe(argInt(a, 'recipeId')))} ${toPhrase(await w.menu(argInt(a, 'menuId')))}`,
  undo: null,
  run: async (ctx, { menuId, recipeId, now }) => {
    const menu = await readable(ctx, 'menus', menuId);
    await readable(ctx, 'recipes', recipeId);
    if (menu.recipeIds.includes(recipeId)) throw conflict(RECIPE_IN_MENU);
    checkMenuRoom(menu);
    await ctx.store.put('menus', {
      ...menu,
      updated: now,
      recipeIds: [...menu.recipeIds, recipeId],
    });
  },
});

export const updateMenuIngredient = defineMutator({
  label: "Modification d'un ingrédient de menu",
  schema: Type.Object({
    menuId: IdSchema,
    ingredientId: IdSchema,
    quantity: QuantitySchema,
    plat: PlatSchema,
    now: NowSchema,
  }),
  access: menuEditor('menuId'),
  describe: async (a, w) => {
    const quantity = quantityWords(a.quantity);
    return `Modification ${ofPhrase(await w.ingredient(argInt(a, 'ingredientId')))} dans ${await w.menu(
      argInt(a, 'menuId'),
    )}${changes([quantity])}`;
  },
  undo: null,
  run: async (ctx, { menuId, ingredientId, quantity, plat, now }) => {
    const menu = await readable(ctx, 'menus', menuId);
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
});

export const removeMenuItem = defineMutator({
  label: "Retrait d'un élément de menu",
  schema: Type.Object({
    menuId: IdSchema,
    itemId: IdSchema,
    isRecipe: Type.Boolean(),
    now: NowSchema,
  }),
  access: menuEditor('menuId'),
  describe: async (a, w) => {
    const item =
      a.isRecipe === true
        ? await w.recipe(argInt(a, 'itemId'))
        : await w.ingredient(argInt(a, 'itemId'));
    return `Retrait ${ofPhrase(item)} ${ofPhrase(await w.menu(argInt(a, 'menuId')))}`;
  },
  undo: async (_store, _userId, a) => [{ table: 'menus', id: a.menuId }],
  run: async (ctx, { menuId, itemId, isRecipe, now }) => {
    const menu = await readable(ctx, 'menus', menuId);
    await ctx.store.put('menus', {
      ...menu,
      updated: now,
      recipeIds: isRecipe ? menu.recipeIds.filter((r) => r !== itemId) : menu.recipeIds,
      ingredients: isRecipe
        ? menu.ingredients
        : menu.ingredients.filter((i) => i.ingredientId !== itemId),
    });
  },
});

// ---- Favourite menus ----

export const createFavoriteMenu = defineMutator({
  label: "Création d'un menu favori",
  schema: Type.Object({ id: IdSchema, now: NowSchema }),
  access: anyUser,
  describe: async () => "Création d'un menu favori",
  undo: null,
  run: async (ctx, { id, now }) => {
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
});

export const deleteMenu = defineMutator({
  label: "Suppression d'un menu",
  schema: Type.Object({ id: IdSchema }),
  access: menuEditor('id'),
  describe: async (a, w) => `Suppression ${ofPhrase(await w.menu(argInt(a, 'id')))}`,
  undo: async (_store, _userId, a) => [{ table: 'menus', id: a.id }],
  run: async (ctx, { id }) => {
    const uses = (await ctx.store.whereIds('meals', 'menuId', id)).length;
    if (uses > 0) {
      throw conflict(
        uses === 1
          ? 'Ce menu est utilisé par un repas : il ne peut pas être supprimé.'
          : `Ce menu est utilisé par ${uses} repas : il ne peut pas être supprimé.`,
      );
    }
    await ctx.store.delete('menus', id);
  },
});

/**
 * Publishing makes a menu a favourite too (published implies favourite). Its owner's alone: a
 * meal's menu published by a member would land in the stay owner's library and in everyone's
 * search, which saving it as a favourite already reserves to the owner (issue 32).
 */
export const setMenuPublished = defineMutator({
  label: "Publication d'un menu",
  schema: Type.Object({ id: IdSchema, isPublished: Type.Boolean(), now: NowSchema }),
  access: ownerOf('menus', 'id'),
  describe: async (a, w) =>
    `${a.isPublished === false ? 'Retrait de la publication' : 'Publication'} ${ofPhrase(
      await w.menu(argInt(a, 'id')),
    )}`,
  undo: null,
  run: async (ctx, { id, isPublished, now }) => {
    const menu = await readable(ctx, 'menus', id);
    await ctx.store.put('menus', {
      ...menu,
      isPublished,
      isFavorite: menu.isFavorite || isPublished,
      updated: now,
    });
  },
});
