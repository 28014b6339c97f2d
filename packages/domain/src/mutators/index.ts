/**
 * Every write of the product, by name. Devices and the server run the same mutators: the
 * device optimistically, the server with authority. A name is part of the sync protocol:
 * never rename one that has shipped (old outboxes still hold it).
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { Id, MemberRole } from '../entities.js';
import { invalid, isDomainError } from '../errors.js';
import type { ReadStore } from '../store.js';
import type { MutationContext, MutatorDef } from './define.js';
import { checkArgs } from './define.js';
import { checkAccess, MEAL_MENU_RIGHT, rightsOf, type Access } from './access.js';
import * as ingredients from './ingredients.js';
import * as meals from './meals.js';
import * as menus from './menus.js';
import * as profiles from './profiles.js';
import * as purchases from './purchases.js';
import * as recipeImport from './recipe-import.js';
import * as recipes from './recipes.js';
import * as register from './register.js';
import * as restore from './restore.js';
import * as shopping from './shopping.js';
import * as stays from './stays.js';
import * as team from './team.js';

/** The mutators a module exports, by their export names (its other exports left out). */
type MutatorsOf<M> = {
  [
    K in keyof M as M[K] extends { readonly schema: TSchema; readonly label: string } ? K : never
  ]: M[K];
};

function mutatorsOf<M extends object>(module: M): MutatorsOf<M> {
  return Object.fromEntries(
    Object.entries(module).filter(
      ([, value]) =>
        typeof value === 'object' && value !== null && 'schema' in value && 'run' in value,
    ),
  ) as MutatorsOf<M>;
}

/**
 * The registry, derived from the modules by topic: a mutator's export name is its name in
 * the protocol (so renaming an export renames the mutation, which must never happen once
 * shipped).
 */
export const MUTATORS = {
  ...mutatorsOf(stays),
  ...mutatorsOf(meals),
  ...mutatorsOf(menus),
  ...mutatorsOf(recipes),
  ...mutatorsOf(ingredients),
  ...mutatorsOf(recipeImport),
  ...mutatorsOf(profiles),
  ...mutatorsOf(restore),
  ...mutatorsOf(shopping),
  ...mutatorsOf(purchases),
  ...mutatorsOf(team),
  ...mutatorsOf(register),
};

export type MutationName = keyof typeof MUTATORS;
export type MutationArgs<N extends MutationName> = Static<(typeof MUTATORS)[N]['schema']>;

export const isMutationName = (name: unknown): name is MutationName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(MUTATORS, name);

/**
 * What a change is called in French ('Suppression d'un repas'), declared with its mutator; an
 * unknown name (a newer app version) is shown as it is.
 */
export const mutationLabel = (name: string): string =>
  isMutationName(name) ? MUTATORS[name].label : name;

/**
 * Runs one mutation: checks the name, the arguments and who may run it, then the mutator's own
 * rules. Any refusal is a DomainError with a French message; nothing is written by a refused
 * mutation as long as the caller runs it inside a transaction it rolls back on error.
 */
export async function runMutation(
  ctx: MutationContext,
  name: unknown,
  args: unknown,
): Promise<void> {
  if (!isMutationName(name)) throw invalid('Modification inconnue.');
  const def = MUTATORS[name] as MutatorDef;
  const checked = checkArgs(def.schema, args);
  await checkAccess(ctx, def.access, checked);
  await def.run(ctx, checked);
}

/**
 * Whether the user may run a mutation, by its declared access alone (what runMutation checks
 * before the body), read without running it: what screens mirror (issue 32). Only the field the
 * access names need be in `args`; the body's own checks may still refuse the change.
 */
export async function mayRun<N extends MutationName>(
  store: ReadStore,
  userId: Id,
  name: N,
  args: Partial<MutationArgs<N>>,
): Promise<boolean> {
  try {
    await checkAccess({ store, userId }, MUTATORS[name].access as Access<unknown>, args);
    return true;
  } catch (e) {
    if (isDomainError(e)) return false;
    throw e;
  }
}

/**
 * Whether a part in a stay ('owner', a member's role, null) may run a mutation on the rows of
 * that stay, by its declared access: a stay's mutation by its right, a meal's own menu
 * (`menuEditor`) by MEAL_MENU_RIGHT, any user's always; a library row's (`ownerOf`) never from
 * the role alone (ask mayRun with the row).
 */
export function mayRunAs(role: MemberRole | 'owner' | null, name: MutationName): boolean {
  const access = MUTATORS[name].access as Access<unknown>;
  switch (access.kind) {
    case 'any-user':
      return true;
    case 'stay':
      return rightsOf(role).includes(access.right);
    case 'menu':
      return rightsOf(role).includes(MEAL_MENU_RIGHT);
    case 'owner':
      return false;
  }
}

export type { MutationContext, MutatorDef } from './define.js';
export { INGREDIENT_IN_USE, INGREDIENT_SHARED } from './ingredients.js';
export { NEW_SUPPLIER_NAME } from './profiles.js';
export {
  mayEditMenu,
  mayOnStay,
  MEAL_MENU_RIGHT,
  rightsOf,
  roleIn,
  ROLE_RIGHTS,
  missingMessage,
  readable as readableRow,
  type Access,
  type StayRight,
} from './access.js';
export type { DescribeLookup, DescribedArgs } from './describe-words.js';
export type { RowRef, UndoScope } from './undo-scope.js';
export * from './schemas.js';
export {
  NewShopItemSchema,
  ShareTokenSchema,
  ShopItemKeySchema,
  TickShopItemSchema,
  TotalSchema,
  type TickShopItemArgs,
} from './shopping.js';
export { PackSchema, PriceSchema, PricesSchema } from './purchases.js';
export {
  INVITATION_CLOSED,
  invitationsTo,
  isInvitationOpen,
  MemberRoleSchema,
  ROLE_NAMES,
  SERVER_ONLY_MUTATIONS,
  SERVER_ONLY_REFUSAL,
} from './team.js';
export {
  RESTORABLE_ROW_SCHEMAS,
  RESTORE_ORDER,
  type RestorableTable,
  type RestoreSnapshotArgs,
  type RestoredRow,
} from './restore.js';
