import { useState } from 'react';
import { Avatar, Box, Divider, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconBooks,
  IconCalendar,
  IconLogout,
  IconSettings,
  IconShoppingCart,
  IconTent,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../sync/LogoutButton';
import { NAV, VERSION_LABEL } from '../strings';
import { ROUTES, routeNameOf } from './routes';
import type { RouteName } from './routes';

export const RAIL_WIDTH = 60;
const EXPANDED_WIDTH = 260;

const ICONS: Record<RouteName, Icon> = {
  sejours: IconTent,
  agenda: IconCalendar,
  library: IconBooks,
  order: IconShoppingCart,
  settings: IconSettings,
};

const noWrap = { whiteSpace: 'nowrap', overflow: 'hidden' } as const;

/**
 * The side drawer (spec 2.2): a narrow rail of icons that widens over the page on hover to
 * show the labels, the pseudonym and the version.
 */
export function NavDrawer({ pseudo }: { pseudo: string }) {
  const [expanded, setExpanded] = useState(false);
  const active = routeNameOf(useLocation().pathname);
  const { requestLogout, dialog: logoutDialog } = useLogout();
  return (
    <Box
      component="nav"
      aria-label={NAV.navigationLabel}
      data-testid="nav-drawer"
      data-expanded={expanded}
      onMouseEnter={() => setExpanded(true)}
      onMouseLeave={() => setExpanded(false)}
      onFocus={() => setExpanded(true)}
      onBlur={() => setExpanded(false)}
      h="100%"
      w={expanded ? EXPANDED_WIDTH : RAIL_WIDTH}
      bg="var(--mantine-color-body)"
      style={{
        ...noWrap,
        transition: 'width 150ms ease',
        borderRight: '1px solid var(--mantine-color-default-border)',
        boxShadow: expanded ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Stack h="100%" gap={0} py="xs">
        <Box px={10} py="xs" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Avatar color="yellow" radius="xl" size={40} style={{ flexShrink: 0 }}>
            {pseudo.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box style={noWrap}>
            <Text fw={600} data-testid="drawer-pseudo" truncate>
              {pseudo}
            </Text>
            <Text size="xs" c="dimmed">
              {VERSION_LABEL}
            </Text>
          </Box>
        </Box>
        <Divider my="xs" />
        {ROUTES.map((route) => {
          const RouteIcon = ICONS[route.name];
          return (
            <Tooltip key={route.name} label={route.tooltip} position="right" withArrow>
              <NavLink
                component={Link}
                to={route.path}
                label={route.label}
                aria-label={route.label}
                active={active === route.name}
                leftSection={<RouteIcon size={22} stroke={1.6} />}
                px={19}
                style={noWrap}
                data-testid={`nav-${route.name}`}
              />
            </Tooltip>
          );
        })}
        <Box style={{ flex: 1 }} />
        <NavLink
          component="button"
          label={NAV.logout}
          aria-label={NAV.logout}
          onClick={requestLogout}
          leftSection={<IconLogout size={22} stroke={1.6} />}
          px={19}
          style={noWrap}
          data-testid="nav-logout"
        />
      </Stack>
      {logoutDialog}
    </Box>
  );
}
