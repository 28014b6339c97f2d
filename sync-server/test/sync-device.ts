/** Devices for tests of /sync through HTTP: sign up, lease ids, push one mutation, pull. */
import { expect } from 'vitest';
import type { PullResponse } from '@popote/sync-protocol';
import type { RawRow } from '../src/store/ports.js';
import type { TestServer } from './test-server.js';

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
  pseudo?: string,
): Promise<Device> {
  const { token, id } = await server.signUp(mail, 'motdepasse-solide', pseudo);
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

/**
 * Pulls every page since the device's cookie and keeps the new cookie. Without `device`, as an
 * app of the first synced schema does (no `schema` field); a catch-up keeps the cookie.
 */
export async function pullAll(
  server: TestServer,
  d: Device,
  device: { schema?: number; catchUpFrom?: number } = {},
): Promise<PullResponse> {
  const pages: PullResponse[] = [];
  let cursor: string | null = null;
  do {
    const res = await post(server, d, '/sync/pull', {
      clientId: d.clientId,
      cookie: d.cookie,
      cursor,
      ...device,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json<PullResponse>();
    pages.push(page);
    cursor = page.cursor;
  } while (pages[pages.length - 1]!.more);
  const last = pages[pages.length - 1]!;
  if (device.catchUpFrom === undefined) d.cookie = last.cookie;
  return { ...last, patch: pages.flatMap((p) => p.patch) };
}

/**
 * Every synced row the server holds, tombstones included (data null), by table then id,
 * read through the store's interface so that it works on SQLite and on PostgreSQL.
 */
export async function storedRows(server: TestServer): Promise<RawRow[]> {
  const all = await server.app.popote.store.rows.snapshot((s) =>
    s.changedSince(-1, Number.MAX_SAFE_INTEGER, { version: -1, tbl: '', id: 0 }, 1_000_000_000),
  );
  return all.sort((a, b) => (a.tbl < b.tbl ? -1 : a.tbl > b.tbl ? 1 : a.id - b.id));
}

/**
 * A field of a row as the server stores it (its name, such as 'name'); null for a tombstone
 * or a field set to null, undefined for a row that never existed.
 */
export async function storedField(
  server: TestServer,
  table: string,
  id: number,
  field: string,
): Promise<unknown> {
  const row = (await storedRows(server)).find((r) => r.tbl === table && r.id === id);
  if (!row) return undefined;
  return row.data === null
    ? null
    : ((JSON.parse(row.data) as Record<string, unknown>)[field] ?? null);
}

/** How many live rows of a table an owner-only table holds for the user. */
export async function liveRows(
  server: TestServer,
  table: string,
  ownerId: number,
): Promise<number> {
  return (await storedRows(server)).filter(
    (r) => r.tbl === table && r.owner === ownerId && r.data !== null,
  ).length;
}

let links = 0;

/**
 * `member` joins the owner's stay as people do (issue 32): the owner's device makes a link
 * invitation with `role`, the member follows it (POST /api/team/join). Answers the membership's
 * id.
 */
export async function joinStay(
  server: TestServer,
  owner: Device,
  member: Device,
  stayId: number,
  role: 'plan' | 'keep' | 'read',
): Promise<number> {
  const token = `lien-de-test-${++links}-${owner.clientId}`.replace(/[^\w-]/gu, '-').slice(0, 64);
  await pushOne(server, owner, 'inviteToStay', {
    id: owner.next++,
    stayId,
    role,
    mail: null,
    token,
    now: NOW,
  });
  const joined = await post(server, member, '/api/team/join', { token });
  expect(joined.statusCode, joined.body).toBe(200);
  const team = await server.inject({
    method: 'GET',
    url: `/api/team?stayId=${stayId}`,
    headers: { authorization: `Bearer ${member.token}` },
  });
  const members = team.json<{ members: { id: number; userId: number }[] }>().members;
  return members.find((m) => m.userId === member.userId)!.id;
}
