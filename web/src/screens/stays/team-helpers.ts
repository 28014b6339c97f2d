/** Pure rules of the team dialog (issue 32): role choices, open invitations, their texts. */
import {
  formatDateTime,
  isInvitationOpen,
  MEMBER_ROLES,
  ROLE_NAMES,
  type MemberRole,
  type StayInvitation,
} from '@popote/domain';
import { TEAM } from '../../strings';

/** The choices of a role select: 'Organisation', 'Cuisine', 'Lecture'. */
export const ROLE_CHOICES: readonly { value: MemberRole; label: string }[] = MEMBER_ROLES.map(
  (role) => ({ value: role, label: ROLE_NAMES[role] }),
);

/** A select's value as a role; anything else (a cleared select) is null. */
export const asRole = (value: string | null): MemberRole | null =>
  value !== null && (MEMBER_ROLES as readonly string[]).includes(value)
    ? (value as MemberRole)
    : null;

/** The invitations that still open the stay at `now`, newest first. */
export function openInvitations(
  invitations: readonly StayInvitation[],
  now: number,
): StayInvitation[] {
  return invitations
    .filter((i) => isInvitationOpen(i, now))
    .sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id);
}

/** Who an invitation is for: its address, or 'Lien'. */
export const invitationTarget = (invitation: Pick<StayInvitation, 'mail'>): string =>
  invitation.mail ?? TEAM.byLink;

/**
 * 'Expire le 8 juillet 2025 à 14:05', in the device's time zone (`offsetOf` gives it in minutes
 * east of UTC for an instant; the browser's by default).
 */
export function expiryText(
  expires: string,
  offsetOf: (iso: string) => number = (iso) => -new Date(iso).getTimezoneOffset(),
): string {
  return TEAM.expiresOn(formatDateTime(expires, offsetOf(expires)));
}

/** '« Carol »', '« Carol » et « Bob »', '« A », « B » et « C »': a team's names in a sentence. */
export function namesList(names: readonly string[]): string {
  const quoted = names.map((n) => `« ${n} »`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} et ${quoted[quoted.length - 1]}`;
}
