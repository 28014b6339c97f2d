/**
 * 'Supprimer mon compte' (issue 33): what erasing an account does to the synced rows, written
 * once against the Store so that the rules are the domain's (the server runs it in the same
 * transaction as the account's own rows; see sync-server/src/accounts/account-erasure.ts).
 *
 * - Every row the user owns goes: their stays with all their rows (as deleteStay: meals,
 *   groups, larder, shopping lists and their helpers' links, team, invitations, journal), their
 *   shopping lists without a stay, packs and prices, recipes, menus, supplier profiles with
 *   their suppliers, ingredients, and their pseudonym. Deletions are tombstones, so that every
 *   device that could read a row is told at its next pull (members drop the stays, readers of
 *   a published recipe drop it).
 * - Their memberships of other users' stays end (as leaveStay), unjournaled.
 * - What stays, for the others:
 *   - a recipe of theirs used by someone else's menu is deleted all the same (the one case
 *     where deleteRecipe's 'utilisée dans un menu' does not hold): that menu shows it as the
 *     placeholder 'Recette non publiée' (HIDDEN_RECIPE), as for any recipe its reader may not read;
 *   - a menu of theirs used by someone else's meal (a published menu put on a meal) is copied,
 *     as the meal's own menu (owner: the meal's owner, not a favourite), before it goes: the
 *     plan keeps its title and ingredients, the deleted user's recipes in it become placeholders;
 *   - an ingredient of theirs that someone else's recipe or menu still uses is handed to the
 *     shared catalogue (no owner: nobody edits it any more) instead of being deleted;
 *   - their entries in other stays' journals are anonymised (who: 0, 'un membre'; a user id in
 *     their arguments too), so that the stay keeps its history without their id; an invitation
 *     of another stay they used (it names them, `usedBy`) is deleted: it opens nothing any more;
 *   - the entries they recorded in other stays' kitchen registers (issue 35: samples, readings,
 *     deliveries) stay, the kitchen's record, recorded by no one any more (`by`: 0, as the
 *     journal's anonymised entries).
 */
import type { Id, Menu, RegisterEntry, StayJournalEntry, TableName } from './entities.js';
import { MUTATORS } from './mutators/index.js';
import type { MutationContext } from './mutators/define.js';
import { isDomainError } from './errors.js';
import type { Store } from './store.js';

/**
 * The user id that anonymised journal entries and register entries name: no account has it
 * (ids start at 1).
 */
export const ERASED_USER_ID = 0;

export interface ErasureOptions {
  /** Fresh ids of the service (menus copied for others' meals). */
  allocateIds(count: number): Promise<Id>;
  /**
   * The ids of live rows of other users naming the user (journal entries they wrote or that
   * name them, invitations they used, register entries they recorded: `by`). A store that can
   * look them up by the user answers it; otherwise every row of those tables is read.
   */
  idsNaming?(table: NamingTable, userId: Id): Promise<Id[]>;
}

/** The tables whose rows of other users may name the user (see ErasureOptions.idsNaming). */
export type NamingTable = 'stayJournal' | 'stayInvitations' | 'register';

export interface ErasureSummary {
  stays: number;
  memberships: number;
  recipes: number;
  menusCopied: number;
  ingredientsKept: number;
  journalAnonymised: number;
  /** Entries they recorded in other users' kitchen registers, now by no one (issue 35). */
  registerAnonymised: number;
}

/** Erases the user's synced rows (see the module's comment); returns what it did. */
export async function eraseAccountRows(
  store: Store,
  userId: Id,
  options: ErasureOptions,
): Promise<ErasureSummary> {
  const summary: ErasureSummary = {
    stays: 0,
    memberships: 0,
    recipes: 0,
    menusCopied: 0,
    ingredientsKept: 0,
    journalAnonymised: 0,
    registerAnonymised: 0,
  };
  const ctx: MutationContext = {
    store,
    userId,
    claimId: async () => {},
    claimRestoredId: async () => {},
  };
  const naming = async (table: NamingTable): Promise<Id[]> => {
    if (options.idsNaming) return options.idsNaming(table, userId);
    const rows = await store.all(table);
    return rows
      .filter((r) =>
        table === 'register' ? (r as RegisterEntry).by === userId : namesUser(r, userId),
      )
      .map((r) => r.id);
  };

  // Their stays, with everything in them (the domain's own deletion).
  for (const stayId of await store.whereIds('stays', 'owner', userId)) {
    await MUTATORS.deleteStay.run(ctx, { id: stayId });
    summary.stays++;
  }
  // Their places in other users' teams.
  for (const member of await store.where('stayMembers', 'userId', userId)) {
    await store.delete('stayMembers', member.id);
    summary.memberships++;
  }
  for (const id of await naming('stayInvitations')) {
    const invitation = await store.get('stayInvitations', id);
    if (invitation && invitation.owner !== userId) await store.delete('stayInvitations', id);
  }
  for (const id of await naming('stayJournal')) {
    const entry = await store.get('stayJournal', id);
    if (!entry || entry.owner === userId) continue;
    await store.put('stayJournal', anonymisedEntry(entry, userId));
    summary.journalAnonymised++;
  }
  // What they recorded in other stays' kitchen registers (theirs went with their stays).
  for (const id of await naming('register')) {
    const entry = await store.get('register', id);
    if (!entry || entry.owner === userId || entry.by !== userId) continue;
    await store.put('register', { ...entry, by: ERASED_USER_ID });
    summary.registerAnonymised++;
  }
  // Shopping lists without a stay (their helpers' links end with them), packs and prices.
  for (const id of await store.whereIds('shopLists', 'owner', userId)) {
    await store.delete('shopLists', id);
  }
  for (const id of await store.whereIds('purchases', 'owner', userId)) {
    await store.delete('purchases', id);
  }
  // Menus before recipes: a menu used by someone else's meal becomes that meal's own copy.
  for (const menu of await store.where('menus', 'owner', userId)) {
    for (const meal of await store.where('meals', 'menuId', menu.id)) {
      if (meal.owner === userId) continue;
      const copyId = await options.allocateIds(1);
      const copy: Menu = {
        ...menu,
        id: copyId,
        owner: meal.owner,
        isFavorite: false,
        isPublished: false,
      };
      await store.put('menus', copy);
      await store.put('meals', { ...meal, menuId: copyId });
      summary.menusCopied++;
    }
    await store.delete('menus', menu.id);
  }
  for (const id of await store.whereIds('recipes', 'owner', userId)) {
    await store.delete('recipes', id);
    summary.recipes++;
  }
  for (const profileId of await store.whereIds('profiles', 'owner', userId)) {
    await MUTATORS.deleteProfile.run(ctx, { id: profileId });
  }
  for (const ingredient of await store.where('ingredients', 'owner', userId)) {
    try {
      await MUTATORS.deleteIngredient.run(ctx, { id: ingredient.id });
    } catch (e) {
      if (!isDomainError(e)) throw e;
      // Still in someone else's recipe or menu: it joins the shared catalogue.
      await store.put('ingredients', { ...ingredient, owner: null });
      summary.ingredientsKept++;
    }
  }
  // Anything else of theirs left (a row of a table added later with an owner index).
  for (const table of OWNED_TABLES) {
    for (const id of await store.whereIds(table, 'owner', userId)) await store.delete(table, id);
  }
  if (await store.get('users', userId)) await store.delete('users', userId);
  return summary;
}

/** The tables with an `owner` index, swept last. */
const OWNED_TABLES = [
  'ingredients',
  'recipes',
  'menus',
  'stays',
  'profiles',
  'shopLists',
  'purchases',
  'stayInvitations',
] as const satisfies readonly TableName[];

const USER_KEYS = new Set(['userId', 'usedBy', 'owner']);

/** Whether a row of another user names the user (who wrote it, who used it, its arguments). */
export function namesUser(row: object, userId: Id): boolean {
  return hasUser(row, userId, 0);
}

function hasUser(value: unknown, userId: Id, depth: number): boolean {
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  for (const [key, v] of Object.entries(value)) {
    if (USER_KEYS.has(key) && v === userId) return true;
    if (typeof v === 'object' && hasUser(v, userId, depth + 1)) return true;
  }
  return false;
}

/** The entry with the user's id replaced by ERASED_USER_ID, as who made it and in its arguments. */
export function anonymisedEntry(entry: StayJournalEntry, userId: Id): StayJournalEntry {
  return {
    ...entry,
    userId: entry.userId === userId ? ERASED_USER_ID : entry.userId,
    args: replaceUser(entry.args, userId, 0),
  };
}

function replaceUser(value: unknown, userId: Id, depth: number): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => replaceUser(v, userId, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      USER_KEYS.has(key) && v === userId ? ERASED_USER_ID : replaceUser(v, userId, depth + 1);
  }
  return out;
}
