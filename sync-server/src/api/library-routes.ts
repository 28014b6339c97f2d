/**
 * The library (spec 7.4): ingredients, favourite menus and recipes with their contents. The
 * CSV import and export of recipes are in recipes-csv-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { INGREDIENT_IN_USE, canReadRow, isDomainError, uniqueName, type Id } from '@popote/domain';
import { HttpError } from '../http/errors.js';
import {
  call,
  nowIso,
  readCtx,
  readableRow,
  reserveIds,
  secured,
  userOf,
  write,
  writeFrom,
  type MutationCall,
  type ReadCtx,
} from './context.js';
import { byIdOut, ingredientOut, quantityInKeepingFixed, recipeOut } from './mappers.js';
import {
  ById,
  DeleteIngredientOut,
  DeletedOut,
  DescriptionIn,
  IdIn,
  IngredientOut,
  KindIn,
  MenuExtOut,
  NameIn,
  PlatIn,
  QuantityIn,
  RecipeExtOut,
  RecipeHeaderOut,
  RecipeIngredientExtOut,
  RecipeOut,
  ResourceHeaderOut,
} from './schemas.js';
import { libraryRows, menuExt, menuHeaders, recipeExt, recipeHeaders } from './views-library.js';

/** What PUT /library/receipes (no body) creates, numbered when the name is taken. */
export const NEW_RECIPE_NAME = 'Nouvelle recette';

/** Only when a device removed the ingredient between the write and the read back. */
const INGREDIENT_NOT_IN_RECIPE = 'Cet ingrédient ne fait plus partie de la recette.';

const IngredientCreateIn = Type.Object({ Name: NameIn, Kind: Type.Optional(KindIn) });
const IngredientUpdateIn = Type.Object({
  Id: IdIn,
  Name: Type.Optional(NameIn),
  Kind: Type.Optional(KindIn),
});
const MenuUpdateIn = Type.Object({
  Id: IdIn,
  IsPublished: Type.Optional(Type.Boolean()),
  IsFavorite: Type.Optional(Type.Boolean()),
});
const RecipeUpdateIn = Type.Object({
  Id: IdIn,
  Name: Type.Optional(NameIn),
  Plat: Type.Optional(PlatIn),
  Description: Type.Optional(DescriptionIn),
  IsPublished: Type.Optional(Type.Boolean()),
});
const RecipeIngredientAddIn = Type.Object({
  IdReceipe: IdIn,
  IdIngredient: IdIn,
  InitialFor: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
const RecipeIngredientUpdateIn = Type.Object({
  IdReceipe: IdIn,
  IdIngredient: IdIn,
  Quantity: QuantityIn,
});

const IdIngredientQuery = Type.Object({ idIngredient: IdIn });
const MenusQuery = Type.Object({ idMenu: Type.Optional(IdIn) });
const IdMenuQuery = Type.Object({ idMenu: IdIn });
const IdRecipeQuery = Type.Object({ idReceipe: IdIn });
const RecipeItemQuery = Type.Object({ idReceipe: IdIn, idIngredient: IdIn });

/** The ids of the recipes and menus using an ingredient, as far as the user may read them. */
async function ingredientUses(ctx: ReadCtx, id: Id) {
  const recipes: Id[] = [];
  for (const r of await ctx.store.where('recipes', 'ingredientIds', id)) {
    if (await canReadRow(ctx.store, ctx.userId, 'recipes', r)) recipes.push(r.id);
  }
  const menus: Id[] = [];
  for (const m of await ctx.store.where('menus', 'ingredientIds', id)) {
    if (await canReadRow(ctx.store, ctx.userId, 'menus', m)) menus.push(m.id);
  }
  return {
    UsesReceipes: recipes.sort((a, b) => a - b),
    UsesMenus: menus.sort((a, b) => a - b),
  };
}

export async function libraryRoutes(app: FastifyInstance): Promise<void> {
  const menuAnswer = async (userId: Id, menuId: Id) => {
    const ctx = readCtx(app, userId);
    return menuExt(ctx, await readableRow(ctx, 'menus', menuId));
  };
  const recipeAnswer = async (userId: Id, recipeId: Id) => {
    const ctx = readCtx(app, userId);
    return recipeExt(ctx, await readableRow(ctx, 'recipes', recipeId));
  };
  const ingredientAnswer = async (userId: Id, id: Id) =>
    ingredientOut(await readableRow(readCtx(app, userId), 'ingredients', id));

  // ---- Ingredients ----

  app.get(
    '/library/all-ingredients',
    { ...secured, schema: { response: { 200: ById(IngredientOut) } } },
    async (request) => {
      const all = await readCtx(app, userOf(request)).store.all('ingredients');
      return byIdOut(all, ingredientOut);
    },
  );

  app.put<{ Body: Static<typeof IngredientCreateIn> }>(
    '/library/all-ingredients',
    { ...secured, schema: { body: IngredientCreateIn, response: { 200: IngredientOut } } },
    async (request) => {
      const userId = userOf(request);
      const { first: id } = await reserveIds(app, userId, 1);
      await write(
        app,
        userId,
        call('createIngredient', { id, name: request.body.Name, kind: request.body.Kind ?? 0 }),
      );
      return ingredientAnswer(userId, id);
    },
  );

  app.post<{ Body: Static<typeof IngredientUpdateIn> }>(
    '/library/all-ingredients',
    { ...secured, schema: { body: IngredientUpdateIn, response: { 200: IngredientOut } } },
    async (request) => {
      const userId = userOf(request);
      const { Id, Name, Kind } = request.body;
      await write(
        app,
        userId,
        call('updateIngredient', {
          id: Id,
          ...(Name === undefined ? {} : { name: Name }),
          ...(Kind === undefined ? {} : { kind: Kind }),
        }),
      );
      return ingredientAnswer(userId, Id);
    },
  );

  // An ingredient in use is not an error for the contract: the answer says Deleted false.
  app.delete<{ Querystring: Static<typeof IdIngredientQuery> }>(
    '/library/all-ingredients',
    {
      ...secured,
      schema: { querystring: IdIngredientQuery, response: { 200: DeleteIngredientOut } },
    },
    async (request) => {
      const userId = userOf(request);
      const id = request.query.idIngredient;
      try {
        await write(app, userId, call('deleteIngredient', { id }));
      } catch (e) {
        if (isDomainError(e) && e.code === 'conflict' && e.message === INGREDIENT_IN_USE) {
          return { Deleted: false, ...(await ingredientUses(readCtx(app, userId), id)) };
        }
        throw e;
      }
      return { Deleted: true, UsesReceipes: [], UsesMenus: [] };
    },
  );

  // ---- Recipes ----

  app.get(
    '/library/all-receipes',
    { ...secured, schema: { response: { 200: ById(RecipeOut) } } },
    async (request) => {
      const ctx = readCtx(app, userOf(request));
      return byIdOut((await libraryRows(ctx)).recipes, recipeOut);
    },
  );

  app.get<{ Querystring: Static<typeof IdRecipeQuery> }>(
    '/library/receipes',
    { ...secured, schema: { querystring: IdRecipeQuery, response: { 200: RecipeExtOut } } },
    async (request) => recipeAnswer(userOf(request), request.query.idReceipe),
  );

  app.put(
    '/library/receipes',
    { ...secured, schema: { response: { 200: RecipeHeaderOut } } },
    async (request) => {
      const userId = userOf(request);
      const own = await readCtx(app, userId).store.where('recipes', 'owner', userId);
      const name = uniqueName(
        NEW_RECIPE_NAME,
        own.map((r) => r.name),
      );
      const { first: id } = await reserveIds(app, userId, 1);
      await write(app, userId, call('createRecipe', { id, name, plat: 0, now: nowIso(app) }));
      const ctx = readCtx(app, userId);
      const [header] = await recipeHeaders(ctx, [await readableRow(ctx, 'recipes', id)]);
      return header;
    },
  );

  app.post<{ Body: Static<typeof RecipeUpdateIn> }>(
    '/library/receipes',
    { ...secured, schema: { body: RecipeUpdateIn, response: { 200: RecipeExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { Id, Name, Plat, Description, IsPublished } = request.body;
      const now = nowIso(app);
      const calls: MutationCall[] = [];
      if (Name !== undefined || Plat !== undefined || Description !== undefined) {
        calls.push(
          call('updateRecipe', {
            id: Id,
            ...(Name === undefined ? {} : { name: Name }),
            ...(Plat === undefined ? {} : { plat: Plat }),
            ...(Description === undefined ? {} : { description: Description }),
            now,
          }),
        );
      }
      if (IsPublished !== undefined) {
        calls.push(call('setRecipePublished', { id: Id, isPublished: IsPublished, now }));
      }
      // Nothing to change still checks that the user owns the recipe.
      if (calls.length === 0) calls.push(call('updateRecipe', { id: Id, now }));
      await write(app, userId, ...calls);
      return recipeAnswer(userId, Id);
    },
  );

  app.delete<{ Querystring: Static<typeof IdRecipeQuery> }>(
    '/library/receipes',
    { ...secured, schema: { querystring: IdRecipeQuery, response: { 200: DeletedOut } } },
    async (request) => {
      await write(app, userOf(request), call('deleteRecipe', { id: request.query.idReceipe }));
      return { Deleted: true, Id: request.query.idReceipe };
    },
  );

  app.put<{ Body: Static<typeof RecipeIngredientAddIn> }>(
    '/library/receipes/ingredients',
    {
      ...secured,
      schema: { body: RecipeIngredientAddIn, response: { 200: RecipeIngredientExtOut } },
    },
    async (request) => {
      const userId = userOf(request);
      const {
        IdReceipe: recipeId,
        IdIngredient: ingredientId,
        InitialFor: initialFor,
      } = request.body;
      await write(
        app,
        userId,
        call('addRecipeIngredient', {
          recipeId,
          ingredientId,
          ...(initialFor === undefined ? {} : { initialFor }),
          now: nowIso(app),
        }),
      );
      // The ingredient as added to the recipe.
      const { Ingredients } = await recipeAnswer(userId, recipeId);
      const added = Ingredients.find((i) => i.Id === ingredientId);
      if (!added) throw new HttpError(404, INGREDIENT_NOT_IN_RECIPE);
      return added;
    },
  );

  app.post<{ Body: Static<typeof RecipeIngredientUpdateIn> }>(
    '/library/receipes/ingredients',
    { ...secured, schema: { body: RecipeIngredientUpdateIn, response: { 200: RecipeExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { IdReceipe: recipeId, IdIngredient: ingredientId, Quantity } = request.body;
      await writeFrom(app, userId, async (store) => {
        // The line as it is, when the recipe is the user's (the mutator refuses any other).
        const recipe = await store.get('recipes', recipeId);
        const line = recipe?.owner === userId ? recipe.ingredients : [];
        return call('updateRecipeIngredient', {
          recipeId,
          ingredientId,
          quantity: quantityInKeepingFixed(
            Quantity,
            line.find((i) => i.ingredientId === ingredientId)?.quantity,
          ),
          now: nowIso(app),
        });
      });
      return recipeAnswer(userId, recipeId);
    },
  );

  app.delete<{ Querystring: Static<typeof RecipeItemQuery> }>(
    '/library/receipes/ingredients',
    { ...secured, schema: { querystring: RecipeItemQuery, response: { 200: RecipeExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { idReceipe: recipeId, idIngredient: ingredientId } = request.query;
      await write(
        app,
        userId,
        call('removeRecipeIngredient', { recipeId, ingredientId, now: nowIso(app) }),
      );
      return recipeAnswer(userId, recipeId);
    },
  );

  // ---- Favourite menus ----

  app.get<{ Querystring: Static<typeof MenusQuery> }>(
    '/library/menus',
    {
      ...secured,
      schema: {
        querystring: MenusQuery,
        response: { 200: Type.Union([Type.Array(ResourceHeaderOut), MenuExtOut]) },
      },
    },
    async (request) => {
      const userId = userOf(request);
      if (request.query.idMenu !== undefined) return menuAnswer(userId, request.query.idMenu);
      const ctx = readCtx(app, userId);
      return menuHeaders(ctx, (await libraryRows(ctx)).menus);
    },
  );

  app.put(
    '/library/menus',
    { ...secured, schema: { response: { 200: ResourceHeaderOut } } },
    async (request) => {
      const userId = userOf(request);
      const { first: id } = await reserveIds(app, userId, 1);
      await write(app, userId, call('createFavoriteMenu', { id, now: nowIso(app) }));
      const ctx = readCtx(app, userId);
      const [header] = await menuHeaders(ctx, [await readableRow(ctx, 'menus', id)]);
      return header;
    },
  );

  app.post<{ Body: Static<typeof MenuUpdateIn> }>(
    '/library/menus',
    { ...secured, schema: { body: MenuUpdateIn, response: { 200: MenuExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { Id, IsPublished, IsFavorite } = request.body;
      const ctx = readCtx(app, userId);
      const menu = await readableRow(ctx, 'menus', Id);
      const now = nowIso(app);
      const calls: MutationCall[] = [];
      // Other users are refused by the mutator below, with its own message.
      if (IsFavorite === false && menu.isFavorite && menu.owner === userId) {
        throw new HttpError(
          422,
          'Un menu favori ne peut pas redevenir un simple menu de repas : supprimez-le de la bibliothèque.',
        );
      }
      if (IsFavorite === true && !menu.isFavorite) {
        // 'Enregistrer comme favori' acts on a meal: the one of this user that has the menu.
        const meal = (await ctx.store.where('meals', 'menuId', Id)).find((m) => m.owner === userId);
        if (meal) calls.push(call('saveMealMenuAsFavorite', { mealId: meal.id, now }));
      }
      // Always run: it is also the ownership check when nothing else changes.
      calls.push(
        call('setMenuPublished', { id: Id, isPublished: IsPublished ?? menu.isPublished, now }),
      );
      await write(app, userId, ...calls);
      return menuAnswer(userId, Id);
    },
  );

  app.delete<{ Querystring: Static<typeof IdMenuQuery> }>(
    '/library/menus',
    { ...secured, schema: { querystring: IdMenuQuery, response: { 200: DeletedOut } } },
    async (request) => {
      await write(app, userOf(request), call('deleteMenu', { id: request.query.idMenu }));
      return { Deleted: true, Id: request.query.idMenu };
    },
  );
}
