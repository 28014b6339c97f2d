/** The lock shown on what the user does not own, with the owner's pseudonym (spec 2.6). */
import { Group, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Id } from '@popote/domain';
import { COMMON } from '../strings';
import { useLocalQuery } from '../sync/useLocal';

/**
 * The pseudonym of a user as synced (public): undefined while the device reads it, null when
 * it does not hold it.
 */
export function usePseudo(userId: Id | null): string | null | undefined {
  const user = useLocalQuery(
    async (store) => (userId === null ? null : ((await store.get('users', userId)) ?? null)),
    [userId],
  );
  return user === undefined ? undefined : (user?.pseudo ?? null);
}

export function OwnerLock({
  ownerId,
  withName = true,
}: {
  ownerId: Id | null;
  withName?: boolean;
}) {
  const pseudo = usePseudo(ownerId);
  // Not 'un autre utilisateur' for the instant the device takes to read the name.
  if (pseudo === undefined && ownerId !== null) return null;
  const name = ownerId === null ? COMMON.catalogueOwner : (pseudo ?? COMMON.unknownOwner);
  return (
    <Tooltip label={COMMON.lockedBy(name)}>
      <Group gap={4} wrap="nowrap" data-testid="owner-lock">
        {/* The lock says whose it is; a plain group may not carry a name (aria-prohibited-attr). */}
        <IconLock size={16} role="img" aria-label={COMMON.lockedBy(name)} />
        {withName && (
          <Text size="sm" c="dimmed">
            {name}
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}
