import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_STORAGE_KEY,
  getSession,
  login,
  logout,
  noteMustChangePassword,
  parseSession,
  passwordChanged,
  rememberAccount,
  renewToken,
  setActiveStay,
  updatePseudo,
} from './session';

beforeEach(() => {
  // logout() asks the server to end the session: no server here.
  vi.stubGlobal('fetch', () => Promise.resolve(new Response('true')));
  logout();
});
afterEach(() => vi.unstubAllGlobals());

describe('parseSession', () => {
  it('reads a stored session', () => {
    expect(parseSession('{"idUser":3,"token":"t","pseudo":"Lou","activeStayId":9}')).toEqual({
      idUser: 3,
      token: 't',
      pseudo: 'Lou',
      activeStayId: 9,
    });
  });

  it('counts anything unreadable as logged out', () => {
    expect(parseSession(null)).toBeNull();
    expect(parseSession('{')).toBeNull();
    expect(parseSession('null')).toBeNull();
    expect(parseSession('{"idUser":"3","token":"t","pseudo":"Lou"}')).toBeNull();
    expect(parseSession('{"idUser":0,"token":"t","pseudo":"Lou"}')).toBeNull();
    expect(parseSession('{"idUser":3,"pseudo":"Lou"}')).toBeNull();
  });

  it('reads the mail known on this device, when there is one', () => {
    expect(
      parseSession(
        '{"idUser":3,"token":"t","pseudo":"Lou","activeStayId":null,"mail":"lou@exemple.fr"}',
      ),
    ).toEqual({ idUser: 3, token: 't', pseudo: 'Lou', activeStayId: null, mail: 'lou@exemple.fr' });
    expect(parseSession('{"idUser":3,"token":"t","pseudo":"Lou","mail":42}')).toEqual({
      idUser: 3,
      token: 't',
      pseudo: 'Lou',
      activeStayId: null,
    });
  });

  it('drops an unreadable active stay only', () => {
    expect(parseSession('{"idUser":3,"token":"t","pseudo":"Lou","activeStayId":"x"}')).toEqual({
      idUser: 3,
      token: 't',
      pseudo: 'Lou',
      activeStayId: null,
    });
  });
});

describe('session store', () => {
  it('keeps the session in localStorage and clears the active stay on login', () => {
    login({ idUser: 3, token: 't', pseudo: 'Lou' });
    setActiveStay(12);
    expect(getSession()?.activeStayId).toBe(12);
    login({ idUser: 3, token: 't2', pseudo: 'Lou' });
    expect(getSession()).toEqual({ idUser: 3, token: 't2', pseudo: 'Lou', activeStayId: null });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(getSession());
  });

  it('updates the pseudonym, and logs out by removing the stored session', () => {
    login({ idUser: 3, token: 't', pseudo: 'Lou' });
    updatePseudo('Louise');
    expect(getSession()?.pseudo).toBe('Louise');
    logout();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    updatePseudo('ignoré');
    expect(getSession()).toBeNull();
  });

  it('remembers the mail typed at login and the account as the server answers it', () => {
    login({ idUser: 3, token: 't', pseudo: 'Lou', mail: 'lou@exemple.fr' });
    expect(getSession()?.mail).toBe('lou@exemple.fr');
    rememberAccount({ mail: 'louise@exemple.fr', pseudo: 'Louise' });
    renewToken('t2');
    // A reload (offline too) reads both back from localStorage.
    expect(parseSession(localStorage.getItem(SESSION_STORAGE_KEY))).toEqual({
      idUser: 3,
      token: 't2',
      pseudo: 'Louise',
      activeStayId: null,
      mail: 'louise@exemple.fr',
    });
    logout();
    rememberAccount({ mail: 'x@exemple.fr', pseudo: 'X' });
    expect(getSession()).toBeNull();
  });
});

describe('logout revokes the token on the server (issue 15)', () => {
  it('forgets the session at once and sends POST /api/logout with its token', async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('true')));
    vi.stubGlobal('fetch', fetchSpy);
    login({ idUser: 3, token: 'jeton-3', pseudo: 'Lou' });
    logout();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/logout$/u);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ Authorization: 'Bearer jeton-3' });
    expect(init.keepalive).toBe(true);
  });

  it('offline, the token is only dropped locally, without an error', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    login({ idUser: 3, token: 'jeton-3', pseudo: 'Lou' });
    expect(() => logout()).not.toThrow();
    expect(getSession()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('sends nothing when nobody is logged in', () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('true')));
    vi.stubGlobal('fetch', fetchSpy);
    logout();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('a login with a mailed password (MustChangePassword)', () => {
  it('marks the session opened with that token, until the password is changed', () => {
    noteMustChangePassword('jeton-mail');
    login({ idUser: 3, token: 'jeton-mail', pseudo: 'Lou' });
    expect(getSession()?.mustChangePassword).toBe(true);
    expect(parseSession(localStorage.getItem(SESSION_STORAGE_KEY))?.mustChangePassword).toBe(true);
    passwordChanged();
    expect(getSession()?.mustChangePassword).toBeUndefined();
    expect(getSession()?.token).toBe('jeton-mail');
  });

  it('does not mark a later login with another token', () => {
    noteMustChangePassword('jeton-mail');
    login({ idUser: 3, token: 'autre-jeton', pseudo: 'Lou' });
    expect(getSession()?.mustChangePassword).toBeUndefined();
  });
});
