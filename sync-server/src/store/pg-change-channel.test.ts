/**
 * Hints between instances on one PostgreSQL: what one instance publishes after a commit, every
 * instance hears (its own included), for a user or for everyone. Skipped without a test
 * cluster (POPOTE_TEST_PG_URL, given by `npm test`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { freshPgDatabase, type PgTestDatabase } from '../test-support/pg.js';
import { createPgPool } from './pg-database.js';
import { PgChangeChannel } from './pg-change-channel.js';

const enabled = Boolean(process.env.POPOTE_TEST_PG_URL);
let database: PgTestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  if (!enabled) return;
  database = (await freshPgDatabase())!;
  pool = createPgPool(database.url);
});

afterAll(async () => {
  if (!enabled) return;
  await pool.end();
  await database.drop();
});

/** What a channel heard, and a way to wait until it heard `count` things. */
function ear(channel: PgChangeChannel) {
  const heard: (number | null)[] = [];
  channel.subscribe((userId) => heard.push(userId));
  const until = async (count: number) => {
    for (let i = 0; i < 500 && heard.length < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return heard;
  };
  return { heard, until };
}

describe.skipIf(!enabled)('PgChangeChannel', () => {
  it('tells every instance what one of them published', async () => {
    const a = await PgChangeChannel.open(database.url, pool);
    const b = await PgChangeChannel.open(database.url, pool);
    try {
      const earA = ear(a);
      const earB = ear(b);
      a.publish(42);
      b.publish(null);
      // Two connections: the two notifications may arrive in either order.
      const sorted = (heard: (number | null)[]) => [...heard].sort((x, y) => (x ?? 0) - (y ?? 0));
      expect(sorted(await earB.until(2))).toEqual([null, 42]);
      expect(sorted(await earA.until(2))).toEqual([null, 42]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('stops telling a listener that unsubscribed, and a closed channel hears nothing', async () => {
    const a = await PgChangeChannel.open(database.url, pool);
    const b = await PgChangeChannel.open(database.url, pool);
    const heard: (number | null)[] = [];
    const stop = b.subscribe((userId) => heard.push(userId));
    const kept = ear(b);
    stop();
    a.publish(7);
    expect(await kept.until(1)).toEqual([7]);
    expect(heard).toEqual([]);
    await b.close();
    a.publish(8);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(kept.heard).toEqual([7]);
    await a.close();
  });
});
