import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** The top bar: the page title, and on the right the sync indicator when logged in. */
export function TopBar({ title, right }: { title: string; right?: ReactNode }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Title order={1} size="h3" data-testid="top-bar-title" lineClamp={1}>
        {title}
      </Title>
      {right}
    </Group>
  );
}
