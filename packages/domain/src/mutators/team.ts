/**
 * Mutators of a stay's team (issue 32): its members and their roles. The owner adds a member
 * (the server does it on their behalf when an invitation is accepted), changes a role or removes
 * a member; a member may leave. The owner is never a member of their own stay.
 */
import { Type } from '@sinclair/typebox';
import type { MemberRole, StayMember } from '../entities.js';
import { conflict, forbidden, invalid } from '../errors.js';
import { MAX_MEMBERS_PER_STAY } from '../limits.js';
import { anyUser, onStay, readable } from './access.js';
import { defineMutator, type MutationContext } from './define.js';
import { argInt, ofPhrase, quoted } from './describe-words.js';
import { IdSchema, NowSchema } from './schemas.js';

/** The roles' names as the team dialog shows them. */
export const ROLE_NAMES: Readonly<Record<MemberRole, string>> = {
  plan: 'Organisation',
  keep: 'Cuisine',
  read: 'Lecture',
};

export const MemberRoleSchema = Type.Union([
  Type.Literal('plan'),
  Type.Literal('keep'),
  Type.Literal('read'),
]);

export const StayMemberSchema = Type.Object(
  {
    id: IdSchema,
    stayId: IdSchema,
    owner: IdSchema,
    userId: IdSchema,
    role: MemberRoleSchema,
    since: NowSchema,
  },
  { additionalProperties: false },
);

export const OWNER_NOT_MEMBER = 'Le responsable du séjour en fait déjà partie.';
export const ALREADY_MEMBER = 'Cette personne fait déjà partie du séjour.';

/** The index key of a membership: one per stay and user. */
export const memberKey = (m: Pick<StayMember, 'stayId' | 'userId'>): string =>
  `${m.stayId}:${m.userId}`;

const roleWords = (role: unknown): string | null =>
  typeof role === 'string' && role in ROLE_NAMES
    ? `rôle ${quoted(ROLE_NAMES[role as MemberRole])}`
    : null;

/** 'le membre « Camille »', from the member row or the user named by the arguments. */
async function memberPhrase(
  w: Parameters<(typeof addStayMember)['describe']>[1],
  memberId: number | null,
  userId: number | null = null,
): Promise<string> {
  const member = await w.row('stayMembers', memberId);
  const user = await w.row('users', member?.userId ?? userId);
  return user ? `le membre ${quoted(user.pseudo)}` : 'un membre';
}

async function checkRoom(ctx: MutationContext, stayId: number): Promise<void> {
  const count = (await ctx.store.whereIds('stayMembers', 'stayId', stayId)).length;
  if (count + 1 > MAX_MEMBERS_PER_STAY) {
    throw invalid(`Un séjour ne peut pas compter plus de ${MAX_MEMBERS_PER_STAY} membres.`);
  }
}

export const addStayMember = defineMutator({
  label: "Ajout d'un membre à un séjour",
  schema: Type.Object({
    id: IdSchema,
    stayId: IdSchema,
    userId: IdSchema,
    role: MemberRoleSchema,
    now: NowSchema,
  }),
  access: onStay('manage', 'stays', 'stayId'),
  describe: async (a, w) => {
    const who = await memberPhrase(w, null, argInt(a, 'userId'));
    const role = roleWords(a.role);
    return `Ajout ${ofPhrase(who)} ${await w.ofStay(argInt(a, 'stayId'))}${role ? ` (${role})` : ''}`;
  },
  undo: null,
  run: async (ctx, { id, stayId, userId, role, now }) => {
    const stay = await readable(ctx, 'stays', stayId);
    if (userId === stay.owner) throw invalid(OWNER_NOT_MEMBER);
    if (!(await ctx.store.get('users', userId))) {
      throw invalid("Cette personne n'a pas de compte Popote.");
    }
    if ((await ctx.store.whereIds('stayMembers', 'stayUser', `${stayId}:${userId}`)).length > 0) {
      throw conflict(ALREADY_MEMBER);
    }
    await checkRoom(ctx, stayId);
    await ctx.claimId('stayMembers', id);
    const member: StayMember = { id, stayId, owner: stay.owner, userId, role, since: now };
    await ctx.store.put('stayMembers', member);
  },
});

export const setStayMemberRole = defineMutator({
  label: "Changement du rôle d'un membre",
  schema: Type.Object({ id: IdSchema, role: MemberRoleSchema }),
  access: onStay('manage', 'stayMembers', 'id'),
  describe: async (a, w) => {
    const member = await w.row('stayMembers', argInt(a, 'id'));
    const role = roleWords(a.role);
    return `Rôle ${ofPhrase(await memberPhrase(w, argInt(a, 'id')))}${
      member ? ` ${await w.ofStay(member.stayId)}` : ''
    }${role ? ` : ${role}` : ''}`;
  },
  undo: null,
  run: async (ctx, { id, role }) => {
    const member = await readable(ctx, 'stayMembers', id);
    if (member.role !== role) await ctx.store.put('stayMembers', { ...member, role });
  },
});

export const removeStayMember = defineMutator({
  label: "Retrait d'un membre d'un séjour",
  schema: Type.Object({ id: IdSchema }),
  access: onStay('manage', 'stayMembers', 'id'),
  describe: async (a, w) => {
    const member = await w.row('stayMembers', argInt(a, 'id'));
    return `Retrait ${ofPhrase(await memberPhrase(w, argInt(a, 'id')))}${
      member ? ` ${await w.ofStay(member.stayId)}` : ''
    }`;
  },
  undo: async (_store, _userId, a) => [{ table: 'stayMembers', id: a.id }],
  run: async (ctx, { id }) => {
    await ctx.store.delete('stayMembers', id);
  },
});

/** A member leaves a stay ('Quitter le séjour'): their own membership only. */
export const leaveStay = defineMutator({
  label: "Départ d'un séjour",
  schema: Type.Object({ id: IdSchema }),
  // Any member may leave, whatever their role: the rule is that the row is their own.
  access: anyUser,
  describe: async (a, w) => {
    const member = await w.row('stayMembers', argInt(a, 'id'));
    return `Départ ${member ? await w.ofStay(member.stayId) : "d'un séjour"}`;
  },
  undo: null,
  run: async (ctx, { id }) => {
    const member = await readable(ctx, 'stayMembers', id);
    if (member.userId !== ctx.userId) {
      throw forbidden('Seul ce membre peut quitter le séjour : le responsable peut le retirer.');
    }
    await ctx.store.delete('stayMembers', id);
  },
});
