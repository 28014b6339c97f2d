import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { linkIn, pathOf, startTestServer, type TestServer } from '../../test/test-server.js';
import { REGISTRATION_LINK_TTL_MS, SESSION_TTL_MS } from './durations.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const register = (payload: unknown) =>
  server.inject({ method: 'POST', url: '/api/inscription', payload: payload as object });
const login = (Mail: string, Password: string) =>
  server.inject({ method: 'POST', url: '/api/loggin', payload: { Mail, Password } });
// The link's page has a button that POSTs to the link: that is what confirms.
const follow = (link: string) => server.inject({ method: 'POST', url: pathOf(link) });
const open = (link: string) => server.inject({ method: 'GET', url: pathOf(link) });

describe('POST /api/inscription then the mailed link', () => {
  test('registers, confirms by mail and logs in', async () => {
    const answer = await register({
      Mail: 'anne@exemple.fr',
      Password: 'tartiflette',
      Pseudo: 'Anne',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ Error: '', IsPasswordError: false });

    const mail = server.lastMail();
    expect(mail).toContain('To: anne@exemple.fr');
    expect(mail).toContain('Subject: Popote : confirmez votre inscription');
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/popote\.test\/api\/inscription\/confirm\?token=[\w-]{43}$/u);

    // Not an account until the link is followed: the login says so.
    expect((await login('anne@exemple.fr', 'tartiflette')).json()).toEqual({
      Error: "Votre inscription n'est pas encore confirmée : suivez le lien reçu par mail.",
      IsPasswordError: false,
      IsUnconfirmed: true,
      Id: 0,
      Token: '',
      Pseudo: '',
    });

    // Opening the link (as a mail scanner does) only shows a page with a button.
    for (let i = 0; i < 3; i++) {
      const page = await open(link);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      const token = link.split('token=')[1] ?? '';
      expect(page.body).toContain(`<form method="post" action="?token=${token}">`);
      expect(page.body).toContain('<button type="submit">Valider mon inscription</button>');
    }
    expect(
      await server.app.popote.store.accounts.findAccountByMail('anne@exemple.fr'),
    ).toBeUndefined();
    expect((await login('anne@exemple.fr', 'tartiflette')).json()).toMatchObject({
      IsUnconfirmed: true,
      Token: '',
    });

    const confirmed = await follow(link);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('http://popote.test/?show-success-inscription=OK');

    const session = (await login('anne@exemple.fr', 'tartiflette')).json<{
      Error: string;
      IsPasswordError: boolean;
      Id: number;
      Token: string;
      Pseudo: string;
    }>();
    expect(session.Error).toBe('');
    expect(session.IsPasswordError).toBe(false);
    const account = await server.app.popote.store.accounts.findAccountByMail('anne@exemple.fr');
    expect(session.Id).toBe(account?.id);
    expect(session.Pseudo).toBe('Anne');
    const claims = JSON.parse(
      Buffer.from(session.Token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { sub: string; IdUser: number; sid: string; iat: number; exp: number };
    expect(claims.sub).toBe(String(session.Id));
    expect(claims.sid).toMatch(/^[\w-]{24}$/u);
    expect(claims.IdUser).toBe(session.Id);
    expect(claims.iat).toBe(server.clock.now / 1000);
    expect(claims.exp - claims.iat).toBe(SESSION_TTL_MS / 1000);
  });

  test('user ids come from the service-wide id sequence', async () => {
    const first = await server.app.popote.store.write((tx) => tx.allocateIds(5));
    const { id } = await server.signUp('anne@exemple.fr', 'tartiflette');
    expect(id).toBe(first + 5);
  });

  test('compares mail addresses without case or surrounding spaces', async () => {
    const { id } = await server.signUp('Anne@Exemple.fr', 'tartiflette');
    expect((await login('  ANNE@exemple.FR ', 'tartiflette')).json<{ Id: number }>().Id).toBe(id);
    expect(
      (await register({ Mail: 'anne@EXEMPLE.fr', Password: 'raclette1', Pseudo: 'A' })).json(),
    ).toEqual({
      Error: 'Cette adresse mail est déjà utilisée.',
      IsPasswordError: false,
    });
  });

  test('a link works once; a second visit shows a French page', async () => {
    await register({ Mail: 'anne@exemple.fr', Password: 'tartiflette', Pseudo: 'Anne' });
    const link = linkIn(server.lastMail());
    expect((await follow(link)).statusCode).toBe(303);
    const again = await follow(link);
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(again.body).toContain('Lien déjà utilisé');
    expect(again.body).toContain('<a href="http://popote.test/">Aller sur Popote</a>');
  });

  test('a link expires after 48 hours', async () => {
    await register({ Mail: 'anne@exemple.fr', Password: 'tartiflette', Pseudo: 'Anne' });
    const link = linkIn(server.lastMail());
    server.clock.now += REGISTRATION_LINK_TTL_MS;
    const expired = await follow(link);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Lien expiré');
    // Still unconfirmed: the login says so, and a new link can be sent.
    expect((await login('anne@exemple.fr', 'tartiflette')).json()).toMatchObject({
      Error: "Votre inscription n'est pas encore confirmée : suivez le lien reçu par mail.",
      IsUnconfirmed: true,
    });
  });

  test('a link is still valid just before 48 hours', async () => {
    await register({ Mail: 'anne@exemple.fr', Password: 'tartiflette', Pseudo: 'Anne' });
    server.clock.now += REGISTRATION_LINK_TTL_MS - 1;
    expect((await follow(linkIn(server.lastMail()))).statusCode).toBe(303);
  });

  test('unknown, missing or malformed tokens show a 404 page', async () => {
    for (const url of [
      '/api/inscription/confirm?token=' + 'A'.repeat(43),
      '/api/inscription/confirm',
      '/api/inscription/confirm?token=abc',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await server.inject({ method, url });
        expect(answer.statusCode).toBe(404);
        expect(answer.body).toContain('Lien inconnu');
      }
    }
  });

  test('of two pending registrations for one address, only the first link creates it', async () => {
    await register({ Mail: 'anne@exemple.fr', Password: 'tartiflette', Pseudo: 'Anne' });
    const first = linkIn(server.lastMail());
    await register({ Mail: 'anne@exemple.fr', Password: 'raclette22', Pseudo: 'Anne 2' });
    const second = linkIn(server.lastMail());
    expect(second).not.toBe(first);
    expect((await follow(second)).statusCode).toBe(303);
    const late = await follow(first);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('Cette adresse mail est déjà utilisée.');
    expect((await login('anne@exemple.fr', 'raclette22')).json<{ Pseudo: string }>().Pseudo).toBe(
      'Anne 2',
    );
  });

  test.each([
    ['pasdemail', "L'adresse mail est invalide.", false],
    ['anne@exemple', "L'adresse mail est invalide.", false],
    ['an ne@exemple.fr', "L'adresse mail est invalide.", false],
    ['@exemple.fr', "L'adresse mail est invalide.", false],
  ])('refuses the mail %j with a message in Error', async (Mail, message, isPassword) => {
    const answer = await register({ Mail, Password: 'tartiflette', Pseudo: 'Anne' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ Error: message, IsPasswordError: isPassword });
    expect(server.mails()).toEqual([]);
  });

  test('asks for a stronger password under 8 characters', async () => {
    const answer = await register({ Mail: 'anne@exemple.fr', Password: 'sept777', Pseudo: 'Anne' });
    expect(answer.json()).toEqual({
      Error: 'Merci de choisir un mot de passe plus solide.',
      IsPasswordError: true,
    });
    const eight = await register({ Mail: 'anne@exemple.fr', Password: 'huit8888', Pseudo: 'Anne' });
    expect(eight.json()).toEqual({ Error: '', IsPasswordError: false });
  });

  test('needs a pseudonym without control characters', async () => {
    expect(
      (await register({ Mail: 'a@exemple.fr', Password: 'tartiflette', Pseudo: '   ' })).json(),
    ).toEqual({
      Error: 'Merci de choisir un pseudonyme.',
      IsPasswordError: false,
      IsPseudoError: true,
    });
    expect(
      (await register({ Mail: 'a@exemple.fr', Password: 'tartiflette', Pseudo: 'A\nB' })).json(),
    ).toEqual({
      Error: 'Le pseudonyme contient des caractères non autorisés.',
      IsPasswordError: false,
      IsPseudoError: true,
    });
  });

  test('keeps the pseudonym trimmed', async () => {
    await server.signUp('anne@exemple.fr', 'tartiflette', '  Anne  ');
    expect((await login('anne@exemple.fr', 'tartiflette')).json<{ Pseudo: string }>().Pseudo).toBe(
      'Anne',
    );
  });
});

describe('malformed requests answer 400 with a French message, never 500', () => {
  const good = { Mail: 'anne@exemple.fr', Password: 'tartiflette', Pseudo: 'Anne' };
  const field = (name: string) =>
    `Requête invalide : le champ « ${name} » est manquant ou mal formé.`;

  test.each([
    ['missing Pseudo', { Mail: good.Mail, Password: good.Password }, field('Pseudo')],
    ['missing Mail', { Password: good.Password, Pseudo: good.Pseudo }, field('Mail')],
    ['Mail as a number', { ...good, Mail: 42 }, field('Mail')],
    ['Password as null', { ...good, Password: null }, field('Password')],
    ['Pseudo as an object', { ...good, Pseudo: { x: 1 } }, field('Pseudo')],
    ['Mail of 255 characters', { ...good, Mail: `${'a'.repeat(244)}@exemple.fr` }, field('Mail')],
    ['Password of 201 characters', { ...good, Password: 'p'.repeat(201) }, field('Password')],
    ['Pseudo of 61 characters', { ...good, Pseudo: 'p'.repeat(61) }, field('Pseudo')],
  ])('%s', async (_name, payload, message) => {
    const answer = await register(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message });
  });

  test('limits are inclusive: 254, 200 and 60 characters are accepted by the schema', async () => {
    const answer = await register({
      Mail: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.fr`,
      Password: 'p'.repeat(200),
      Pseudo: 'p'.repeat(60),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ Error: '', IsPasswordError: false });
  });

  test.each([
    [
      'malformed JSON',
      '{"Mail":',
      "Requête invalide : le corps de la requête n'est pas un JSON valide.",
    ],
    ['an array', '[]', 'Requête invalide : le corps de la requête doit être un objet JSON.'],
    ['a string', '"texte"', 'Requête invalide : le corps de la requête doit être un objet JSON.'],
    ['an empty body', '', 'Requête invalide : le corps de la requête est vide.'],
  ])('%s', async (_name, payload, message) => {
    const answer = await server.inject({
      method: 'POST',
      url: '/api/inscription',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message });
  });

  test('a __proto__ key is dropped while parsing; the rest of the body is handled', async () => {
    const answer = await server.inject({
      method: 'POST',
      url: '/api/inscription',
      payload: '{"__proto__":{"x":1},"Mail":"a@b.fr","Password":"tartiflette","Pseudo":"A"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ Error: string }>().Error).toBe('');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  test('a body that is not JSON answers 415', async () => {
    const answer = await server.inject({
      method: 'POST',
      url: '/api/loggin',
      payload: 'Mail=a@b.fr',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toEqual({
      message: 'Type de contenu non pris en charge : envoyez du JSON (application/json).',
    });
  });

  test('a body over 64 KB answers 413', async () => {
    const answer = await server.inject({
      method: 'POST',
      url: '/api/inscription',
      payload: JSON.stringify({ ...good, Extra: 'x'.repeat(70_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ message: 'Requête trop volumineuse.' });
  });

  test('loggin checks its body the same way', async () => {
    const answer = await server.inject({
      method: 'POST',
      url: '/api/loggin',
      payload: { Mail: 'anne@exemple.fr', Password: 12345678 },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: field('Password') });
  });
});
