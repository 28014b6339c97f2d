// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  keepHintChannelOpen,
  listenServerHints,
  retryDelay,
  runSyncRounds,
  type HintListener,
} from './leader.js';
import { TransportError } from './transport.js';

/** A network whose return the test announces, as the `online` event would. */
function fakeNetwork() {
  const callbacks = new Set<() => void>();
  return {
    onNetworkBack: (callback: () => void) => {
      callbacks.add(callback);
      return () => callbacks.delete(callback);
    },
    comeBack: () => {
      for (const callback of [...callbacks]) callback();
    },
    listeners: () => callbacks.size,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('runSyncRounds', () => {
  /**
   * Plays the leader's rounds against a scripted outcome per sync, recording each pause asked
   * for; stops after the last outcome.
   */
  async function play(outcomes: Array<'ok' | 'offline' | 'server' | 'auth'>) {
    const controller = new AbortController();
    const pauses: number[] = [];
    const events: string[] = [];
    let round = 0;
    await runSyncRounds({
      signal: controller.signal,
      sync: async () => {
        const outcome = outcomes[round++]!;
        events.push(`sync:${outcome}`);
        if (round === outcomes.length) controller.abort();
        if (outcome === 'offline') throw new TransportError('offline', 'Aucune réponse.');
        if (outcome === 'server') throw new TransportError('server', 'Erreur du serveur.');
        if (outcome === 'auth') throw new TransportError('auth', 'Session expirée.');
      },
      waitForNewToken: async () => {
        events.push('new-token');
      },
      sleep: async (ms) => {
        pauses.push(ms);
      },
    });
    return { pauses, events };
  }

  it('waits the idle minute after a sync that worked', async () => {
    const { pauses } = await play(['ok', 'ok']);
    expect(pauses).toEqual([60_000, 60_000]);
  });

  it('backs off 2, 4, 8… seconds after failures in a row, up to a minute, then resets', async () => {
    const { pauses } = await play([
      'offline',
      'offline',
      'server',
      'offline',
      'offline',
      'offline',
      'offline',
      'ok',
      'offline',
    ]);
    expect(pauses).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 2_000]);
  });

  it('waits for a new token after an expired session, then syncs again without a pause', async () => {
    const { pauses, events } = await play(['offline', 'auth', 'ok']);
    expect(events).toEqual(['sync:offline', 'sync:auth', 'new-token', 'sync:ok']);
    // The expired session is neither a failure nor a reason to wait: one pause for the offline
    // round, then the idle pause after the sync that worked.
    expect(pauses).toEqual([2_000, 60_000]);
  });

  it('states the delays as a rule', () => {
    expect([0, 1, 2, 3, 5, 6, 20].map(retryDelay)).toEqual([
      60_000, 2_000, 4_000, 8_000, 32_000, 60_000, 60_000,
    ]);
  });
});

describe('keepHintChannelOpen', () => {
  it('reopens at once when the network comes back, instead of after the pause', async () => {
    vi.useFakeTimers();
    const network = fakeNetwork();
    const controller = new AbortController();
    const attempts: string[] = [];
    let online = false;
    let openStream: AbortSignal | null = null;
    const listen: HintListener = async (_onPoke, signal, onOpen) => {
      attempts.push(online ? 'open' : 'offline');
      if (!online) throw new TypeError('Failed to fetch');
      openStream = signal;
      onOpen();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    };
    const pokes: number[] = [];
    void keepHintChannelOpen({
      listen,
      onPoke: () => pokes.push(Date.now()),
      signal: controller.signal,
      onNetworkBack: network.onNetworkBack,
      retryMs: 5_000,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toEqual(['offline']);
    // Offline: one attempt per pause.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(attempts).toEqual(['offline', 'offline']);

    // One second into the next pause the network comes back: no waiting for the other four.
    await vi.advanceTimersByTimeAsync(1_000);
    online = true;
    const backAt = Date.now();
    network.comeBack();
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toEqual(['offline', 'offline', 'open']);
    // Opening the stream asks for a sync at once: hints sent while it was closed are lost.
    expect(pokes).toEqual([backAt]);
    expect(openStream).not.toBeNull();

    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(openStream!.aborted).toBe(true);
    expect(network.listeners()).toBe(0);
  });

  it('drops a stream opened before the network dropped and opens a new one when it returns', async () => {
    const network = fakeNetwork();
    const controller = new AbortController();
    const streams: AbortSignal[] = [];
    let opens = 0;
    const listen: HintListener = async (_onPoke, signal, onOpen) => {
      streams.push(signal);
      opens++;
      onOpen();
      // A dead connection: it never ends by itself.
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    };
    void keepHintChannelOpen({
      listen,
      onPoke: () => undefined,
      signal: controller.signal,
      onNetworkBack: network.onNetworkBack,
      retryMs: 60_000,
    });
    await tick();
    expect(opens).toBe(1);
    network.comeBack();
    await tick();
    expect(streams[0]!.aborted).toBe(true);
    expect(opens).toBe(2);
    expect(streams[1]!.aborted).toBe(false);
    controller.abort();
    await tick();
    expect(streams[1]!.aborted).toBe(true);
  });

  it('passes the server’s hints through and reopens after the pause when a stream ends', async () => {
    vi.useFakeTimers();
    const network = fakeNetwork();
    const controller = new AbortController();
    let opens = 0;
    const listen: HintListener = async (onPoke, _signal, onOpen) => {
      opens++;
      onOpen();
      onPoke();
      onPoke();
      // The server closed the stream (a restart).
    };
    let pokes = 0;
    void keepHintChannelOpen({
      listen,
      onPoke: () => pokes++,
      signal: controller.signal,
      onNetworkBack: network.onNetworkBack,
      retryMs: 5_000,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect([opens, pokes]).toEqual([1, 3]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(opens).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect([opens, pokes]).toEqual([2, 6]);
    controller.abort();
  });
});

describe('listenServerHints', () => {
  /** A /sync/events answer whose chunks the test writes. */
  function stubStream() {
    let push!: (text: string) => void;
    let end!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
        end = () => controller.close();
      },
    });
    let requestSignal: AbortSignal | null = null;
    const fetchStub = vi.fn(async (_url: string, init: RequestInit) => {
      requestSignal = init.signal ?? null;
      requestSignal?.addEventListener('abort', () => {
        try {
          end();
        } catch {
          // Already closed.
        }
      });
      return new Response(body, { status: 200 });
    });
    vi.stubGlobal('fetch', fetchStub);
    return {
      push: (t: string) => push(t),
      end: () => end(),
      fetchStub,
      signal: () => requestSignal,
    };
  }

  it('says when it is open, pokes on each hint and ends with the stream', async () => {
    const stream = stubStream();
    const events: string[] = [];
    const done = listenServerHints(
      () => 'jeton',
      () => events.push('poke'),
      new AbortController().signal,
      () => events.push('open'),
    );
    await vi.waitFor(() => expect(events).toEqual(['open']));
    expect(stream.fetchStub.mock.calls[0]![1]).toMatchObject({
      headers: { Authorization: 'Bearer jeton' },
    });
    stream.push(': popote\n\n');
    stream.push('data: po');
    stream.push('ke\n\n: ping\n\n');
    await vi.waitFor(() => expect(events).toEqual(['open', 'poke']));
    // Hints read together ask for one sync.
    stream.push('data: poke\n\ndata: poke\n\n');
    await vi.waitFor(() => expect(events).toEqual(['open', 'poke', 'poke']));
    stream.end();
    await done;
  });

  it('gives up on a stream that stays silent longer than the heartbeat allows', async () => {
    const stream = stubStream();
    let opened = false;
    const done = listenServerHints(
      () => 'jeton',
      () => undefined,
      new AbortController().signal,
      () => {
        opened = true;
      },
      300,
    );
    await vi.waitFor(() => expect(opened).toBe(true), { interval: 5 });
    // Data keeps it alive past the first 300 ms.
    await new Promise((r) => setTimeout(r, 200));
    stream.push(': ping\n\n');
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.signal()!.aborted).toBe(false);
    // Then silence: the request is aborted and the listener ends.
    await done;
    expect(stream.signal()!.aborted).toBe(true);
  });

  it('does nothing without a token', async () => {
    const stream = stubStream();
    await listenServerHints(
      () => null,
      () => undefined,
      new AbortController().signal,
    );
    expect(stream.fetchStub).not.toHaveBeenCalled();
  });
});
