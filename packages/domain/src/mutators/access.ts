/**
 * Who may run a mutation (declared with it as `access`, checked by runMutation before its body)
 * and the permission and reference checks the mutators share.
 */
import type { Id, MemberRole, Menu, Row, Stay, TableName } from '../entities.js';
import type { ReadStore } from '../store.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { canReadRow, canReadStay, stayIdOf } from '../visibility.js';
import { lastEntryOf } from '../journal-entries.js';
import type { MutationContext } from './define.js';

/** What deciding who may run a mutation reads: the store and the user (no write). */
export interface AccessContext {
  readonly store: ReadStore;
  readonly userId: Id;
}

/** French names of a row of each table, with their demonstrative ("ce séjour"). */
const THIS: Record<TableName, string> = {
  users: 'cet utilisateur',
  ingredients: 'cet ingrédient',
  recipes: 'cette recette',
  menus: 'ce menu',
  stays: 'ce séjour',
  groups: 'ce groupe',
  meals: 'ce repas',
  profiles: 'ce profil',
  suppliers: 'ce fournisseur',
  stock: 'cette réserve',
  shopLists: 'cette liste de courses',
  purchases: 'ce prix',
  stayMembers: 'ce membre',
  stayInvitations: 'cette invitation',
  stayJournal: 'cette entrée du journal',
  register: 'cette entrée du registre',
};

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const missingMessage = (table: TableName): string =>
  `${capitalise(THIS[table])} n'existe pas ou n'est plus disponible.`;

/**
 * A row the user may read; a row they may not read is reported as missing (no leak). Used by
 * the mutators and by the REST reads alike.
 */
export async function readable<T extends TableName>(
  ctx: { readonly store: ReadStore; readonly userId: Id },
  table: T,
  id: Id,
): Promise<Row<T>> {
  const row = await ctx.store.get(table, id);
  if (!row || !(await canReadRow(ctx.store, ctx.userId, table, row))) {
    throw notFound(missingMessage(table));
  }
  return row;
}

/** A row the user owns, for a change. */
export async function owned<T extends Exclude<TableName, 'users'>>(
  ctx: AccessContext,
  table: T,
  id: Id,
): Promise<Row<T>> {
  const row = await readable(ctx, table, id);
  if ((row as { owner: Id | null }).owner !== ctx.userId) throw ownerOnly(table);
  return row;
}

export const ownerOnly = (table: TableName) =>
  forbidden(`Seul son propriétaire peut modifier ${THIS[table]}.`);

/**
 * The refusal of a change that a member's role does not allow (issue 32), saying who gave the
 * role when the stay's journal tells it.
 */
export function notAllowed(role: MemberRole, right: StayRight, givenBy: string | null = null) {
  const why =
    right === 'manage'
      ? 'Seul le responsable du séjour peut faire cette modification.'
      : role === 'read'
        ? 'Votre rôle dans ce séjour ne permet que de le consulter.'
        : 'Votre rôle dans ce séjour ne permet pas de modifier son organisation.';
  return forbidden(
    givenBy === null || right === 'manage'
      ? why
      : `${why} Votre rôle a été changé par « ${givenBy} ».`,
  );
}

/**
 * Draws consecutive ids from a range given in the arguments, for planners that create many
 * rows; every id drawn is claimed (leased to the user, unused) before anything is written.
 */
export function idDrawer(range: { first: Id; count: number }): {
  next: () => Id;
  drawn: () => Id[];
} {
  let used = 0;
  return {
    next: () => {
      if (used >= range.count) {
        throw invalid("Pas assez d'identifiants réservés pour cette modification.");
      }
      return range.first + used++;
    },
    drawn: () => Array.from({ length: used }, (_, i) => range.first + i),
  };
}

export async function claimAll(
  ctx: MutationContext,
  rows: readonly { table: TableName; id: Id }[],
): Promise<void> {
  const seen = new Set<Id>();
  for (const { table, id } of rows) {
    // Ids are unique across tables: one id twice in a mutation would overwrite a row.
    if (seen.has(id)) throw invalid('Un même identifiant est utilisé deux fois.');
    seen.add(id);
    await ctx.claimId(table, id);
  }
}

/** Trims a name and refuses an empty one. */
export function requiredName(name: string, what: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid(`Le nom ${what} ne peut pas être vide.`);
  return trimmed;
}

// ---- Who may run a mutation ----

/**
 * What a user may do on a stay: 'manage' it (its team, deleting it, giving it away: its owner
 * only), 'plan' its meals (groups, meals, menus, lists, budget, files: the owner and the
 * 'Organisation' members) or 'keep' its kitchen (tick lists, note what was bought, keep the
 * larder: also the 'Cuisine' members). 'Lecture' members read and change nothing.
 */
export type StayRight = 'manage' | 'plan' | 'keep';

/** The rights each member role holds (the owner holds them all). */
export const ROLE_RIGHTS: Readonly<Record<MemberRole, readonly StayRight[]>> = {
  plan: ['plan', 'keep'],
  keep: ['keep'],
  read: [],
};

/** The tables whose rows belong to one stay (a shopping list may also stand alone). */
export type StayTable =
  | 'stays'
  | 'groups'
  | 'meals'
  | 'stock'
  | 'shopLists'
  | 'stayMembers'
  | 'stayInvitations'
  | 'register';

/** The tables of a user's own library, changed by their owner only. */
export type LibraryTable = 'recipes' | 'menus' | 'ingredients' | 'profiles' | 'suppliers';

/** The names of the fields of `A` that hold an id (or null). */
export type IdField<A> = {
  [K in keyof A]-?: A[K] extends Id | null ? (K extends string ? K : never) : never;
}[keyof A];

export type Access<A> =
  /** Any signed-in user: the mutation only makes rows of their own (or checks each row). */
  | { readonly kind: 'any-user' }
  /** The owner of one row of their library, named by the field `field` of the arguments. */
  | { readonly kind: 'owner'; readonly table: LibraryTable; readonly field: IdField<A> }
  /**
   * A menu's editors: its owner, and for a meal's own menu (not a favourite) whoever may plan
   * the meal's stay.
   */
  | { readonly kind: 'menu'; readonly field: IdField<A> }
  /**
   * Whoever has `right` on the stay of one row (a stay or a row of a stay) named by the field
   * `field`; a standalone shopping list (no stay, field null) is its owner's.
   */
  | {
      readonly kind: 'stay';
      readonly right: StayRight;
      readonly table: StayTable;
      readonly field: IdField<A>;
    };

export const anyUser = { kind: 'any-user' } as const;

export const ownerOf = <F extends string>(table: LibraryTable, field: F) =>
  ({ kind: 'owner', table, field }) as const;

export const menuEditor = <F extends string>(field: F) => ({ kind: 'menu', field }) as const;

export const onStay = <F extends string>(right: StayRight, table: StayTable, field: F) =>
  ({ kind: 'stay', right, table, field }) as const;

/** The role of a user in a stay: 'owner', their member role, or null for anyone else. */
export async function roleIn(
  store: ReadStore,
  stay: Stay,
  userId: Id,
): Promise<MemberRole | 'owner' | null> {
  if (stay.owner === userId) return 'owner';
  const [member] = await store.where('stayMembers', 'stayUser', `${stay.id}:${userId}`);
  return member?.role ?? null;
}

/** Whether `userId` has `right` on `stay`: the one rule of who may change a stay. */
export async function mayOnStay(
  store: ReadStore,
  stay: Stay,
  userId: Id,
  right: StayRight,
): Promise<boolean> {
  const role = await roleIn(store, stay, userId);
  if (role === null) return false;
  return role === 'owner' || ROLE_RIGHTS[role].includes(right);
}

/** The rights a part in a stay holds: all for its owner, a member's role's, none for others. */
export function rightsOf(role: MemberRole | 'owner' | null): readonly StayRight[] {
  if (role === null) return [];
  return role === 'owner' ? ['manage', 'plan', 'keep'] : ROLE_RIGHTS[role];
}

/** The right on a stay that lets a user edit the own menus of its meals (`menuEditor`). */
export const MEAL_MENU_RIGHT: StayRight = 'plan';

/**
 * Whether the user may edit a menu, the rule of `menuEditor`: its owner, and for a meal's own
 * menu (not a favourite) whoever holds MEAL_MENU_RIGHT on the meal's stay.
 */
export async function mayEditMenu(store: ReadStore, userId: Id, menu: Menu): Promise<boolean> {
  if (menu.owner === userId) return true;
  if (menu.isFavorite) return false;
  for (const meal of await store.where('meals', 'menuId', menu.id)) {
    const stay = await store.get('stays', meal.stayId);
    if (stay && (await mayOnStay(store, stay, userId, MEAL_MENU_RIGHT))) return true;
  }
  return false;
}

/** The stay a row of a stay belongs to; null for a standalone list. */
async function stayOf(
  store: ReadStore,
  table: StayTable,
  row: Row<StayTable>,
): Promise<Stay | null> {
  if (table === 'stays') return row as Stay;
  const stayId = (row as { stayId: Id | null }).stayId;
  return stayId === null ? null : ((await store.get('stays', stayId)) ?? null);
}

/**
 * Refuses a mutation its user may not run: the row it acts on is missing or not readable
 * (reported as missing: no leak), or the user lacks the right on it.
 */
export async function checkAccess<A>(
  ctx: AccessContext,
  access: Access<A>,
  args: A,
): Promise<void> {
  if (access.kind === 'any-user') return;
  const id = (args as Record<string, unknown>)[access.field] as Id | null;
  if (access.kind === 'owner') {
    await owned(ctx, access.table, id as Id);
    return;
  }
  if (access.kind === 'menu') {
    const menu = await readable(ctx, 'menus', id as Id);
    if (await mayEditMenu(ctx.store, ctx.userId, menu)) return;
    // A member whose role does not plan the meal's stay reads why (issue 32).
    if (!menu.isFavorite) {
      for (const meal of await ctx.store.where('meals', 'menuId', menu.id)) {
        const stay = await ctx.store.get('stays', meal.stayId);
        const role = stay ? await roleIn(ctx.store, stay, ctx.userId) : null;
        if (stay && role !== null && role !== 'owner') {
          throw notAllowed(role, MEAL_MENU_RIGHT, await roleGivenBy(ctx, stay));
        }
      }
    }
    throw ownerOnly('menus');
  }
  if (id === null) return;
  const row = await readable(ctx, access.table, id).catch(async (e: unknown) => {
    throw (
      (await deletedByOther(ctx, access.table, id)) ??
      (await removedFrom(ctx, access.table, id)) ??
      e
    );
  });
  const stay = await stayOf(ctx.store, access.table, row);
  if (stay === null) {
    if ((row as { owner: Id }).owner !== ctx.userId) throw ownerOnly(access.table);
    return;
  }
  const role = await roleIn(ctx.store, stay, ctx.userId);
  if (role === null) throw ownerOnly(access.table);
  if (role !== 'owner' && !ROLE_RIGHTS[role].includes(access.right)) {
    throw notAllowed(role, access.right, await roleGivenBy(ctx, stay));
  }
}

// ---- Who did what: the words of a refusal (issue 32) ----

/**
 * The last journal entry of a row, if the journal holds one and its stay is one the user reads
 * (no one learns of another team's changes).
 */
async function lastChangeOf(
  ctx: AccessContext,
  table: TableName,
  id: Id,
): Promise<{ userId: Id; name: string } | null> {
  const last = await lastEntryOf(ctx.store, table, id);
  if (last === null) return null;
  const stay = await ctx.store.get('stays', last.stayId);
  if (!stay || !(await canReadStay(ctx.store, ctx.userId, stay))) return null;
  return { userId: last.userId, name: last.name };
}

const pseudoOf = async (store: ReadStore, userId: Id): Promise<string> =>
  (await store.get('users', userId))?.pseudo ?? 'un membre';

/**
 * 'Ce repas a été supprimé par « Carol ».': the refusal of a change made on a row that another
 * member deleted meanwhile, as the stay's journal tells it; null when it does not.
 */
async function deletedByOther(ctx: AccessContext, table: TableName, id: Id) {
  if ((await ctx.store.get(table, id)) !== undefined) return null;
  const last = await lastChangeOf(ctx, table, id);
  if (last === null || last.userId === ctx.userId || !/^(delete|remove)/u.test(last.name)) {
    return null;
  }
  const feminine = THIS[table].startsWith('cette');
  return notFound(
    `${capitalise(THIS[table])} a été supprimé${feminine ? 'e' : ''} par « ${await pseudoOf(ctx.store, last.userId)} ».`,
  );
}

/**
 * 'Vous ne faites plus partie de l'équipe de ce séjour : « Anne » vous en a retiré.': the
 * refusal of a change a former member made on a row of the stay, as its journal tells it (the
 * removal names the member); null when it does not. Only the user's own removal is told.
 */
async function removedFrom(ctx: AccessContext, table: TableName, id: Id) {
  const row = await ctx.store.get(table, id);
  const stayId = row ? stayIdOf(table, row) : null;
  if (stayId === null) return null;
  const removals = (await ctx.store.where('stayJournal', 'stayId', stayId)).filter(
    (e) => e.name === 'removeStayMember' && (e.args as { userId?: unknown })?.userId === ctx.userId,
  );
  const last = removals.reduce<(typeof removals)[number] | null>(
    (latest, e) => (latest === null || e.id > latest.id ? e : latest),
    null,
  );
  if (last === null) return null;
  return forbidden(
    `Vous ne faites plus partie de l'équipe de ce séjour : « ${await pseudoOf(ctx.store, last.userId)} » vous en a retiré.`,
  );
}

/** Who last set the user's role in the stay, when the journal tells it (not the user). */
async function roleGivenBy(ctx: AccessContext, stay: Stay): Promise<string | null> {
  const [member] = await ctx.store.where('stayMembers', 'stayUser', `${stay.id}:${ctx.userId}`);
  if (!member) return null;
  const last = await lastChangeOf(ctx, 'stayMembers', member.id);
  if (last === null || last.userId === ctx.userId) return null;
  return pseudoOf(ctx.store, last.userId);
}
