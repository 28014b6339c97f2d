/**
 * A login before the confirmation link was followed says so, and the link can be sent again
 * (POST /api/inscription/renvoi) by whoever knows the password typed at registration. Neither
 * tells anything about an address to someone without that password.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { linkIn, pathOf, startTestServer, type TestServer } from '../../test/test-server.js';
import { REGISTRATION_LINK_TTL_MS } from './durations.js';

const NOT_CONFIRMED =
  "Votre inscription n'est pas encore confirmée : suivez le lien reçu par mail.";
const UNKNOWN = "Cette adresse mail n'est pas utilisée.";
const TOO_MANY = { message: 'Trop de tentatives. Merci de réessayer dans quelques minutes.' };

let server: TestServer;
afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const register = (Mail: string, Password: string, Pseudo = 'Anne') =>
  server.inject({ method: 'POST', url: '/api/inscription', payload: { Mail, Password, Pseudo } });
const login = (Mail: string, Password: string) =>
  server.inject({ method: 'POST', url: '/api/loggin', payload: { Mail, Password } });
const resend = (Mail: string, Password: string, remoteAddress = '10.0.0.1') =>
  server.inject({
    method: 'POST',
    url: '/api/inscription/renvoi',
    payload: { Mail, Password },
    remoteAddress,
  });

describe('login of a registration whose link was not followed', () => {
  test('says it is not confirmed, to the one who typed its password', async () => {
    server = await startTestServer();
    await register('anne@exemple.fr', 'tartiflette');
    expect((await login('Anne@Exemple.fr', 'tartiflette')).json()).toEqual({
      Error: NOT_CONFIRMED,
      IsPasswordError: false,
      IsUnconfirmed: true,
      Id: 0,
      Token: '',
      Pseudo: '',
    });
    // Another password learns nothing more than for an address nobody registered.
    expect((await login('anne@exemple.fr', 'raclette!')).json()).toEqual({
      Error: UNKNOWN,
      IsPasswordError: false,
      Id: 0,
      Token: '',
      Pseudo: '',
    });
    expect((await login('personne@exemple.fr', 'raclette!')).json()).toEqual(
      (await login('anne@exemple.fr', 'raclette!')).json(),
    );
  });

  test('once the link is followed, the login opens a session', async () => {
    server = await startTestServer();
    await register('anne@exemple.fr', 'tartiflette');
    await server.inject({ method: 'POST', url: pathOf(linkIn(server.lastMail())) });
    const answer = (await login('anne@exemple.fr', 'tartiflette')).json<Record<string, unknown>>();
    expect(answer.Error).toBe('');
    expect(answer.IsUnconfirmed).toBeUndefined();
    expect(answer.Pseudo).toBe('Anne');
  });

  test('is a failed attempt for the per-address limit', async () => {
    server = await startTestServer({
      authRateLimit: { max: 100, perAddressMax: 2, windowMs: 60_000 },
    });
    await register('anne@exemple.fr', 'tartiflette');
    expect((await login('anne@exemple.fr', 'tartiflette')).json()).toMatchObject({
      IsUnconfirmed: true,
    });
    expect((await login('anne@exemple.fr', 'tartiflette')).statusCode).toBe(200);
    expect((await login('anne@exemple.fr', 'tartiflette')).statusCode).toBe(429);
  });
});

describe('POST /api/inscription/renvoi', () => {
  test('mails a new link that creates the account, with the pseudonym registered', async () => {
    server = await startTestServer();
    await register('anne@exemple.fr', 'tartiflette', 'Anne la cuisinière');
    const first = linkIn(server.lastMail());
    const answer = await resend('ANNE@exemple.fr', 'tartiflette');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toBe(true);
    expect(server.mails()).toHaveLength(2);
    const mail = server.lastMail();
    expect(mail).toContain('To: anne@exemple.fr');
    expect(mail).toContain('Subject: Popote : confirmez votre inscription');
    const second = linkIn(mail);
    expect(second).not.toBe(first);

    expect((await server.inject({ method: 'POST', url: pathOf(second) })).statusCode).toBe(303);
    expect((await login('anne@exemple.fr', 'tartiflette')).json()).toMatchObject({
      Error: '',
      Pseudo: 'Anne la cuisinière',
    });
    // The first link now meets an existing account: it creates nothing more.
    expect((await server.inject({ method: 'POST', url: pathOf(first) })).statusCode).toBe(409);
  });

  test('works after the first link expired', async () => {
    server = await startTestServer();
    await register('anne@exemple.fr', 'tartiflette');
    server.clock.now += REGISTRATION_LINK_TTL_MS + 1;
    expect((await resend('anne@exemple.fr', 'tartiflette')).json()).toBe(true);
    const fresh = linkIn(server.lastMail());
    expect((await server.inject({ method: 'POST', url: pathOf(fresh) })).statusCode).toBe(303);
  });

  test('answers true and sends nothing for a wrong password, an unknown or a confirmed address', async () => {
    server = await startTestServer();
    await register('anne@exemple.fr', 'tartiflette');
    await server.signUp('bob@exemple.fr', 'raclette!!');
    const before = server.mails().length;
    for (const [mail, password] of [
      ['anne@exemple.fr', 'pas-le-bon'],
      ['personne@exemple.fr', 'tartiflette'],
      ['bob@exemple.fr', 'raclette!!'],
    ] as const) {
      const answer = await resend(mail, password, `10.0.3.${mail.length}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toBe(true);
    }
    expect(server.mails()).toHaveLength(before);
  });

  test('refuses an invalid address or a malformed body with 400', async () => {
    server = await startTestServer();
    const invalid = await resend('pasdemail', 'tartiflette');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: "L'adresse mail est invalide." });
    const malformed = await server.inject({
      method: 'POST',
      url: '/api/inscription/renvoi',
      payload: { Mail: 'anne@exemple.fr' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'Requête invalide : le champ « Password » est manquant ou mal formé.',
    });
  });

  test('is limited per client address', async () => {
    server = await startTestServer({
      authRateLimit: { max: 2, perAddressMax: 100, windowMs: 60_000 },
    });
    await register('anne@exemple.fr', 'tartiflette');
    expect((await resend('anne@exemple.fr', 'tartiflette', '10.0.4.1')).statusCode).toBe(200);
    expect((await resend('anne@exemple.fr', 'tartiflette', '10.0.4.1')).statusCode).toBe(200);
    const refused = await resend('anne@exemple.fr', 'tartiflette', '10.0.4.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect((await resend('anne@exemple.fr', 'tartiflette', '10.0.4.2')).statusCode).toBe(200);
  });

  test('is limited per mail address, whatever the client address', async () => {
    server = await startTestServer({
      authRateLimit: { max: 100, perAddressMax: 2, windowMs: 60_000 },
    });
    await register('anne@exemple.fr', 'tartiflette');
    expect((await resend('anne@exemple.fr', 'tartiflette', '10.0.5.1')).statusCode).toBe(200);
    expect((await resend('anne@exemple.fr', 'tartiflette', '10.0.5.2')).statusCode).toBe(200);
    const refused = await resend('anne@exemple.fr', 'tartiflette', '10.0.5.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    // One registration mail and two links sent again.
    expect(server.mails()).toHaveLength(3);
  });
});
