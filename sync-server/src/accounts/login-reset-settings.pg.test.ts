import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { linkIn, pathOf, startTestServer, type TestServer } from '../../test/test-server.js';
import { MAILED_PASSWORD_USE_MS, RESET_PASSWORD_TTL_MS, SESSION_TTL_MS } from './durations.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const login = (Mail: string, Password: string) =>
  server.inject({ method: 'POST', url: '/api/loggin', payload: { Mail, Password } });
const loginError = async (Mail: string, Password: string) =>
  (await login(Mail, Password)).json<{ Error: string }>().Error;
/** Asks for a new password; waits for its mail (the work goes on after the answer). */
const reset = async (mail: string) => {
  const answer = await server.inject({
    method: 'GET',
    url: `/api/reset?mail=${encodeURIComponent(mail)}`,
  });
  await server.app.popote.accounts.settled();
  return answer;
};
const mailedPassword = () => {
  const match = /^Votre nouveau mot de passe : (\S+)$/mu.exec(server.lastMail());
  if (!match?.[1]) throw new Error('pas de mot de passe dans le mail');
  return match[1];
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/loggin', () => {
  test('says which field is wrong', async () => {
    await server.signUp('anne@exemple.fr', 'tartiflette');
    expect((await login('anne@exemple.fr', 'raclette!')).json()).toEqual({
      Error: 'Le mot de passe est incorrect.',
      IsPasswordError: true,
      Id: 0,
      Token: '',
      Pseudo: '',
    });
    expect((await login('bob@exemple.fr', 'tartiflette')).json()).toEqual({
      Error: "Cette adresse mail n'est pas utilisée.",
      IsPasswordError: false,
      Id: 0,
      Token: '',
      Pseudo: '',
    });
    expect(await loginError('bob', 'tartiflette')).toBe("L'adresse mail est invalide.");
  });
});

describe('GET /api/reset', () => {
  test('answers true for an unknown address and sends nothing', async () => {
    const answer = await reset('personne@exemple.fr');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toBe(true);
    expect(server.mails()).toEqual([]);
  });

  test('refuses an invalid or missing address with 400', async () => {
    const invalid = await reset('pas-un-mail');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: "L'adresse mail est invalide." });
    const missing = await server.inject({ method: 'GET', url: '/api/reset' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Requête invalide : le paramètre « mail » est manquant ou mal formé.',
    });
    const huge = await reset(`${'a'.repeat(300)}@exemple.fr`);
    expect(huge.statusCode).toBe(400);
  });

  test('mails a readable password; the old one works until one of them is used', async () => {
    await server.signUp('anne@exemple.fr', 'tartiflette', 'Anne');
    const before = server.mails().length;
    expect((await reset('Anne@exemple.fr')).json()).toBe(true);
    expect(server.mails()).toHaveLength(before + 1);
    expect(server.lastMail()).toContain('Subject: Popote : votre nouveau mot de passe');
    expect(server.lastMail()).toContain('To: anne@exemple.fr');
    const fresh = mailedPassword();
    expect(fresh.length).toBeGreaterThanOrEqual(12);
    expect(fresh).toMatch(/^[a-z]+(-[a-z]+){3}-\d\d$/u);

    // Using the old password keeps it and throws the mailed one away.
    expect(await loginError('anne@exemple.fr', 'tartiflette')).toBe('');
    expect(await loginError('anne@exemple.fr', fresh)).toBe('Le mot de passe est incorrect.');
    expect(await loginError('anne@exemple.fr', 'tartiflette')).toBe('');
  });

  test('using the mailed password makes it the password for 24 hours, to be replaced', async () => {
    const { id } = await server.signUp('anne@exemple.fr', 'tartiflette');
    await reset('anne@exemple.fr');
    const fresh = mailedPassword();
    const session = (await login('anne@exemple.fr', fresh)).json<{ Error: string; Id: number }>();
    // The answer says to replace it.
    expect(session).toMatchObject({ Error: '', Id: id, MustChangePassword: true });
    expect(await loginError('anne@exemple.fr', 'tartiflette')).toBe(
      'Le mot de passe est incorrect.',
    );
    // Until replaced, every login says so, and 24 hours after its first use it stops working.
    server.clock.now += MAILED_PASSWORD_USE_MS - 1000;
    expect((await login('anne@exemple.fr', fresh)).json()).toMatchObject({
      Error: '',
      MustChangePassword: true,
    });
    server.clock.now += 1000;
    expect((await login('anne@exemple.fr', fresh)).json()).toEqual({
      Error:
        'Le mot de passe reçu par mail a expiré : il devait être remplacé dans les 24 heures. Demandez-en un nouveau avec « Mot de passe oublié ? ».',
      IsPasswordError: true,
      Id: 0,
      Token: '',
      Pseudo: '',
    });
  });

  test('a mailed password replaced in the settings is no longer to change', async () => {
    await server.signUp('anne@exemple.fr', 'tartiflette');
    await reset('anne@exemple.fr');
    const fresh = mailedPassword();
    const { Token } = (await login('anne@exemple.fr', fresh)).json<{ Token: string }>();
    const changed = await server.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(Token),
      payload: {
        Mail: 'anne@exemple.fr',
        Password: 'croque-monsieur',
        Pseudo: 'Anne',
        CurrentPassword: fresh,
      },
    });
    expect(changed.statusCode).toBe(200);
    server.clock.now += 2 * MAILED_PASSWORD_USE_MS;
    const answer = (await login('anne@exemple.fr', 'croque-monsieur')).json<object>();
    expect(answer).toMatchObject({ Error: '' });
    expect(answer).not.toHaveProperty('MustChangePassword');
    expect(await loginError('anne@exemple.fr', fresh)).toBe('Le mot de passe est incorrect.');
  });

  test('the mailed password expires after 24 hours; the old one keeps working', async () => {
    await server.signUp('anne@exemple.fr', 'tartiflette');
    await reset('anne@exemple.fr');
    const fresh = mailedPassword();
    server.clock.now += RESET_PASSWORD_TTL_MS;
    expect(await loginError('anne@exemple.fr', fresh)).toBe('Le mot de passe est incorrect.');
    expect(await loginError('anne@exemple.fr', 'tartiflette')).toBe('');
  });

  test('a second request replaces the first mailed password', async () => {
    await server.signUp('anne@exemple.fr', 'tartiflette');
    await reset('anne@exemple.fr');
    const first = mailedPassword();
    await reset('anne@exemple.fr');
    const second = mailedPassword();
    expect(await loginError('anne@exemple.fr', first)).toBe('Le mot de passe est incorrect.');
    expect(await loginError('anne@exemple.fr', second)).toBe('');
  });
});

describe('/api/settings', () => {
  const expired = { message: 'Votre session a expiré. Merci de vous reconnecter.' };

  test("GET gives the contract's User, with an empty Password, never the password", async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette', 'Anne');
    const answer = await server.inject({
      method: 'GET',
      url: '/api/settings',
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      Id: expect.any(Number),
      IsAdmin: false,
      Mail: 'anne@exemple.fr',
      Password: '',
      Pseudo: 'Anne',
    });
  });

  test('refuses missing, malformed, foreign and expired tokens with 401', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette');
    const [head, , signature] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: '1', IdUser: 1, iat: 1, exp: 4e9 })).toString('base64url')}.${signature}`;
    const other = await startTestServer();
    const { token: foreign } = await other.signUp('anne@exemple.fr', 'tartiflette');
    expect(await other.close()).toEqual([]);

    for (const headers of [
      {},
      { authorization: token },
      { authorization: 'Bearer' },
      { authorization: 'Bearer pas.un.jeton' },
      { authorization: 'Basic YW5uZTp0YXJ0aWZsZXR0ZQ==' },
      bearer(forged),
      bearer(foreign),
    ]) {
      const answer = await server.inject({ method: 'GET', url: '/api/settings', headers });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(expired);
    }

    server.clock.now += SESSION_TTL_MS - 1000;
    const stillValid = await server.inject({
      method: 'GET',
      url: '/api/settings',
      headers: bearer(token),
    });
    expect(stillValid.statusCode).toBe(200);
    server.clock.now += 1001;
    const tooLate = await server.inject({
      method: 'GET',
      url: '/api/settings',
      headers: bearer(token),
    });
    expect(tooLate.statusCode).toBe(401);
    expect(tooLate.json()).toEqual(expired);
  });

  test('POST checks the session before the body', async () => {
    const answer = await server.inject({
      method: 'POST',
      url: '/api/settings',
      payload: '{"Mail":',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual(expired);
  });

  test('POST with an empty password changes the pseudonym, and the mail once confirmed', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette', 'Anne');
    const answer = await server.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(token),
      payload: { Mail: ' Anne.Martin@Exemple.fr', Password: '', Pseudo: ' Anne M. ' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      Mail: 'anne@exemple.fr',
      PendingMail: 'anne.martin@exemple.fr',
      Password: '',
      Pseudo: 'Anne M.',
    });
    // The new address works once the link mailed to it is followed (its page's POST).
    const link = linkIn(server.mails().find((m) => m.includes('To: anne.martin@exemple.fr'))!);
    expect((await server.inject({ method: 'POST', url: pathOf(link) })).statusCode).toBe(200);
    expect((await login('anne.martin@exemple.fr', 'tartiflette')).json()).toMatchObject({
      Error: '',
      Pseudo: 'Anne M.',
    });
    expect(await loginError('anne@exemple.fr', 'tartiflette')).toBe(
      "Cette adresse mail n'est pas utilisée.",
    );
    // The session stays valid after the change.
    const settings = await server.inject({
      method: 'GET',
      url: '/api/settings',
      headers: bearer(token),
    });
    expect(settings.json()).toEqual({
      Id: expect.any(Number),
      IsAdmin: false,
      Mail: 'anne.martin@exemple.fr',
      Password: '',
      Pseudo: 'Anne M.',
    });
  });

  test('POST with a password changes it', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette');
    await server.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(token),
      payload: { Mail: 'anne@exemple.fr', Password: 'croque-monsieur', Pseudo: 'Anne' },
    });
    expect(await loginError('anne@exemple.fr', 'croque-monsieur')).toBe('');
    expect(await loginError('anne@exemple.fr', 'tartiflette')).toBe(
      'Le mot de passe est incorrect.',
    );
  });

  test('POST clears a pending mailed password when a new one is chosen', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette');
    await reset('anne@exemple.fr');
    const fresh = mailedPassword();
    await server.inject({
      method: 'POST',
      url: '/api/settings',
      headers: bearer(token),
      payload: { Mail: 'anne@exemple.fr', Password: 'croque-monsieur', Pseudo: 'Anne' },
    });
    expect(await loginError('anne@exemple.fr', fresh)).toBe('Le mot de passe est incorrect.');
  });

  test('POST refuses bad values with 400 and a taken mail with 409', async () => {
    const { token } = await server.signUp('anne@exemple.fr', 'tartiflette');
    await server.signUp('bob@exemple.fr', 'tartiflette2');
    const post = (payload: object) =>
      server.inject({ method: 'POST', url: '/api/settings', headers: bearer(token), payload });

    const taken = await post({ Mail: 'BOB@exemple.fr', Password: '', Pseudo: 'Anne' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Cette adresse mail est déjà utilisée.' });

    const weak = await post({ Mail: 'anne@exemple.fr', Password: 'court', Pseudo: 'Anne' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: 'Merci de choisir un mot de passe plus solide.' });

    const badMail = await post({ Mail: 'anne', Password: '', Pseudo: 'Anne' });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json()).toEqual({ message: "L'adresse mail est invalide." });

    const noPseudo = await post({ Mail: 'anne@exemple.fr', Password: '', Pseudo: ' ' });
    expect(noPseudo.statusCode).toBe(400);
    expect(noPseudo.json()).toEqual({ message: 'Merci de choisir un pseudonyme.' });

    const missing = await post({ Mail: 'anne@exemple.fr', Pseudo: 'Anne' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Requête invalide : le champ « Password » est manquant ou mal formé.',
    });

    const huge = await post({ Mail: 'anne@exemple.fr', Password: '', Pseudo: 'x'.repeat(61) });
    expect(huge.statusCode).toBe(400);

    // Nothing changed.
    expect(await loginError('anne@exemple.fr', 'tartiflette')).toBe('');
  });
});
