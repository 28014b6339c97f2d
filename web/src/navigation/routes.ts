/**
 * The app's one route table: every address (spec 2.1), the drawer entries (spec 2.2) and the top
 * bar titles. App declares its routes from PATHS and every link is built from it (directly or
 * through agenda-links.ts and shopping-links.ts), so an address is written once.
 */
import { NAV, TITLES } from '../strings';

export type RouteName =
  'sejours' | 'agenda' | 'order' | 'library' | 'kitchen' | 'courses' | 'settings';

/** The path of each screen; the addresses users know, so they never change. */
export const PATHS = {
  sejours: '/',
  agenda: '/agenda',
  library: '/library',
  order: '/order',
  kitchen: '/kitchen',
  courses: '/courses',
  settings: '/settings',
} as const satisfies Record<RouteName, string>;

/**
 * The page a helper opens to tick a shared list, outside the shell: the path of the old
 * service's page.
 */
export const SHOP_SESSION_PAGE = '/shop-session';

export interface RouteEntry {
  name: RouteName;
  path: string;
  label: string;
  tooltip: string;
}

/** In drawer order. */
export const ROUTES: readonly RouteEntry[] = [
  { name: 'sejours', path: PATHS.sejours, ...NAV.sejours },
  { name: 'agenda', path: PATHS.agenda, ...NAV.agenda },
  { name: 'library', path: PATHS.library, ...NAV.library },
  { name: 'order', path: PATHS.order, ...NAV.order },
  { name: 'kitchen', path: PATHS.kitchen, ...NAV.kitchen },
  { name: 'courses', path: PATHS.courses, ...NAV.courses },
  { name: 'settings', path: PATHS.settings, ...NAV.settings },
];

/** The route a pathname (relative to the router base) shows; unknown paths show the stays. */
export function routeNameOf(pathname: string): RouteName {
  const trimmed = pathname.replace(/\/+$/, '');
  const entry = ROUTES.find((r) => r.path !== '/' && r.path === trimmed);
  return entry?.name ?? 'sejours';
}

export function titleOf(route: RouteName, stayLabel: string | null): string {
  switch (route) {
    case 'sejours':
      return TITLES.sejours;
    case 'agenda':
      return TITLES.agenda(stayLabel);
    case 'order':
      return TITLES.order(stayLabel);
    case 'library':
      return TITLES.library;
    case 'kitchen':
      return TITLES.kitchen(stayLabel);
    case 'courses':
      return TITLES.courses(stayLabel);
    case 'settings':
      return TITLES.settings;
  }
}
