import { describe, expect, it } from 'vitest';
import { isExportSecret } from '@popote/domain';
import { newLinkSecret } from './secrets';

describe('secrets of shared links', () => {
  it('makes a 43-character URL-safe secret that the mutator accepts', () => {
    const secret = newLinkSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(isExportSecret(secret)).toBe(true);
    expect(newLinkSecret()).not.toBe(secret);
  });

  it('encodes the random bytes as base64url without padding', () => {
    expect(newLinkSecret((n) => new Uint8Array(n).fill(0xff))).toBe(`${'_'.repeat(42)}8`);
    expect(newLinkSecret((n) => new Uint8Array(n).fill(0xfb))).toBe(`${'-_v7'.repeat(10)}-_s`);
  });
});
