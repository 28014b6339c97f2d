/**
 * How the sync engine reaches the server. The app uses HTTP; the simulation plugs in a
 * transport that drops, duplicates, delays and reorders messages.
 */
import {
  decodeAnswer,
  SYNC_MESSAGES,
  type IdBlock,
  type IdsRequest,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type SyncAnswers,
} from '@popote/sync-protocol';
import { isAccountDeletedAnswer } from './light.js';

export type TransportFailure =
  /** No answer: offline, timeout, connection reset. Retry later. */
  | 'offline'
  /** The token is missing or expired: sync pauses until the user logs in again. */
  | 'auth'
  /**
   * The account was deleted ('Supprimer mon compte', issue 33: a 401 whose `code` is
   * ACCOUNT_DELETED_CODE): the app logs out and clears this user's local database.
   */
  | 'accountDeleted'
  /** The server failed (5xx): retry later with backoff. */
  | 'server'
  /**
   * Too many requests (429, the server's limit on pushes per user): retry later with backoff.
   * Never a refusal: the request was not looked at, and nothing of it is refused.
   */
  | 'busy'
  /**
   * The server is older than the app (409 SYNC_MESSAGES.serverTooOld): it processed nothing;
   * the changes stay pending until it is updated.
   */
  | 'serverTooOld'
  /** The server refused the request itself (4xx other than 401): a bug or a stale app. */
  | 'refused';

export class TransportError extends Error {
  constructor(
    readonly failure: TransportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface SyncTransport {
  ids(request: IdsRequest): Promise<IdBlock>;
  push(request: PushRequest): Promise<PushResponse>;
  pull(request: PullRequest): Promise<PullResponse>;
}

/**
 * Longest wait for one request. Long enough for a full push (up to 8 MB) on a slow uplink;
 * without any bound, a connection that died with the network would stall sync for good.
 */
export const REQUEST_TIMEOUT_MS = 120_000;

const INVALID_ANSWER = 'Réponse du serveur invalide.';

export interface HttpTransportOptions {
  timeoutMs?: number;
  /**
   * Calls back when the network comes back (the `online` event); answers an unsubscribe.
   * Requests still waiting then are abandoned (their connection may be dead) and fail as
   * 'offline', so that the loop retries at once. Every request is safe to repeat.
   */
  onNetworkBack?: (callback: () => void) => () => void;
}

/** The real transport: JSON over HTTP with the session's bearer token. */
export function httpTransport(
  baseUrl: string,
  getToken: () => string | null,
  options: HttpTransportOptions = {},
): SyncTransport {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  async function post<K extends keyof SyncAnswers>(
    kind: K,
    body: unknown,
  ): Promise<SyncAnswers[K]> {
    const path = `/sync/${kind}`;
    const token = getToken();
    if (!token) throw new TransportError('auth', 'Aucune session.');
    const abandon = new AbortController();
    const timer = setTimeout(() => abandon.abort(), timeoutMs);
    const stopWatching = options.onNetworkBack?.(() => abandon.abort());
    try {
      const answer = decodeAnswer(kind, await send(path, body, token, abandon.signal));
      // An answer of another shape (a proxy's page, another version of the server) is the
      // server's failure: sync retries later, never applies it.
      if (answer === null) throw new TransportError('server', INVALID_ANSWER);
      return answer;
    } catch (e) {
      if (e instanceof TransportError) throw e;
      // No answer, an abandoned request, or a body cut short: all mean "try again later".
      throw new TransportError('offline', 'Aucune réponse du serveur.');
    } finally {
      clearTimeout(timer);
      stopWatching?.();
    }
  }
  async function send(
    path: string,
    body: unknown,
    token: string,
    signal: AbortSignal,
  ): Promise<unknown> {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal,
    });
    if (response.ok) return (await response.json()) as unknown;
    const text = await response.text().catch(() => '');
    let message = response.statusText;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // Not JSON (a proxy's page): its status says enough.
    }
    if (isAccountDeletedAnswer(response.status, text)) {
      throw new TransportError('accountDeleted', message);
    }
    if (response.status === 401) throw new TransportError('auth', message);
    if (response.status === 429) throw new TransportError('busy', message);
    if (response.status === 409 && message === SYNC_MESSAGES.serverTooOld) {
      throw new TransportError('serverTooOld', message);
    }
    if (response.status >= 500) throw new TransportError('server', message);
    throw new TransportError('refused', message);
  }
  return {
    ids: (request) => post('ids', request),
    push: (request) => post('push', request),
    pull: (request) => post('pull', request),
  };
}
