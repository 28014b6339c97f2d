import { useEffect } from 'react';
import { lazyComponent } from '../components/lazy-component';
import type { ReactNode } from 'react';
import { Burger } from '@mantine/core';
import { Frame } from './Frame';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { useActiveStayLabel } from '../session/useActiveStayLabel';
import { NavDrawer, RAIL_WIDTH } from './NavDrawer';
import { routeNameOf, titleOf } from '../navigation/routes';
import { TopBar } from './TopBar';
import { A11Y, TITLES } from '../strings';
import { SyncIndicator } from '../sync/SyncIndicator';

export const HEADER_HEIGHT = 56;
/** Below this width (a phone; a tablet in portrait is 768 px) the rail becomes a drawer. */
export const PHONE_QUERY = '(max-width: 47.99em)';

const PhoneNav = lazyComponent(() => import('./PhoneNav').then((m) => m.default));

/** Whether the screen is a phone's, known at the first render (no rail flashing by). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}

/**
 * The logged-in frame: top bar, side rail, and the page. On a phone the rail would take a
 * sixth of the width, so it is closed: a burger in the top bar opens the navigation in a
 * drawer, which closes once an entry is chosen.
 */
export function Shell({ pseudo, children }: { pseudo: string; children: ReactNode }) {
  const location = useLocation();
  const route = routeNameOf(location.pathname);
  const stayLabel = useActiveStayLabel();
  const phone = usePhoneLayout();
  const [navOpened, nav] = useDisclosure(false);
  const closeNav = nav.close;
  // Any navigation (an entry, the back button, a link in a screen) closes the drawer, and so
  // does turning a tablet from portrait to landscape.
  useEffect(() => closeNav(), [location.pathname, location.search, phone, closeNav]);

  const burger = phone ? (
    <Burger
      opened={navOpened}
      onClick={nav.toggle}
      aria-label={navOpened ? A11Y.closeNavigation : A11Y.openNavigation}
      aria-expanded={navOpened}
      size="sm"
      data-testid="nav-burger"
    />
  ) : undefined;

  return (
    <Frame
      headerHeight={HEADER_HEIGHT}
      phone={phone}
      header={
        <TopBar
          title={titleOf(route, stayLabel)}
          left={burger}
          right={<SyncIndicator />}
          compact={phone}
        />
      }
      rail={phone ? undefined : <NavDrawer pseudo={pseudo} />}
      railWidth={RAIL_WIDTH}
    >
      {phone && <PhoneNav pseudo={pseudo} opened={navOpened} onClose={nav.close} />}
      {children}
    </Frame>
  );
}

/** The logged-out frame: only the top bar with the product name. */
export function LoggedOutShell({ children }: { children: ReactNode }) {
  const phone = usePhoneLayout();
  return (
    <Frame
      headerHeight={HEADER_HEIGHT}
      phone={phone}
      header={<TopBar title={TITLES.loggedOut} compact={phone} />}
    >
      {children}
    </Frame>
  );
}
