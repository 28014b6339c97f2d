import { describe, expect, it } from 'vitest';
import { isExportSecret, validateGroupSize } from '@popote/domain';
import {
  GROUP_COLORS,
  defaultGroupColor,
  newExportSecret,
  refusalOf,
  todayIsoDay,
} from './stay-helpers';

describe('stays screen helpers', () => {
  it('makes a 43-character URL-safe secret that the mutator accepts', () => {
    const secret = newExportSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(isExportSecret(secret)).toBe(true);
    expect(newExportSecret()).not.toBe(secret);
  });

  it('encodes the random bytes as base64url without padding', () => {
    expect(newExportSecret((n) => new Uint8Array(n).fill(0xff))).toBe(`${'_'.repeat(42)}8`);
    expect(newExportSecret((n) => new Uint8Array(n).fill(0xfb))).toBe(`${'-_v7'.repeat(10)}-_s`);
  });

  it('gives new groups the palette colours in turn', () => {
    expect(defaultGroupColor(0)).toBe('#AF0853');
    expect(defaultGroupColor(1)).toBe('#1C7ED6');
    expect(defaultGroupColor(GROUP_COLORS.length)).toBe('#AF0853');
  });

  it("writes the device's calendar day", () => {
    expect(todayIsoDay(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(todayIsoDay(new Date(2024, 11, 31, 0, 1))).toBe('2024-12-31');
  });

  it("returns the domain's French refusal, or null", () => {
    expect(refusalOf(() => validateGroupSize(-1))).toBe(
      'La taille du groupe doit valoir au moins 0.',
    );
    expect(refusalOf(() => validateGroupSize(4))).toBeNull();
    expect(() =>
      refusalOf(() => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
  });
});
