/**
 * Answers about the library: menus and recipes with their contents, the library lists and the
 * search. Built from rows the user may read, with the domain's titles and search text.
 */
import {
  compareFrench,
  compareItems,
  hiddenRecipeIds,
  hiddenRecipe,
  libraryEntries,
  menuTitle,
  parseSearchQuery,
  readableIds,
  searchResources,
  titleWithHidden,
  type Id,
  type Ingredient,
  type Menu,
  type Plat,
  type Recipe,
} from '@popote/domain';
import type { ReadCtx } from './context.js';
import { ingredientOut, menuOut, quantityOut, recipeOut } from './mappers.js';
import { loadPseudos, type Pseudos } from './owners.js';
import type {
  IngredientHeaderOut,
  MenuExtOut,
  Out,
  RecipeExtOut,
  RecipeHeaderOut,
  ResourceHeaderOut,
  ResourceSearchOut,
} from './schemas.js';

type MenuExt = Out<typeof MenuExtOut>;
type MenuHeader = Out<typeof ResourceHeaderOut>;
type RecipeHeader = Out<typeof RecipeHeaderOut>;
type IngredientHeader = Out<typeof IngredientHeaderOut>;

const unique = <V>(values: Iterable<V>): V[] => [...new Set(values)];

async function ingredientsOf(ctx: ReadCtx, ids: Iterable<Id>): Promise<Map<Id, Ingredient>> {
  const rows = await ctx.store.getMany('ingredients', unique(ids));
  return new Map(rows.map((i) => [i.id, i]));
}

/**
 * Menus with their contents. The caller has checked that the user may read each menu; the
 * recipes come through the reader's view, those it may not read as placeholders.
 */
export async function menuExts(ctx: ReadCtx, menus: readonly Menu[]): Promise<MenuExt[]> {
  const recipes = await ctx.store.getMany('recipes', unique(menus.flatMap((m) => m.recipeIds)));
  const recipesById = new Map(recipes.map((r) => [r.id, r]));
  const ingredients = await ingredientsOf(
    ctx,
    menus.flatMap((m) => m.ingredients.map((i) => i.ingredientId)),
  );
  const pseudos = await loadPseudos(
    ctx,
    menus.map((m) => m.owner),
  );
  return menus.map((menu) => ({
    Menu: menuOut(menu),
    Ingredients: menu.ingredients.flatMap((item) => {
      const ingredient = ingredients.get(item.ingredientId);
      return ingredient
        ? [
            {
              IdMenu: menu.id,
              IdIngredient: item.ingredientId,
              Ingredient: ingredientOut(ingredient),
              Plat: item.plat,
              Quantity: quantityOut(item.quantity),
            },
          ]
        : [];
    }),
    Receipes: menu.recipeIds.map((id) => {
      const recipe = recipesById.get(id);
      // One it may not read: the placeholder, so that the menu keeps its shape (the old
      // client lists and removes its items by id), as the web app shows it.
      return recipeOut(recipe ?? hiddenRecipe(id));
    }),
    OwnerPseudo: pseudos.of(menu.owner),
  }));
}

export async function menuExt(ctx: ReadCtx, menu: Menu): Promise<MenuExt> {
  const [ext] = await menuExts(ctx, [menu]);
  return ext as MenuExt;
}

export async function recipeExt(ctx: ReadCtx, recipe: Recipe): Promise<Out<typeof RecipeExtOut>> {
  const ingredients = await ingredientsOf(
    ctx,
    recipe.ingredients.map((i) => i.ingredientId),
  );
  const pseudos = await loadPseudos(ctx, [recipe.owner]);
  return {
    Receipe: recipeOut(recipe),
    Ingredients: recipe.ingredients.flatMap((item) => {
      const ingredient = ingredients.get(item.ingredientId);
      return ingredient
        ? [{ ...ingredientOut(ingredient), Quantity: quantityOut(item.quantity) }]
        : [];
    }),
    OwnerPseudo: pseudos.of(recipe.owner),
  };
}

/**
 * Library lines of menus, titled by their contents (menus have no name), by title; a recipe the
 * reader may not read is titled with the placeholder.
 */
export async function menuHeaders(ctx: ReadCtx, menus: readonly Menu[]): Promise<MenuHeader[]> {
  const recipes = await ctx.store.getMany('recipes', unique(menus.flatMap((m) => m.recipeIds)));
  const recipesById = new Map(recipes.map((r) => [r.id, r]));
  const ingredients = await ingredientsOf(
    ctx,
    menus.flatMap((m) => m.ingredients.map((i) => i.ingredientId)),
  );
  const pseudos = await loadPseudos(
    ctx,
    menus.map((m) => m.owner),
  );
  return menus
    .map((menu) => ({
      Title: titleWithHidden(
        menuTitle(menu, recipesById, ingredients),
        hiddenRecipeIds(menu, recipesById).length,
      ),
      ID: menu.id,
      IsPersonnal: menu.owner === ctx.userId,
      Owner: pseudos.of(menu.owner),
    }))
    .sort((a, b) => compareFrench(a.Title, b.Title) || a.ID - b.ID);
}

/** Library lines of recipes, in item order (course descending, then name). */
export async function recipeHeaders(
  ctx: ReadCtx,
  recipes: readonly Recipe[],
): Promise<RecipeHeader[]> {
  const pseudos = await loadPseudos(
    ctx,
    recipes.map((r) => r.owner),
  );
  return recipes
    .map((recipe) => recipeHeader(recipe, ctx.userId, pseudos))
    .sort(
      (a, b) =>
        compareItems(
          { plat: a.Plat as Plat, name: a.Title },
          { plat: b.Plat as Plat, name: b.Title },
        ) || a.ID - b.ID,
    );
}

export const recipeHeader = (recipe: Recipe, userId: Id, pseudos: Pseudos): RecipeHeader => ({
  Title: recipe.name,
  ID: recipe.id,
  IsPersonnal: recipe.owner === userId,
  Owner: pseudos.of(recipe.owner),
  Plat: recipe.plat,
});

/** Lines of ingredients, in the given order. */
export async function ingredientHeaders(
  ctx: ReadCtx,
  ingredients: readonly Ingredient[],
): Promise<IngredientHeader[]> {
  const pseudos = await loadPseudos(
    ctx,
    ingredients.map((i) => i.owner),
  );
  return ingredients.map((ingredient) => ({
    Title: ingredient.name,
    ID: ingredient.id,
    IsPersonnal: ingredient.owner === ctx.userId,
    Owner: pseudos.of(ingredient.owner),
    Kind: ingredient.kind,
  }));
}

/** Every recipe the user may read, under the sync visibility rules. */
async function readableRecipes(ctx: ReadCtx): Promise<Recipe[]> {
  const ids = await readableIds(ctx.store, ctx.userId);
  return ctx.store.getMany('recipes', ids.recipes);
}

async function ownedAndPublished<T extends 'menus' | 'recipes'>(
  ctx: ReadCtx,
  table: T,
): Promise<(T extends 'menus' ? Menu : Recipe)[]> {
  const own = await ctx.store.where(table, 'owner', ctx.userId);
  const published = await ctx.store.where(table, 'published', 1);
  const seen = new Set<Id>();
  return [...own, ...published].filter(
    (r) => !seen.has(r.id) && seen.add(r.id),
  ) as (T extends 'menus' ? Menu : Recipe)[];
}

/**
 * The library list of spec 2.6 (the domain's libraryEntries): the user's favourite menus and
 * the published ones, then their recipes and the published ones. A meal's private menu, or a
 * row readable only through a meal, is no library item.
 */
export async function libraryRows(ctx: ReadCtx): Promise<{ menus: Menu[]; recipes: Recipe[] }> {
  const menus = await ownedAndPublished(ctx, 'menus');
  const recipes = await ownedAndPublished(ctx, 'recipes');
  const entries = libraryEntries(ctx.userId, menus, recipes, []);
  const menusById = new Map(menus.map((m) => [m.id, m]));
  const recipesById = new Map(recipes.map((r) => [r.id, r]));
  return {
    menus: entries.flatMap((e) => (e.kind === 'menu' ? [menusById.get(e.id) as Menu] : [])),
    recipes: entries.flatMap((e) =>
      e.kind === 'receipe' ? [recipesById.get(e.id) as Recipe] : [],
    ),
  };
}

/** Most results of one search: a menu picker shows a screenful, not a whole library. */
export const SEARCH_RESULTS_LIMIT = 200;

/**
 * The agenda's search (the domain's searchResources): the menus the user may put on a meal,
 * the recipes they may read and the ingredients whose title matches ignoring spaces, accents
 * and case; ':M', ':R' and ':I' list every one of a type; fewer than 2 characters find nothing.
 */
export async function searchLibrary(
  ctx: ReadCtx,
  search: string,
): Promise<Out<typeof ResourceSearchOut>> {
  const query = parseSearchQuery(search);
  if (query.kind === 'too-short') return { Menus: [], Receipes: [], Ingredients: [] };
  const menus = await ownedAndPublished(ctx, 'menus');
  const recipes = await readableRecipes(ctx);
  const inMenus = await ctx.store.getMany('recipes', unique(menus.flatMap((m) => m.recipeIds)));
  const ingredients = await ingredientsOf(
    ctx,
    menus.flatMap((m) => m.ingredients.map((i) => i.ingredientId)),
  );
  const wantsIngredients = query.kind === 'text' || query.kind === 'all-ingredients';
  const { hits } = searchResources({
    query: search,
    menus,
    recipesById: new Map([...inMenus, ...recipes].map((r) => [r.id, r])),
    ingredientsById: ingredients,
    userId: ctx.userId,
    recipes,
    ingredients: wantsIngredients ? await ctx.store.all('ingredients') : [],
    limit: SEARCH_RESULTS_LIMIT,
  });
  const menuHits = hits.flatMap((h) => (h.kind === 'menu' ? [h.menu] : []));
  const recipeHits = hits.flatMap((h) => (h.kind === 'receipe' ? [h.recipe] : []));
  const ingredientHits = hits.flatMap((h) => (h.kind === 'ingredient' ? [h.ingredient] : []));
  return {
    Menus: await menuHeaders(ctx, menuHits),
    Receipes: await recipeHeaders(ctx, recipeHits),
    Ingredients: await ingredientHeaders(ctx, ingredientHits),
  };
}
