import { describe, expect, it } from 'vitest';
import { isExportSecret } from '@popote/domain';
import { newShareSecret } from './share-secret';

describe('share link secret', () => {
  it('makes a 43-character URL-safe secret that the mutator accepts', () => {
    const secret = newShareSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(isExportSecret(secret)).toBe(true);
    expect(newShareSecret()).not.toBe(secret);
  });

  it('encodes the random bytes as base64url without padding', () => {
    expect(newShareSecret((n) => new Uint8Array(n).fill(0xff))).toBe(`${'_'.repeat(42)}8`);
    expect(newShareSecret((n) => new Uint8Array(n).fill(0xfb))).toBe(`${'-_v7'.repeat(10)}-_s`);
  });
});
