// Its own chunk (ShellTooltip.tsx): Mantine's Tooltip and its floating positioning.
export { Tooltip } from '@mantine/core';
