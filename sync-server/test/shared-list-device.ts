/**
 * Helpers for the shared list's tests: an owner's device that pushes and pulls as the web app
 * does, and a list made and shared by it.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { PatchOp, PullResponse } from '@popote/sync-protocol';
import type { NewShopItem, ShopList } from '@popote/domain';
import type { TestServer } from './test-server.js';

/** Before the test server's clock (2025-06-01T08:00Z): a later date would be a device's drift. */
export const NOW = '2025-06-01T07:30:00.000Z';
/** The shared link's secret in these tests, as the web app draws one. */
export const TOKEN = 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4';
export const DAY_MS = 24 * 3600 * 1000;

export interface Device {
  token: string;
  userId: number;
  clientId: string;
  next: number;
  mutationId: number;
  cookie: number | null;
}

export async function post(
  server: TestServer,
  device: Device,
  url: string,
  payload: object,
): Promise<LightMyRequestResponse> {
  return server.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${device.token}` },
  });
}

/** A signed-up user's device with its id block. */
export async function device(server: TestServer, mail: string, clientId: string): Promise<Device> {
  const { token, id } = await server.signUp(mail, 'motdepasse-solide');
  const d: Device = { token, userId: id, clientId, next: 0, mutationId: 0, cookie: null };
  const ids = await post(server, d, '/sync/ids', { clientId });
  d.next = ids.json<{ first: number }>().first;
  return d;
}

/** Pushes the mutations; throws unless the server applied every one of them. */
export async function push(
  server: TestServer,
  d: Device,
  ...mutations: { name: string; args: unknown }[]
): Promise<void> {
  const batch = mutations.map((m) => ({ id: ++d.mutationId, ...m }));
  const res = await post(server, d, '/sync/push', { clientId: d.clientId, mutations: batch });
  if (res.statusCode !== 200) throw new Error(`push → ${res.statusCode} ${res.body}`);
  const rejected = (await pullAll(server, d, null)).rejections;
  if (rejected.length > 0) throw new Error(`refusé : ${JSON.stringify(rejected)}`);
}

/** Every page of a pull from `cookie`: the patch and the last page's rejections. */
export async function pullAll(
  server: TestServer,
  d: Device,
  cookie: number | null,
): Promise<{ patch: PatchOp[]; rejections: PullResponse['rejections']; cookie: number }> {
  const patch: PatchOp[] = [];
  let cursor: string | null = null;
  let page: PullResponse;
  do {
    const res = await post(server, d, '/sync/pull', { clientId: d.clientId, cookie, cursor });
    if (res.statusCode !== 200) throw new Error(`pull → ${res.statusCode} ${res.body}`);
    page = res.json<PullResponse>();
    patch.push(...page.patch);
    cursor = page.cursor;
  } while (page.more);
  return { patch, rejections: page.rejections, cookie: page.cookie };
}

/** The device's next pull (from its own cookie): the list rows it receives. */
export async function pulledLists(server: TestServer, d: Device): Promise<ShopList[]> {
  const { patch, cookie } = await pullAll(server, d, d.cookie);
  d.cookie = cookie;
  return patch
    .filter((op) => op.op === 'put' && op.table === 'shopLists')
    .map((op) => (op as { row: unknown }).row as ShopList);
}

const zero = { pieces: 0, grams: 0, centiliters: 0 };

/** A line as the web app plans one (planShopItems): no uses. */
export function webLine(
  ingredientId: number,
  name: string,
  day: number | null,
  toBuy: Partial<NewShopItem['toBuy']>,
): NewShopItem {
  const total = { ...zero, ...toBuy };
  return {
    key: day === null ? String(ingredientId) : `${ingredientId}@${day}`,
    ingredientId,
    name,
    kind: 1,
    supplier: 'Primeur',
    day,
    need: total,
    inStock: zero,
    toBuy: total,
    uses: [],
  };
}

/**
 * A stay starting on `start` and a list of its lines, shared under `token`, made by the
 * owner's device as the web app does. Answers the ids.
 */
export async function sharedWebList(
  server: TestServer,
  d: Device,
  items: NewShopItem[],
  { token = TOKEN, start = '2025-07-01' }: { token?: string; start?: string } = {},
): Promise<{ stayId: number; listId: number }> {
  const stayId = d.next++;
  const listId = d.next++;
  await push(
    server,
    d,
    { name: 'createStay', args: { id: stayId, name: 'Camp des pins', start } },
    {
      name: 'createShopList',
      args: { id: listId, stayId, name: 'Courses de lundi', now: NOW, items },
    },
    { name: 'shareShopList', args: { id: listId, token, now: NOW } },
  );
  return { stayId, listId };
}
