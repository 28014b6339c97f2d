/** Live reads of a stay's team (issue 32), for the screens that mirror what a role allows. */
import { useMemo } from 'react';
import {
  mayOnStay,
  roleIn,
  type MutationArgs,
  type MutationName,
  type MemberRole,
  type Stay,
  type StayInvitation,
  type StayMember,
  type StayRight,
} from '@popote/domain';
import { useSync } from '../sync/SyncProvider';
import { useLocalQuery } from '../sync/useLocal';
import { loadMutationRights, useMutationRights } from './mutation-rights';

/** The user's part in the stay: 'owner', their role, null; undefined while loading. */
export function useStayRole(stay: Stay | null): MemberRole | 'owner' | null | undefined {
  const { userId } = useSync();
  return useLocalQuery(
    async (store) => (stay === null ? null : roleIn(store, stay, userId)),
    [stay?.id, stay?.owner, userId],
  );
}

/**
 * Whether the user holds `right` on the stay (the rule the device and the server apply); false
 * while loading and without a stay.
 */
export function useMayOnStay(stay: Stay | null, right: StayRight): boolean {
  const { userId } = useSync();
  const allowed = useLocalQuery(
    async (store) => (stay === null ? false : mayOnStay(store, stay, userId, right)),
    [stay?.id, stay?.owner, userId, right],
  );
  // The owner holds every right: known at once, without waiting for the read.
  return (stay !== null && stay.owner === userId) || (allowed ?? false);
}

/**
 * What the user may run on a stay's rows (`may('createMeal')`), and whether that is known yet:
 * a screen says "read only" only once it is, or an owner would see the notice flash while the
 * role or the mutations' access is read.
 */
export type StayMay = ((name: MutationName) => boolean) & { readonly known: boolean };

/**
 * What the user may run on the rows of a stay, by each mutation's declared access (see
 * mayRunAs): the one question the screens ask to show, hide or disable a control. Nothing
 * while loading (the role, or the mutations' access, which loads once the first data is shown:
 * see mutation-rights.ts). Follows a role changed on another device live.
 */
export function useStayMay(stay: Stay | null): StayMay {
  const { userId } = useSync();
  const role = useStayRole(stay);
  const rights = useMutationRights();
  const owner = stay !== null && stay.owner === userId;
  const part = owner ? 'owner' : (role ?? null);
  const known = rights !== null && (owner || role !== undefined);
  return useMemo(
    () =>
      Object.assign((name: MutationName) => rights !== null && rights.mayRunAs(part, name), {
        known,
      }),
    [part, rights, known],
  );
}

/**
 * Whether the user may run `name` on the row `args` names (its declared access, as the device
 * and the server check it: mayRun); undefined while loading, false when `args` is null.
 */
export function useMayRunState<N extends MutationName>(
  name: N,
  args: Partial<MutationArgs<N>> | null,
): boolean | undefined {
  const { userId } = useSync();
  const key = JSON.stringify(args);
  return useLocalQuery(
    async (store) =>
      args === null ? false : (await loadMutationRights()).mayRun(store, userId, name, args),
    [name, key, userId],
  );
}

/** useMayRunState, false while loading: a control shows once it is known to be allowed. */
export function useMayRun<N extends MutationName>(
  name: N,
  args: Partial<MutationArgs<N>> | null,
): boolean {
  return useMayRunState(name, args) ?? false;
}

export interface TeamMember {
  member: StayMember;
  /** Null when the device does not hold the pseudonym. */
  pseudo: string | null;
}

export interface Team {
  ownerPseudo: string | null;
  members: TeamMember[];
  /** The stay's invitations (its owner's device alone holds them). */
  invitations: StayInvitation[];
}

/** The stay's owner, members (oldest first) and invitations; undefined while loading. */
export function useTeam(stay: Stay): Team | undefined {
  return useLocalQuery(
    async (store) => {
      const rows = await store.where('stayMembers', 'stayId', stay.id);
      rows.sort((a, b) => a.since.localeCompare(b.since) || a.id - b.id);
      const members = await Promise.all(
        rows.map(async (member) => ({
          member,
          pseudo: (await store.get('users', member.userId))?.pseudo ?? null,
        })),
      );
      const owner = await store.get('users', stay.owner);
      const invitations = await store.where('stayInvitations', 'stayId', stay.id);
      return { ownerPseudo: owner?.pseudo ?? null, members, invitations };
    },
    [stay.id, stay.owner],
  );
}
