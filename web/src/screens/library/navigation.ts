/** The library's query parameters (spec 2.1) and moving between its three views. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { currentQuery, replaceQuietly } from '../../navigation/quiet-query';
import type { Id } from '@popote/domain';

export const MENU_PARAM = 'id-menu';
export const RECIPE_PARAM = 'id-receipe';
/** The list's search and page ride along in the address, so that 'Retour' finds them again. */
export const SEARCH_PARAM = 'recherche';
export const PAGE_PARAM = 'page';

/** The list's own parameters of an address (its search and page), without the item's. */
export function listParams(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const name of [SEARCH_PARAM, PAGE_PARAM]) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
}

/** The list's page from the address: a positive integer, else 1. */
export function readPageParam(value: string | null): number {
  return value !== null && /^\d{1,5}$/u.test(value) && Number(value) > 0 ? Number(value) : 1;
}

/** A positive integer id from a query parameter, or null. */
export function readIdParam(value: string | null): Id | null {
  if (value === null || !/^\d{1,16}$/u.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export interface LibraryNavigation {
  openMenu: (id: Id) => void;
  openRecipe: (id: Id) => void;
  backToList: () => void;
}

/**
 * Each view is its own history entry, so the browser's back button walks back through them;
 * the list's search and page stay in the address of the item views, for 'Retour'.
 */
export function useLibraryNavigation(): LibraryNavigation {
  const navigate = useNavigate();
  // The list writes its search quietly (see quiet-query.ts): read the address bar, not the router.
  const go = useCallback(
    (params: URLSearchParams) => {
      const query = params.toString();
      void navigate(query ? `?${query}` : '?');
    },
    [navigate],
  );
  const open = useCallback(
    (param: string, id: Id) => {
      flushListState();
      const next = listParams(currentQuery());
      next.set(param, String(id));
      go(next);
    },
    [go],
  );
  const openMenu = useCallback((id: Id) => open(MENU_PARAM, id), [open]);
  const openRecipe = useCallback((id: Id) => open(RECIPE_PARAM, id), [open]);
  const backToList = useCallback(() => {
    flushListState();
    go(listParams(currentQuery()));
  }, [go]);
  return { openMenu, openRecipe, backToList };
}

/** The list's search and page as the address had them when the list opened. */
export function initialListState(): { search: string; page: number } {
  const params = currentQuery();
  return { search: params.get(SEARCH_PARAM) ?? '', page: readPageParam(params.get(PAGE_PARAM)) };
}

/** Keeps the list's search and page in the address, without a navigation. */
export function saveListState(search: string, page: number): void {
  replaceQuietly({ [SEARCH_PARAM]: search, [PAGE_PARAM]: page > 1 ? String(page) : null });
}

/** The write saveListStateAfterPaint holds back, with the address it belongs to. */
let pending: { search: string; page: number; path: string } | null = null;

/**
 * saveListState once the browser has painted the list: the address only matters for 'Retour',
 * and rewriting it costs a search keystroke a few milliseconds of its frame (issue 13). Opening
 * an item first writes what is still held back (flushListState); a write whose page was left
 * in the meantime is dropped.
 */
export function saveListStateAfterPaint(search: string, page: number): void {
  const first = pending === null;
  pending = { search, page, path: window.location.pathname };
  if (!first) return;
  requestAnimationFrame(() => window.setTimeout(flushListState, 0));
}

/** Writes the list state held back by saveListStateAfterPaint, if any. */
export function flushListState(): void {
  const held = pending;
  pending = null;
  if (held && held.path === window.location.pathname) saveListState(held.search, held.page);
}
