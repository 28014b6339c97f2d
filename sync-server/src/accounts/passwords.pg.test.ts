import { describe, expect, test } from 'vitest';
import {
  DEFAULT_SCRYPT_LOG2_N,
  PASSWORD_WORDS,
  generatePassword,
  hashPassword,
  needsRehash,
  verifyPassword,
} from './passwords.js';

describe('password hashes', () => {
  test("the default cost is N = 2^15, r = 8, p = 3 (OWASP's equivalent of 2^17, 8, 1) and verifies", async () => {
    expect(DEFAULT_SCRYPT_LOG2_N).toBe(15);
    const hash = await hashPassword('tartiflette');
    expect(hash).toMatch(/^scrypt\$ln=15,r=8,p=3\$[\w-]{22}\$[\w-]{43}$/u);
    // One of the settings that OWASP's Password Storage Cheat Sheet lists as equivalent.
    const owasp = ['ln=17,r=8,p=1', 'ln=16,r=8,p=2', 'ln=15,r=8,p=3', 'ln=14,r=8,p=5'];
    expect(owasp).toContain(/ln=\d+,r=\d+,p=\d+/u.exec(hash)?.[0]);
    expect(await verifyPassword('tartiflette', hash)).toBe(true);
    expect(await verifyPassword('tartiflettE', hash)).toBe(false);
  });

  test('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('raclette', 10), hashPassword('raclette', 10)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('raclette', a)).toBe(true);
    expect(await verifyPassword('raclette', b)).toBe(true);
  });

  test('treats composed and decomposed accents alike', async () => {
    const hash = await hashPassword('crème brûlée', 10);
    expect(await verifyPassword('cre\u0300me bru\u0302le\u0301e', hash)).toBe(true);
  });

  test.each(['', 'motdepasse', 'scrypt$ln=10,r=8,p=1$abc', 'scrypt$ln=40,r=8,p=1$YWJj$YWJj'])(
    'a stored value that is not a hash of ours never matches: %j',
    async (stored) => {
      expect(await verifyPassword('motdepasse', stored)).toBe(false);
    },
  );
});

describe('cost upgrade', () => {
  test('a hash below the current cost needs rehashing, one at it or above does not', async () => {
    const old = 'scrypt$ln=15,r=8,p=1$YWJjZGVmZ2hpamtsbW5vcA$YWJj';
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('tartiflette', 10), 10)).toBe(false);
    expect(needsRehash(await hashPassword('tartiflette', 10), 11)).toBe(true);
    expect(needsRehash('scrypt$ln=17,r=8,p=1$YWJj$YWJj')).toBe(false);
    expect(needsRehash('pas un hash')).toBe(false);
  });
});

describe('generated passwords', () => {
  test('four words and two digits, at least 12 characters', () => {
    for (let i = 0; i < 50; i++) {
      const password = generatePassword();
      expect(password.length).toBeGreaterThanOrEqual(12);
      const parts = password.split('-');
      expect(parts).toHaveLength(5);
      parts.slice(0, 4).forEach((word) => expect(PASSWORD_WORDS).toContain(word));
      expect(parts[4]).toMatch(/^[1-9]\d$/u);
    }
  });

  test('the word list has 128 distinct lower-case words without accents', () => {
    expect(new Set(PASSWORD_WORDS).size).toBe(PASSWORD_WORDS.length);
    expect(PASSWORD_WORDS.length).toBe(128);
    PASSWORD_WORDS.forEach((word) => expect(word).toMatch(/^[a-z]{3,11}$/u));
  });
});
