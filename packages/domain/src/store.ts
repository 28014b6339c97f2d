/**
 * The small storage interface every mutator and query is written against. The web app
 * implements it over IndexedDB (Dexie), the server over SQLite, tests over memory. It is async
 * because IndexedDB is; the server runs mutations one at a time so that a transaction never
 * interleaves with another write.
 */
import type { Id, TableName, Tables } from './entities.js';
import { normalizeSearchText } from './text.js';

export type IndexValue = number | string;

/** How to read the values of one index from a row (several values = a multi-entry index). */
type IndexExtractors<T> = Record<string, (row: T) => IndexValue[]>;

const ownerKey = (owner: Id | null): number => owner ?? 0;

/**
 * The secondary indexes of each table, defined once so that every store maintains the same
 * ones. A row appears under each value its extractor returns.
 */
export const INDEXES = {
  users: {},
  ingredients: {
    owner: (r) => [ownerKey(r.owner)],
    nameKey: (r) => [normalizeSearchText(r.name)],
  },
  recipes: {
    owner: (r) => [r.owner],
    /** A recipe name is unique per owner, compared as search text. */
    ownerName: (r) => [`${r.owner}:${normalizeSearchText(r.name)}`],
    published: (r) => (r.isPublished ? [1] : []),
    ingredientIds: (r) => unique(r.ingredients.map((i) => i.ingredientId)),
  },
  menus: {
    owner: (r) => [r.owner],
    published: (r) => (r.isPublished ? [1] : []),
    ingredientIds: (r) => unique(r.ingredients.map((i) => i.ingredientId)),
    recipeIds: (r) => unique(r.recipeIds),
  },
  stays: { owner: (r) => [r.owner], profileId: (r) => (r.profileId === null ? [] : [r.profileId]) },
  groups: { stayId: (r) => [r.stayId] },
  meals: {
    stayId: (r) => [r.stayId],
    menuId: (r) => [r.menuId],
    /** The recipes of its alternatives (issue 20): a recipe in use is not deleted. */
    altRecipeIds: (r) => unique((r.alternatives ?? []).flatMap((a) => a.recipeIds)),
  },
  profiles: { owner: (r) => [r.owner] },
  suppliers: { profileId: (r) => [r.profileId] },
  stock: { stayId: (r) => [r.stayId] },
  shopLists: {
    owner: (r) => [r.owner],
    stayId: (r) => (r.stayId === null ? [] : [r.stayId]),
    /** How a helper's link finds its list. */
    shareToken: (r) => (r.share === null ? [] : [r.share.token]),
  },
  purchases: {
    owner: (r) => [r.owner],
    /** One row per user and ingredient: setPurchase finds the user's row by it. */
    ownerIngredient: (r) => [`${r.owner}:${r.ingredientId}`],
  },
  stayMembers: {
    stayId: (r) => [r.stayId],
    /** The stays a user takes part in. */
    userId: (r) => [r.userId],
    /** One row per stay and member: whether a user is a member of a stay. */
    stayUser: (r) => [`${r.stayId}:${r.userId}`],
  },
  stayInvitations: {
    owner: (r) => [r.owner],
    stayId: (r) => [r.stayId],
    /** How a link finds its invitation. */
    token: (r) => [r.token],
    /** The invitations sent to an address, shown to its user in the app. */
    mail: (r) => (r.mail === null ? [] : [r.mail]),
  },
  register: { stayId: (r) => [r.stayId] },
  stayJournal: {
    stayId: (r) => [r.stayId],
    /** The changes of one row, newest last: who changed a meal or a menu last. */
    target: (r) => (r.target === null ? [] : [`${r.target.table}:${r.target.id}`]),
  },
} as const satisfies { [T in TableName]: IndexExtractors<Tables[T]> };

export type IndexName<T extends TableName> = keyof (typeof INDEXES)[T] & string;

export function indexValues<T extends TableName>(
  table: T,
  index: IndexName<T>,
  row: Tables[T],
): IndexValue[] {
  const extractors = INDEXES[table] as unknown as IndexExtractors<Tables[T]>;
  const extract = extractors[index];
  if (!extract) throw new Error(`Unknown index ${table}.${index}`);
  return extract(row);
}

/**
 * A page of ids in id order: those after `after` (all of them when it is undefined), the first
 * `limit` of them.
 */
export interface IdWindow {
  after?: Id | undefined;
  limit: number;
}

/** The ids of the window among `ids` (in any order, without repeats), in id order. */
export function inWindow(ids: readonly Id[], window?: IdWindow): Id[] {
  const after = window?.after;
  const kept = after === undefined ? [...ids] : ids.filter((id) => id > after);
  kept.sort((a, b) => a - b);
  return window === undefined ? kept : kept.slice(0, window.limit);
}

export interface ReadStore {
  get<T extends TableName>(table: T, id: Id): Promise<Tables[T] | undefined>;
  /** The rows that exist among ids, in the order of ids; missing ones are skipped. */
  getMany<T extends TableName>(table: T, ids: readonly Id[]): Promise<Tables[T][]>;
  where<T extends TableName>(
    table: T,
    index: IndexName<T>,
    value: IndexValue,
  ): Promise<Tables[T][]>;
  /**
   * Like where, but only the ids: lets a store answer from its index without reading rows.
   * `window` is a hint: a store may answer only the ids of that window (the server's stores do,
   * so that a page of a first sync reads no more ids than it sends), or more; a caller that
   * passes one keeps the window's ids of the answer itself (inWindow).
   */
  whereIds<T extends TableName>(
    table: T,
    index: IndexName<T>,
    value: IndexValue,
    window?: IdWindow,
  ): Promise<Id[]>;
  all<T extends TableName>(table: T): Promise<Tables[T][]>;
  /** The ids of the table's rows; `window` is a hint, as for whereIds. */
  allIds(table: TableName, window?: IdWindow): Promise<Id[]>;
}

export interface Store extends ReadStore {
  put<T extends TableName>(table: T, row: Tables[T]): Promise<void>;
  delete(table: TableName, id: Id): Promise<void>;
}

function unique<V>(values: V[]): V[] {
  return [...new Set(values)];
}
