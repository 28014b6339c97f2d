/**
 * Orders (spec 7.5): the days and compiled ingredients of a stay, and supplier profiles with
 * their suppliers and mapping. The shopping spreadsheet is in files-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { Id } from '@popote/domain';
import { call, readCtx, readableRow, reserveIds, secured, userOf, write } from './context.js';
import { profileOut, supplierOut } from './mappers.js';
import {
  CompileIngredientsOut,
  DayListIn,
  DeletedOut,
  IdIn,
  IngredientMappingOut,
  KindIn,
  listOf,
  NameIn,
  OrNull,
  ProfileExtOut,
  ProfileHeaderOut,
  ProfileOut,
  StayExtOut,
  SupplierOut,
  SupplierRefIn,
} from './schemas.js';
import { compiledIngredients, orderDays, stayExtById } from './views-plan.js';
import { defaultMap, profileExt, profileHeader, profileList } from './views-profiles.js';

/** What PUT /order/profiles (no body) creates. */
export const NEW_PROFILE_NAME = 'Nouveau profil';

/** A profile reference where none is allowed: null, or 0 / -1 as the original clients send. */
const OptionalProfileIn = Type.Union([
  Type.Integer({ minimum: -1, maximum: Number.MAX_SAFE_INTEGER }),
  Type.Null(),
]);
const profileRef = (value: number | null): Id | null =>
  value === null || value <= 0 ? null : value;

const IngredientListIn = OrNull(Type.Array(IdIn, { maxItems: 10_000 }));

const CompileIn = Type.Object({ IdSejour: IdIn, DayOffsets: OrNull(DayListIn) });
const ProfileUpdateIn = Type.Object({ Id: IdIn, Name: NameIn });
const SupplierCreateIn = Type.Object({
  IdProfile: IdIn,
  Name: Type.Optional(NameIn),
  /** Sent by the original clients (0); the server chooses the id. */
  Id: Type.Optional(Type.Integer()),
});
const SupplierUpdateIn = Type.Object({ Id: IdIn, Name: NameIn });
const MapIngredientsIn = Type.Object({
  IdProfile: IdIn,
  Ingredients: IngredientListIn,
  NewSupplier: SupplierRefIn,
});
const MapKindsIn = Type.Object({
  IdProfile: IdIn,
  Kinds: OrNull(Type.Array(KindIn, { maxItems: 7 })),
  Supplier: SupplierRefIn,
});
const TidyIn = Type.Object({ Id: IdIn });
const DefaultMapIn = Type.Object({ Profile: OptionalProfileIn, Ingredients: IngredientListIn });
const StayProfileIn = Type.Object({ IdProfile: OptionalProfileIn, IdSejour: IdIn });

const StayIdQuery = Type.Object({ idSejour: IdIn });
const IdQuery = Type.Object({ id: IdIn });
const IdProfileQuery = Type.Object({ idProfile: IdIn });

export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const extAnswer = (userId: Id, profileId: Id) => profileExt(readCtx(app, userId), profileId);

  app.get<{ Querystring: Static<typeof StayIdQuery> }>(
    '/order/days',
    {
      ...secured,
      schema: { querystring: StayIdQuery, response: { 200: Type.Array(Type.Integer()) } },
    },
    async (request) => orderDays(readCtx(app, userOf(request)), request.query.idSejour),
  );

  app.post<{ Body: Static<typeof CompileIn> }>(
    '/order/ingredients',
    { ...secured, schema: { body: CompileIn, response: { 200: CompileIngredientsOut } } },
    async (request) =>
      compiledIngredients(
        readCtx(app, userOf(request)),
        request.body.IdSejour,
        listOf(request.body.DayOffsets),
      ),
  );

  app.get(
    '/order/profiles',
    { ...secured, schema: { response: { 200: Type.Array(ProfileHeaderOut) } } },
    async (request) => profileList(readCtx(app, userOf(request))),
  );

  app.put(
    '/order/profiles',
    { ...secured, schema: { response: { 200: ProfileOut } } },
    async (request) => {
      const userId = userOf(request);
      const { first: id } = await reserveIds(app, userId, 1);
      await write(app, userId, call('createProfile', { id, name: NEW_PROFILE_NAME }));
      return profileOut(await readableRow(readCtx(app, userId), 'profiles', id));
    },
  );

  app.post<{ Body: Static<typeof ProfileUpdateIn> }>(
    '/order/profiles',
    { ...secured, schema: { body: ProfileUpdateIn, response: { 200: ProfileHeaderOut } } },
    async (request) => {
      const userId = userOf(request);
      const { Id, Name } = request.body;
      await write(app, userId, call('renameProfile', { id: Id, name: Name }));
      return profileHeader(readCtx(app, userId), Id);
    },
  );

  app.delete<{ Querystring: Static<typeof IdQuery> }>(
    '/order/profiles',
    { ...secured, schema: { querystring: IdQuery, response: { 200: DeletedOut } } },
    async (request) => {
      await write(app, userOf(request), call('deleteProfile', { id: request.query.id }));
      return { Deleted: true, Id: request.query.id };
    },
  );

  app.get<{ Querystring: Static<typeof IdProfileQuery> }>(
    '/order/profile/suppliers',
    { ...secured, schema: { querystring: IdProfileQuery, response: { 200: ProfileExtOut } } },
    async (request) => extAnswer(userOf(request), request.query.idProfile),
  );

  app.put<{ Body: Static<typeof SupplierCreateIn> }>(
    '/order/profile/suppliers',
    { ...secured, schema: { body: SupplierCreateIn, response: { 200: SupplierOut } } },
    async (request) => {
      const userId = userOf(request);
      const { IdProfile, Name } = request.body;
      await readableRow(readCtx(app, userId), 'profiles', IdProfile);
      const { first: id } = await reserveIds(app, userId, 1);
      await write(
        app,
        userId,
        call('createSupplier', {
          id,
          profileId: IdProfile,
          ...(Name === undefined ? {} : { name: Name }),
        }),
      );
      return supplierOut(await readableRow(readCtx(app, userId), 'suppliers', id));
    },
  );

  app.post<{ Body: Static<typeof SupplierUpdateIn> }>(
    '/order/profile/suppliers',
    { ...secured, schema: { body: SupplierUpdateIn, response: { 200: SupplierOut } } },
    async (request) => {
      const userId = userOf(request);
      const { Id, Name } = request.body;
      await write(app, userId, call('renameSupplier', { id: Id, name: Name }));
      return supplierOut(await readableRow(readCtx(app, userId), 'suppliers', Id));
    },
  );

  app.delete<{ Querystring: Static<typeof IdQuery> }>(
    '/order/profile/suppliers',
    { ...secured, schema: { querystring: IdQuery, response: { 200: ProfileExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const supplier = await readableRow(readCtx(app, userId), 'suppliers', request.query.id);
      await write(app, userId, call('deleteSupplier', { id: supplier.id }));
      return extAnswer(userId, supplier.profileId);
    },
  );

  app.post<{ Body: Static<typeof MapIngredientsIn> }>(
    '/order/profile/map-ing',
    { ...secured, schema: { body: MapIngredientsIn, response: { 200: ProfileExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { IdProfile, Ingredients, NewSupplier } = request.body;
      await write(
        app,
        userId,
        call('mapProfileIngredients', {
          profileId: IdProfile,
          ingredientIds: listOf(Ingredients),
          supplierId: NewSupplier,
        }),
      );
      return extAnswer(userId, IdProfile);
    },
  );

  app.post<{ Body: Static<typeof MapKindsIn> }>(
    '/order/profile/map-kind',
    { ...secured, schema: { body: MapKindsIn, response: { 200: ProfileExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { IdProfile, Kinds, Supplier } = request.body;
      await write(
        app,
        userId,
        call('mapProfileKinds', {
          profileId: IdProfile,
          kinds: listOf(Kinds),
          supplierId: Supplier,
        }),
      );
      return extAnswer(userId, IdProfile);
    },
  );

  app.post<{ Body: Static<typeof TidyIn> }>(
    '/order/profile/tidy',
    { ...secured, schema: { body: TidyIn, response: { 200: ProfileExtOut } } },
    async (request) => {
      const userId = userOf(request);
      await write(app, userId, call('tidyProfileMapping', { profileId: request.body.Id }));
      return extAnswer(userId, request.body.Id);
    },
  );

  app.post<{ Body: Static<typeof DefaultMapIn> }>(
    '/order/profile/default-map',
    { ...secured, schema: { body: DefaultMapIn, response: { 200: IngredientMappingOut } } },
    async (request) =>
      defaultMap(
        readCtx(app, userOf(request)),
        profileRef(request.body.Profile),
        listOf(request.body.Ingredients),
      ),
  );

  app.post<{ Body: Static<typeof StayProfileIn> }>(
    '/order/profile/default',
    { ...secured, schema: { body: StayProfileIn, response: { 200: StayExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { IdProfile, IdSejour } = request.body;
      await write(
        app,
        userId,
        call('setStayProfile', { stayId: IdSejour, profileId: profileRef(IdProfile) }),
      );
      return stayExtById(readCtx(app, userId), IdSejour);
    },
  );
}
