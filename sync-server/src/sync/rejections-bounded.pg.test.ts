/**
 * Refused mutations are bounded (issue 30): what the server keeps of them per user, how long it
 * keeps them once their device pulled them, how often a user may push, and how many a pull
 * answer carries. On SQLite, and on PostgreSQL in the 'server-pg' project.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import type { PullResponse } from '@popote/sync-protocol';
import { REJECTION_ARGS_NOT_KEPT } from '@popote/sync-protocol';
import { MESSAGES } from '../http/errors.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import type { ServerConfig } from '../config.js';
import { DEFAULT_SYNC_LIMITS, type RejectionBounds } from './work-bounds.js';
import { NOW, newDevice, post, type Device } from '../../test/sync-device.js';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const KIB = 1024;

/** A server whose users may hold 1 MB, with the refusal bounds changed by `bounds`. */
function start(
  bounds: Partial<RejectionBounds> = {},
  more: Partial<ServerConfig> = {},
): Promise<TestServer> {
  return startTestServer({
    syncLimits: {
      ...DEFAULT_SYNC_LIMITS,
      quotas: { rows: 10_000, bytes: 1024 * 1024, stays: 100 },
      rejections: { ...DEFAULT_SYNC_LIMITS.rejections, ...bounds },
    },
    ...more,
  });
}

/**
 * `count` mutations the rules refuse, each about `size` bytes: stays on an id never leased to
 * the user (1), with names that are also too long from a few hundred characters on.
 */
function refused(d: Device, count: number, size: number) {
  return Array.from({ length: count }, () => ({
    id: ++d.mutationId,
    name: 'createStay',
    args: { id: 1, name: 'x'.repeat(size), start: NOW.slice(0, 10) },
  }));
}

async function push(d: Device, mutations: { id: number }[]) {
  return post(server, d, '/sync/push', { clientId: d.clientId, mutations });
}

async function pushAccepted(d: Device, mutations: { id: number }[]): Promise<void> {
  const res = await push(d, mutations);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ lastMutationId: number }>().lastMutationId).toBe(d.mutationId);
}

/** The refusals the server stores (all devices), and their bytes (arguments included). */
async function rejectionStorage(): Promise<{ count: number; bytes: number }> {
  const url = server.app.popote.config.databaseUrl;
  if (url) {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const r = await client.query<{ count: string; bytes: string }>(
        `SELECT count(*) AS count, coalesce(sum(octet_length(client_id) + octet_length(name)
           + octet_length(args) + octet_length(message) + octet_length(at) + 24), 0) AS bytes
         FROM rejections`,
      );
      return { count: Number(r.rows[0]!.count), bytes: Number(r.rows[0]!.bytes) };
    } finally {
      await client.end();
    }
  }
  return server.app.popote.store.db
    .prepare(
      `SELECT count(*) AS count, coalesce(sum(length(CAST(client_id AS BLOB))
         + length(CAST(name AS BLOB)) + length(CAST(args AS BLOB))
         + length(CAST(message AS BLOB)) + length(CAST(at AS BLOB)) + 24), 0) AS bytes
       FROM rejections`,
    )
    .get() as { count: number; bytes: number };
}

/** One pull request's answer (one page). */
async function pullPage(d: Device, cursor: string | null = null): Promise<PullResponse> {
  const res = await post(server, d, '/sync/pull', {
    clientId: d.clientId,
    cookie: d.cookie,
    cursor,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PullResponse>();
}

/**
 * A whole pull as a device does it: pages until `more` is false, then again from the new
 * cookie while refusals were left out. Every answer is returned.
 */
async function pullEverything(d: Device): Promise<PullResponse[]> {
  const answers: PullResponse[] = [];
  for (let rounds = 0; rounds < 100; rounds++) {
    let page: PullResponse;
    let cursor: string | null = null;
    do {
      page = await pullPage(d, cursor);
      answers.push(page);
      cursor = page.cursor;
    } while (page.more);
    d.cookie = page.cookie;
    if (!page.rejectionsLeft) return answers;
  }
  throw new Error('Les refus ne finissent jamais.');
}

// PostgreSQL records a refusal in a few round trips: 1,200 of them take seconds.
describe('refused mutations kept by the server', { timeout: 60_000 }, () => {
  it('stay within the per-user bound, however many large ones a device pushes', async () => {
    server = await start();
    const d = await newDevice(server, 'gros@popote.test', 'device-gros-1');
    const before = await rejectionStorage();
    // Three pushes of 200 refusals of 30 KiB each: 17.6 MiB of arguments.
    for (let i = 0; i < 3; i++) await pushAccepted(d, refused(d, 200, 30 * KIB));
    const after = await rejectionStorage();
    const bounds = DEFAULT_SYNC_LIMITS.rejections;
    expect(after.count - before.count).toBe(600);
    // No argument kept (each is over the size kept): the reasons only, far below the quota.
    expect(after.bytes - before.bytes).toBeLessThan(600 * 400);

    // Refusals small enough to keep, until the user's share of arguments is used up.
    const small = await newDevice(server, 'petit@popote.test', 'device-petit-1');
    for (let i = 0; i < 3; i++) await pushAccepted(small, refused(small, 200, 8 * KIB));
    const end = await rejectionStorage();
    expect(end.bytes - after.bytes).toBeLessThan(bounds.argsBytesPerUser + 600 * 400);
    expect(end.bytes - after.bytes).toBeGreaterThan(bounds.argsBytesPerUser / 2);

    // The device still hears of each one, with its reason; the content it cannot get back
    // from the server is marked so, and the device shows its own copy.
    const answers = await pullEverything(d);
    const rejections = answers.flatMap((a) => a.rejections);
    expect(rejections.map((r) => r.mutationId)).toEqual(
      Array.from({ length: 600 }, (_, i) => i + 1),
    );
    for (const r of rejections) {
      expect(r.message).toMatch(/^(Modification invalide|Cet identifiant)/u);
      expect(r.argsTruncated).toBe(true);
      expect(r.args).toEqual(REJECTION_ARGS_NOT_KEPT);
    }
  });

  it('keep at most the newest refusals per user', async () => {
    server = await start({ perUser: 50 });
    const d = await newDevice(server, 'nombreux@popote.test', 'device-nombreux-1');
    const other = await newDevice(server, 'autre@popote.test', 'device-autre-1');
    await pushAccepted(other, refused(other, 3, 10));
    await pushAccepted(d, refused(d, 200, 10));
    expect((await rejectionStorage()).count).toBe(53);
    const kept = (await pullEverything(d)).flatMap((a) => a.rejections);
    expect(kept.map((r) => r.mutationId)).toEqual(Array.from({ length: 50 }, (_, i) => i + 151));
    // Another user's refusals are not theirs to push out.
    expect((await pullEverything(other)).flatMap((a) => a.rejections)).toHaveLength(3);
  });

  it('are forgotten once their device pulled them and the retention passed', async () => {
    server = await start();
    const retention = DEFAULT_SYNC_LIMITS.rejections.retentionMs;
    const d = await newDevice(server, 'oubli@popote.test', 'device-oubli-1');
    const late = await newDevice(server, 'tard@popote.test', 'device-tard-1');
    await pushAccepted(d, refused(d, 5, 100));
    await pushAccepted(late, refused(late, 4, 100));
    expect((await pullEverything(d)).flatMap((a) => a.rejections)).toHaveLength(5);
    expect((await rejectionStorage()).count).toBe(9);

    // Pulled, but recently: kept.
    await pullEverything(d);
    expect((await rejectionStorage()).count).toBe(9);

    server.clock.now += retention + 1000;
    // A device that pulls from its cookie has them: the server lets them go.
    await pullEverything(d);
    expect((await rejectionStorage()).count).toBe(4);
    // One that never pulled them keeps them, however old, and gets them.
    expect((await pullEverything(late)).flatMap((a) => a.rejections)).toHaveLength(4);
    expect((await rejectionStorage()).count).toBe(4);
    await pullEverything(late);
    expect((await rejectionStorage()).count).toBe(0);
  });

  it('come page by page in a pull, each page bounded, all of them in the end', async () => {
    server = await start({ perPage: 40, pageBytes: 64 * KIB });
    const d = await newDevice(server, 'pages@popote.test', 'device-pages-1');
    // Small refusals, then some whose kept arguments fill pages by their bytes.
    await pushAccepted(d, refused(d, 200, 10));
    await pushAccepted(d, refused(d, 30, 12 * KIB));
    await pushAccepted(d, refused(d, 20, 10));
    const answers = await pullEverything(d);
    const rejections = answers.flatMap((a) => a.rejections);
    expect(rejections.map((r) => r.mutationId)).toEqual(
      Array.from({ length: 250 }, (_, i) => i + 1),
    );
    expect(answers.length).toBeGreaterThan(250 / 40);
    for (const a of answers) {
      expect(a.rejections.length).toBeLessThanOrEqual(40);
      expect(JSON.stringify(a.rejections).length).toBeLessThanOrEqual(64 * KIB + 13 * KIB);
      // A page that stops early confirms only what comes before its first refusal left out,
      // so that a device that reads only complete pages loses none.
      if (a.rejectionsLeft) {
        const next = rejections[rejections.indexOf(a.rejections[a.rejections.length - 1]!) + 1]!;
        expect(a.lastMutationId).toBeLessThan(next.mutationId);
      }
    }
    expect(answers[answers.length - 1]!.lastMutationId).toBe(250);
  });
});

describe('pushes of one user', { timeout: 60_000 }, () => {
  it('are limited: a burst gets 429 in French, and nothing of it is refused or kept', async () => {
    server = await start({}, { syncPushRateLimit: { max: 5, windowMs: 60_000 } });
    const d = await newDevice(server, 'rafale@popote.test', 'device-rafale-1');
    const second = await newDevice(server, 'rafale2@popote.test', 'device-rafale-2');
    for (let i = 0; i < 5; i++) await pushAccepted(d, refused(d, 1, 10));
    const before = await rejectionStorage();
    const burst = refused(d, 1, 10);
    const res = await push(d, burst);
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toBe(MESSAGES.tooManyAttempts);
    expect(await rejectionStorage()).toEqual(before);
    const last = await pullPage({ ...d, cookie: null });
    expect(last.lastMutationId).toBe(5);
    // Per user: another account pushes as usual.
    await pushAccepted(second, refused(second, 1, 10));
    // The window over, the device sends the same push again and it is processed.
    if (!server.app.popote.config.databaseUrl) return; // SQLite's counters follow real time
    server.clock.now += 60_001;
    const again = await push(d, burst);
    expect(again.statusCode).toBe(200);
  });
});
