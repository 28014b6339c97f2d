/**
 * A stay's team through the server (issue 32): what needs the network. Roles, removals,
 * leaving and links are mutations (they work offline); inviting by mail, reading an
 * invitation's link and joining go to /api/team. Each answers an ApiResult, so that the
 * screen shows the server's French message where the action was taken.
 */
import type { Id, MemberRole } from '@popote/domain';
import { apiResult } from './http';

export interface InvitationMade {
  id: Id;
  link: string;
  expires: string;
}

/** What an invitation's link shows. */
export interface InvitationPage {
  stay: string;
  invitedBy: string;
  role: MemberRole;
  expires: string;
}

/** An open invitation mailed to the user's address. */
export interface MyInvitation extends InvitationPage {
  token: string;
}

/** Invites `mail` into the stay (the server mails the link). */
export const inviteByMail = (stayId: Id, role: MemberRole, mail: string) =>
  apiResult<InvitationMade>('/team/invitations', {
    method: 'POST',
    body: { stayId, role, mail },
  });

/** The page of an invitation's link: no session needed. */
export const readInvitation = (token: string) =>
  apiResult<InvitationPage>('/team/invitation', { query: { token } });

export const joinStay = (token: string) =>
  apiResult<{ stayId: Id }>('/team/join', { method: 'POST', body: { token } });

export const myInvitations = () => apiResult<MyInvitation[]>('/team/invitations/mine');
