/**
 * A device as the app runs it: the real sync engine on a fake IndexedDB, over HTTP to a test
 * server listening on a local port. `schema` plays an app of another version: an older app's
 * decoder refuses a pull page naming a table it does not know (it did: its table names were a
 * closed list), which is what held-back tables spare it.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { AddressInfo } from 'node:net';
import { TABLE_NAMES, type Id } from '@popote/domain';
import { knowsTable, type PullRequest } from '@popote/sync-protocol';
import {
  httpTransport,
  LocalDb,
  SyncEngine,
  TransportError,
  type SyncTransport,
} from '@popote/sync-client';
import type { TestServer } from './test-server.js';

/** The server's base URL, listening on a free local port (closed with the server). */
export async function listenForDevices(server: TestServer): Promise<string> {
  const address = server.app.server.address() as AddressInfo | null;
  if (address) return `http://127.0.0.1:${address.port}`;
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}

export interface EngineDevice {
  db: LocalDb;
  engine: SyncEngine;
  /** The same database, opened by an app of another synced schema (an update, say). */
  runAs(schema?: number): SyncEngine;
}

export function engineDevice(
  baseUrl: string,
  user: { token: string; userId: Id },
  options: { schema?: number; name?: string } = {},
): EngineDevice {
  const db = new LocalDb(options.name ?? `popote-u${user.userId}`, {
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  });
  const transportFor = (schema: number | undefined): SyncTransport => {
    const http = httpTransport(baseUrl, () => user.token);
    return schema === undefined ? http : withDecoderOf(schema, http);
  };
  const runAs = (schema?: number) =>
    new SyncEngine(db, user.userId, transportFor(schema), schema === undefined ? {} : { schema });
  return { db, engine: runAs(options.schema), runAs };
}

/** The transport of an app of `schema`, whose decoder knew only that schema's tables. */
function withDecoderOf(schema: number, transport: SyncTransport): SyncTransport {
  const known = new Set(TABLE_NAMES.filter((table) => knowsTable(schema, table)));
  return {
    ids: (request) => transport.ids(request),
    push: (request) => transport.push(request),
    async pull(request: PullRequest) {
      const page = await transport.pull(request);
      if (page.patch.some((op) => !known.has(op.table))) {
        throw new TransportError('server', 'Réponse du serveur invalide.');
      }
      return page;
    },
  };
}
