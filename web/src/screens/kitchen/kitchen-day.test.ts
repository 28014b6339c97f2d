import { describe, expect, it } from 'vitest';
import { dayFromParam, defaultKitchenDay } from './kitchen-day';

describe('the day of the kitchen view', () => {
  it('reads the day the address names, and nothing else', () => {
    expect(dayFromParam('0')).toBe(0);
    expect(dayFromParam('12')).toBe(12);
    expect(dayFromParam('-2')).toBe(-2);
    expect(dayFromParam(null)).toBeNull();
    expect(dayFromParam('')).toBeNull();
    expect(dayFromParam('2.5')).toBeNull();
    expect(dayFromParam('demain')).toBeNull();
    expect(dayFromParam('1234567')).toBeNull();
  });

  it('shows today, else the next day with meals, else the last one', () => {
    const days = [0, 1, 3, 4];
    expect(defaultKitchenDay(days, 1)).toBe(1);
    expect(defaultKitchenDay(days, 2)).toBe(3);
    expect(defaultKitchenDay(days, -5)).toBe(0);
    expect(defaultKitchenDay(days, 9)).toBe(4);
  });
});
