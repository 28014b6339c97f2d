/**
 * What a shared list's token does not do: it opens nothing but its list (no stay, library,
 * sync or /api read, whether sent as a bearer or in a query), hostile requests to the guest
 * routes answer 4xx in French and change nothing, and guessing is rate-limited per address.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { SHOP_SESSION_RATE_LIMIT, SHOP_TICKS_RATE_LIMIT } from './routes.js';
import {
  NOW,
  TOKEN,
  device,
  pullAll,
  sharedWebList,
  webLine,
  type Device,
} from '../../test/shared-list-device.js';

let server: TestServer;
let alice: Device;
let ids: { stayId: number; listId: number };

const EXPIRED = { message: 'Votre session a expiré. Merci de vous reconnecter.' };

beforeEach(async () => {
  server = await startTestServer();
  alice = await device(server, 'alice@popote.test', 'alice-device-1');
  ids = await sharedWebList(server, alice, [webLine(9001, 'Pâtes', null, { grams: 2500 })]);
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const listNow = async () =>
  (await server.inject({ method: 'GET', url: `/shop-session/list?sessionID=${TOKEN}` })).body;

describe('the guest token', () => {
  it('is no session: every /api read, /sync and the export links refuse it, with no data', async () => {
    const { stayId } = ids;
    const reads: (InjectOptions & { url: string })[] = [
      { method: 'GET', url: '/api/sejours' },
      { method: 'GET', url: `/api/meals-all?idSejour=${stayId}` },
      { method: 'GET', url: `/api/meals?idSejour=${stayId}&day=0` },
      { method: 'GET', url: `/api/order/days?idSejour=${stayId}` },
      { method: 'GET', url: '/api/library/all-ingredients' },
      { method: 'GET', url: '/api/library/all-receipes' },
      { method: 'GET', url: '/api/library/menus' },
      { method: 'GET', url: '/api/order/profiles' },
      { method: 'GET', url: '/api/settings' },
      { method: 'GET', url: '/api/library/receipes/export-token' },
      { method: 'PUT', url: '/api/sejours' },
      { method: 'PUT', url: '/api/shop-session', payload: [] },
      { method: 'POST', url: '/sync/ids', payload: { clientId: 'guest-device' } },
      { method: 'POST', url: '/sync/pull', payload: { clientId: 'guest-device', cookie: null } },
      {
        method: 'POST',
        url: '/sync/push',
        payload: {
          clientId: 'guest-device',
          mutations: [{ id: 1, name: 'deleteShopList', args: { id: ids.listId } }],
        },
      },
      { method: 'GET', url: '/sync/events' },
    ];
    for (const read of reads) {
      const and = read.url.includes('?') ? '&' : '?';
      for (const [how, request] of [
        ['bearer', { ...read, headers: { authorization: `Bearer ${TOKEN}` } }],
        ['sessionID', { ...read, url: `${read.url}${and}sessionID=${TOKEN}` }],
        ['token', { ...read, url: `${read.url}${and}token=${TOKEN}` }],
      ] as [string, InjectOptions][]) {
        const res = await server.inject(request);
        expect(res.statusCode, `${read.method} ${read.url} (${how})`).toBe(401);
        expect(res.json(), `${read.method} ${read.url} (${how})`).toEqual(EXPIRED);
      }
    }
    // The download links take their own tokens; the stay export link its own secret.
    const recipes = await server.inject({
      method: 'GET',
      url: `/api/library/receipes/export?token=${TOKEN}`,
    });
    expect(recipes.statusCode).toBe(401);
    const stay = await server.inject({ method: 'GET', url: `/import-sejour?id=${TOKEN}` });
    expect(stay.statusCode).toBe(404);
    expect(stay.body).not.toContain('Camp des pins');
    // The list is still there, unchanged, and only through its own routes.
    expect(await listNow()).toContain('Pâtes');
    expect((await pullAll(server, alice, null)).patch.length).toBeGreaterThan(0);
  });

  it("tells a helper nothing of the stay but its first day, and writes only the list's ticks", async () => {
    const res = await server.inject({
      method: 'GET',
      url: `/shop-session/list?sessionID=${TOKEN}`,
    });
    expect(res.body).not.toContain('Camp des pins');
    expect(res.body).not.toContain(String(ids.stayId));
    const { cookie } = await pullAll(server, alice, null);
    await server.inject({
      method: 'POST',
      url: `/shop-session/ticks?sessionID=${TOKEN}`,
      payload: { ticks: [{ key: '9001', checked: true, now: NOW }] },
    });
    const changed = (await pullAll(server, alice, cookie)).patch;
    expect(changed.map((op) => `${op.op} ${op.table}`)).toEqual(['put shopLists']);
  });
});

describe('hostile requests to the guest routes', () => {
  const tick = { key: '9001', checked: true, now: NOW };
  const cases: [string, string | Buffer, string, number][] = [
    ['malformed JSON', '{"ticks": [', 'application/json', 400],
    ['truncated JSON', '{"ticks":[{"key":"9001","checked":tr', 'application/json', 400],
    ['an empty body', '', 'application/json', 400],
    ['null', 'null', 'application/json', 400],
    ['a list instead of an object', JSON.stringify([tick]), 'application/json', 400],
    ['ticks as an object', JSON.stringify({ ticks: tick }), 'application/json', 400],
    ['no tick', JSON.stringify({ ticks: [] }), 'application/json', 400],
    [
      'a key as a number',
      JSON.stringify({ ticks: [{ ...tick, key: 9001 }] }),
      'application/json',
      400,
    ],
    [
      'checked as text',
      JSON.stringify({ ticks: [{ ...tick, checked: 'oui' }] }),
      'application/json',
      400,
    ],
    [
      'a date that is none',
      JSON.stringify({ ticks: [{ ...tick, now: 'hier' }] }),
      'application/json',
      400,
    ],
    [
      'a huge key',
      JSON.stringify({ ticks: [{ ...tick, key: 'k'.repeat(100_000) }] }),
      'application/json',
      400,
    ],
    [
      '501 ticks',
      JSON.stringify({ ticks: Array.from({ length: 501 }, () => tick) }),
      'application/json',
      400,
    ],
    [
      '10,000 ticks',
      JSON.stringify({ ticks: Array.from({ length: 10_000 }, () => tick) }),
      'application/json',
      413,
    ],
    [
      'a huge string',
      JSON.stringify({ ticks: [tick], x: 'x'.repeat(2_000_000) }),
      'application/json',
      413,
    ],
    ['deep nesting', `{"ticks":${'['.repeat(5000)}${']'.repeat(5000)}}`, 'application/json', 400],
    ['a form', 'ticks=1', 'application/x-www-form-urlencoded', 415],
    ['binary', Buffer.from([0xff, 0xfe, 0x00, 0x7b]), 'application/json', 400],
    ['1e309', '{"ticks":[{"key":"9001","checked":true,"now":1e309}]}', 'application/json', 400],
  ];

  it.each(cases)(
    'answers %s with a French 4xx, ticking nothing',
    async (_, payload, type, status) => {
      const before = await listNow();
      const res = await server.inject({
        method: 'POST',
        url: `/shop-session/ticks?sessionID=${TOKEN}`,
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
      const { message } = res.json<{ message: string }>();
      expect(message).toMatch(/^(Requête|Type de contenu)/u);
      expect(await listNow()).toBe(before);
    },
  );

  it('says why 501 ticks are refused', async () => {
    const res = await server.inject({
      method: 'POST',
      url: `/shop-session/ticks?sessionID=${TOKEN}`,
      payload: { ticks: Array.from({ length: 501 }, () => tick) },
    });
    expect(res.json()).toEqual({
      message:
        'Requête invalide : un envoi compte au plus 500 coches ; envoyez les autres ensuite.',
    });
  });

  it('drops prototype keys and applies the rest', async () => {
    const res = await server.inject({
      method: 'POST',
      url: `/shop-session/ticks?sessionID=${TOKEN}`,
      headers: { 'content-type': 'application/json' },
      payload:
        '{"ticks":[{"key":"9001","checked":true,"now":"2025-06-01T07:40:00.000Z","__proto__":{"polluted":1}}]}',
    });
    expect(res.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a missing, repeated or huge sessionID with 400', async () => {
    for (const query of [
      '',
      `?sessionID=${TOKEN}&sessionID=${TOKEN}`,
      `?sessionID=${'a'.repeat(3000)}`,
    ]) {
      for (const url of ['/shop-session/list', '/api/shop-session']) {
        const res = await server.inject({ method: 'GET', url: `${url}${query}` });
        expect(res.statusCode, `${url}${query.slice(0, 40)}`).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(/^Requête invalide/u);
      }
    }
  });
});

describe('rate limit', () => {
  it(`answers 429 in French after ${SHOP_SESSION_RATE_LIMIT.max} requests a minute from one address`, async () => {
    const from = (remoteAddress: string, sessionID: string) =>
      server.inject({
        method: 'GET',
        url: `/shop-session/list?sessionID=${sessionID}`,
        remoteAddress,
      });
    for (let i = 0; i < SHOP_SESSION_RATE_LIMIT.max; i++) {
      const guess = `guess${String(i).padStart(16, '0')}`;
      expect((await from('203.0.113.7', guess)).statusCode).toBe(404);
    }
    const refused = await from('203.0.113.7', TOKEN);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Trop de tentatives. Merci de réessayer dans quelques minutes.',
    });
    // Other helpers, elsewhere, are not held.
    expect((await from('198.51.100.4', TOKEN)).statusCode).toBe(200);
  });

  it(`takes at most ${SHOP_TICKS_RATE_LIMIT.max} tick requests a minute from one address: each writes the list`, async () => {
    const tick = (remoteAddress: string) =>
      server.inject({
        method: 'POST',
        url: `/shop-session/ticks?sessionID=${TOKEN}`,
        remoteAddress,
        payload: { ticks: [{ key: '9001', checked: true, now: NOW }] },
      });
    for (let i = 0; i < SHOP_TICKS_RATE_LIMIT.max; i++) {
      expect((await tick('203.0.113.9')).statusCode).toBe(200);
    }
    expect((await tick('203.0.113.9')).statusCode).toBe(429);
    // Reading the list is still allowed: only writes are held back.
    expect(
      (
        await server.inject({
          method: 'GET',
          url: `/shop-session/list?sessionID=${TOKEN}`,
          remoteAddress: '203.0.113.9',
        })
      ).statusCode,
    ).toBe(200);
  });
});
