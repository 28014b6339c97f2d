/** Stays and groups (spec 7.2). */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { dateToIsoDay, duplicateStayIdCount } from '@popote/domain';
import {
  call,
  nowIso,
  readCtx,
  readableRow,
  reserveIds,
  secured,
  userOf,
  write,
  type MutationCall,
} from './context.js';
import { groupOut, isoDayOf } from './mappers.js';
import {
  ColorIn,
  DeletedOut,
  GroupOut,
  IdIn,
  NameIn,
  SizeIn,
  StartIn,
  StayExtOut,
} from './schemas.js';
import { stayExtById, staysOf } from './views-plan.js';

/** What 'Créer un séjour vierge' creates: this name, starting today. */
export const NEW_STAY_NAME = 'Nouveau séjour';
/** A new group (PUT /sejours/groups has no body): unnamed ('Groupe par défaut'), empty. */
export const NEW_GROUP = { name: '', color: '#FFC107', size: 0 } as const;

/**
 * Ids a stay's copy may need: the stay, its groups, and per meal the meal and a copy of its
 * private menu. Bounded by the limits rather than counted, so that a meal added meanwhile by
 * a device never leaves the copy short of ids.
 */

/** The contract's Sejour, as POST /sejours reads it. */
const StayUpdateIn = Type.Object({
  Id: IdIn,
  Name: Type.Optional(NameIn),
  /** Read when Name is absent (the original clients send either). */
  Label: Type.Optional(NameIn),
  Start: Type.Optional(StartIn),
  /** The default supplier profile, as GET answers it; changed only when it differs. */
  IdProfile: Type.Optional(
    Type.Object({
      Valid: Type.Boolean(),
      IdProfile: Type.Integer({ minimum: -1, maximum: Number.MAX_SAFE_INTEGER }),
    }),
  ),
});

const GroupUpdateIn = Type.Object({
  Id: IdIn,
  Name: Type.Optional(NameIn),
  Color: Type.Optional(ColorIn),
  Size: Type.Optional(SizeIn),
});

const IdQuery = Type.Object({ id: IdIn });
const StayIdQuery = Type.Object({ idSejour: IdIn });
const IdGroupQuery = Type.Object({ idGroup: IdIn });

export async function staysRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/sejours',
    { ...secured, schema: { response: { 200: Type.Array(StayExtOut) } } },
    async (request) => staysOf(readCtx(app, userOf(request))),
  );

  app.put(
    '/sejours',
    { ...secured, schema: { response: { 200: StayExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { first: id } = await reserveIds(app, userId, 1);
      const start = dateToIsoDay(new Date(app.popote.now()));
      await write(app, userId, call('createStay', { id, name: NEW_STAY_NAME, start }));
      return stayExtById(readCtx(app, userId), id);
    },
  );

  app.post<{ Body: Static<typeof StayUpdateIn> }>(
    '/sejours',
    { ...secured, schema: { body: StayUpdateIn, response: { 200: StayExtOut } } },
    async (request) => {
      const userId = userOf(request);
      const { Id, Name, Label, Start, IdProfile } = request.body;
      const name = Name ?? Label;
      const calls: MutationCall[] = [
        call('updateStay', {
          id: Id,
          ...(name === undefined ? {} : { name }),
          ...(Start === undefined ? {} : { start: isoDayOf(Start) }),
        }),
      ];
      if (IdProfile !== undefined) {
        const profileId = IdProfile.Valid && IdProfile.IdProfile > 0 ? IdProfile.IdProfile : null;
        const stay = await readableRow(readCtx(app, userId), 'stays', Id);
        if (stay.profileId !== profileId) {
          calls.push(call('setStayProfile', { stayId: Id, profileId }));
        }
      }
      await write(app, userId, ...calls);
      return stayExtById(readCtx(app, userId), Id);
    },
  );

  app.delete<{ Querystring: Static<typeof IdQuery> }>(
    '/sejours',
    { ...secured, schema: { querystring: IdQuery, response: { 200: DeletedOut } } },
    async (request) => {
      await write(app, userOf(request), call('deleteStay', { id: request.query.id }));
      return { Deleted: true, Id: request.query.id };
    },
  );

  app.get<{ Querystring: Static<typeof StayIdQuery> }>(
    '/sejours/duplicate',
    { ...secured, schema: { querystring: StayIdQuery, response: { 200: StayExtOut } } },
    async (request) => {
      const userId = userOf(request);
      // Refused before any id is leased when the stay is not the user's.
      await readableRow(readCtx(app, userId), 'stays', request.query.idSejour);
      const meals = await readCtx(app, userId).store.whereIds(
        'meals',
        'stayId',
        request.query.idSejour,
      );
      const ids = await reserveIds(app, userId, duplicateStayIdCount(meals.length));
      await write(
        app,
        userId,
        call('duplicateStay', { id: request.query.idSejour, ids, now: nowIso(app) }),
      );
      // The copy takes the first id drawn (planDuplicateStay).
      return stayExtById(readCtx(app, userId), ids.first);
    },
  );

  app.put<{ Querystring: Static<typeof StayIdQuery> }>(
    '/sejours/groups',
    { ...secured, schema: { querystring: StayIdQuery, response: { 200: GroupOut } } },
    async (request) => {
      const userId = userOf(request);
      await readableRow(readCtx(app, userId), 'stays', request.query.idSejour);
      const { first: id } = await reserveIds(app, userId, 1);
      await write(
        app,
        userId,
        call('createGroup', { id, stayId: request.query.idSejour, ...NEW_GROUP }),
      );
      return groupOut(await readableRow(readCtx(app, userId), 'groups', id));
    },
  );

  app.post<{ Body: Static<typeof GroupUpdateIn> }>(
    '/sejours/groups',
    { ...secured, schema: { body: GroupUpdateIn, response: { 200: GroupOut } } },
    async (request) => {
      const userId = userOf(request);
      const { Id, Name, Color, Size } = request.body;
      await write(
        app,
        userId,
        call('updateGroup', {
          id: Id,
          ...(Name === undefined ? {} : { name: Name }),
          ...(Color === undefined ? {} : { color: Color }),
          ...(Size === undefined ? {} : { size: Size }),
        }),
      );
      return groupOut(await readableRow(readCtx(app, userId), 'groups', Id));
    },
  );

  app.delete<{ Querystring: Static<typeof IdGroupQuery> }>(
    '/sejours/groups',
    { ...secured, schema: { querystring: IdGroupQuery, response: { 200: DeletedOut } } },
    async (request) => {
      await write(app, userOf(request), call('deleteGroup', { id: request.query.idGroup }));
      return { Deleted: true, Id: request.query.idGroup };
    },
  );
}
