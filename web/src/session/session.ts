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
  /**
   * Logged in with a password received by mail: it must be replaced in the settings (the
   * server stops accepting it 24 hours after this login).
   */
  mustChangePassword?: boolean;
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
  if (v.mustChangePassword === true) session.mustChangePassword = true;
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

/** Tokens whose login answer said MustChangePassword (see noteMustChangePassword). */
const tokensToChangePassword = new Set<string>();

/**
 * Called with each login answer that says MustChangePassword, so that the session opened with
 * that token knows it, whichever screen logs in.
 */
export function noteMustChangePassword(token: string): void {
  tokensToChangePassword.add(token);
}

/** A successful login; the active stay is cleared (spec 4). */
export function login(user: {
  idUser: Id;
  token: string;
  pseudo: string;
  mail?: string;
  mustChangePassword?: boolean;
}): void {
  const session: Session = {
    idUser: user.idUser,
    token: user.token,
    pseudo: user.pseudo,
    activeStayId: null,
  };
  if (user.mail !== undefined) session.mail = user.mail;
  if (user.mustChangePassword === true || tokensToChangePassword.has(user.token)) {
    session.mustChangePassword = true;
  }
  tokensToChangePassword.clear();
  store(session);
}

/**
 * Logout (spec 2.2): the session is forgotten on this device at once, and the server is asked
 * to end it (POST /api/logout) so that the token stops working everywhere. Offline, or if the
 * server cannot be reached, the token is simply dropped here: it would then keep working on
 * the server until it expires (30 days) for whoever copied it before. Pending changes stay in
 * this user's database on the device (see LogoutButton, which asks first).
 */
export function logout(): void {
  const token = current?.token;
  store(null);
  if (token !== undefined && token !== '') revokeOnServer(token);
}

/**
 * The account was deleted (issue 33): the session is forgotten on this device without asking
 * the server (its token no longer names an account). See account-deleted.ts, which also clears
 * the user's local database.
 */
export function forgetDeletedAccountSession(userId: Id): void {
  if (current?.idUser === userId) store(null);
}

function revokeOnServer(token: string): void {
  try {
    const base = (import.meta.env?.BASE_URL ?? '/').replace(/\/$/, '');
    // keepalive: the request survives the page being closed or reloaded right after.
    void fetch(`${base}/api/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch (or a blocked one): the token is dropped locally only, as offline.
  }
}

/** The password was replaced in the settings: nothing left to ask. */
export function passwordChanged(): void {
  if (current?.mustChangePassword === true) {
    const next: Session = { ...current };
    delete next.mustChangePassword;
    store(next);
  }
}

/**
 * A new token for the same user (after the old one expired or was revoked): everything else
 * is kept, and the pending changes are sent with it.
 */
export function renewToken(token: string): void {
  if (current === null) return;
  const next: Session = { ...current, token };
  if (tokensToChangePassword.delete(token)) next.mustChangePassword = true;
  store(next);
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
