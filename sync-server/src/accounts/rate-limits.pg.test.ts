import { afterEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const TOO_MANY = { message: 'Trop de tentatives. Merci de réessayer dans quelques minutes.' };
let server: TestServer;
afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const login = (Mail: string, Password: string, remoteAddress = '10.0.0.1') =>
  server.inject({ method: 'POST', url: '/api/loggin', payload: { Mail, Password }, remoteAddress });

describe('per IP address (in memory)', () => {
  test('each account route allows max requests per window and per client address', async () => {
    server = await startTestServer({
      authRateLimit: { max: 3, perAddressMax: 100, windowMs: 60_000 },
    });
    for (let i = 0; i < 3; i++) {
      expect((await login(`u${i}@exemple.fr`, 'tartiflette')).statusCode).toBe(200);
    }
    const refused = await login('u9@exemple.fr', 'tartiflette');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect((await login('u9@exemple.fr', 'tartiflette', '10.0.0.2')).statusCode).toBe(200);

    for (let i = 0; i < 3; i++) {
      const answer = await server.inject({
        method: 'GET',
        url: `/api/reset?mail=r${i}@exemple.fr`,
        remoteAddress: '10.0.0.3',
      });
      expect(answer.statusCode).toBe(200);
    }
    const resetRefused = await server.inject({
      method: 'GET',
      url: '/api/reset?mail=r9@exemple.fr',
      remoteAddress: '10.0.0.3',
    });
    expect(resetRefused.statusCode).toBe(429);
    expect(resetRefused.json()).toEqual(TOO_MANY);
  });

  test('inscription is limited too', async () => {
    server = await startTestServer({
      authRateLimit: { max: 2, perAddressMax: 100, windowMs: 60_000 },
    });
    const register = (i: number) =>
      server.inject({
        method: 'POST',
        url: '/api/inscription',
        payload: { Mail: `u${i}@exemple.fr`, Password: 'tartiflette', Pseudo: 'U' },
        remoteAddress: '10.0.0.4',
      });
    expect((await register(1)).statusCode).toBe(200);
    expect((await register(2)).statusCode).toBe(200);
    const refused = await register(3);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(server.mails()).toHaveLength(2);
  });
});

describe('per mail address (kept in the store)', () => {
  test('failed logins on one address are limited per client address', async () => {
    server = await startTestServer({
      authRateLimit: { max: 100, perAddressMax: 2, windowMs: 60_000 },
    });
    await server.signUp('anne@exemple.fr', 'tartiflette');
    expect((await login('anne@exemple.fr', 'mauvais-1', '10.0.1.3')).statusCode).toBe(200);
    expect((await login('anne@exemple.fr', 'mauvais-2', '10.0.1.3')).statusCode).toBe(200);
    const refused = await login('ANNE@exemple.fr', 'tartiflette', '10.0.1.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    // Other addresses are not affected.
    expect((await login('bob@exemple.fr', 'tartiflette', '10.0.1.3')).statusCode).toBe(200);

    server.clock.now += 60_001;
    expect((await login('anne@exemple.fr', 'tartiflette', '10.0.1.3')).json()).toMatchObject({
      Error: '',
    });
  });

  test('successful logins do not count, and one clears the failures', async () => {
    server = await startTestServer({
      authRateLimit: { max: 100, perAddressMax: 2, windowMs: 60_000 },
    });
    await server.signUp('anne@exemple.fr', 'tartiflette');
    for (let i = 0; i < 4; i++) {
      expect((await login('anne@exemple.fr', 'tartiflette')).json()).toMatchObject({ Error: '' });
    }
    await login('anne@exemple.fr', 'mauvais-1');
    await login('anne@exemple.fr', 'tartiflette');
    await login('anne@exemple.fr', 'mauvais-2');
    expect((await login('anne@exemple.fr', 'tartiflette')).statusCode).toBe(200);
  });

  test('the per-client limit counts an IPv6 client once for its whole /64', async () => {
    server = await startTestServer({
      authRateLimit: { max: 3, perAddressMax: 100, windowMs: 60_000 },
    });
    const reset = (mail: string, remoteAddress: string) =>
      server.inject({ method: 'GET', url: `/api/reset?mail=${mail}`, remoteAddress });
    // Three different addresses of one /64, each asking for another mail address.
    for (const [i, address] of [
      '2001:db8:0:9::1',
      '2001:db8:0:9::2',
      '2001:db8:0:9:ffff::3',
    ].entries()) {
      expect((await reset(`v6-${i}@exemple.fr`, address)).statusCode).toBe(200);
    }
    const fourth = await reset('v6-3@exemple.fr', '2001:db8:0:9::4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(TOO_MANY);
    // Another /64, and an IPv4 client, are counted apart.
    expect((await reset('v6-4@exemple.fr', '2001:db8:0:a::1')).statusCode).toBe(200);
    expect((await reset('v4@exemple.fr', '10.0.9.1')).statusCode).toBe(200);
  });

  test('inscriptions for one address are limited; reset requests per address and network', async () => {
    server = await startTestServer({
      authRateLimit: { max: 100, perAddressMax: 2, windowMs: 60_000 },
    });
    const register = (remoteAddress: string) =>
      server.inject({
        method: 'POST',
        url: '/api/inscription',
        payload: { Mail: 'anne@exemple.fr', Password: 'tartiflette', Pseudo: 'Anne' },
        remoteAddress,
      });
    expect((await register('10.0.2.1')).statusCode).toBe(200);
    expect((await register('10.0.2.2')).statusCode).toBe(200);
    expect((await register('10.0.2.3')).statusCode).toBe(429);
    expect(server.mails()).toHaveLength(2);

    const reset = (remoteAddress: string) =>
      server.inject({ method: 'GET', url: '/api/reset?mail=zoe@exemple.fr', remoteAddress });
    expect((await reset('10.0.2.1')).json()).toBe(true);
    expect((await reset('10.0.2.1')).json()).toBe(true);
    const refused = await reset('10.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    // Another network is not refused for that one's requests (issue 30, case 4).
    expect((await reset('10.0.2.2')).json()).toBe(true);
    // An IPv6 client counts once for its whole /64.
    expect((await reset('2001:db8:0:7::1')).json()).toBe(true);
    expect((await reset('2001:db8:0:7::2')).json()).toBe(true);
    expect((await reset('2001:db8:0:7::3')).statusCode).toBe(429);
  });

  test('the counters survive a restart (no state outside the store)', async () => {
    server = await startTestServer({
      authRateLimit: { max: 100, perAddressMax: 1, windowMs: 60_000 },
    });
    await server.inject({ method: 'GET', url: '/api/reset?mail=zoe@exemple.fr' });
    const { dataDir, clock } = server;
    await server.app.close();
    const again = await startTestServer(
      { authRateLimit: { max: 100, perAddressMax: 1, windowMs: 60_000 } },
      dataDir,
    );
    again.clock.now = clock.now;
    server = again;
    const refused = await server.inject({ method: 'GET', url: '/api/reset?mail=zoe@exemple.fr' });
    expect(refused.statusCode).toBe(429);
  });
});

describe('issue 15: concurrent guesses and the owner (hole 4)', () => {
  test('concurrent wrong logins are counted before their check: only the budget is tried', async () => {
    server = await startTestServer({
      authRateLimit: { max: 1000, perAddressMax: 10, windowMs: 60_000 },
    });
    await server.signUp('anne@exemple.fr', 'tartiflette');
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => login('anne@exemple.fr', `mauvais-${i}`, '10.0.9.9')),
    );
    const tried = answers.filter((a) => a.statusCode === 200);
    expect(tried).toHaveLength(10);
    for (const a of tried) expect(a.json()).toMatchObject({ IsPasswordError: true });
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4);
    // The guesser's address is locked; the owner, elsewhere, is not.
    expect((await login('anne@exemple.fr', 'tartiflette', '10.0.9.9')).statusCode).toBe(429);
    expect((await login('anne@exemple.fr', 'tartiflette', '192.168.1.20')).json()).toMatchObject({
      Error: '',
    });
  });

  test('guesses from many addresses are bounded per account (5 × the per-address budget)', async () => {
    server = await startTestServer({
      authRateLimit: { max: 1000, perAddressMax: 2, windowMs: 60_000 },
    });
    await server.signUp('anne@exemple.fr', 'tartiflette');
    for (let i = 0; i < 10; i++) {
      expect((await login('anne@exemple.fr', 'mauvais', `10.1.0.${i}`)).statusCode).toBe(200);
    }
    expect((await login('anne@exemple.fr', 'mauvais', '10.1.1.1')).statusCode).toBe(429);
    // An owner's success does not give the guessers a new budget.
    server.clock.now += 60_001;
    expect((await login('anne@exemple.fr', 'tartiflette', '10.2.0.1')).json()).toMatchObject({
      Error: '',
    });
  });
});

describe('issue 15: behind a reverse proxy (hole 5, TRUST_PROXY)', () => {
  const viaProxy = (clientIp: string) =>
    server.inject({
      method: 'POST',
      url: '/api/loggin',
      payload: { Mail: 'x@exemple.fr', Password: 'tartiflette' },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': clientIp },
    });

  test('with TRUST_PROXY, each client behind the proxy has its own limit', async () => {
    server = await startTestServer({
      authRateLimit: { max: 2, perAddressMax: 1000, windowMs: 60_000 },
      trustProxy: ['127.0.0.1'],
    });
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.2')).statusCode).toBe(200);
  });

  test('without it, the forwarded address is ignored (a client cannot pick its own)', async () => {
    server = await startTestServer({
      authRateLimit: { max: 2, perAddressMax: 1000, windowMs: 60_000 },
    });
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.2')).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.3')).statusCode).toBe(429);
  });
});
