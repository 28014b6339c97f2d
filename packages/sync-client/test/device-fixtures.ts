/**
 * The device databases of released app versions (fixtures/device-db-vN.json, made by
 * fixtures/make-fixture.mjs with each release's own code): reading them, and putting one back
 * into a fresh IndexedDB exactly as that release left it (its Dexie version and stores), for
 * today's LocalDb to open. The server tests seed a server with the state the fixture's synced
 * rows came from (`server`) and sync it with today's engine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Dexie } from 'dexie';
import type { Id, TableName } from '@popote/domain';

export interface DeviceFixture {
  header: {
    about: string;
    /** True when the release's own code made it; false for one written by hand. */
    generated: boolean;
    /** The release's commit on main. */
    commit: string;
    dexieVersion: number;
    /** The release's synced schema (SYNC_SCHEMA; 1 before it existed). */
    syncSchema: number;
  };
  /** The IndexedDB database's name (one per user). */
  name: string;
  /** Dexie's version of the database (the release's DB_VERSION). */
  dbVersion: number;
  /** The release's stores declaration, as Dexie's stores() takes it. */
  stores: Record<string, string>;
  /** Every object store's records, in key order. */
  tables: Record<string, Record<string, unknown>[]>;
  /** What the server held when the device last synced. */
  server: {
    users: { id: Id; pseudo: string; mail: string }[];
    /** The device's user. */
    userId: Id;
    clientId: string;
    /** Id blocks leased to the device and to the server's own writes ('api') for the user. */
    leases: { clientId: string; first: Id; count: number }[];
    /** The device's last mutation the server processed. */
    lastMutationId: number;
    /** The server's version when the device last pulled (its cookie). */
    cookie: number;
    /** The synced rows, by table, as the server stored them (the users' included). */
    rows: Partial<Record<TableName, ({ id: Id } & Record<string, unknown>)[]>>;
  };
}

const DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The fixtures (device-db-v<Dexie version>-s<synced schema>.json), oldest first. */
export function readDeviceFixtures(): DeviceFixture[] {
  return readdirSync(DIR)
    .map((file) => /^device-db-v(\d+)-s(\d+)\.json$/u.exec(file))
    .filter((match) => match !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[2]) - Number(b[2]))
    .map((match) => JSON.parse(readFileSync(join(DIR, match[0]), 'utf8')) as DeviceFixture);
}

/** A fixture's name in tests: its Dexie version and synced schema. */
export const fixtureLabel = (f: DeviceFixture): string =>
  `Dexie version ${f.dbVersion}, synced schema ${f.header.syncSchema}`;

/**
 * Writes the fixture into `indexedDB` as its release left it: its Dexie version, its stores,
 * every record. Today's LocalDb opens it next (and upgrades it).
 */
export async function restoreFixture(
  fixture: DeviceFixture,
  indexedDB: IDBFactory,
  keyRange: typeof IDBKeyRange,
): Promise<void> {
  const old = new Dexie(fixture.name, { indexedDB, IDBKeyRange: keyRange });
  old.version(fixture.dbVersion).stores(fixture.stores);
  await old.open();
  for (const [table, records] of Object.entries(fixture.tables)) {
    await old.table(table).bulkPut(records);
  }
  old.close();
}
