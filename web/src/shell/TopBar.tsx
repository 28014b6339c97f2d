import { Box, Group, Title } from '@mantine/core';

/**
 * The top bar: the page title, and on the right the place where the sync indicator will sit.
 */
export function TopBar({ title, withSyncSlot = true }: { title: string; withSyncSlot?: boolean }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Title order={1} size="h3" data-testid="top-bar-title" lineClamp={1}>
        {title}
      </Title>
      {withSyncSlot && <Box data-testid="sync-indicator-slot" />}
    </Group>
  );
}
