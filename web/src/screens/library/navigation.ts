/** The library's query parameters (spec 2.1) and moving between its three views. */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { Id } from '@popote/domain';

export const MENU_PARAM = 'id-menu';
export const RECIPE_PARAM = 'id-receipe';

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

/** Each view is its own history entry, so the browser's back button walks back through them. */
export function useLibraryNavigation(): LibraryNavigation {
  const [, setParams] = useSearchParams();
  const openMenu = useCallback((id: Id) => setParams({ [MENU_PARAM]: String(id) }), [setParams]);
  const openRecipe = useCallback(
    (id: Id) => setParams({ [RECIPE_PARAM]: String(id) }),
    [setParams],
  );
  const backToList = useCallback(() => setParams({}), [setParams]);
  return { openMenu, openRecipe, backToList };
}
