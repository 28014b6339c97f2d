/**
 * Every write of the product, by name. Devices and the server run the same mutators: the
 * device optimistically, the server with authority. A name is part of the sync protocol:
 * never rename one that has shipped (old outboxes still hold it).
 */
import type { Static } from '@sinclair/typebox';
import { invalid } from '../errors.js';
import type { MutationContext, MutatorDef } from './define.js';
import { checkArgs } from './define.js';
import * as library from './library.js';
import * as meals from './meals.js';
import * as profiles from './profiles.js';
import * as restore from './restore.js';
import * as stays from './stays.js';

export const MUTATORS = {
  createStay: stays.createStay,
  updateStay: stays.updateStay,
  deleteStay: stays.deleteStay,
  duplicateStay: stays.duplicateStay,
  setStayProfile: stays.setStayProfile,
  setStayExportSecret: stays.setStayExportSecret,
  createGroup: stays.createGroup,
  updateGroup: stays.updateGroup,
  deleteGroup: stays.deleteGroup,
  createMeal: meals.createMeal,
  updateMeal: meals.updateMeal,
  deleteMeal: meals.deleteMeal,
  moveMealGroup: meals.moveMealGroup,
  runMealWizard: meals.runMealWizard,
  setMealMenu: meals.setMealMenu,
  swapMealMenus: meals.swapMealMenus,
  saveMealMenuAsFavorite: meals.saveMealMenuAsFavorite,
  addMenuIngredient: library.addMenuIngredient,
  addMenuRecipe: library.addMenuRecipe,
  updateMenuIngredient: library.updateMenuIngredient,
  removeMenuItem: library.removeMenuItem,
  createFavoriteMenu: library.createFavoriteMenu,
  deleteMenu: library.deleteMenu,
  setMenuPublished: library.setMenuPublished,
  createRecipe: library.createRecipe,
  updateRecipe: library.updateRecipe,
  setRecipePublished: library.setRecipePublished,
  deleteRecipe: library.deleteRecipe,
  addRecipeIngredient: library.addRecipeIngredient,
  updateRecipeIngredient: library.updateRecipeIngredient,
  removeRecipeIngredient: library.removeRecipeIngredient,
  createIngredient: library.createIngredient,
  updateIngredient: library.updateIngredient,
  deleteIngredient: library.deleteIngredient,
  importRecipes: library.importRecipes,
  createProfile: profiles.createProfile,
  renameProfile: profiles.renameProfile,
  deleteProfile: profiles.deleteProfile,
  createSupplier: profiles.createSupplier,
  renameSupplier: profiles.renameSupplier,
  deleteSupplier: profiles.deleteSupplier,
  mapProfileIngredients: profiles.mapProfileIngredients,
  mapProfileKinds: profiles.mapProfileKinds,
  tidyProfileMapping: profiles.tidyProfileMapping,
  restoreSnapshot: restore.restoreSnapshot,
} as const;

export type MutationName = keyof typeof MUTATORS;
export type MutationArgs<N extends MutationName> = Static<(typeof MUTATORS)[N]['schema']>;

export const isMutationName = (name: unknown): name is MutationName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(MUTATORS, name);

/**
 * Runs one mutation: checks the name and the arguments, then the mutator's own rules. Any
 * refusal is a DomainError with a French message; nothing is written by a refused mutation as
 * long as the caller runs it inside a transaction it rolls back on error.
 */
export async function runMutation(
  ctx: MutationContext,
  name: unknown,
  args: unknown,
): Promise<void> {
  if (!isMutationName(name)) throw invalid('Modification inconnue.');
  const def = MUTATORS[name] as MutatorDef;
  await def.run(ctx, checkArgs(def.schema, args));
}

export type { MutationContext, MutatorDef } from './define.js';
export { INGREDIENT_IN_USE, INGREDIENT_SHARED } from './library.js';
export { NEW_SUPPLIER_NAME } from './profiles.js';
export { missingMessage, readable as readableRow } from './access.js';
export * from './schemas.js';
export {
  RESTORABLE_ROW_SCHEMAS,
  RESTORE_ORDER,
  type RestorableTable,
  type RestoreSnapshotArgs,
  type RestoredRow,
} from './restore.js';
