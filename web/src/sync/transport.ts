/**
 * How the sync engine reaches the server. The app uses HTTP; the simulation plugs in a
 * transport that drops, duplicates, delays and reorders messages.
 */
import type {
  IdBlock,
  IdsRequest,
  PullRequest,
  PullResponse,
  PushRequest,
  PushResponse,
} from '@popote/sync-protocol';

export type TransportFailure =
  /** No answer: offline, timeout, connection reset. Retry later. */
  | 'offline'
  /** The token is missing or expired: sync pauses until the user logs in again. */
  | 'auth'
  /** The server failed (5xx): retry later with backoff. */
  | 'server'
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

/** The real transport: JSON over HTTP with the session's bearer token. */
export function httpTransport(baseUrl: string, getToken: () => string | null): SyncTransport {
  async function post<T>(path: string, body: unknown): Promise<T> {
    const token = getToken();
    if (!token) throw new TransportError('auth', 'Aucune session.');
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    } catch {
      throw new TransportError('offline', 'Aucune réponse du serveur.');
    }
    if (response.ok) return (await response.json()) as T;
    const message = await response
      .json()
      .then((b: { message?: string }) => b.message ?? response.statusText)
      .catch(() => response.statusText);
    if (response.status === 401) throw new TransportError('auth', message);
    if (response.status >= 500) throw new TransportError('server', message);
    throw new TransportError('refused', message);
  }
  return {
    ids: (request) => post('/sync/ids', request),
    push: (request) => post('/sync/push', request),
    pull: (request) => post('/sync/pull', request),
  };
}
