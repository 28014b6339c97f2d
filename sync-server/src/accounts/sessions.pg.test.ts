/**
 * Issue 15, holes 2, 3 and 13 (accounts): each test performs the attack, then checks the
 * refusal or the unchanged state.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { linkIn, pathOf, startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = async (Mail: string, Password: string) =>
  (await server.inject({ method: 'POST', url: '/api/loggin', payload: { Mail, Password } })).json<{
    Error: string;
    Token: string;
    Id: number;
    MustChangePassword?: boolean;
  }>();
const settings = (token: string, payload: object) =>
  server.inject({ method: 'POST', url: '/api/settings', headers: bearer(token), payload });
const account = (mail: string) => server.app.popote.store.accounts.findAccountByMail(mail);
const mailsTo = (to: string) => server.mails().filter((m) => m.includes(`To: ${to}`));
const CLIENT = 'appareil-de-test-1';

/** The status of each route family for this token: /api, /sync/* and /sync/events. */
async function statuses(token: string): Promise<Record<string, number>> {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await server.inject({ method, url, headers: bearer(token), ...(payload && { payload }) }))
      .statusCode;
  return {
    settings: await call('GET', '/api/settings'),
    api: await call('GET', '/api/library/all-ingredients'),
    ids: await call('POST', '/sync/ids', { clientId: CLIENT }),
    push: await call('POST', '/sync/push', { clientId: CLIENT, mutations: [] }),
    pull: await call('POST', '/sync/pull', { clientId: CLIENT, cookie: null }),
    events: await eventsStatus(token),
  };
}

/** /sync/events answers a stream that never ends: read its status, then hang up. */
async function eventsStatus(token: string): Promise<number> {
  const address = server.app.server.listening
    ? server.app.server.address()
    : (await server.app.listen({ host: '127.0.0.1', port: 0 }), server.app.server.address());
  if (address === null || typeof address === 'string') throw new Error('pas de port');
  const stop = new AbortController();
  const response = await fetch(`http://127.0.0.1:${address.port}/sync/events`, {
    headers: bearer(token),
    signal: stop.signal,
  });
  stop.abort();
  return response.status;
}

const ALL_OK = { settings: 200, api: 200, ids: 200, push: 200, pull: 200, events: 200 };
const ALL_401 = { settings: 401, api: 401, ids: 401, push: 401, pull: 401, events: 401 };

describe('hole 2: tokens are revoked by logout, password change and reset', () => {
  test('after POST /api/logout the token is refused everywhere; other sessions go on', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette');
    const phone = (await login('anne@exemple.fr', 'tartiflette')).Token;
    expect(await statuses(token)).toEqual(ALL_OK);

    const out = await server.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toBe(true);

    expect(await statuses(token)).toEqual(ALL_401);
    const again = await server.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(401);
    expect(await statuses(phone)).toEqual(ALL_OK);
  });

  test('POST /api/logout without a valid token is refused with 401, never 500', async () => {
    for (const headers of [{}, bearer('pas.un.jeton'), { authorization: 'Bearer' }]) {
      const answer = await server.inject({ method: 'POST', url: '/api/logout', headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({
        message: 'Votre session a expiré. Merci de vous reconnecter.',
      });
    }
  });

  test('a password change in the settings ends the other sessions, not the one that asked', async () => {
    const { token: laptop } = await server.signUp('anne@exemple.fr', 'tartiflette');
    const stolen = (await login('anne@exemple.fr', 'tartiflette')).Token;
    const changed = await settings(laptop, {
      Mail: 'anne@exemple.fr',
      Password: 'croque-monsieur',
      Pseudo: 'Anne',
      CurrentPassword: 'tartiflette',
    });
    expect(changed.statusCode).toBe(200);
    expect(await statuses(stolen)).toEqual(ALL_401);
    expect(await statuses(laptop)).toEqual(ALL_OK);
  });

  test("the old contract's settings call (no current password) ends the other sessions too", async () => {
    const { token: oldClient } = await server.signUp('anne@exemple.fr', 'tartiflette');
    const other = (await login('anne@exemple.fr', 'tartiflette')).Token;
    const changed = await settings(oldClient, {
      Mail: 'anne@exemple.fr',
      Password: 'croque-monsieur',
      Pseudo: 'Anne',
    });
    expect(changed.statusCode).toBe(200);
    expect(await statuses(other)).toEqual(ALL_401);
    expect(await statuses(oldClient)).toEqual(ALL_OK);
  });

  test('logging in with a mailed password ends every earlier session', async () => {
    const { token: stolen } = await server.signUp('anne@exemple.fr', 'tartiflette');
    await server.inject({ method: 'GET', url: '/api/reset?mail=anne@exemple.fr' });
    await server.app.popote.accounts.settled();
    // Asking alone changes nothing (anyone may ask for an address).
    expect(await statuses(stolen)).toEqual(ALL_OK);
    const mailed = /^Votre nouveau mot de passe : (\S+)$/mu.exec(server.lastMail())?.[1] ?? '';
    const fresh = await login('anne@exemple.fr', mailed);
    expect(fresh.Error).toBe('');
    expect(await statuses(stolen)).toEqual(ALL_401);
    expect(await statuses(fresh.Token)).toEqual(ALL_OK);
  });

  test('a validly signed token without a session (as made before sessions) is refused', async () => {
    const { id } = await server.signUp('anne@exemple.fr', 'tartiflette');
    const iat = Math.floor(server.clock.now / 1000);
    const legacy = server.app.jwt.sign({
      sub: String(id),
      IdUser: id,
      iat,
      exp: iat + 3600,
    } as never);
    const unknownSession = server.app.jwt.sign({
      sub: String(id),
      IdUser: id,
      sid: 'x'.repeat(24),
      iat,
      exp: iat + 3600,
    });
    expect(await statuses(legacy)).toEqual(ALL_401);
    expect(await statuses(unknownSession)).toEqual(ALL_401);
  });

  test("another user's session id in a token of mine is refused", async () => {
    const anne = await server.signUp('anne@exemple.fr', 'tartiflette');
    const bob = await server.signUp('bob@exemple.fr', 'tartiflette2');
    const bobSid = (
      JSON.parse(Buffer.from(bob.token.split('.')[1]!, 'base64url').toString()) as {
        sid: string;
      }
    ).sid;
    const iat = Math.floor(server.clock.now / 1000);
    // Only the server can sign; this checks that sid and sub must belong together.
    const mixed = server.app.jwt.sign({
      sub: String(anne.id),
      IdUser: anne.id,
      sid: bobSid,
      iat,
      exp: iat + 3600,
    });
    expect((await statuses(mixed)).settings).toBe(401);
  });
});

describe('hole 3: a stolen token cannot take the account over', () => {
  test('with the current-password field, a wrong one changes nothing, and tries are limited', async () => {
    server = await restartWith({ perAddressMax: 3 });
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette', 'Anne');
    const before = await account('anne@exemple.fr');
    const mailsBefore = server.mails().length;
    for (const attack of [
      { Mail: 'pirate@exemple.fr', Password: '', Pseudo: 'Anne' },
      { Mail: 'anne@exemple.fr', Password: 'pirate-pirate', Pseudo: 'Pirate' },
      { Mail: 'anne@exemple.fr', Password: 'pirate-pirate', Pseudo: 'Anne' },
    ]) {
      const answer = await settings(token, { ...attack, CurrentPassword: 'devine-devine' });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: 'Le mot de passe actuel est incorrect.' });
    }
    // The fourth try is refused before the password is even checked, the right one included.
    const limited = await settings(token, {
      Mail: 'anne@exemple.fr',
      Password: 'pirate-pirate',
      Pseudo: 'Anne',
      CurrentPassword: 'tartiflette',
    });
    expect(limited.statusCode).toBe(429);
    expect(await account('anne@exemple.fr')).toEqual(before);
    expect(server.mails()).toHaveLength(mailsBefore);
    expect((await login('anne@exemple.fr', 'tartiflette')).Error).toBe('');
  });

  test('concurrent guesses of the current password cannot pass the limit', async () => {
    server = await restartWith({ perAddressMax: 3 });
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette', 'Anne');
    const guesses = Array.from({ length: 12 }, (_, i) =>
      settings(token, {
        Mail: 'anne@exemple.fr',
        Password: 'pirate-pirate',
        Pseudo: 'Anne',
        CurrentPassword: `devine-${i}`,
      }),
    );
    const codes = (await Promise.all(guesses)).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 403)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(9);
    expect((await login('anne@exemple.fr', 'tartiflette')).Error).toBe('');
  });

  test('the pseudonym alone changes without the current password', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette', 'Anne');
    const answer = await settings(token, {
      Mail: 'anne@exemple.fr',
      Password: '',
      Pseudo: 'Anne M.',
      CurrentPassword: '',
    });
    expect(answer.statusCode).toBe(200);
    expect((await account('anne@exemple.fr'))?.pseudo).toBe('Anne M.');
  });

  test('a new mail takes effect only through the link mailed to it; the old address is told', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette', 'Anne');
    const answer = await settings(token, {
      Mail: 'anne.martin@exemple.fr',
      Password: '',
      Pseudo: 'Anne',
      CurrentPassword: 'tartiflette',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      Mail: 'anne@exemple.fr',
      PendingMail: 'anne.martin@exemple.fr',
    });
    expect(await account('anne@exemple.fr')).toBeDefined();
    expect(await account('anne.martin@exemple.fr')).toBeUndefined();
    const notice = mailsTo('anne@exemple.fr').at(-1) ?? '';
    expect(notice).toContain('Subject: Popote : changement sur votre compte');
    expect(notice).toContain(
      "Un changement d'adresse mail vers anne.martin@exemple.fr a été demandé",
    );
    const linkMail = mailsTo('anne.martin@exemple.fr');
    expect(linkMail).toHaveLength(1);
    const link = linkIn(linkMail[0]!);
    expect(link).toMatch(/^http:\/\/popote\.test\/api\/settings\/mail\/confirm\?token=[\w-]{43}$/u);

    // Opening the link shows a button and changes nothing.
    const page = await server.inject({ method: 'GET', url: pathOf(link) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Confirmer ma nouvelle adresse</button>');
    expect(page.body).toContain('method="post"');
    expect(await account('anne.martin@exemple.fr')).toBeUndefined();

    const done = await server.inject({ method: 'POST', url: pathOf(link) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Adresse modifiée');
    expect((await account('anne.martin@exemple.fr'))?.pseudo).toBe('Anne');
    expect(await account('anne@exemple.fr')).toBeUndefined();
    const again = await server.inject({ method: 'POST', url: pathOf(link) });
    expect(again.statusCode).toBe(410);
  });

  test("the old contract's call (no current password) also waits for the link and tells the old address", async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette', 'Anne');
    const answer = await settings(token, {
      Mail: 'pirate@exemple.fr',
      Password: 'pirate-pirate',
      Pseudo: 'Anne',
    });
    expect(answer.statusCode).toBe(200);
    expect(await account('anne@exemple.fr')).toBeDefined();
    expect(await account('pirate@exemple.fr')).toBeUndefined();
    const notice = mailsTo('anne@exemple.fr').at(-1) ?? '';
    expect(notice).toContain('Le mot de passe de votre compte Popote vient d’être changé.');
    expect(notice).toContain("Un changement d'adresse mail vers pirate@exemple.fr a été demandé");
    expect(notice).toContain('Mot de passe oublié ?');
    // The owner's reset, through the address still theirs, ends the thief's session.
    await server.inject({ method: 'GET', url: '/api/reset?mail=anne@exemple.fr' });
    await server.app.popote.accounts.settled();
    const mailed = /^Votre nouveau mot de passe : (\S+)$/mu.exec(server.lastMail())?.[1] ?? '';
    expect((await login('anne@exemple.fr', mailed)).Error).toBe('');
    expect((await statuses(token)).settings).toBe(401);
  });

  test('a thief who confirms an address of theirs loses the account to the undo link mailed to the old one', async () => {
    const { token: owner } = await server.signUp('anne@exemple.fr', 'tartiflette', 'Anne');
    const stolen = (await login('anne@exemple.fr', 'tartiflette')).Token;
    // The old contract's call: no current password needed.
    await settings(stolen, {
      Mail: 'pirate@exemple.fr',
      Password: 'pirate-pirate',
      Pseudo: 'Anne',
    });
    const confirm = linkIn(mailsTo('pirate@exemple.fr').at(-1)!);
    expect((await server.inject({ method: 'POST', url: pathOf(confirm) })).statusCode).toBe(200);
    expect(await account('pirate@exemple.fr')).toBeDefined();
    expect((await statuses(owner)).settings).toBe(401);

    // The old address was sent a link that undoes it, and a new request cannot void it.
    const replaced = mailsTo('anne@exemple.fr').at(-1)!;
    expect(replaced).toContain("L'adresse de votre compte Popote est désormais pirate@exemple.fr");
    const undo = linkIn(replaced);
    await settings(stolen, { Mail: 'pirate2@exemple.fr', Password: '', Pseudo: 'Anne' });
    const page = await server.inject({ method: 'GET', url: pathOf(undo) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Rétablir mon adresse</button>');
    expect(await account('anne@exemple.fr')).toBeUndefined();

    const restored = await server.inject({ method: 'POST', url: pathOf(undo) });
    expect(restored.statusCode).toBe(200);
    expect(restored.body).toContain('Adresse rétablie');
    expect(await account('pirate@exemple.fr')).toBeUndefined();
    expect((await account('anne@exemple.fr'))?.pseudo).toBe('Anne');
    // The thief's session, password and pending change are gone.
    expect(await statuses(stolen)).toEqual(ALL_401);
    expect((await login('anne@exemple.fr', 'pirate-pirate')).Token).toBe('');
    expect((await login('anne@exemple.fr', 'tartiflette')).Token).toBe('');
    const pirate2 = linkIn(mailsTo('pirate2@exemple.fr').at(-1)!);
    expect((await server.inject({ method: 'POST', url: pathOf(pirate2) })).statusCode).toBe(404);
    // The owner gets in with the password mailed to the restored address.
    const mailed = /^Votre nouveau mot de passe : (\S+)$/mu.exec(
      mailsTo('anne@exemple.fr').at(-1)!,
    );
    const back = await login('anne@exemple.fr', mailed?.[1] ?? '');
    expect(back).toMatchObject({ Error: '', MustChangePassword: true });
    // The undo link serves once.
    expect((await server.inject({ method: 'POST', url: pathOf(undo) })).statusCode).toBe(410);
  });

  test('a link for an address taken meanwhile changes nothing; a newer request voids older links', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette', 'Anne');
    const ask = (Mail: string) =>
      settings(token, { Mail, Password: '', Pseudo: 'Anne', CurrentPassword: 'tartiflette' });
    await ask('zoe@exemple.fr');
    const toZoe = linkIn(mailsTo('zoe@exemple.fr')[0]!);
    await ask('anne2@exemple.fr');
    const toAnne2 = linkIn(mailsTo('anne2@exemple.fr')[0]!);
    const stale = await server.inject({ method: 'POST', url: pathOf(toZoe) });
    expect(stale.statusCode).toBe(404);
    await server.signUp('anne2@exemple.fr', 'raclette22', 'Autre');
    const taken = await server.inject({ method: 'POST', url: pathOf(toAnne2) });
    expect(taken.statusCode).toBe(409);
    expect((await account('anne@exemple.fr'))?.pseudo).toBe('Anne');
    expect((await account('anne2@exemple.fr'))?.pseudo).toBe('Autre');
  });

  test('malformed confirmation tokens answer a French 404 page, never 500', async () => {
    for (const url of [
      '/api/settings/mail/confirm',
      '/api/settings/mail/confirm?token=abc',
      `/api/settings/mail/confirm?token=${'A'.repeat(43)}`,
      `/api/settings/mail/confirm?token=${'%00'.repeat(50)}`,
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await server.inject({ method, url });
        expect(answer.statusCode).toBe(404);
        expect(answer.body).toContain('Lien inconnu');
      }
    }
  });
});

describe('hole 13: password hashing cost and mailed passwords', () => {
  test('a hash below the current cost is replaced at the next login', async () => {
    await server.signUp('anne@exemple.fr', 'tartiflette');
    const { id } = (await account('anne@exemple.fr'))!;
    // As an account hashed with the first version's parameters is stored.
    const legacy = await hashLegacy('tartiflette');
    const { store } = server.app.popote;
    await store.write((tx) => tx.accounts.replacePasswordHash(id, legacy));
    // A wrong password upgrades nothing.
    expect((await login('anne@exemple.fr', 'raclette!')).Error).not.toBe('');
    expect((await account('anne@exemple.fr'))?.passwordHash).toBe(legacy);
    expect((await login('anne@exemple.fr', 'tartiflette')).Error).toBe('');
    const upgraded = (await account('anne@exemple.fr'))?.passwordHash ?? '';
    expect(upgraded).toMatch(/^scrypt\$ln=10,r=8,p=3\$/u);
    expect((await login('anne@exemple.fr', 'tartiflette')).Error).toBe('');
  });
});

describe('hole 13: the recipe download link', () => {
  test('serves once: the same link again is refused, and a new one works', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette');
    const newLink = async () => {
      const answer = await server.inject({
        method: 'GET',
        url: '/api/library/receipes/export-token',
        headers: bearer(token),
      });
      expect(answer.statusCode).toBe(200);
      return pathOf(answer.json<{ Url: string }>().Url);
    };
    const first = await newLink();
    const download = await server.inject({ method: 'GET', url: first });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    for (let i = 0; i < 2; i++) {
      const replay = await server.inject({ method: 'GET', url: first });
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({
        message:
          "Ce lien de téléchargement a expiré ou n'est pas valable. Merci de relancer l'export.",
      });
    }
    expect((await server.inject({ method: 'GET', url: await newLink() })).statusCode).toBe(200);
  });

  test('a link never used expires after 5 minutes', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette');
    const answer = await server.inject({
      method: 'GET',
      url: '/api/library/receipes/export-token',
      headers: bearer(token),
    });
    server.clock.now += 5 * 60_000 + 1000;
    const late = await server.inject({
      method: 'GET',
      url: pathOf(answer.json<{ Url: string }>().Url),
    });
    expect(late.statusCode).toBe(401);
  });
});

/** A hash of the first version's format (ln=9, r=8, p=1), as node:crypto makes it. */
async function hashLegacy(password: string): Promise<string> {
  const { randomBytes, scryptSync } = await import('node:crypto');
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: 2 ** 9, r: 8, p: 1 });
  return `scrypt$ln=9,r=8,p=1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

async function restartWith(limit: { perAddressMax: number }): Promise<TestServer> {
  expect(await server.close()).toEqual([]);
  return startTestServer({
    authRateLimit: { max: 10_000, perAddressMax: limit.perAddressMax, windowMs: 60_000 },
  });
}
