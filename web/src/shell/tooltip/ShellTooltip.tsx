/**
 * The shell's tooltips (the navigation's labels, the sync indicator's last sync): Mantine's
 * Tooltip brings its floating positioning (about 15 kB gzip) that the first paint does not
 * need (issue 36). Until its chunk is loaded, a moment after the start, the child shows alone;
 * then the same child with its tooltip.
 */
import type { ComponentProps } from 'react';
import type { Tooltip } from '@mantine/core';
import { lazyComponent } from '../../components/lazy-component';

export const ShellTooltip = lazyComponent<ComponentProps<typeof Tooltip>>(
  () => import('./tooltip-chunk').then((m) => m.Tooltip),
  (props) => props.children,
);
