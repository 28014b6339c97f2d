import { describe, expect, it } from 'vitest';
import { numberOf } from './number-input';

describe('numberOf', () => {
  it('reads what a NumberInput hands over, leading zeros and decimal commas included', () => {
    expect(numberOf(2)).toBe(2);
    expect(numberOf('02')).toBe(2);
    expect(numberOf('1,5')).toBe(1.5);
    expect(numberOf('')).toBe(0);
    expect(numberOf('abc')).toBe(0);
  });
});
