/** Devices for tests of /sync through HTTP: sign up, lease ids, push one mutation, pull. */
import { expect } from 'vitest';
import type { PullResponse } from '@popote/sync-protocol';
import type { TestServer } from '../test-support/harness.js';

export const NOW = '2025-06-01T10:00:00.000Z';

export interface Device {
  token: string;
  userId: number;
  clientId: string;
  /** The next id of the device's leased block. */
  next: number;
  mutationId: number;
  cookie: number | null;
}

export function post(server: TestServer, d: Device, url: string, payload: unknown) {
  return server.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${d.token}` },
  });
}

export async function newDevice(
  server: TestServer,
  mail: string,
  clientId: string,
): Promise<Device> {
  const { token, id } = await server.signUp(mail, 'motdepasse-solide');
  const d: Device = { token, userId: id, clientId, next: 0, mutationId: 0, cookie: null };
  const block = await post(server, d, '/sync/ids', { clientId });
  expect(block.statusCode).toBe(200);
  d.next = block.json<{ first: number }>().first;
  return d;
}

/** Pushes one mutation; the push itself must succeed (the mutation may be refused). */
export async function pushOne(
  server: TestServer,
  d: Device,
  name: string,
  args: unknown,
): Promise<void> {
  const mutations = [{ id: ++d.mutationId, name, args }];
  const res = await post(server, d, '/sync/push', { clientId: d.clientId, mutations });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ lastMutationId: number }>().lastMutationId).toBe(d.mutationId);
}

/** Pulls every page since the device's cookie and keeps the new cookie. */
export async function pullAll(server: TestServer, d: Device): Promise<PullResponse> {
  const pages: PullResponse[] = [];
  let cursor: string | null = null;
  do {
    const res = await post(server, d, '/sync/pull', {
      clientId: d.clientId,
      cookie: d.cookie,
      cursor,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json<PullResponse>();
    pages.push(page);
    cursor = page.cursor;
  } while (pages[pages.length - 1]!.more);
  const last = pages[pages.length - 1]!;
  d.cookie = last.cookie;
  return { ...last, patch: pages.flatMap((p) => p.patch) };
}

/** A field of a row as the server stores it (JSON path such as '$.name'); null for a tombstone. */
export function storedField(server: TestServer, table: string, id: number, path: string): unknown {
  return server.app.popote.store.db
    .prepare('SELECT json_extract(data, ?) FROM rows WHERE tbl = ? AND id = ?')
    .pluck()
    .get(path, table, id);
}
