import type { ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { useLocation } from 'react-router';
import { useActiveStayLabel } from '../session/useActiveStayLabel';
import { NavDrawer, RAIL_WIDTH } from './NavDrawer';
import { routeNameOf, titleOf } from './routes';
import { TopBar } from './TopBar';
import { TITLES } from '../strings';
import { SyncIndicator } from '../sync/SyncIndicator';

export const HEADER_HEIGHT = 56;

/** The logged-in frame: top bar, side rail, and the page. */
export function Shell({ pseudo, children }: { pseudo: string; children: ReactNode }) {
  const route = routeNameOf(useLocation().pathname);
  const stayLabel = useActiveStayLabel();
  return (
    // breakpoint 0: the rail stays a rail on phones too, it never turns into a full-width menu.
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: RAIL_WIDTH, breakpoint: 0 }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar title={titleOf(route, stayLabel)} right={<SyncIndicator />} />
      </AppShell.Header>
      <AppShell.Navbar withBorder={false} style={{ overflow: 'visible' }}>
        <NavDrawer pseudo={pseudo} />
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}

/** The logged-out frame: only the top bar with the product name. */
export function LoggedOutShell({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <AppShell.Header>
        <TopBar title={TITLES.loggedOut} />
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
