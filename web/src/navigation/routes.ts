/**
 * The app's one route table: every address (spec 2.1), the drawer entries (spec 2.2) and the top
 * bar titles. App declares its routes from PATHS and every link is built from it (directly or
 * through agenda-links.ts and shopping-links.ts), so an address is written once.
 */
import { NAV, TITLES } from '../strings';

/** The screens of the drawer (spec 2.2). */
export type DrawerRouteName =
  'stays' | 'agenda' | 'export' | 'library' | 'kitchen' | 'register' | 'shopping' | 'settings';

/**
 * Every screen of the shell: the drawer's, and those reached from a screen ('Journal du
 * séjour', from the stays screen, issue 32).
 */
export type RouteName = DrawerRouteName | 'journal';

/**
 * The path of each screen; the addresses users know, so they never change (even where they
 * differ from the screen's name in the code: the export screen is at /order, shopping at
 * /courses).
 */
export const PATHS = {
  stays: '/',
  agenda: '/agenda',
  library: '/library',
  export: '/order',
  kitchen: '/kitchen',
  register: '/registre',
  shopping: '/courses',
  settings: '/settings',
  journal: '/journal',
} as const satisfies Record<RouteName, string>;

/** The drawer entry a screen reached from another one stands under: the journal, the stays. */
const DRAWER_PARENT: Readonly<Record<Exclude<RouteName, DrawerRouteName>, DrawerRouteName>> = {
  journal: 'stays',
};

/**
 * The page a helper opens to tick a shared list, outside the shell: the path of the old
 * service's page.
 */
export const SHOP_SESSION_PAGE = '/shop-session';

/**
 * The page of an invitation's link (issue 32), mailed or shown as a QR code: it opens signed
 * in or not (the login screen then shows under the invitation). The server builds the same
 * address (sync-server/src/team/routes.ts invitationLink).
 */
export const JOIN_PAGE = '/rejoindre';
export const INVITATION_PARAM = 'invitation';

/** The join page of an invitation, relative to the app (for navigation). */
export const joinPagePath = (token: string): string =>
  `${JOIN_PAGE}?${new URLSearchParams({ [INVITATION_PARAM]: token }).toString()}`;

/** The full link of an invitation, to copy or to scan. */
export const invitationUrl = (origin: string, token: string): string =>
  `${origin.replace(/\/+$/u, '')}${joinPagePath(token)}`;

/** Whether a pathname (relative to the router base) is the join page. */
export const isJoinPage = (pathname: string): boolean =>
  pathname.replace(/\/+$/u, '') === JOIN_PAGE;

export interface RouteEntry {
  name: DrawerRouteName;
  path: string;
  label: string;
  tooltip: string;
}

/** In drawer order. */
export const ROUTES: readonly RouteEntry[] = [
  { name: 'stays', path: PATHS.stays, ...NAV.stays },
  { name: 'agenda', path: PATHS.agenda, ...NAV.agenda },
  { name: 'library', path: PATHS.library, ...NAV.library },
  { name: 'export', path: PATHS.export, ...NAV.export },
  { name: 'kitchen', path: PATHS.kitchen, ...NAV.kitchen },
  { name: 'register', path: PATHS.register, ...NAV.register },
  { name: 'shopping', path: PATHS.shopping, ...NAV.shopping },
  { name: 'settings', path: PATHS.settings, ...NAV.settings },
];

/** The route a pathname (relative to the router base) shows; unknown paths show the stays. */
export function routeNameOf(pathname: string): RouteName {
  const trimmed = pathname.replace(/\/+$/, '');
  const entry = (Object.entries(PATHS) as [RouteName, string][]).find(
    ([, path]) => path !== '/' && path === trimmed,
  );
  return entry?.[0] ?? 'stays';
}

/** The drawer entry shown as current on a pathname: its own, or the one it stands under. */
export function drawerRouteOf(pathname: string): DrawerRouteName {
  const route = routeNameOf(pathname);
  return route === 'journal' ? DRAWER_PARENT[route] : route;
}

export function titleOf(route: RouteName, stayLabel: string | null): string {
  switch (route) {
    case 'stays':
      return TITLES.stays;
    case 'agenda':
      return TITLES.agenda(stayLabel);
    case 'export':
      return TITLES.export(stayLabel);
    case 'library':
      return TITLES.library;
    case 'kitchen':
      return TITLES.kitchen(stayLabel);
    case 'register':
      return TITLES.register(stayLabel);
    case 'shopping':
      return TITLES.shopping(stayLabel);
    case 'settings':
      return TITLES.settings;
    case 'journal':
      return TITLES.journal(stayLabel);
  }
}
