/**
 * Runs the sync engine in one tab per device and user (the leader, chosen with the Web Locks
 * API). It syncs when a tab makes a change (BroadcastChannel), when the network comes back,
 * when the server hints that something changed (/sync/events), and on a timer, backing off
 * after failures. Other tabs see the results at once through Dexie's live queries.
 */
import type { Id } from '@popote/domain';
import type { SyncEngine } from './engine.js';
import { TransportError } from './transport.js';

/** Sync at least this often while idle, to pick up what the hints may have missed. */
const IDLE_MS = 60_000;
const MAX_BACKOFF_MS = 60_000;

const channelName = (userId: Id): string => `popote-sync-${userId}`;

/** Tells the leader tab (possibly this one) that the outbox grew. */
export function announceLocalChange(userId: Id): void {
  localWakers.get(userId)?.();
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(channelName(userId));
  channel.postMessage('changed');
  channel.close();
}

const localWakers = new Map<Id, () => void>();

export interface LoopOptions {
  engine: SyncEngine;
  userId: Id;
  /**
   * Opens the server's hint stream; calls `onOpen` once it is open and resolves when it ends.
   */
  listenHints?: HintListener;
  /** Resolves when the session may have a new token (after an expired one). */
  waitForNewToken: (signal: AbortSignal) => Promise<void>;
}

export function startSyncLoop(options: LoopOptions): () => void {
  const { engine, userId } = options;
  const controller = new AbortController();
  const { signal } = controller;
  let wake: (() => void) | null = null;
  let woken = false;
  const poke = () => {
    woken = true;
    wake?.();
  };
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName(userId));
  if (channel) channel.onmessage = poke;
  localWakers.set(userId, poke);
  window.addEventListener('online', poke);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      // A poke during the sync asks for another one at once.
      if (woken || signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
      signal.addEventListener('abort', done, { once: true });
    });

  const lead = async () => {
    if (options.listenHints) {
      void keepHintChannelOpen({
        listen: options.listenHints,
        onPoke: poke,
        signal,
        onNetworkBack: (callback) => {
          window.addEventListener('online', callback);
          return () => window.removeEventListener('online', callback);
        },
      });
    }
    await runSyncRounds({
      sync: () => {
        woken = false;
        return engine.sync();
      },
      waitForNewToken: options.waitForNewToken,
      sleep,
      signal,
    });
  };

  if (typeof navigator !== 'undefined' && navigator.locks) {
    navigator.locks.request(channelName(userId), { signal }, lead).catch(() => undefined);
  } else {
    void lead();
  }

  return () => {
    controller.abort();
    channel?.close();
    if (localWakers.get(userId) === poke) localWakers.delete(userId);
    window.removeEventListener('online', poke);
  };
}

export interface SyncRoundsOptions {
  sync: () => Promise<void>;
  waitForNewToken: (signal: AbortSignal) => Promise<void>;
  /** Waits `ms`, or less when something asks for a sync meanwhile. */
  sleep: (ms: number) => Promise<void>;
  signal: AbortSignal;
}

/** The pause after `failures` failed syncs in a row: 2 s, 4 s, 8 s… up to a minute. */
export const retryDelay = (failures: number): number =>
  failures === 0 ? IDLE_MS : Math.min(1000 * 2 ** failures, MAX_BACKOFF_MS);

/**
 * The leader's rounds: sync, then wait (the idle pause, or a growing one after failures) until
 * aborted. An expired session is not a failure: it waits for a new token and syncs again.
 */
export async function runSyncRounds(options: SyncRoundsOptions): Promise<void> {
  const { signal } = options;
  let failures = 0;
  while (!signal.aborted) {
    try {
      await options.sync();
      failures = 0;
    } catch (e) {
      // A deleted account waits too: the app logs out (and stops this loop) meanwhile.
      if (e instanceof TransportError && (e.failure === 'auth' || e.failure === 'accountDeleted')) {
        await options.waitForNewToken(signal);
        continue;
      }
      failures++;
    }
    await options.sleep(retryDelay(failures));
  }
}

/** Pause before reopening a hint stream that ended or failed, unless the network comes back. */
export const HINT_RETRY_MS = 5_000;
/**
 * A stream that has said nothing for this long is taken for dead (the server sends a comment
 * every 25 s): a connection opened before the network dropped can hang without ever failing.
 */
export const HINT_STALE_MS = 60_000;

export type HintListener = (
  onPoke: () => void,
  signal: AbortSignal,
  onOpen: () => void,
) => Promise<void>;

export interface HintChannelOptions {
  listen: HintListener;
  /** Asks the loop to sync now. */
  onPoke: () => void;
  signal: AbortSignal;
  /** Calls back when the network comes back (the `online` event); answers an unsubscribe. */
  onNetworkBack: (callback: () => void) => () => void;
  retryMs?: number;
}

/**
 * Keeps the hint stream open while leading. Each time it opens, the device syncs at once: a
 * hint sent while the stream was closed is lost, so only a pull made after the stream opened
 * covers everything. When the network comes back, the stream is reopened at once (the one
 * that was open may be dead) instead of after the pause.
 */
export async function keepHintChannelOpen(options: HintChannelOptions): Promise<void> {
  const { listen, onPoke, signal, onNetworkBack } = options;
  const retryMs = options.retryMs ?? HINT_RETRY_MS;
  while (!signal.aborted) {
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    let networkBack = false;
    signal.addEventListener('abort', abortAttempt, { once: true });
    const stopWatching = onNetworkBack(() => {
      networkBack = true;
      attempt.abort();
    });
    try {
      await listen(onPoke, attempt.signal, onPoke).catch(() => undefined);
    } finally {
      stopWatching();
      signal.removeEventListener('abort', abortAttempt);
    }
    if (signal.aborted) return;
    if (!networkBack) await pause(retryMs, signal, onNetworkBack);
  }
}

/** Waits `ms`, or less when the network comes back or the signal aborts. */
function pause(
  ms: number,
  signal: AbortSignal,
  onNetworkBack: HintChannelOptions['onNetworkBack'],
): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const stop = onNetworkBack(done);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      stop();
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * The server's hint stream, read with fetch (EventSource cannot send a bearer token). Calls
 * `onOpen` once the server has answered (it listens for changes from then on), `onPoke` for
 * each hint, and ends when the stream ends, fails, goes silent for `staleMs`, or `signal`
 * aborts.
 */
export async function listenServerHints(
  getToken: () => string | null,
  onPoke: () => void,
  signal: AbortSignal,
  onOpen: () => void = () => undefined,
  staleMs = HINT_STALE_MS,
): Promise<void> {
  const token = getToken();
  if (!token) return;
  const stream = new AbortController();
  const abort = () => stream.abort();
  signal.addEventListener('abort', abort, { once: true });
  let watchdog = setTimeout(abort, staleMs);
  const alive = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(abort, staleMs);
  };
  try {
    const response = await fetch('/sync/events', {
      headers: { Authorization: `Bearer ${token}` },
      signal: stream.signal,
      cache: 'no-store',
    });
    if (!response.ok || !response.body) return;
    alive();
    onOpen();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      alive();
      buffer += value;
      const events = buffer.split('\n\n');
      buffer = events.pop() ?? '';
      if (events.some((e) => e.includes('data: poke'))) onPoke();
    }
  } finally {
    clearTimeout(watchdog);
    signal.removeEventListener('abort', abort);
    stream.abort();
  }
}
