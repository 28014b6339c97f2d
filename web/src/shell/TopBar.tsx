import type { ReactNode } from 'react';
import { Box, Group, Title } from '@mantine/core';

export interface TopBarProps {
  title: string;
  /** The burger opening the navigation on a phone. */
  left?: ReactNode;
  /** The sync indicator when logged in. */
  right?: ReactNode;
  /** A phone: a smaller title on up to two lines. */
  compact?: boolean;
}

/**
 * The top bar: the page title, and on the right the sync indicator when logged in. The title
 * gives way (ellipsis after one line, two on a phone, the whole of it in its tooltip) so that
 * the indicator is never cut.
 */
export function TopBar({ title, left, right, compact = false }: TopBarProps) {
  return (
    <Group h="100%" px={compact ? 'xs' : 'md'} gap={compact ? 'xs' : 'md'} wrap="nowrap">
      {left}
      <Title
        order={1}
        size={compact ? 'h5' : 'h3'}
        data-testid="top-bar-title"
        lineClamp={compact ? 2 : 1}
        title={title}
        style={{ flex: 1, minWidth: 0, lineHeight: compact ? 1.25 : undefined }}
      >
        {title}
      </Title>
      {right !== undefined && (
        <Box style={{ flexShrink: 0, maxWidth: compact ? '45%' : '50%', minWidth: 0 }}>{right}</Box>
      )}
    </Group>
  );
}
