/**
 * The contract's routes that change a menu's items. The agenda's (/meals/…) and the library's
 * (/library/menus/…) differ only in paths and field names: each runs one mutation and answers
 * the menu (MenuExt), through one helper.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { Id, ReadStore } from '@popote/domain';
import {
  call,
  nowIso,
  readCtx,
  readableRow,
  secured,
  userOf,
  write,
  writeFrom,
  type MutationCall,
} from './context.js';
import { quantityInKeepingFixed } from './mappers.js';
import { HttpError } from '../http/errors.js';
import {
  IdIn,
  MenuExtOut,
  MenuIngredientExtOut,
  PlatIn,
  QuantityIn,
  RecipeOut,
} from './schemas.js';
import { menuExt } from './views-library.js';

/** Only when a device removed the item between the write and the read back. */
const ITEM_GONE = 'Cet élément ne fait plus partie du menu.';

const AddIngredientIn = Type.Object({ IdSejour: IdIn, IdIngredient: IdIn, IdMenu: IdIn });
const MenuIngredientUpdateIn = Type.Object({
  IdMenu: IdIn,
  IdIngredient: IdIn,
  Quantity: QuantityIn,
  Plat: PlatIn,
});
const AddRecipeIn = Type.Object({ IdReceipe: IdIn, IdMenu: IdIn });
const RemoveItemIn = Type.Object({ IdMenu: IdIn, ID: IdIn, IsReceipe: Type.Boolean() });
const MenuIngredientAddIn = Type.Object({ IdMenu: IdIn, IdIngredient: IdIn });
const MenuRecipeIn = Type.Object({ IdMenu: IdIn, IdReceipe: IdIn });
const MenuIngredientQuery = Type.Object({ idMenu: IdIn, idIngredient: IdIn });
const MenuRecipeQuery = Type.Object({ idMenu: IdIn, idReceipe: IdIn });

export async function menuItemsRoutes(app: FastifyInstance): Promise<void> {
  /**
   * Runs one change to a menu (or the change built from the rows inside its transaction), then
   * answers the menu as the user may now read it.
   */
  const changeMenu = async (
    userId: Id,
    menuId: Id,
    change: MutationCall | ((store: ReadStore) => Promise<MutationCall>),
  ) => {
    await (typeof change === 'function'
      ? writeFrom(app, userId, change)
      : write(app, userId, change));
    const ctx = readCtx(app, userId);
    return menuExt(ctx, await readableRow(ctx, 'menus', menuId));
  };
  const answer = { response: { 200: MenuExtOut } };

  app.put<{ Body: Static<typeof AddIngredientIn> }>(
    '/meals/ingredients',
    { ...secured, schema: { body: AddIngredientIn, ...answer } },
    async (request) => {
      const { IdSejour, IdIngredient, IdMenu } = request.body;
      return changeMenu(
        userOf(request),
        IdMenu,
        call('addMenuIngredient', {
          menuId: IdMenu,
          ingredientId: IdIngredient,
          stayId: IdSejour,
          now: nowIso(app),
        }),
      );
    },
  );

  // The library's add calls answer the item added, not the menu.
  app.put<{ Body: Static<typeof MenuIngredientAddIn> }>(
    '/library/menus/ingredients',
    { ...secured, schema: { body: MenuIngredientAddIn, response: { 200: MenuIngredientExtOut } } },
    async (request) => {
      const { IdMenu, IdIngredient } = request.body;
      const menu = await changeMenu(
        userOf(request),
        IdMenu,
        call('addMenuIngredient', { menuId: IdMenu, ingredientId: IdIngredient, now: nowIso(app) }),
      );
      const added = menu.Ingredients.find((i) => i.IdIngredient === IdIngredient);
      if (!added) throw new HttpError(404, ITEM_GONE);
      return added;
    },
  );

  // The same update under both paths.
  for (const path of ['/meals/ingredients', '/library/menus/ingredients']) {
    app.post<{ Body: Static<typeof MenuIngredientUpdateIn> }>(
      path,
      { ...secured, schema: { body: MenuIngredientUpdateIn, ...answer } },
      async (request) => {
        const { IdMenu, IdIngredient, Quantity, Plat } = request.body;
        const userId = userOf(request);
        return changeMenu(userId, IdMenu, async (store) => {
          // The line as it is, when the menu is the user's (the mutator refuses any other).
          const menu = await store.get('menus', IdMenu);
          const lines = menu?.owner === userId ? menu.ingredients : [];
          return call('updateMenuIngredient', {
            menuId: IdMenu,
            ingredientId: IdIngredient,
            quantity: quantityInKeepingFixed(
              Quantity,
              lines.find((i) => i.ingredientId === IdIngredient)?.quantity,
            ),
            plat: Plat,
            now: nowIso(app),
          });
        });
      },
    );
  }

  app.put<{ Body: Static<typeof AddRecipeIn> }>(
    '/meals/receipes',
    { ...secured, schema: { body: AddRecipeIn, ...answer } },
    async (request) => {
      const { IdReceipe: recipeId, IdMenu: menuId } = request.body;
      return changeMenu(
        userOf(request),
        menuId,
        call('addMenuRecipe', { menuId, recipeId, now: nowIso(app) }),
      );
    },
  );

  app.put<{ Body: Static<typeof MenuRecipeIn> }>(
    '/library/menus/receipes',
    { ...secured, schema: { body: MenuRecipeIn, response: { 200: RecipeOut } } },
    async (request) => {
      const { IdMenu: menuId, IdReceipe: recipeId } = request.body;
      const menu = await changeMenu(
        userOf(request),
        menuId,
        call('addMenuRecipe', { menuId, recipeId, now: nowIso(app) }),
      );
      const added = menu.Receipes.find((r) => r.Id === recipeId);
      if (!added) throw new HttpError(404, ITEM_GONE);
      return added;
    },
  );

  const removeItem = (userId: Id, menuId: Id, itemId: Id, isRecipe: boolean) =>
    changeMenu(
      userId,
      menuId,
      call('removeMenuItem', { menuId, itemId, isRecipe, now: nowIso(app) }),
    );

  app.post<{ Body: Static<typeof RemoveItemIn> }>(
    '/meals/remove',
    { ...secured, schema: { body: RemoveItemIn, ...answer } },
    async (request) =>
      removeItem(userOf(request), request.body.IdMenu, request.body.ID, request.body.IsReceipe),
  );

  app.delete<{ Querystring: Static<typeof MenuIngredientQuery> }>(
    '/library/menus/ingredients',
    { ...secured, schema: { querystring: MenuIngredientQuery, ...answer } },
    async (request) =>
      removeItem(userOf(request), request.query.idMenu, request.query.idIngredient, false),
  );

  app.delete<{ Querystring: Static<typeof MenuRecipeQuery> }>(
    '/library/menus/receipes',
    { ...secured, schema: { querystring: MenuRecipeQuery, ...answer } },
    async (request) =>
      removeItem(userOf(request), request.query.idMenu, request.query.idReceipe, true),
  );
}
