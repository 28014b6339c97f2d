import { useState } from 'react';
import { Avatar, Box, Divider, NavLink, Stack, Text } from '@mantine/core';
import { ShellTooltip } from './tooltip/ShellTooltip';
import {
  IconBooks,
  IconClipboardCheck,
  IconCalendar,
  IconLogout,
  IconSettings,
  IconShoppingCart,
  IconTent,
  IconBasket,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../sync/LogoutButton';
import { NAV, VERSION_LABEL } from '../strings';
import { drawerRouteOf, ROUTES } from '../navigation/routes';
import type { DrawerRouteName } from '../navigation/routes';

export const RAIL_WIDTH = 60;
const EXPANDED_WIDTH = 260;

const ICONS: Record<DrawerRouteName, Icon> = {
  stays: IconTent,
  agenda: IconCalendar,
  library: IconBooks,
  export: IconShoppingCart,
  kitchen: IconToolsKitchen2,
  register: IconClipboardCheck,
  shopping: IconBasket,
  settings: IconSettings,
};

const noWrap = { whiteSpace: 'nowrap', overflow: 'hidden' } as const;

export interface NavDrawerProps {
  pseudo: string;
  /**
   * 'rail' (tablets and computers): a narrow rail of icons that widens over the page on hover
   * or focus. 'panel' (phones): the whole navigation, labels shown, inside a drawer opened by
   * the top bar's burger; `onNavigate` closes it once an entry is chosen. The links keep the
   * same names in both.
   */
  variant?: 'rail' | 'panel';
  onNavigate?: () => void;
}

/**
 * The side drawer (spec 2.2): a narrow rail of icons that widens over the page on hover to
 * show the labels, the pseudonym and the version; on a phone, the same entries in a drawer.
 */
export function NavDrawer({ pseudo, variant = 'rail', onNavigate }: NavDrawerProps) {
  const [hovered, setHovered] = useState(false);
  const panel = variant === 'panel';
  const expanded = panel || hovered;
  const active = drawerRouteOf(useLocation().pathname);
  const { requestLogout, dialog: logoutDialog } = useLogout();
  const railHandlers = panel
    ? {}
    : {
        onMouseEnter: () => setHovered(true),
        onMouseLeave: () => setHovered(false),
        onFocus: () => setHovered(true),
        onBlur: () => setHovered(false),
      };
  return (
    <Box
      component="nav"
      aria-label={NAV.navigationLabel}
      data-testid={panel ? 'nav-panel' : 'nav-drawer'}
      data-expanded={expanded}
      {...railHandlers}
      h="100%"
      w={panel ? '100%' : expanded ? EXPANDED_WIDTH : RAIL_WIDTH}
      bg="var(--mantine-color-body)"
      style={
        panel
          ? undefined
          : {
              ...noWrap,
              transition: 'width 150ms ease',
              borderRight: '1px solid var(--mantine-color-default-border)',
              boxShadow: expanded ? 'var(--mantine-shadow-md)' : undefined,
            }
      }
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
          const link = (
            <NavLink
              key={route.name}
              component={Link}
              to={route.path}
              label={route.label}
              aria-label={route.label}
              active={active === route.name}
              leftSection={<RouteIcon size={22} stroke={1.6} />}
              onClick={onNavigate}
              px={19}
              style={panel ? undefined : noWrap}
              data-testid={`nav-${route.name}`}
            />
          );
          // A tooltip needs a hover: none on a phone.
          return panel ? (
            link
          ) : (
            <ShellTooltip key={route.name} label={route.tooltip} position="right" withArrow>
              {link}
            </ShellTooltip>
          );
        })}
        <Box style={{ flex: 1 }} />
        <NavLink
          component="button"
          label={NAV.logout}
          aria-label={NAV.logout}
          // The drawer stays open under the logout dialog, which lives inside it.
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
