// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELETED_CODE, isAccountDeletedAnswer } from './light.js';
import { TransportError, httpTransport } from './transport.js';
import { SYNC_MESSAGES } from '@popote/sync-protocol';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fetch whose answer never comes, until the request is aborted. */
function hangingFetch() {
  const signals: AbortSignal[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          signals.push(init.signal!);
          init.signal!.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    ),
  );
  return signals;
}

const request = { clientId: 'abcdef0123456789', cookie: null, cursor: null };

describe('httpTransport', () => {
  it('abandons a request that hangs when the network comes back, as offline', async () => {
    const signals = hangingFetch();
    let networkBack: (() => void) | null = null;
    const transport = httpTransport('', () => 'jeton', {
      onNetworkBack: (callback) => {
        networkBack = callback;
        return () => {
          networkBack = null;
        };
      },
    });
    const pull = transport.pull(request);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(networkBack).not.toBeNull();
    networkBack!();
    const error = await pull.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).failure).toBe('offline');
    expect(signals[0]!.aborted).toBe(true);
    // The request no longer listens for the network.
    expect(networkBack).toBeNull();
  });

  it('gives up on a request after its time limit', async () => {
    vi.useFakeTimers();
    const signals = hangingFetch();
    const transport = httpTransport('', () => 'jeton', { timeoutMs: 120_000 });
    const push = transport.push({ clientId: request.clientId, mutations: [] }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(signals[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await push) as TransportError).failure).toBe('offline');
  });

  it('tells an expired session, a server failure and a refusal apart', async () => {
    const answers = [
      new Response(JSON.stringify({ message: 'Session expirée.' }), { status: 401 }),
      new Response(JSON.stringify({ message: 'Erreur interne.' }), { status: 503 }),
      new Response(JSON.stringify({ message: 'Requête invalide.' }), { status: 400 }),
      new Response(JSON.stringify({ first: 1, count: 10 }), { status: 200 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    const transport = httpTransport('', () => 'jeton');
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: TransportError) => [e.failure, e.message],
      );
    expect(await failure(transport.ids({ clientId: request.clientId }))).toEqual([
      'auth',
      'Session expirée.',
    ]);
    expect(await failure(transport.ids({ clientId: request.clientId }))).toEqual([
      'server',
      'Erreur interne.',
    ]);
    expect(await failure(transport.ids({ clientId: request.clientId }))).toEqual([
      'refused',
      'Requête invalide.',
    ]);
    expect(await transport.ids({ clientId: request.clientId })).toEqual({ first: 1, count: 10 });
  });

  it("tells a deleted account's 401 (issue 33) from an expired session", async () => {
    const deleted = { message: 'Ce compte a été supprimé.', code: ACCOUNT_DELETED_CODE };
    const answers = [
      new Response(JSON.stringify(deleted), { status: 401 }),
      new Response(JSON.stringify({ message: 'Session expirée.', code: 'autre' }), { status: 401 }),
      new Response('<html>401</html>', { status: 401, statusText: 'Unauthorized' }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    const transport = httpTransport('', () => 'jeton');
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: TransportError) => [e.failure, e.message],
      );
    expect(await failure(transport.pull({ clientId: request.clientId, cookie: 3 }))).toEqual([
      'accountDeleted',
      'Ce compte a été supprimé.',
    ]);
    expect(await failure(transport.push({ clientId: request.clientId, mutations: [] }))).toEqual([
      'auth',
      'Session expirée.',
    ]);
    expect(await failure(transport.ids({ clientId: request.clientId }))).toEqual([
      'auth',
      'Unauthorized',
    ]);
    expect(isAccountDeletedAnswer(401, JSON.stringify(deleted))).toBe(true);
    expect(isAccountDeletedAnswer(403, JSON.stringify(deleted))).toBe(false);
    expect(isAccountDeletedAnswer(401, 'pas du JSON')).toBe(false);
    expect(isAccountDeletedAnswer(401, 'null')).toBe(false);
  });

  it("takes the server's limit on pushes (429) for 'try later', never for a refusal", async () => {
    const message = 'Trop de tentatives. Merci de réessayer dans quelques minutes.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message }), { status: 429 })),
    );
    const transport = httpTransport('', () => 'jeton');
    const error = await transport
      .push({ clientId: request.clientId, mutations: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect([(error as TransportError).failure, (error as TransportError).message]).toEqual([
      'busy',
      message,
    ]);
  });

  it('tells a server older than the app (409 with its message) from any other 409', async () => {
    const answers = [SYNC_MESSAGES.serverTooOld, SYNC_MESSAGES.gap];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ message: answers.shift() }), { status: 409 }),
      ),
    );
    const transport = httpTransport('', () => 'jeton');
    const failures: string[] = [];
    for (let i = 0; i < 2; i++) {
      const error = await transport
        .push({ clientId: request.clientId, mutations: [] })
        .catch((e: unknown) => e);
      failures.push((error as TransportError).failure);
    }
    expect(failures).toEqual(['serverTooOld', 'refused']);
  });

  it('refuses an answer of the wrong shape as a server failure, never casting it', async () => {
    const answers = [
      // A proxy's page, a block of the wrong type, a pull page without its patch.
      new Response('{"ok":true}', { status: 200 }),
      new Response(JSON.stringify({ first: '1', count: 10 }), { status: 200 }),
      new Response(JSON.stringify({ cookie: 3, lastMutationId: 0, more: false }), {
        status: 200,
      }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    );
    const transport = httpTransport('', () => 'jeton');
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: TransportError) => [e.failure, e.message],
      );
    const invalid = ['server', 'Réponse du serveur invalide.'];
    expect(await failure(transport.push({ clientId: request.clientId, mutations: [] }))).toEqual(
      invalid,
    );
    expect(await failure(transport.ids({ clientId: request.clientId }))).toEqual(invalid);
    expect(await failure(transport.pull(request))).toEqual(invalid);
  });
});
