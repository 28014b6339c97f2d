import { describe, expect, it } from 'vitest';
import {
  forgetPendingInvitation,
  keepPendingInvitation,
  pendingInvitation,
  PENDING_INVITATION_KEY,
} from './pending-invitation';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const T0 = Date.parse('2025-07-01T10:00:00Z');
const HOUR = 3600 * 1000;

describe('the invitation kept across login', () => {
  it('keeps a token for a day, then forgets it', () => {
    const storage = memoryStorage();
    expect(pendingInvitation(T0, storage)).toBeNull();
    keepPendingInvitation('jeton', T0, storage);
    expect(pendingInvitation(T0 + HOUR, storage)).toBe('jeton');
    expect(pendingInvitation(T0 + 25 * HOUR, storage)).toBeNull();
    forgetPendingInvitation(storage);
    expect(pendingInvitation(T0 + HOUR, storage)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    for (const raw of [
      'pas du json',
      '{"token":3,"at":1}',
      '{"token":"","at":1}',
      '{"token":"a"}',
    ]) {
      storage.values.set(PENDING_INVITATION_KEY, raw);
      expect(pendingInvitation(T0, storage)).toBeNull();
    }
  });

  it('does without storage', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    keepPendingInvitation('jeton', T0, broken);
    expect(pendingInvitation(T0, broken)).toBeNull();
    forgetPendingInvitation(broken);
    expect(pendingInvitation(T0, null)).toBeNull();
  });
});
