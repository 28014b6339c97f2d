/**
 * Writing and reading the file of 'Télécharger mes données' (format.ts). Reading trusts
 * nothing: a file that is not a zip, too large once unpacked, of a newer or unknown version,
 * of malformed JSON or of rows of the wrong shape is refused with a French DomainError naming
 * what is wrong, before anything else looks at it.
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Unzipped } from 'fflate';
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import { invalid, isDomainError } from '../errors.js';
import {
  emptyRows,
  ManifestSchema,
  MAX_USER_DATA_ROWS,
  ReferencesSchema,
  USER_DATA_FORMAT,
  USER_DATA_ROW_SCHEMAS,
  USER_DATA_TABLES,
  USER_DATA_VERSION,
  type UserData,
  type UserDataTable,
} from './format.js';

export const MANIFEST_ENTRY = 'manifest.json';
export const REFERENCES_ENTRY = 'references.json';
export const tableEntry = (table: UserDataTable): string => `tables/${table}.json`;

/** Largest file accepted, as uploaded. */
export const MAX_USER_DATA_FILE_BYTES = 32 * 1024 * 1024;
/** Largest unpacked entry, and all entries together (a heavy user's data is 20 to 30 Mo). */
export const MAX_USER_DATA_ENTRY_BYTES = 64 * 1024 * 1024;
export const MAX_USER_DATA_UNPACKED_BYTES = 128 * 1024 * 1024;

export const USER_DATA_MESSAGES = {
  notZip:
    "Ce fichier n'est pas un fichier de données Popote : ce n'est pas une archive zip lisible.",
  tooLarge: 'Ce fichier est trop volumineux : 32 Mo au plus.',
  entryTooLarge: (name: string): string =>
    `Ce fichier est refusé : « ${name} » serait trop volumineux une fois décompressé.`,
  unknownEntry: (name: string): string =>
    `Ce fichier n'est pas un fichier de données Popote : il contient « ${name} », inconnu.`,
  noManifest:
    "Ce fichier n'est pas un fichier de données Popote : il ne contient pas manifest.json.",
  notPopote: "Ce fichier n'est pas un fichier de données Popote (manifest.json ne le décrit pas).",
  newerVersion: (version: number): string =>
    `Ce fichier est au format ${version}, plus récent que celui que ce serveur sait lire (${USER_DATA_VERSION}) : mettez Popote à jour pour l'importer.`,
  malformedJson: (name: string): string =>
    `Ce fichier est endommagé : « ${name} » n'est pas un JSON valide.`,
  wrongShape: (name: string, where: string): string =>
    `Ce fichier est endommagé : « ${name} » contient une donnée mal formée (${where}).`,
  tooManyRows: (name: string): string =>
    `Ce fichier est refusé : « ${name} » contient plus de ${MAX_USER_DATA_ROWS.toLocaleString('fr-FR')} éléments.`,
} as const;

/** The zip of a user's data (format.ts), compressed. */
export function packUserData(data: UserData): Uint8Array {
  const files: Record<string, Uint8Array> = {
    [MANIFEST_ENTRY]: strToU8(JSON.stringify(data.manifest, null, 2)),
    [REFERENCES_ENTRY]: strToU8(JSON.stringify(data.references)),
  };
  for (const table of USER_DATA_TABLES) {
    files[tableEntry(table)] = strToU8(JSON.stringify(data.tables[table]));
  }
  return zipSync(files, { level: 6 });
}

const KNOWN_ENTRIES: ReadonlySet<string> = new Set([
  MANIFEST_ENTRY,
  REFERENCES_ENTRY,
  ...USER_DATA_TABLES.map(tableEntry),
]);

function unpack(bytes: Uint8Array): Unzipped {
  if (bytes.length > MAX_USER_DATA_FILE_BYTES) throw invalid(USER_DATA_MESSAGES.tooLarge);
  // A zip starts with a local file header ('PK\x03\x04').
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw invalid(USER_DATA_MESSAGES.notZip);
  }
  let total = 0;
  try {
    // Sizes are those the zip declares: an entry is inflated into a buffer of that size and
    // no more, so a lying header gets a truncated (malformed) entry, never more memory.
    return unzipSync(bytes, {
      filter: (file) => {
        if (!KNOWN_ENTRIES.has(file.name)) {
          // Folders some zip tools add are skipped; anything else is refused.
          if (file.name.endsWith('/') && file.originalSize === 0) return false;
          throw invalid(USER_DATA_MESSAGES.unknownEntry(file.name.slice(0, 80)));
        }
        if (file.originalSize > MAX_USER_DATA_ENTRY_BYTES) {
          throw invalid(USER_DATA_MESSAGES.entryTooLarge(file.name));
        }
        total += file.originalSize;
        if (total > MAX_USER_DATA_UNPACKED_BYTES) {
          throw invalid(USER_DATA_MESSAGES.entryTooLarge(file.name));
        }
        return true;
      },
    });
  } catch (e) {
    if (isDomainError(e)) throw e;
    throw invalid(USER_DATA_MESSAGES.notZip);
  }
}

function parseEntry(files: Unzipped, name: string): unknown {
  const bytes = files[name];
  if (bytes === undefined) return undefined;
  let text: string;
  try {
    text = strFromU8(bytes);
  } catch {
    throw invalid(USER_DATA_MESSAGES.malformedJson(name));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid(USER_DATA_MESSAGES.malformedJson(name));
  }
}

/** Where a value fails its schema, in words: 'élément 3, champ name'. */
function firstIssue(schema: TSchema, value: unknown): string | null {
  const error = Value.Errors(schema, value).First();
  if (!error) return null;
  const parts = error.path.split('/').filter((p) => p !== '');
  const words = parts.map((p) => (/^\d+$/u.test(p) ? `élément ${Number(p) + 1}` : `champ ${p}`));
  return words.length === 0 ? 'racine' : words.join(', ');
}

function check<T>(schema: TSchema, value: unknown, name: string): T {
  const issue = firstIssue(schema, value);
  if (issue !== null) throw invalid(USER_DATA_MESSAGES.wrongShape(name, issue));
  return value as T;
}

/**
 * The file's data, checked: every entry's JSON and every row's shape. Throws a French
 * DomainError ('invalid') for anything else than a Popote data file this code can read.
 */
export function readUserData(bytes: Uint8Array): UserData {
  const files = unpack(bytes);
  const rawManifest = parseEntry(files, MANIFEST_ENTRY);
  if (rawManifest === undefined) throw invalid(USER_DATA_MESSAGES.noManifest);
  const head = rawManifest as { format?: unknown; version?: unknown };
  if (typeof rawManifest !== 'object' || rawManifest === null || head.format !== USER_DATA_FORMAT) {
    throw invalid(USER_DATA_MESSAGES.notPopote);
  }
  if (typeof head.version === 'number' && head.version > USER_DATA_VERSION) {
    throw invalid(USER_DATA_MESSAGES.newerVersion(head.version));
  }
  const manifest = check<UserData['manifest']>(ManifestSchema, rawManifest, MANIFEST_ENTRY);
  // Version 1 (issue 33) is version 2 without the kitchen register (issue 35): no `register`
  // entry (a missing table reads as empty) and no stays' `coldUnits` nor stock `useBy`,
  // `dateKind`, `lot` (optional fields of version 2's rows). Every version 1 row is a version
  // 2 row as it is: its conversion changes nothing. A later version's converter goes here.
  if (manifest.version < 2 && files[tableEntry('register')] !== undefined) {
    throw invalid(USER_DATA_MESSAGES.unknownEntry(tableEntry('register')));
  }
  const tables = emptyRows();
  for (const table of USER_DATA_TABLES) {
    const name = tableEntry(table);
    const raw = parseEntry(files, name);
    if (raw === undefined) continue;
    if (!Array.isArray(raw)) throw invalid(USER_DATA_MESSAGES.wrongShape(name, 'racine'));
    if (raw.length > MAX_USER_DATA_ROWS) throw invalid(USER_DATA_MESSAGES.tooManyRows(name));
    const schema = USER_DATA_ROW_SCHEMAS[table];
    raw.forEach((row: unknown, i: number) => {
      const issue = firstIssue(schema, row);
      if (issue !== null) {
        throw invalid(USER_DATA_MESSAGES.wrongShape(name, `élément ${i + 1}, ${issue}`));
      }
    });
    (tables as Record<UserDataTable, unknown[]>)[table] = raw;
  }
  const rawReferences = parseEntry(files, REFERENCES_ENTRY) ?? { ingredients: [], recipes: [] };
  const references = check<UserData['references']>(
    ReferencesSchema,
    rawReferences,
    REFERENCES_ENTRY,
  );
  return { manifest, tables, references };
}
