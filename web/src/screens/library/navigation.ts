/** The library's query parameters (spec 2.1) and moving between its three views. */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
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
  const [, setParams] = useSearchParams();
  const open = useCallback(
    (param: string, id: Id) =>
      setParams((current) => {
        const next = listParams(current);
        next.set(param, String(id));
        return next;
      }),
    [setParams],
  );
  const openMenu = useCallback((id: Id) => open(MENU_PARAM, id), [open]);
  const openRecipe = useCallback((id: Id) => open(RECIPE_PARAM, id), [open]);
  const backToList = useCallback(() => setParams((current) => listParams(current)), [setParams]);
  return { openMenu, openRecipe, backToList };
}

/** The list's search text and page, kept in the address (replaced, not stacked in history). */
export function useListState(): {
  search: string;
  page: number;
  setSearch: (search: string) => void;
  setPage: (page: number) => void;
} {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (name: string, value: string) =>
      setParams(
        (current) => {
          const next = listParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    search: params.get(SEARCH_PARAM) ?? '',
    page: readPageParam(params.get(PAGE_PARAM)),
    // A new search starts from its first page.
    setSearch: useCallback(
      (search: string) =>
        setParams(
          (current) => {
            const next = listParams(current);
            next.delete(PAGE_PARAM);
            if (search) next.set(SEARCH_PARAM, search);
            else next.delete(SEARCH_PARAM);
            return next;
          },
          { replace: true },
        ),
      [setParams],
    ),
    setPage: useCallback(
      (page: number) => update(PAGE_PARAM, page > 1 ? String(page) : ''),
      [update],
    ),
  };
}
