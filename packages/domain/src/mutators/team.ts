/**
 * Mutators of a stay's team (issue 32): its members, their roles and its invitations. The owner
 * invites (by mail or with a link); someone joins only with an invitation, by following it
 * (the server then adds them on the owner's behalf: no one is put into a stay without
 * consenting); the owner changes a role, removes a member or gives the stay away; a member may
 * leave. The owner is never a member of their own stay.
 */
import { Type } from '@sinclair/typebox';
import type { Id, MemberRole, StayInvitation, StayMember } from '../entities.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { INVITATION_DAYS, MAX_INVITATIONS_PER_STAY, MAX_MEMBERS_PER_STAY } from '../limits.js';
import type { ReadStore } from '../store.js';
import { STAY_ROW_TABLES } from '../visibility.js';
import { looksLikeMail } from '../validation.js';
import { anyUser, onStay, readable } from './access.js';
import { defineMutator, type MutationContext } from './define.js';
import { argInt, ofPhrase, quoted, type Words } from './describe-words.js';
import { IdSchema, NowSchema } from './schemas.js';
import { checkShopListRoom, ShareTokenSchema } from './shopping.js';

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
  w: Words,
  memberId: number | null,
  userId: number | null = null,
): Promise<string> {
  const member = await w.row('stayMembers', memberId);
  const user = await w.row('users', member?.userId ?? userId);
  return user ? `le membre ${quoted(user.pseudo)}` : 'un membre';
}

/** Adds `userId` to the stay with `role`: refused for its owner, a member, or no account. */
async function addMember(
  ctx: MutationContext,
  m: { id: Id; stayId: Id; userId: Id; role: MemberRole; since: string },
): Promise<void> {
  const stay = await readable(ctx, 'stays', m.stayId);
  if (m.userId === stay.owner) throw invalid(OWNER_NOT_MEMBER);
  if (!(await ctx.store.get('users', m.userId))) {
    throw invalid("Cette personne n'a pas de compte Popote.");
  }
  if ((await ctx.store.whereIds('stayMembers', 'stayUser', memberKey(m))).length > 0) {
    throw conflict(ALREADY_MEMBER);
  }
  await checkRoom(ctx, m.stayId);
  await ctx.claimId('stayMembers', m.id);
  const member: StayMember = { ...m, owner: stay.owner };
  await ctx.store.put('stayMembers', member);
}

async function checkRoom(ctx: MutationContext, stayId: number): Promise<void> {
  const count = (await ctx.store.whereIds('stayMembers', 'stayId', stayId)).length;
  if (count + 1 > MAX_MEMBERS_PER_STAY) {
    throw invalid(`Un séjour ne peut pas compter plus de ${MAX_MEMBERS_PER_STAY} membres.`);
  }
}

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
  // `userId`: the member as the owner saw them, kept in the journal so that the sentence and
  // the refusal of their later changes name them once the row is gone (absent from apps
  // before issue 32's transfer: optional).
  schema: Type.Object({ id: IdSchema, userId: Type.Optional(IdSchema) }),
  access: onStay('manage', 'stayMembers', 'id'),
  describe: async (a, w) => {
    const member = await w.row('stayMembers', argInt(a, 'id'));
    const who = await memberPhrase(w, argInt(a, 'id'), argInt(a, 'userId'));
    return `Retrait ${ofPhrase(who)}${member ? ` ${await w.ofStay(member.stayId)}` : ''}`;
  },
  undo: async (_store, _userId, a) => [{ table: 'stayMembers', id: a.id }],
  run: async (ctx, { id, userId }) => {
    const member = await readable(ctx, 'stayMembers', id);
    if (userId !== undefined && member.userId !== userId) {
      throw conflict('Cette personne ne fait plus partie du séjour.');
    }
    await ctx.store.delete('stayMembers', id);
  },
});

/**
 * The owner gives the stay to a member ('Transférer le séjour'): every row of the stay, and the
 * meals' own menus, become the member's; the former owner stays in the team as 'Organisation',
 * and the stay's open invitations are withdrawn (their links were the former owner's to give).
 *
 * The membership row itself is handed over (same id, the former owner as its user): the new
 * owner's devices see no membership of theirs deleted, so none of them drops the stay while
 * the pages of the transfer arrive.
 */
export const transferStay = defineMutator({
  label: "Transfert d'un séjour",
  // `userId` names the member as the owner saw them: the row is theirs no more once handed over.
  schema: Type.Object({ memberId: IdSchema, userId: IdSchema, now: NowSchema }),
  access: onStay('manage', 'stayMembers', 'memberId'),
  describe: async (a, w) => {
    const member = await w.row('stayMembers', argInt(a, 'memberId'));
    const to = await memberPhrase(w, null, argInt(a, 'userId'));
    return `Transfert ${member ? await w.ofStay(member.stayId) : "d'un séjour"} ${toMember(to)}`;
  },
  undo: null,
  run: async (ctx, { memberId, userId, now }) => {
    const member = await readable(ctx, 'stayMembers', memberId);
    if (member.userId !== userId) throw conflict('Cette personne ne fait plus partie du séjour.');
    const stay = await readable(ctx, 'stays', member.stayId);
    const from = stay.owner;
    const to = member.userId;
    const lists = await ctx.store.whereIds('shopLists', 'stayId', stay.id);
    await checkShopListRoom(ctx, lists.length, to);
    for (const table of STAY_ROW_TABLES) {
      for (const row of await ctx.store.where(table, 'stayId', stay.id)) {
        await ctx.store.put(table, { ...row, owner: to } as never);
      }
    }
    for (const menuId of await mealMenusOnlyIn(ctx, stay.id, from)) {
      const menu = (await ctx.store.get('menus', menuId))!;
      await ctx.store.put('menus', { ...menu, owner: to });
    }
    for (const invitationId of await ctx.store.whereIds('stayInvitations', 'stayId', stay.id)) {
      await ctx.store.delete('stayInvitations', invitationId);
    }
    await ctx.store.put('stayMembers', {
      ...member,
      owner: to,
      userId: from,
      role: 'plan',
      since: now,
    });
    await ctx.store.put('stays', { ...stay, owner: to });
  },
});

/** 'le membre « Bob »' → 'à « Bob »'. */
const toMember = (phrase: string): string =>
  phrase.startsWith('le membre ') ? `à ${phrase.slice('le membre '.length)}` : 'à un membre';

/**
 * The meals' own menus (not favourites) of `owner` that no meal outside the stay uses: they
 * move with the stay, so that its meals never hang on the former owner's library.
 */
async function mealMenusOnlyIn(ctx: MutationContext, stayId: Id, owner: Id): Promise<Id[]> {
  const menuIds = new Set((await ctx.store.where('meals', 'stayId', stayId)).map((m) => m.menuId));
  const moved: Id[] = [];
  for (const menuId of menuIds) {
    const menu = await ctx.store.get('menus', menuId);
    if (!menu || menu.isFavorite || menu.owner !== owner) continue;
    const users = await ctx.store.where('meals', 'menuId', menuId);
    if (users.every((meal) => meal.stayId === stayId)) moved.push(menuId);
  }
  return moved;
}

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

// ---- Invitations ----

export const INVITATION_CLOSED = "Cette invitation n'est plus valable : demandez-en une nouvelle.";

/** The day an invitation made at `now` stops opening its stay. */
export const invitationExpiry = (now: string): string =>
  new Date(Date.parse(now) + INVITATION_DAYS * 24 * 3600 * 1000).toISOString();

/** Whether the invitation still opens its stay at `now` (ms). */
export const isInvitationOpen = (invitation: StayInvitation, now: number): boolean =>
  invitation.usedBy === null && now < Date.parse(invitation.expires);

/**
 * The invitations mailed to this address that still open their stay at `now` (ms): what the
 * app shows its account (an address's case never matters).
 */
export async function invitationsTo(
  store: ReadStore,
  mail: string,
  now: number,
): Promise<StayInvitation[]> {
  const sent = await store.where('stayInvitations', 'mail', mail.trim().toLowerCase());
  return sent.filter((invitation) => isInvitationOpen(invitation, now));
}

/** '« ana@exemple.fr »' or 'un lien d'invitation', for the sentences. */
const invitationWords = (mail: unknown): string =>
  typeof mail === 'string' ? `de ${quoted(mail)}` : "par un lien d'invitation";

/**
 * Invites someone into a stay with a role: by mail (`mail`, used once) or with a link to show
 * (`mail` null, for anyone holding it); either way for INVITATION_DAYS. The token comes in the
 * arguments, so that a link made offline opens the stay once it has synced.
 */
export const inviteToStay = defineMutator({
  label: "Invitation dans l'équipe d'un séjour",
  schema: Type.Object({
    id: IdSchema,
    stayId: IdSchema,
    role: MemberRoleSchema,
    mail: Type.Union([Type.String({ minLength: 3, maxLength: 254 }), Type.Null()]),
    token: ShareTokenSchema,
    now: NowSchema,
  }),
  access: onStay('manage', 'stays', 'stayId'),
  describe: async (a, w) => {
    const role = roleWords(a.role);
    return `Invitation ${invitationWords(a.mail)} ${toStay(await w.stay(argInt(a, 'stayId')))}${role ? ` (${role})` : ''}`;
  },
  undo: null,
  run: async (ctx, { id, stayId, role, mail, token, now }) => {
    const stay = await readable(ctx, 'stays', stayId);
    const address = mail === null ? null : mail.trim().toLowerCase();
    if (address !== null && !looksLikeMail(address))
      throw invalid("L'adresse mail n'est pas valide.");
    const open = await ctx.store.whereIds('stayInvitations', 'stayId', stayId);
    if (open.length + 1 > MAX_INVITATIONS_PER_STAY) {
      throw invalid(
        `Un séjour ne peut pas avoir plus de ${MAX_INVITATIONS_PER_STAY} invitations en cours : retirez les anciennes.`,
      );
    }
    if ((await ctx.store.whereIds('stayInvitations', 'token', token)).length > 0) {
      throw conflict("Ce lien d'invitation existe déjà : faites-en un autre.");
    }
    await ctx.claimId('stayInvitations', id);
    await ctx.store.put('stayInvitations', {
      id,
      stayId,
      owner: stay.owner,
      role,
      mail: address,
      token,
      created: now,
      expires: invitationExpiry(now),
      usedBy: null,
    });
  },
});

/** Withdraws an invitation: its link opens nothing any more. */
export const revokeStayInvitation = defineMutator({
  label: "Retrait d'une invitation",
  schema: Type.Object({ id: IdSchema }),
  access: onStay('manage', 'stayInvitations', 'id'),
  describe: async (a, w) => {
    const invitation = await w.row('stayInvitations', argInt(a, 'id'));
    return `Retrait de l'invitation ${invitationWords(invitation?.mail ?? null)}${
      invitation ? ` ${await w.ofStay(invitation.stayId)}` : ''
    }`;
  },
  undo: null,
  run: async (ctx, { id }) => {
    await ctx.store.delete('stayInvitations', id);
  },
});

/**
 * Someone joins a stay with its invitation: run by the server on behalf of the stay's owner,
 * once it has checked who follows the link (a device may not push it: SERVER_ONLY_MUTATIONS).
 * A mailed invitation is used once.
 */
export const joinWithInvitation = defineMutator({
  label: "Arrivée d'un membre invité",
  schema: Type.Object({
    id: IdSchema,
    invitationId: IdSchema,
    userId: IdSchema,
    now: NowSchema,
  }),
  access: onStay('manage', 'stayInvitations', 'invitationId'),
  describe: async (a, w) => {
    const invitation = await w.row('stayInvitations', argInt(a, 'invitationId'));
    const who = await memberPhrase(w, null, argInt(a, 'userId'));
    return `Arrivée ${ofPhrase(who)}${invitation ? ` ${toStay(await w.stay(invitation.stayId))}` : ''}`;
  },
  undo: null,
  run: async (ctx, { id, invitationId, userId, now }) => {
    const invitation = await readable(ctx, 'stayInvitations', invitationId);
    if (!isInvitationOpen(invitation, Date.parse(now))) throw notFound(INVITATION_CLOSED);
    const { stayId, role } = invitation;
    await addMember(ctx, { id, stayId, userId, role, since: now });
    if (invitation.mail !== null) {
      await ctx.store.put('stayInvitations', { ...invitation, usedBy: userId });
    }
  },
});

/**
 * Mutations the server runs itself and refuses from a device's push: joining, whose consent is
 * the joiner following the invitation (POST /api/team/join), never the owner's say-so.
 */
export const SERVER_ONLY_MUTATIONS: ReadonlySet<string> = new Set(['joinWithInvitation']);
export const SERVER_ONLY_REFUSAL =
  "On rejoint un séjour en suivant son invitation : cette modification ne peut pas venir d'un appareil.";

/** 'le séjour « Colo »' → 'dans le séjour « Colo »'. */
const toStay = (stay: string): string => `dans ${stay}`;
