/**
 * The logged-in state. It lives in localStorage so that a reload, or an offline start, opens
 * the app logged in; every tab sees the same session through the `storage` event.
 */
import type { Id } from '@popote/domain';

export interface Session {
  idUser: Id;
  token: string;
  pseudo: string;
  activeStayId: Id | null;
  /** The account's mail as last known on this device (for the settings offline). */
  mail?: string;
}

export const SESSION_STORAGE_KEY = 'popote.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = readStored();

/** Reads the stored session; anything unreadable counts as logged out. */
export function parseSession(raw: string | null): Session | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.idUser !== 'number' || !Number.isSafeInteger(v.idUser) || v.idUser <= 0) {
    return null;
  }
  if (typeof v.token !== 'string' || typeof v.pseudo !== 'string') return null;
  const activeStayId =
    typeof v.activeStayId === 'number' && Number.isSafeInteger(v.activeStayId)
      ? v.activeStayId
      : null;
  const session: Session = { idUser: v.idUser, token: v.token, pseudo: v.pseudo, activeStayId };
  if (typeof v.mail === 'string') session.mail = v.mail;
  return session;
}

function readStored(): Session | null {
  try {
    return parseSession(globalThis.localStorage?.getItem(SESSION_STORAGE_KEY) ?? null);
  } catch {
    // Storage may be blocked (privacy settings): the session then lasts for the page only.
    return null;
  }
}

function store(session: Session | null): void {
  current = session;
  try {
    if (session === null) globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
    else globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // See readStored: keep the in-memory session.
  }
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A successful login; the active stay is cleared (spec 4). */
export function login(user: { idUser: Id; token: string; pseudo: string; mail?: string }): void {
  const session: Session = {
    idUser: user.idUser,
    token: user.token,
    pseudo: user.pseudo,
    activeStayId: null,
  };
  if (user.mail !== undefined) session.mail = user.mail;
  store(session);
}

/**
 * Client-side logout (spec 2.2). Every logout goes through here, so that asking for
 * confirmation when changes are still waiting to be sent can be added in one place.
 */
export function logout(): void {
  store(null);
}

/** A new token for the same user (after the old one expired): everything else is kept. */
export function renewToken(token: string): void {
  if (current !== null) store({ ...current, token });
}

export function updatePseudo(pseudo: string): void {
  if (current !== null) store({ ...current, pseudo });
}

/** The account as the server last answered it, kept for reading the settings offline. */
export function rememberAccount(account: { mail: string; pseudo: string }): void {
  if (current !== null && (current.mail !== account.mail || current.pseudo !== account.pseudo)) {
    store({ ...current, mail: account.mail, pseudo: account.pseudo });
  }
}

export function setActiveStay(activeStayId: Id | null): void {
  if (current !== null) store({ ...current, activeStayId });
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    current = readStored();
    for (const listener of listeners) listener();
  });
}
