/**
 * The one way screens call the server's /api: JSON in and out, the bearer token of the
 * session, and every failure reported through the error catalogue. A failed call resolves to
 * undefined ("returns nothing", spec 8) so that the screen simply stops there.
 *
 * A 401 is reported like any server error and nothing is cleared: the user keeps the local
 * data and decides when to log in again. Except the 401 of a deleted account (issue 33): this
 * device then logs out and clears the user's local database (account-deleted.ts).
 */
import { notifyError } from '../feedback/feedback';
import { isAccountDeletedAnswer } from '@popote/sync-client';
import { endDeletedAccount } from '../session/account-deleted';
import { getSession } from '../session/session';
import {
  clientErrorReport,
  noResponseReport,
  readMessage,
  serverErrorReport,
} from './errorCatalogue';
import { ACCOUNT_DELETION, ERRORS } from '../strings';

/** A 401 saying that the session's account was deleted ends it on this device (issue 33). */
function endIfAccountDeleted(status: number, text: string): boolean {
  const session = getSession();
  if (session === null || !isAccountDeletedAnswer(status, text)) return false;
  void endDeletedAccount(session.idUser, ACCOUNT_DELETION.deletedElsewhere);
  return true;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: HttpMethod;
  /** Query parameters; null and undefined ones are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** `/api` + path under the app's base, with the query string. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}/api${path}${search === '' ? '' : `?${search}`}`;
}

/**
 * Resolves to the parsed answer (null for an empty one), or to undefined after the error has
 * been shown.
 */
export async function apiRequest<T>(
  path: string,
  request: ApiRequest = {},
): Promise<T | undefined> {
  let init: RequestInit;
  try {
    init = buildInit(request);
  } catch (error) {
    notifyError(clientErrorReport(error));
    return undefined;
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, request.query), init);
  } catch (error) {
    notifyError(isAbort(error) ? clientErrorReport(error) : noResponseReport());
    return undefined;
  }

  let text: string;
  try {
    text = await response.text();
  } catch {
    notifyError(noResponseReport());
    return undefined;
  }
  if (!response.ok) {
    if (!endIfAccountDeleted(response.status, text)) {
      notifyError(serverErrorReport(response.status, text));
    }
    return undefined;
  }
  if (text.trim() === '') return null as T;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    notifyError(clientErrorReport(error));
    return undefined;
  }
}

/** An answer, or the reason there is none: what a screen shows in place (not in the snackbar). */
export type ApiResult<T> =
  { ok: true; value: T } | { ok: false; status: number | null; message: string };

/**
 * Like apiRequest, but nothing is notified: a failure resolves to its French message (the
 * server's own when it gave one), for a screen that shows it beside what failed.
 */
export async function apiResult<T>(path: string, request: ApiRequest = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, request.query), buildInit(request));
  } catch {
    return { ok: false, status: null, message: ERRORS.noResponseBody };
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { ok: false, status: null, message: ERRORS.noResponseBody };
  }
  if (!response.ok) {
    endIfAccountDeleted(response.status, text);
    return {
      ok: false,
      status: response.status,
      message: readMessage(text) ?? `${ERRORS.serverUndecodable} (HTTP ${response.status})`,
    };
  }
  try {
    return { ok: true, value: (text.trim() === '' ? null : JSON.parse(text)) as T };
  } catch {
    return { ok: false, status: response.status, message: ERRORS.serverUndecodable };
  }
}

/** The session's bearer token and the XSRF header, for a call that is not JSON (a file). */
export function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const session = getSession();
  if (session !== null) headers.Authorization = `Bearer ${session.token}`;
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf !== null) headers[XSRF_HEADER] = xsrf;
  return headers;
}

function buildInit(request: ApiRequest): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...sessionHeaders() };
  const init: RequestInit = {
    method: request.method ?? 'GET',
    headers,
    credentials: 'same-origin',
  };
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  return init;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
