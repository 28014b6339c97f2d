/** Addresses of the shopping screen and of a shared list's guest page. */
import { PATHS, SHOP_SESSION_PAGE } from './routes';

/**
 * The address a helper opens to tick a shared list: the web app's guest page, at the path of
 * the old service's page (/shop-session), with the list's secret as its session id.
 */
export const SESSION_PARAM = 'sessionID';

export const shopSessionUrl = (origin: string, token: string): string =>
  `${origin}${SHOP_SESSION_PAGE}?${SESSION_PARAM}=${encodeURIComponent(token)}`;

/** The shopping screen's parameter naming the list to show. */
export const LIST_PARAM = 'liste';

export const shopListPath = (id: number): string => `${PATHS.shopping}?${LIST_PARAM}=${id}`;
