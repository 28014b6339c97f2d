import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { sessionTokenVerifier } from './auth.js';

const SECRET = 'secret-de-test-assez-long-pour-hs256';
const sign = createSigner({ key: SECRET, algorithm: 'HS256', noTimestamp: true });
const token = (sid: string, exp: number) => sign({ sub: '7', IdUser: 7, sid, iat: 0, exp });

describe('session token verifier (verified tokens kept, issue 36)', () => {
  it('still refuses a kept token once it expires', () => {
    const verify = sessionTokenVerifier(SECRET);
    const t = token('s1', 1_000);
    expect(verify(t, 999_000).sid).toBe('s1');
    expect(verify(t, 999_000).sid).toBe('s1'); // from the kept ones
    expect(() => verify(t, 1_000_000)).toThrow();
  });

  it('never accepts a token signed with another key, even beside a kept one', () => {
    const verify = sessionTokenVerifier(SECRET);
    const good = token('s1', 10_000);
    verify(good, 0);
    const forged = createSigner({ key: 'une-autre-clé-secrète', algorithm: 'HS256' })({
      sub: '7',
      sid: 's1',
      exp: 10_000,
    });
    expect(() => verify(forged, 0)).toThrow();
    expect(() => verify(forged, 0)).toThrow(); // a refused token is not kept
    const [header, , signature] = good.split('.');
    const otherBody = Buffer.from(JSON.stringify({ sub: '8', sid: 's1', exp: 10_000 })).toString(
      'base64url',
    );
    expect(() => verify(`${header}.${otherBody}.${signature}`, 0)).toThrow();
  });

  it('keeps a bounded number of tokens, and verifies again those it let go', () => {
    const verify = sessionTokenVerifier(SECRET, 2);
    const tokens = ['a', 'b', 'c'].map((sid) => token(sid, 10_000));
    for (const t of tokens) expect(verify(t, 0).sid).toBeDefined();
    for (const t of tokens)
      expect(verify(t, 0).sid).toBe(
        JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()).sid,
      );
  });
});
