import { describe, expect, it } from 'vitest';
import { readIdParam } from './navigation';

describe('readIdParam', () => {
  it('reads a positive integer id', () => {
    expect(readIdParam('42')).toBe(42);
    expect(readIdParam('9007199254740991')).toBe(9007199254740991);
  });

  it('ignores anything else', () => {
    for (const value of [null, '', '0', '-3', '1.5', '12abc', ' 7', '99999999999999999']) {
      expect(readIdParam(value)).toBeNull();
    }
  });
});
