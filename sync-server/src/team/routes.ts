/**
 * A stay's team through /api (issue 32): invitations by mail and by link, the page of a link,
 * joining, the invitations sent to the user's address, and the team itself. Every change runs
 * a mutator of the domain (mutators/team.ts) in one versioned transaction, so that the
 * devices of everyone concerned receive it through sync; the web app makes the other team
 * changes (roles, removals, leaving, links) with the same mutators, offline too.
 *
 * Joining runs on behalf of the stay's owner, once the invitation's token has been checked:
 * the token is the credential, like a shared list's. A mailed invitation is used once; a link
 * opens the stay to whoever holds it until it expires (7 days) or its owner withdraws it.
 */
import type { FastifyInstance } from 'fastify';
import {
  INVITATION_CLOSED,
  invitationsTo,
  isInvitationOpen,
  readableStayIds,
  roleIn,
  type Id,
  type StayInvitation,
} from '@popote/domain';
import {
  call,
  nowIso,
  readCtx,
  readableRow,
  reserveIds,
  secured,
  userOf,
  write,
} from '../api/context.js';
import { HttpError } from '../http/errors.js';
import { invitationMail } from '../mail/team-mails.js';
import { newShareToken } from '../shop-session/session.js';
import {
  DoneOut,
  IdQuery,
  InvitationOut,
  InvitationPageOut,
  InviteIn,
  JoinedOut,
  LeaveIn,
  MyInvitationsOut,
  RoleIn,
  StayQuery,
  TeamOut,
  TokenIn,
  TokenQuery,
  TransferIn,
} from './schemas.js';

/**
 * Per client address: a link's page and joining are opened by hand; a guesser gets 120 tries a
 * minute against tokens of 192 bits.
 */
export const TEAM_LINK_RATE_LIMIT = { max: 120, windowMs: 60_000 };

/** The web app's page where an invitation's link leads. */
export const invitationLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/rejoindre?invitation=${encodeURIComponent(token)}`;

const closed = (): HttpError => new HttpError(404, INVITATION_CLOSED);

export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const limit = app.popote.config.teamLinkRateLimit ?? TEAM_LINK_RATE_LIMIT;
  const linkLimited = { config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } } };
  const reads = () => app.popote.store.rows.reads;
  const pseudoOf = async (userId: Id): Promise<string> =>
    (await reads().get('users', userId))?.pseudo ?? '';

  /** The invitation a token opens now, read on committed data; 404 otherwise. */
  async function openInvitation(token: string): Promise<StayInvitation> {
    const found = await reads().where('stayInvitations', 'token', token);
    const invitation = found.find((i) => isInvitationOpen(i, app.popote.now()));
    if (!invitation) throw closed();
    return invitation;
  }

  app.post<{ Body: InviteIn }>(
    '/team/invitations',
    { ...secured, schema: { body: InviteIn, response: { 200: InvitationOut } } },
    async (request) => {
      const userId = userOf(request);
      const { stayId, role, mail } = request.body;
      const { first: id } = await reserveIds(app, userId, 1);
      const token = newShareToken();
      await write(
        app,
        userId,
        call('inviteToStay', { id, stayId, role, mail, token, now: nowIso(app) }),
      );
      const invitation = (await reads().get('stayInvitations', id))!;
      const link = invitationLink(app.popote.config.publicUrl, token);
      if (invitation.mail !== null) {
        const stay = await reads().get('stays', stayId);
        const mailed = invitationMail(invitation.mail, {
          inviter: await pseudoOf(userId),
          stay: stay?.name ?? '',
          role,
          link,
        });
        const sent = await app.popote.mailer.send(mailed).then(
          () => true,
          (err: unknown) => {
            request.log.error({ err }, "Échec de l'envoi d'une invitation");
            return false;
          },
        );
        if (!sent) {
          // No one received it: withdrawn, so that a new try leaves one invitation, not two.
          await write(app, userId, call('revokeStayInvitation', { id }));
          throw new HttpError(502, "L'invitation n'a pas pu être envoyée : réessayez plus tard.");
        }
      }
      return { id, link, expires: invitation.expires };
    },
  );

  app.delete<{ Querystring: IdQuery }>(
    '/team/invitations',
    { ...secured, schema: { querystring: IdQuery, response: { 200: DoneOut } } },
    async (request) => {
      await write(app, userOf(request), call('revokeStayInvitation', { id: request.query.id }));
      return { done: true };
    },
  );

  app.get<{ Querystring: TokenQuery }>(
    '/team/invitation',
    { ...linkLimited, schema: { querystring: TokenQuery, response: { 200: InvitationPageOut } } },
    async (request) => {
      const invitation = await openInvitation(request.query.token);
      const stay = await reads().get('stays', invitation.stayId);
      if (!stay) throw closed();
      return {
        stay: stay.name,
        invitedBy: await pseudoOf(invitation.owner),
        role: invitation.role,
        expires: invitation.expires,
      };
    },
  );

  app.post<{ Body: TokenIn }>(
    '/team/join',
    { ...secured, ...linkLimited, schema: { body: TokenIn, response: { 200: JoinedOut } } },
    async (request) => {
      const userId = userOf(request);
      const invitation = await openInvitation(request.body.token);
      const { first: id } = await reserveIds(app, invitation.owner, 1);
      // Journaled as the owner's change (it runs on their behalf); its sentence names who came.
      await app.popote.sync.mutate(invitation.owner, async (_ctx, apply) => {
        await apply('joinWithInvitation', {
          id,
          invitationId: invitation.id,
          userId,
          now: nowIso(app),
        });
      });
      return { stayId: invitation.stayId };
    },
  );

  app.get(
    '/team/invitations/mine',
    { ...secured, schema: { response: { 200: MyInvitationsOut } } },
    async (request) => {
      const account = await app.popote.store.accounts.getAccount(userOf(request));
      if (!account) return [];
      const answers = [];
      for (const invitation of await invitationsTo(reads(), account.mail, app.popote.now())) {
        const stay = await reads().get('stays', invitation.stayId);
        if (!stay) continue;
        answers.push({
          token: invitation.token,
          stay: stay.name,
          invitedBy: await pseudoOf(invitation.owner),
          role: invitation.role,
          expires: invitation.expires,
        });
      }
      return answers;
    },
  );

  app.get<{ Querystring: StayQuery }>(
    '/team',
    { ...secured, schema: { querystring: StayQuery, response: { 200: TeamOut } } },
    async (request) => {
      const ctx = readCtx(app, userOf(request));
      const stay = await readableRow(ctx, 'stays', request.query.stayId);
      const members = await ctx.store.where('stayMembers', 'stayId', stay.id);
      members.sort((a, b) => a.since.localeCompare(b.since) || a.id - b.id);
      return {
        owner: { userId: stay.owner, pseudo: await pseudoOf(stay.owner) },
        members: await Promise.all(
          members.map(async (m) => ({
            id: m.id,
            userId: m.userId,
            pseudo: await pseudoOf(m.userId),
            role: m.role,
            since: m.since,
          })),
        ),
        you: (await roleIn(ctx.store, stay, ctx.userId)) ?? 'read',
      };
    },
  );

  app.post<{ Body: RoleIn }>(
    '/team/members',
    { ...secured, schema: { body: RoleIn, response: { 200: DoneOut } } },
    async (request) => {
      const { id, role } = request.body;
      await write(app, userOf(request), call('setStayMemberRole', { id, role }));
      return { done: true };
    },
  );

  app.delete<{ Querystring: IdQuery }>(
    '/team/members',
    { ...secured, schema: { querystring: IdQuery, response: { 200: DoneOut } } },
    async (request) => {
      await write(app, userOf(request), call('removeStayMember', { id: request.query.id }));
      return { done: true };
    },
  );

  app.post<{ Body: TransferIn }>(
    '/team/transfer',
    { ...secured, schema: { body: TransferIn, response: { 200: DoneOut } } },
    async (request) => {
      const userId = userOf(request);
      const { memberId } = request.body;
      // The member as the caller reads them now; the mutator refuses any other caller.
      const member = await readableRow(readCtx(app, userId), 'stayMembers', memberId);
      await write(
        app,
        userId,
        call('transferStay', { memberId, userId: member.userId, now: nowIso(app) }),
      );
      return { done: true };
    },
  );

  app.post<{ Body: LeaveIn }>(
    '/team/leave',
    { ...secured, schema: { body: LeaveIn, response: { 200: DoneOut } } },
    async (request) => {
      const userId = userOf(request);
      const { stayId } = request.body;
      const own = await reads().where('stayMembers', 'stayUser', `${stayId}:${userId}`);
      const stays = await readableStayIds(reads(), userId);
      if (own.length === 0 || !stays.includes(stayId)) {
        throw new HttpError(404, "Ce séjour n'existe pas ou vous n'en faites pas partie.");
      }
      await write(app, userId, call('leaveStay', { id: own[0]!.id }));
      return { done: true };
    },
  );
}
