import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissError, getFeedback } from '../feedback/feedback';
import { getSession, login, logout } from '../session/session';
import { apiRequest, apiResult, apiUrl } from './http';
import { accountDeletedNotice, dismissAccountDeletedNotice } from '../session/account-deleted';
import { ACCOUNT_DELETION } from '../strings';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // logout() sends POST /api/logout: the calls counted start after it.
  logout();
  fetchMock.mockReset();
  dismissError();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const jsonResponse = (status: number, body: string) =>
  new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

describe('apiUrl', () => {
  it('builds /api paths and leaves out empty query parameters', () => {
    expect(apiUrl('/reset', { mail: 'a b@c.fr', x: undefined, y: null })).toBe(
      '/api/reset?mail=a+b%40c.fr',
    );
    expect(apiUrl('/settings')).toBe('/api/settings');
  });
});

describe('apiRequest', () => {
  it('sends JSON with the bearer token of the session and returns the parsed answer', async () => {
    login({ idUser: 7, token: 'jeton', pseudo: 'Lou' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, '{"Mail":"a@b.fr","Pseudo":"Lou"}'));
    const answer = await apiRequest<{ Mail: string }>('/settings', {
      method: 'POST',
      body: { Pseudo: 'Lou' },
    });
    expect(answer).toEqual({ Mail: 'a@b.fr', Pseudo: 'Lou' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/settings');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"Pseudo":"Lou"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer jeton');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends no Authorization header when logged out', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, 'true'));
    expect(await apiRequest('/reset', { query: { mail: 'a@b.fr' } })).toBe(true);
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('ends the session of a deleted account (issue 33) instead of showing an error', async () => {
    login({ idUser: 7, token: 'jeton', pseudo: 'Lou' });
    const body = '{"message":"Ce compte a été supprimé.","code":"account_deleted"}';
    fetchMock.mockResolvedValueOnce(jsonResponse(401, body));
    expect(await apiRequest('/settings')).toBeUndefined();
    expect(getSession()).toBeNull();
    expect(getFeedback().error).toBeNull();
    expect(accountDeletedNotice()).toBe(ACCOUNT_DELETION.deletedElsewhere);
    dismissAccountDeletedNotice();
  });

  it('shows a 401 as a server error and keeps the session', async () => {
    login({ idUser: 7, token: 'périmé', pseudo: 'Lou' });
    fetchMock.mockResolvedValueOnce(jsonResponse(401, '{"message":"Session expirée."}'));
    expect(await apiRequest('/settings')).toBeUndefined();
    expect(getFeedback().error).toMatchObject({
      title: 'Erreur côté serveur',
      html: '<i>Session expirée.</i>',
    });
    expect(getSession()?.idUser).toBe(7);
  });

  it('reports a network failure as no answer from the server', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await apiRequest('/settings')).toBeUndefined();
    expect(getFeedback().error?.title).toBe('Aucune réponse du serveur');
  });

  it('reports an unreadable success answer as a client error', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, '<html>'));
    expect(await apiRequest('/settings')).toBeUndefined();
    expect(getFeedback().error?.title).toBe('Erreur du client');
  });

  it('reports a body that cannot be serialised as a client error without calling fetch', async () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(await apiRequest('/settings', { method: 'POST', body: loop })).toBeUndefined();
    expect(getFeedback().error?.title).toBe('Erreur du client');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resolves an empty success answer to null', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await apiRequest('/settings', { method: 'POST', body: {} })).toBeNull();
    expect(getFeedback().error).toBeNull();
  });
});

describe('apiResult', () => {
  it('answers the value, or the server message without notifying anything', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, '{"stayId":4}'));
    expect(await apiResult('/team/join', { method: 'POST', body: { token: 't' } })).toEqual({
      ok: true,
      value: { stayId: 4 },
    });
    fetchMock.mockResolvedValueOnce(
      jsonResponse(404, '{"message":"Cette invitation n\'est plus valable."}'),
    );
    expect(await apiResult('/team/invitation', { query: { token: 't' } })).toEqual({
      ok: false,
      status: 404,
      message: "Cette invitation n'est plus valable.",
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await apiResult('/team/invitations/mine');
    expect(offline.ok).toBe(false);
    expect(offline.ok === false && offline.status).toBeNull();
    expect(getFeedback().error).toBeNull();
  });
});
