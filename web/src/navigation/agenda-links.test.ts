import { describe, expect, it } from 'vitest';
import { agendaDayUrl, dayToParam, paramToDay } from './agenda-links';

describe('agenda links', () => {
  it('writes the stay days 1-based, and days before the start as themselves', () => {
    expect(agendaDayUrl(0)).toBe('/agenda?dayOffset=1');
    expect(agendaDayUrl(6)).toBe('/agenda?dayOffset=7');
    expect(agendaDayUrl(-1)).toBe('/agenda?dayOffset=-1');
    expect(agendaDayUrl(-3)).toBe('/agenda?dayOffset=-3');
  });

  it('reads back the day of every link', () => {
    for (const day of [-10, -1, 0, 1, 2, 30, 365]) {
      expect(paramToDay(String(dayToParam(day)))).toBe(day);
    }
  });

  it('shows the week for an absent, zero or unreadable value', () => {
    expect(paramToDay(null)).toBeNull();
    expect(paramToDay('0')).toBeNull();
    expect(paramToDay('')).toBeNull();
    expect(paramToDay('deux')).toBeNull();
    expect(paramToDay('1.5')).toBeNull();
  });
});
