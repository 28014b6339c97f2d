/**
 * 'Importer depuis un lien' (issue 34): the server fetches the page and reads its recipe (the
 * page is never opened on the device). Pasted text is read on the device, by the domain.
 */
import type { ReadRecipe } from '@popote/domain';
import { apiResult, type ApiResult } from './http';

/** POST /api/library/recipe-reading/link: the recipe of the page at `url`, as read. */
export function readRecipeLink(url: string): Promise<ApiResult<{ recipe: ReadRecipe }>> {
  return apiResult('/library/recipe-reading/link', { method: 'POST', body: { Url: url } });
}
