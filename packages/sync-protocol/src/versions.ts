/**
 * Which app versions talk to which server (docs/architecture.md, "Versions and compatibility").
 *
 * Every app carries the synced schema it was built with (SYNC_SCHEMA). Push and pull send it;
 * the server answers each device in the shape it knows:
 * - rows of a table added after the device's schema are held back (TABLE_SINCE), and so are
 *   fields added to a table it knows (FIELD_SINCE); a device that updates asks for them once
 *   (a catch-up pull), so nothing is lost;
 * - a mutation the device recorded under an older schema goes through the written rules of
 *   MUTATION_UPGRADES before it runs, on the server as on the device that replays it;
 * - a device newer than the server pushes nothing (its changes stay pending) and tells its user
 *   'Le serveur Popote doit être mis à jour'.
 *
 * Bump SYNC_SCHEMA whenever a table, a field of a synced row or a mutation is added, or the
 * arguments of a mutation change shape; declare what changed here, in the same commit.
 */
import type { ReadStore, TableName } from '@popote/domain';

/** The synced schema of this build (app and server). */
export const SYNC_SCHEMA = 3;

/** The first schema that knows each table added after the first version. */
const TABLE_SINCE: Partial<Record<TableName, number>> = {
  stayMembers: 2,
  stayInvitations: 2,
  stayJournal: 2,
  // The kitchen's register (issue 35).
  register: 3,
};

/** The first schema that knows each field added to a table of an earlier schema. */
export const FIELD_SINCE: Partial<Record<TableName, Readonly<Record<string, number>>>> = {
  // The kitchen's register (issue 35): a stay's cold units, a larder entry's date and lot.
  stays: { coldUnits: 3 },
  stock: { useBy: 3, dateKind: 3, lot: 3 },
};

/** Whether a device on `schema` (absent: the first version) knows `table`. */
export const knowsTable = (schema: number | undefined, table: TableName): boolean =>
  (TABLE_SINCE[table] ?? 1) <= (schema ?? 1);

/**
 * The fields of `table` a device on `schema` does not know, by the declarations `since` (the
 * server's FIELD_SINCE; tests pass their own).
 */
export function fieldsUnknownTo(
  schema: number | undefined,
  table: TableName,
  since: typeof FIELD_SINCE = FIELD_SINCE,
): string[] {
  const fields = since[table];
  if (!fields) return [];
  return Object.keys(fields).filter((field) => fields[field]! > (schema ?? 1));
}

/**
 * A row's JSON as a device on `schema` may receive it: without the fields it does not know.
 * Parsed only when the table has such fields (rows go out as stored otherwise).
 */
export function rowJsonFor(
  schema: number | undefined,
  table: TableName,
  json: string,
  since: typeof FIELD_SINCE = FIELD_SINCE,
): string {
  const unknown = fieldsUnknownTo(schema, table, since);
  if (unknown.length === 0) return json;
  const row = JSON.parse(json) as Record<string, unknown>;
  for (const field of unknown) delete row[field];
  return JSON.stringify(row);
}

/** The tables a device that had `from` lacks rows or fields of, now that it runs `to`. */
export function tablesNewTo(
  from: number,
  to: number,
  tables: readonly TableName[],
  since: typeof FIELD_SINCE = FIELD_SINCE,
): TableName[] {
  return tables.filter(
    (table) =>
      (!knowsTable(from, table) && knowsTable(to, table)) ||
      fieldsUnknownTo(from, table, since).length > fieldsUnknownTo(to, table, since).length,
  );
}

/** A mutation as a device recorded it. */
export interface RecordedMutation {
  name: string;
  args: unknown;
}

/** What becomes of a mutation recorded under an older schema: itself reshaped, or a refusal. */
export type UpgradedMutation = RecordedMutation | { refused: string };

/** What a rule may read: the rows as they are when the change runs (server or device). */
export type UpgradeReads = Pick<ReadStore, 'get'>;

/**
 * A written rule for one mutation whose shape changed: mutations named `name` recorded under a
 * schema older than `since` go through `upgrade`, which may read the rows the change is about
 * (to say explicitly what the old shape meant). Rules must accept arguments that already have
 * the new shape (a device may have recorded them under a schema it misreports).
 */
export interface MutationUpgrade {
  name: string;
  since: number;
  /** Why the shape changed, for the next reader. */
  why: string;
  upgrade: (args: unknown, read: UpgradeReads) => UpgradedMutation | Promise<UpgradedMutation>;
}

export const MUTATION_UPGRADES: readonly MutationUpgrade[] = [
  {
    // Found by the device database of the app of Dexie version 2 (commit f01f4c8,
    // packages/sync-client/test/fixtures/device-db-v2-s1.json).
    name: 'addPurchasesToStock',
    since: 2,
    why:
      "'Ranger les achats' names the lines the device saw ticked (`keys`, commit c3ac45d); " +
      'before, it put away every line ticked and not yet put away when it ran: the rule names ' +
      'those lines, which is what the older app meant and showed.',
    upgrade: async (args, read) => {
      if (typeof args !== 'object' || args === null || 'keys' in args) {
        return { name: 'addPurchasesToStock', args };
      }
      const id = (args as { id?: unknown }).id;
      const list = typeof id === 'number' ? await read.get('shopLists', id) : undefined;
      const keys = (list?.items ?? []).filter((l) => l.checked && !l.stored).map((l) => l.key);
      return { name: 'addPurchasesToStock', args: { ...args, keys } };
    },
  },
];

/**
 * Mutations no app records any more, with the French reason shown in 'Modifications refusées'
 * when one arrives from a device that recorded it before its update.
 */
export const RETIRED_MUTATIONS: Readonly<Record<string, string>> = {
  // Within schema 2 (issue 32), joining a stay became a matter of invitations: no rule can
  // find the invitation such a change lacks.
  addStayMember:
    "Ajouter directement un membre n'est plus possible : invitez cette personne depuis « Équipe du séjour ».",
};

/**
 * The mutation as the current schema runs it, from the one a device recorded under `recorded`
 * (absent: the first version), reading through `read` what the change is about. Rules apply in
 * the order of their `since`.
 */
export async function upgradeMutation(
  mutation: RecordedMutation,
  recorded: number | undefined,
  read: UpgradeReads,
  rules: readonly MutationUpgrade[] = MUTATION_UPGRADES,
): Promise<UpgradedMutation> {
  let current: RecordedMutation = mutation;
  const applicable = rules
    .filter((rule) => rule.since > (recorded ?? 1))
    .sort((a, b) => a.since - b.since);
  for (const rule of applicable) {
    if (rule.name !== current.name) continue;
    const next = await rule.upgrade(current.args, read);
    if ('refused' in next) return next;
    current = next;
  }
  const retired = RETIRED_MUTATIONS[current.name];
  return retired ? { refused: retired } : current;
}
