import { describe, expect, it } from 'vitest';
import { afterFirstData, holdFirstData } from './first-data';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the promise has resolved after `ms`. */
async function resolvedWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let resolved = false;
  void promise.then(() => (resolved = true));
  await sleep(ms);
  return resolved;
}

describe('afterFirstData', () => {
  it('waits while something is held, and resolves once released and painted', async () => {
    const release = holdFirstData();
    const settled = afterFirstData(10_000);
    expect(await resolvedWithin(settled, 80)).toBe(false);
    release();
    expect(await resolvedWithin(settled, 120)).toBe(true);
  });

  it('resolves soon when nothing is held', async () => {
    expect(await resolvedWithin(afterFirstData(10_000), 120)).toBe(true);
  });

  it('waits for what the answers mounted before the frames', async () => {
    const first = holdFirstData();
    const settled = afterFirstData(10_000);
    first();
    // A screen rendered by the first answer starts its own read in the same turn.
    const second = holdFirstData();
    expect(await resolvedWithin(settled, 120)).toBe(false);
    second();
    expect(await resolvedWithin(settled, 120)).toBe(true);
  });

  it('releasing twice counts once', async () => {
    const first = holdFirstData();
    const second = holdFirstData();
    const settled = afterFirstData(10_000);
    first();
    first();
    expect(await resolvedWithin(settled, 120)).toBe(false);
    second();
    expect(await resolvedWithin(settled, 120)).toBe(true);
  });

  it('gives up waiting after its longest wait', async () => {
    const release = holdFirstData();
    expect(await resolvedWithin(afterFirstData(40), 150)).toBe(true);
    release();
  });
});
