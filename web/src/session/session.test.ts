import { beforeEach, describe, expect, it } from 'vitest';
import {
  SESSION_STORAGE_KEY,
  getSession,
  login,
  logout,
  parseSession,
  rememberAccount,
  renewToken,
  setActiveStay,
  updatePseudo,
} from './session';

beforeEach(() => logout());

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
