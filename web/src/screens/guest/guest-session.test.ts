import { describe, expect, it } from 'vitest';
import { addPending, afterSent, tickToSend, withPending, type GuestList } from './guest-session';

const none = { pieces: 0, grams: 0, centiliters: 0 };
const line = (key: string, checked = false) => ({
  key,
  name: `Produit ${key}`,
  kind: 0 as const,
  supplier: '',
  day: null,
  toBuy: { ...none, pieces: 1 },
  bought: null,
  checked,
});
const list: GuestList = { name: 'Courses', stayStart: null, items: [line('1'), line('2', true)] };

describe("a helper's pending ticks", () => {
  it('show on top of the list the server sent', () => {
    const shown = withPending(list, [
      { key: '1', checked: true, now: '2026-07-01T10:00:00.000Z' },
      { key: '2', checked: false, now: '2026-07-01T10:00:01.000Z' },
    ]);
    expect(shown.items.map((i) => i.checked)).toEqual([true, false]);
    expect(withPending(list, [])).toBe(list);
  });

  it('keep only the latest tick of a line', () => {
    const once = addPending([], { key: '1', checked: true, now: '2026-07-01T10:00:00.000Z' });
    const twice = addPending(once, { key: '1', checked: false, now: '2026-07-01T10:00:05.000Z' });
    expect(twice).toEqual([{ key: '1', checked: false, now: '2026-07-01T10:00:05.000Z' }]);
  });

  it('keep a tick made while the others were on their way', () => {
    const sent = [{ key: '1', checked: true, now: '2026-07-01T10:00:00.000Z' }];
    const meanwhile = addPending(sent, {
      key: '1',
      checked: false,
      now: '2026-07-01T10:00:02.000Z',
    });
    expect(afterSent(meanwhile, sent)).toEqual([
      { key: '1', checked: false, now: '2026-07-01T10:00:02.000Z' },
    ]);
    expect(afterSent(sent, sent)).toEqual([]);
  });
});

describe('a tick as it is sent (issue 30)', () => {
  const tick = { key: '1', checked: true, now: '2026-07-01T10:00:00.000Z' };
  const at = (iso: string) => Date.parse(iso);

  it("carries its age by this device's clock, never a date: the server dates it", () => {
    expect(tickToSend(tick, at('2026-07-01T10:01:30.000Z'))).toEqual({
      key: '1',
      checked: true,
      age: 90_000,
    });
  });

  it('is made just now when the clock went back, and no older than a link lives', () => {
    expect(tickToSend(tick, at('2026-07-01T09:00:00.000Z')).age).toBe(0);
    expect(tickToSend({ ...tick, now: 'abîmé' }, at('2026-07-01T10:00:00.000Z')).age).toBe(0);
    expect(tickToSend(tick, at('2026-09-01T10:00:00.000Z')).age).toBe(30 * 24 * 3600 * 1000);
  });
});
