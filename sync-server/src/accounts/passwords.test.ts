import { describe, expect, test } from 'vitest';
import {
  DEFAULT_SCRYPT_LOG2_N,
  PASSWORD_WORDS,
  generatePassword,
  hashPassword,
  verifyPassword,
} from './passwords.js';

describe('password hashes', () => {
  test('the default cost is N = 2^15, r = 8, p = 1 and verifies', async () => {
    expect(DEFAULT_SCRYPT_LOG2_N).toBe(15);
    const hash = await hashPassword('tartiflette');
    expect(hash).toMatch(/^scrypt\$ln=15,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/u);
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
