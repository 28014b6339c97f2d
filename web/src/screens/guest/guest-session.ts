/**
 * A helper's shared list, without an account (issue 19): the list as the server last sent it,
 * and the ticks not sent yet. Both are kept in the browser's storage, so that a helper who loses
 * the network keeps ticking (and may even reload the page), and the ticks leave when it is back.
 * Each tick keeps the moment it was made, and is sent with its age: the server dates it by its
 * own clock and keeps, per line, the latest tick.
 */
import { SHARE_DAYS } from '@popote/domain';
import type { ShopLine } from '../../components/shop/ShopLines';

export interface GuestList {
  name: string;
  stayStart: string | null;
  items: ShopLine[];
}

export interface PendingTick {
  key: string;
  checked: boolean;
  now: string;
}

/** The list as this helper sees it: the server's, with the ticks not sent yet on top. */
export function withPending(list: GuestList, pending: readonly PendingTick[]): GuestList {
  if (pending.length === 0) return list;
  const latest = new Map(pending.map((t) => [t.key, t.checked]));
  return {
    ...list,
    items: list.items.map((item) =>
      latest.has(item.key) ? { ...item, checked: latest.get(item.key)! } : item,
    ),
  };
}

/** One more tick: it replaces a pending tick of the same line (only the latest matters). */
export const addPending = (pending: readonly PendingTick[], tick: PendingTick): PendingTick[] => [
  ...pending.filter((t) => t.key !== tick.key),
  tick,
];

/** The ticks still to send once `sent` went through (ticks made meanwhile stay). */
export const afterSent = (
  pending: readonly PendingTick[],
  sent: readonly PendingTick[],
): PendingTick[] => pending.filter((t) => !sent.some((s) => s.key === t.key && s.now === t.now));

// ---- Kept in the browser ----

const listKey = (token: string) => `popote-shop-list:${token}`;
const ticksKey = (token: string) => `popote-shop-ticks:${token}`;

function read<T>(key: string, valid: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

const isList = (v: unknown): v is GuestList =>
  typeof v === 'object' && v !== null && Array.isArray((v as GuestList).items);
const isTicks = (v: unknown): v is PendingTick[] =>
  Array.isArray(v) &&
  v.every(
    (t: PendingTick) =>
      typeof t === 'object' &&
      t !== null &&
      typeof t.key === 'string' &&
      typeof t.checked === 'boolean' &&
      typeof t.now === 'string',
  );

export const storedList = (token: string): GuestList | null => read(listKey(token), isList);
export const storedTicks = (token: string): PendingTick[] => read(ticksKey(token), isTicks) ?? [];

export function storeList(token: string, list: GuestList): void {
  try {
    localStorage.setItem(listKey(token), JSON.stringify(list));
  } catch {
    // A full storage only loses the offline copy; the page still shows the list.
  }
}

export function storeTicks(token: string, ticks: readonly PendingTick[]): void {
  try {
    if (ticks.length === 0) localStorage.removeItem(ticksKey(token));
    else localStorage.setItem(ticksKey(token), JSON.stringify(ticks));
  } catch {
    // Kept in memory for as long as the page is open.
  }
}

/** The list is forgotten once its link ended; ticks never sent are kept, to be told. */
export function forgetList(token: string): void {
  localStorage.removeItem(listKey(token));
}

// ---- The server ----

export type Answer =
  | { kind: 'list'; list: GuestList }
  | { kind: 'ended' }
  /** The server will never take these ticks (a malformed batch, a full account): not retried. */
  | { kind: 'refused' }
  | { kind: 'offline' };

const query = (token: string) => `sessionID=${encodeURIComponent(token)}`;

async function answerOf(response: Response): Promise<Answer> {
  if (response.status === 404) return { kind: 'ended' };
  // Too many requests, or a server error: worth trying again later. Any other refusal is final.
  if (response.status === 429 || response.status >= 500) return { kind: 'offline' };
  if (!response.ok) return { kind: 'refused' };
  const body: unknown = await response.json();
  return isList(body) ? { kind: 'list', list: body } : { kind: 'offline' };
}

/** The list now; 'offline' for a network failure (or a server that cannot answer). */
export async function fetchList(token: string): Promise<Answer> {
  try {
    return await answerOf(await fetch(`/shop-session/list?${query(token)}`, { cache: 'no-store' }));
  } catch {
    return { kind: 'offline' };
  }
}

/** The oldest age the server takes: a tick older than its link can live. */
const MAX_AGE_MS = SHARE_DAYS * 24 * 3600 * 1000;

/**
 * A tick as it is sent: how long ago it was made (by this device's clock, so that its being
 * off does not matter), not when. The server dates it by its own clock (issue 30), so that a
 * helper cannot date a tick ahead; a tick kept offline still loses to a newer one.
 */
export function tickToSend(tick: PendingTick, nowMs: number): TickSent {
  const age = Math.round(nowMs - Date.parse(tick.now));
  return {
    key: tick.key,
    checked: tick.checked,
    // A clock set back since the tick, or a date the storage mangled: made just now.
    age: Number.isNaN(age) ? 0 : Math.min(MAX_AGE_MS, Math.max(0, age)),
  };
}

export interface TickSent {
  key: string;
  checked: boolean;
  age: number;
}

/** Sends ticks; answers the list with them applied. */
export async function sendTicks(token: string, ticks: readonly PendingTick[]): Promise<Answer> {
  try {
    const sentAt = Date.now();
    const response = await fetch(`/shop-session/ticks?${query(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticks: ticks.map((tick) => tickToSend(tick, sentAt)) }),
    });
    return await answerOf(response);
  } catch {
    return { kind: 'offline' };
  }
}
