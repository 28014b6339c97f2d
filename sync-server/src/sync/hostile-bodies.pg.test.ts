/**
 * Issue 15, holes 10 and 11: hostile request bodies are refused before anything runs, and a
 * hostile mutation is refused once instead of blocking its device's queue.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE, JsonDepthScanner } from '../http/json-depth.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { PUSH_BODY_LIMIT, SMALL_BODY_LIMIT } from './routes.js';
import { NOW, newDevice, post, pullAll, type Device } from '../../test/sync-device.js';

let server: TestServer;
let alice: Device;

/** JSON text of an array nested `depth` deep around 0. */
const nested = (depth: number): string => '['.repeat(depth) + '0' + ']'.repeat(depth);

const rawPost = (url: string, body: string, token?: string) =>
  server.inject({
    method: 'POST',
    url,
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

beforeEach(async () => {
  server = await startTestServer();
  alice = await newDevice(server, 'alice@popote.test', 'alice-device-1');
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('JSON nesting depth (hole 10)', () => {
  it('answers a French 400 to a push nested 200,000 deep, and the queue goes on', async () => {
    const body = `{"clientId":"${alice.clientId}","mutations":[{"id":1,"name":"createStay","args":{"name":${nested(200_000)}}}]}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await rawPost('/sync/push', body, alice.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: TOO_DEEP_MESSAGE });
    }
    // The device's next push with the same mutation id is applied.
    const stayId = alice.next++;
    const ok = await post(server, alice, '/sync/push', {
      clientId: alice.clientId,
      mutations: [
        { id: 1, name: 'createStay', args: { id: stayId, name: 'Camp', start: '2025-07-01' } },
      ],
    });
    expect(ok.json()).toEqual({ lastMutationId: 1 });
  });

  it('refuses deep bodies on /api too, even where no session is needed', async () => {
    const res = await rawPost('/api/loggin', `{"Mail":${nested(MAX_JSON_DEPTH + 1)}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: TOO_DEEP_MESSAGE });
  });

  it('records a mutation with hostile arguments within the depth as refused, once', async () => {
    const args = JSON.parse(
      `{"id":${alice.next++},"name":${nested(MAX_JSON_DEPTH - 6)},"now":"${NOW}"}`,
    ) as unknown;
    const res = await post(server, alice, '/sync/push', {
      clientId: alice.clientId,
      mutations: [{ id: 1, name: 'createRecipe', args }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lastMutationId: 1 });
    const rejections = (await pullAll(server, alice)).rejections;
    expect(rejections.map((r) => r.mutationId)).toEqual([1]);
  });

  it('counts depth outside strings only', () => {
    const scanner = new JsonDepthScanner(2);
    scanner.feed(Buffer.from('{"a":"[[[[\\"[[[","b":['));
    expect(() => scanner.feed(Buffer.from('[1]]}'))).toThrow(TOO_DEEP_MESSAGE);
  });
});

describe('token before body (hole 11)', () => {
  it('answers 401 to an anonymous push before reading its body', async () => {
    const huge = `{"clientId":"x","mutations":[],"pad":"${'x'.repeat(PUSH_BODY_LIMIT + 10)}"}`;
    for (const url of ['/sync/push', '/sync/pull', '/sync/ids']) {
      const res = await rawPost(url, huge);
      // Had the body been read first, the answer would be 413.
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('keeps pulls and id leases to small bodies', async () => {
    const res = await post(server, alice, '/sync/pull', {
      clientId: alice.clientId,
      cookie: null,
      pad: 'x'.repeat(SMALL_BODY_LIMIT),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('prototype keys', () => {
  it('strips __proto__ from a pushed mutation instead of refusing the whole push', async () => {
    const id = alice.next++;
    const body = `{"clientId":"${alice.clientId}","mutations":[{"id":1,"name":"createStay","args":{"id":${id},"name":"Camp","start":"2025-07-01","__proto__":{"owner":1}}}]}`;
    const res = await rawPost('/sync/push', body, alice.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ lastMutationId: 1 });
    const { patch } = await pullAll(server, alice);
    const stay = patch.find((op) => op.op === 'put' && op.table === 'stays');
    expect(stay && 'row' in stay ? stay.row : null).toMatchObject({ id, owner: alice.userId });
    expect(({} as Record<string, unknown>).owner).toBeUndefined();
  });
});
