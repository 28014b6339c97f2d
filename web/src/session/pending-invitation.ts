/**
 * The invitation a user followed before signing in (issue 32): kept on the device while they
 * log in or sign up (the confirmation mail may open another tab, hence localStorage), so that
 * the join page opens again once they are signed in. Forgotten once used or refused, and after
 * a day.
 */
export const PENDING_INVITATION_KEY = 'popote.pendingInvitation';
const KEPT_MS = 24 * 3600 * 1000;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storageOf = (): KeyValueStorage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

export function keepPendingInvitation(
  token: string,
  now = Date.now(),
  storage: KeyValueStorage | null = storageOf(),
): void {
  try {
    storage?.setItem(PENDING_INVITATION_KEY, JSON.stringify({ token, at: now }));
  } catch {
    // Storage blocked: the link itself still works once signed in on this page.
  }
}

/** The kept token, or null (none, unreadable, or older than a day). */
export function pendingInvitation(
  now = Date.now(),
  storage: KeyValueStorage | null = storageOf(),
): string | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(PENDING_INVITATION_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as { token?: unknown; at?: unknown };
    if (typeof value.token !== 'string' || value.token === '') return null;
    if (typeof value.at !== 'number' || now - value.at > KEPT_MS || value.at > now + KEPT_MS) {
      return null;
    }
    return value.token;
  } catch {
    return null;
  }
}

export function forgetPendingInvitation(storage: KeyValueStorage | null = storageOf()): void {
  try {
    storage?.removeItem(PENDING_INVITATION_KEY);
  } catch {
    // See keepPendingInvitation.
  }
}
