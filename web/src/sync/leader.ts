/**
 * Runs the sync engine in one tab per device and user (the leader, chosen with the Web Locks
 * API). It syncs when a tab makes a change (BroadcastChannel), when the network comes back,
 * when the server hints that something changed (/sync/events), and on a timer, backing off
 * after failures. Other tabs see the results at once through Dexie's live queries.
 */
import type { Id } from '@popote/domain';
import type { SyncEngine } from './engine';
import { TransportError } from './transport';

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
  /** Opens the server's hint stream; resolves when it ends. */
  listenHints?: (onPoke: () => void, signal: AbortSignal) => Promise<void>;
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
    if (options.listenHints) void listenWhileLeading(options.listenHints, poke, signal);
    let failures = 0;
    while (!signal.aborted) {
      woken = false;
      let delay = IDLE_MS;
      try {
        await engine.sync();
        failures = 0;
      } catch (e) {
        if (e instanceof TransportError && e.failure === 'auth') {
          await options.waitForNewToken(signal);
          continue;
        }
        failures++;
        delay = Math.min(1000 * 2 ** failures, MAX_BACKOFF_MS);
      }
      await sleep(delay);
    }
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

/** Keeps the hint stream open while leading, reconnecting after a pause when it drops. */
async function listenWhileLeading(
  listen: NonNullable<LoopOptions['listenHints']>,
  onPoke: () => void,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    await listen(onPoke, signal).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 5_000));
  }
}

/** The server's hint stream, read with fetch (EventSource cannot send a bearer token). */
export async function listenServerHints(
  getToken: () => string | null,
  onPoke: () => void,
  signal: AbortSignal,
): Promise<void> {
  const token = getToken();
  if (!token) return;
  const response = await fetch('/sync/events', {
    headers: { Authorization: `Bearer ${token}` },
    signal,
  });
  if (!response.ok || !response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    if (events.some((e) => e.includes('data: poke'))) onPoke();
  }
}
