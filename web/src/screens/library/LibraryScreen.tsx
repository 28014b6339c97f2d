/**
 * The library (spec 2.6): the list of favourite menus and recipes, or one menu (?id-menu=) or
 * one recipe (?id-receipe=, the contract's spelling).
 */
import { useSearchParams } from 'react-router';
import { LibraryList } from './LibraryList';
import { MenuView } from './MenuView';
import { RecipeView } from './RecipeView';
import { MENU_PARAM, RECIPE_PARAM, readIdParam } from './navigation';

export function LibraryScreen() {
  const [params] = useSearchParams();
  const menuId = readIdParam(params.get(MENU_PARAM));
  const recipeId = readIdParam(params.get(RECIPE_PARAM));
  return (
    <div data-testid="screen-library">
      {menuId !== null ? (
        <MenuView key={`menu-${menuId}`} menuId={menuId} />
      ) : recipeId !== null ? (
        <RecipeView key={`recipe-${recipeId}`} recipeId={recipeId} />
      ) : (
        <LibraryList />
      )}
    </div>
  );
}
