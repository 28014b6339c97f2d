/**
 * Meals and their menus (spec 7.3; menu items are in menu-items-routes.ts, the cook sheets in
 * files-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { MAX_STAY_DAYS, wizardIdCount, type WizardRequest } from '@popote/domain';
import {
  call,
  nowIso,
  readCtx,
  readableRow,
  reserveIds,
  secured,
  userOf,
  write,
} from './context.js';
import { mealExtOut, mealGroupsOut } from './mappers.js';
import {
  AdditionalPeopleIn,
  DayIn,
  DeletedOut,
  HoraireIn,
  IdIn,
  listOf,
  MealExtOut,
  MealGroupsPairOut,
  MealsLoadOut,
  MenuExtOut,
  OrNull,
  PreviewQuantitiesOut,
  ResourceSearchOut,
} from './schemas.js';
import { menuExt, searchLibrary } from './views-library.js';
import { mealQuantities, mealsByIds, mealsLoad, stayMeals } from './views-plan.js';

/** Original clients may send null for an empty list. */
const IdListIn = OrNull(Type.Array(IdIn, { maxItems: 100 }));

const WizardIn = Type.Object({
  IdSejour: IdIn,
  DaysNumber: Type.Integer({ minimum: 1, maximum: MAX_STAY_DAYS }),
  /** Day offset → the groups out on an excursion that day. */
  Excursions: Type.Union([
    Type.Record(Type.String({ pattern: '^-?\\d{1,4}$' }), IdListIn, {
      additionalProperties: false,
      maxProperties: MAX_STAY_DAYS,
    }),
    Type.Null(),
  ]),
  WithGouter: Type.Boolean(),
  GroupsForCinquieme: IdListIn,
  DeleteExisting: Type.Boolean(),
});

const MealCreateIn = Type.Object({ IdSejour: IdIn, Day: DayIn, Horaire: HoraireIn });
const MealUpdateIn = Type.Object({
  Id: IdIn,
  Jour: Type.Optional(DayIn),
  Horaire: Type.Optional(HoraireIn),
  AdditionalPeople: Type.Optional(AdditionalPeopleIn),
});
const MoveGroupIn = Type.Object({ Group: IdIn, From: IdIn, To: IdIn });
const SetMenuIn = Type.Object({ IdMeal: IdIn, IdMenu: IdIn });
const SwapIn = Type.Object({ IdMeal1: IdIn, IdMeal2: IdIn });

const DayQuery = Type.Object({ idSejour: IdIn, day: DayIn });
const StayIdQuery = Type.Object({ idSejour: IdIn });
const IdMealQuery = Type.Object({ idMeal: IdIn });
const SearchQuery = Type.Object({ search: Type.String({ maxLength: 200 }) });

export async function mealsRoutes(app: FastifyInstance): Promise<void> {
  const mealsAnswer = async (userId: number, ids: number[]) => {
    const ctx = readCtx(app, userId);
    return mealsLoad(ctx, await mealsByIds(ctx, ids));
  };

  app.get<{ Querystring: Static<typeof DayQuery> }>(
    '/meals',
    { ...secured, schema: { querystring: DayQuery, response: { 200: MealsLoadOut } } },
    async (request) => {
      const ctx = readCtx(app, userOf(request));
      return mealsLoad(ctx, await stayMeals(ctx, request.query.idSejour, request.query.day));
    },
  );

  app.get<{ Querystring: Static<typeof StayIdQuery> }>(
    '/meals-all',
    { ...secured, schema: { querystring: StayIdQuery, response: { 200: MealsLoadOut } } },
    async (request) => {
      const ctx = readCtx(app, userOf(request));
      return mealsLoad(ctx, await stayMeals(ctx, request.query.idSejour));
    },
  );

  app.put<{ Body: Static<typeof WizardIn> }>(
    '/meals/wizzard',
    { ...secured, schema: { body: WizardIn, response: { 200: MealsLoadOut } } },
    async (request) => {
      const userId = userOf(request);
      const body = request.body;
      const excursions: Record<number, number[]> = {};
      for (const [day, groups] of Object.entries(body.Excursions ?? {})) {
        excursions[Number(day)] = listOf(groups);
      }
      const wizard: WizardRequest = {
        stayId: body.IdSejour,
        daysNumber: body.DaysNumber,
        excursions,
        withGouter: body.WithGouter,
        groupsForCinquieme: listOf(body.GroupsForCinquieme),
        deleteExisting: body.DeleteExisting,
      };
      const read = readCtx(app, userId);
      const stay = await readableRow(read, 'stays', body.IdSejour);
      const count = wizardIdCount({
        stay,
        groups: await read.store.where('groups', 'stayId', stay.id),
        existingMeals: await read.store.where('meals', 'stayId', stay.id),
        request: wizard,
      });
      const ids = await reserveIds(app, userId, Math.max(1, count));
      await write(
        app,
        userId,
        call('runMealWizard', {
          ...wizard,
          excursions: Object.fromEntries(
            Object.entries(excursions).map(([day, groups]) => [String(day), groups]),
          ),
          ids,
          now: nowIso(app),
        }),
      );
      const ctx = readCtx(app, userId);
      return mealsLoad(ctx, await stayMeals(ctx, body.IdSejour));
    },
  );

  app.get<{ Querystring: Static<typeof SearchQuery> }>(
    '/meals/search',
    { ...secured, schema: { querystring: SearchQuery, response: { 200: ResourceSearchOut } } },
    async (request) => searchLibrary(readCtx(app, userOf(request)), request.query.search),
  );

  app.get<{ Querystring: Static<typeof IdMealQuery> }>(
    '/meals/quantities',
    { ...secured, schema: { querystring: IdMealQuery, response: { 200: PreviewQuantitiesOut } } },
    async (request) => mealQuantities(readCtx(app, userOf(request)), request.query.idMeal),
  );

  app.put<{ Body: Static<typeof MealCreateIn> }>(
    '/meals/details',
    { ...secured, schema: { body: MealCreateIn, response: { 200: MealExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { IdSejour, Day, Horaire } = request.body;
      await readableRow(readCtx(app, userId), 'stays', IdSejour);
      const { first } = await reserveIds(app, userId, 2);
      const mealId = first + 1;
      await write(
        app,
        userId,
        call('createMeal', {
          id: mealId,
          menuId: first,
          stayId: IdSejour,
          day: Day,
          slot: Horaire,
          now: nowIso(app),
        }),
      );
      return mealExtOut(await readableRow(readCtx(app, userId), 'meals', mealId));
    },
  );

  app.post<{ Body: Static<typeof MealUpdateIn> }>(
    '/meals/details',
    { ...secured, schema: { body: MealUpdateIn, response: { 200: MealsLoadOut } } },
    async (request) => {
      const userId = userOf(request);
      const { Id, Jour, Horaire, AdditionalPeople } = request.body;
      await write(
        app,
        userId,
        call('updateMeal', {
          id: Id,
          ...(Jour === undefined ? {} : { day: Jour }),
          ...(Horaire === undefined ? {} : { slot: Horaire }),
          ...(AdditionalPeople === undefined ? {} : { additionalPeople: AdditionalPeople }),
        }),
      );
      return mealsAnswer(userId, [Id]);
    },
  );

  app.delete<{ Querystring: Static<typeof IdMealQuery> }>(
    '/meals/details',
    { ...secured, schema: { querystring: IdMealQuery, response: { 200: DeletedOut } } },
    async (request) => {
      await write(app, userOf(request), call('deleteMeal', { id: request.query.idMeal }));
      return { Deleted: true, Id: request.query.idMeal };
    },
  );

  app.post<{ Body: Static<typeof MoveGroupIn> }>(
    '/meals/groups',
    { ...secured, schema: { body: MoveGroupIn, response: { 200: MealGroupsPairOut } } },
    async (request) => {
      const userId = userOf(request);
      const { Group, From, To } = request.body;
      await write(
        app,
        userId,
        call('moveMealGroup', { groupId: Group, fromMealId: From, toMealId: To }),
      );
      const ctx = readCtx(app, userId);
      const [from, to] = await Promise.all([
        readableRow(ctx, 'meals', From),
        readableRow(ctx, 'meals', To),
      ]);
      return [mealGroupsOut(from), mealGroupsOut(to)];
    },
  );

  app.post<{ Body: Static<typeof SetMenuIn> }>(
    '/meals/menus',
    { ...secured, schema: { body: SetMenuIn, response: { 200: MenuExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { IdMeal, IdMenu } = request.body;
      await write(app, userId, call('setMealMenu', { mealId: IdMeal, menuId: IdMenu }));
      // The meal's menu as it now is.
      const ctx = readCtx(app, userId);
      const meal = await readableRow(ctx, 'meals', IdMeal);
      return menuExt(ctx, await readableRow(ctx, 'menus', meal.menuId));
    },
  );

  app.post<{ Body: Static<typeof SwapIn> }>(
    '/meals/swap',
    { ...secured, schema: { body: SwapIn, response: { 200: MealsLoadOut } } },
    async (request) => {
      const userId = userOf(request);
      const { IdMeal1, IdMeal2 } = request.body;
      await write(app, userId, call('swapMealMenus', { mealId1: IdMeal1, mealId2: IdMeal2 }));
      return mealsAnswer(userId, [IdMeal1, IdMeal2]);
    },
  );
}
