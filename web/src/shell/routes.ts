/** The app's routes (spec 2.1), their drawer entries (spec 2.2) and top bar titles. */
import { NAV, TITLES } from '../strings';

export type RouteName =
  'sejours' | 'agenda' | 'order' | 'library' | 'kitchen' | 'courses' | 'settings';

export interface RouteEntry {
  name: RouteName;
  path: string;
  label: string;
  tooltip: string;
}

/** In drawer order. */
export const ROUTES: readonly RouteEntry[] = [
  { name: 'sejours', path: '/', ...NAV.sejours },
  { name: 'agenda', path: '/agenda', ...NAV.agenda },
  { name: 'library', path: '/library', ...NAV.library },
  { name: 'order', path: '/order', ...NAV.order },
  { name: 'kitchen', path: '/kitchen', ...NAV.kitchen },
  { name: 'courses', path: '/courses', ...NAV.courses },
  { name: 'settings', path: '/settings', ...NAV.settings },
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
