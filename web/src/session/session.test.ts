import { beforeEach, describe, expect, it } from 'vitest';
import {
  SESSION_STORAGE_KEY,
  getSession,
  login,
  logout,
  parseSession,
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
});
