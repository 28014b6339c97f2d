/**
 * 'Télécharger mes données' (issue 33): the file that holds everything a user owns, version 2
 * (version 1 had no kitchen register, no cold units and no dated larder entries, issue 35).
 * A zip of JSON documents, described in docs/data-format.md:
 *
 * - `manifest.json`: the format's name and version, when and from which server's sync schema it
 *   was made, whose data it is (mail, pseudonym) and how many rows each table holds;
 * - `tables/<table>.json`: the user's rows of each table, as the domain stores them (one array);
 * - `references.json`: the names of the ingredients and recipes of others (the catalogue,
 *   published recipes) that the user's rows use: a name only, enough to match them on import.
 *
 * A reader of version N accepts every version up to N (an older one is converted to the newest
 * before anything else reads it) and refuses a newer one with a French sentence.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { TableName, Tables } from '../entities.js';
import { RESTORABLE_ROW_SCHEMAS } from '../mutators/restore.js';
import { IdSchema, NameSchema } from '../mutators/schemas.js';
import { PackSchema, PricesSchema } from '../mutators/purchases.js';

export const USER_DATA_FORMAT = 'popote-donnees';
/** The version this code writes, and the newest it reads. */
export const USER_DATA_VERSION = 2;

/** The tables a file holds, parents before children (the order an import writes them in). */
export const USER_DATA_TABLES = [
  'ingredients',
  'recipes',
  'profiles',
  'suppliers',
  'menus',
  'stays',
  'groups',
  'meals',
  'stock',
  'shopLists',
  // The kitchen's register of each stay (version 2, issue 35).
  'register',
  'purchases',
] as const satisfies readonly TableName[];
export type UserDataTable = (typeof USER_DATA_TABLES)[number];

const closed = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** A user's packs and prices (the undo never puts one back, so it has no schema there). */
const PurchaseRowSchema = closed({
  id: IdSchema,
  owner: IdSchema,
  ingredientId: IdSchema,
  pack: Type.Union([PackSchema, Type.Null()]),
  prices: PricesSchema,
});

/**
 * One row of each table, exactly as the undo accepts it (no field more, none less): what a
 * file may hold is what a mutator already checks. A change of one of these shapes is a new
 * version of the format (see docs/data-format.md).
 */
export const USER_DATA_ROW_SCHEMAS = {
  ingredients: RESTORABLE_ROW_SCHEMAS.ingredients,
  recipes: RESTORABLE_ROW_SCHEMAS.recipes,
  profiles: RESTORABLE_ROW_SCHEMAS.profiles,
  suppliers: RESTORABLE_ROW_SCHEMAS.suppliers,
  menus: RESTORABLE_ROW_SCHEMAS.menus,
  stays: RESTORABLE_ROW_SCHEMAS.stays,
  groups: RESTORABLE_ROW_SCHEMAS.groups,
  meals: RESTORABLE_ROW_SCHEMAS.meals,
  stock: RESTORABLE_ROW_SCHEMAS.stock,
  shopLists: RESTORABLE_ROW_SCHEMAS.shopLists,
  register: RESTORABLE_ROW_SCHEMAS.register,
  purchases: PurchaseRowSchema,
} satisfies Record<UserDataTable, TSchema>;

/** Most rows one table of a file may hold (a heavy user holds about 40,000 in all). */
export const MAX_USER_DATA_ROWS = 200_000;

export const ManifestSchema = closed({
  format: Type.Literal(USER_DATA_FORMAT),
  version: Type.Integer({ minimum: 1 }),
  /** ISO date-time of the export, by the server's clock. */
  exportedAt: Type.String({ maxLength: 40 }),
  /** The exporting server's synced schema (SYNC_SCHEMA of sync-protocol). */
  syncSchema: Type.Integer({ minimum: 1 }),
  user: closed({ mail: Type.String({ maxLength: 320 }), pseudo: Type.String({ maxLength: 200 }) }),
  /** Rows per table, as a reader may check them. */
  counts: Type.Record(Type.String({ maxLength: 40 }), Type.Integer({ minimum: 0 })),
});
export type UserDataManifest = Static<typeof ManifestSchema>;

const NamedRefSchema = closed({ id: IdSchema, name: NameSchema });
export const ReferencesSchema = closed({
  /** Ingredients of others (the catalogue, other users) that the user's rows use. */
  ingredients: Type.Array(NamedRefSchema, { maxItems: MAX_USER_DATA_ROWS }),
  /** Recipes of others (published) in the user's menus. */
  recipes: Type.Array(NamedRefSchema, { maxItems: MAX_USER_DATA_ROWS }),
});
export type UserDataReferences = Static<typeof ReferencesSchema>;

export type UserDataRows = { [T in UserDataTable]: Tables[T][] };

/** A file, read and checked, or about to be written. */
export interface UserData {
  manifest: UserDataManifest;
  tables: UserDataRows;
  references: UserDataReferences;
}

export const emptyRows = (): UserDataRows => ({
  ingredients: [],
  recipes: [],
  profiles: [],
  suppliers: [],
  menus: [],
  stays: [],
  groups: [],
  meals: [],
  stock: [],
  shopLists: [],
  register: [],
  purchases: [],
});

/** The file name offered to the browser: 'popote-donnees-2026-11-27.zip'. */
export const userDataFileName = (exportedAt: string): string =>
  `${USER_DATA_FORMAT}-${exportedAt.slice(0, 10)}.zip`;
