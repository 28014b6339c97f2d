/**
 * Hints between instances on one PostgreSQL: what one instance publishes after a commit, every
 * instance hears (its own included), for a user or for everyone. Skipped without a test
 * cluster (POPOTE_TEST_PG_URL, given by `npm test`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshPgDatabase, type PgTestDatabase } from '../../../test/postgres-database.js';
import { createPgPool } from './database.js';
import { CHANGE_CHANNEL, PgChangeChannel } from './change-channel.js';

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

/** Counts the notifications on the channel, as PostgreSQL sends them. */
async function notificationCounter() {
  const client = new pg.Client({ connectionString: database.url });
  let count = 0;
  client.on('notification', (message) => {
    if (message.channel === CHANGE_CHANNEL) count += 1;
  });
  await client.connect();
  await client.query(`LISTEN ${CHANGE_CHANNEL}`);
  return { count: () => count, close: () => client.end() };
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

  it('tells every hint of a burst, in order, in fewer notifications than hints', async () => {
    const a = await PgChangeChannel.open(database.url, pool);
    const b = await PgChangeChannel.open(database.url, pool);
    const counter = await notificationCounter();
    try {
      const earB = ear(b);
      const told = [...Array.from({ length: 700 }, (_, i) => i + 1), null, 5, 6];
      for (const userId of told) a.publish(userId);
      // The first hint goes at once; the 702 others, published meanwhile, go in 3 more
      // (300 a notification at most); a user told twice in one of them is heard once.
      expect(await earB.until(701)).toEqual(told.slice(0, 701));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(earB.heard).toHaveLength(701);
      expect(counter.count()).toBe(4);
    } finally {
      await counter.close();
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
