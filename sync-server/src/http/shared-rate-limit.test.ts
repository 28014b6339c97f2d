/**
 * Issue 18: with several instances on one PostgreSQL, a client's requests to the limited routes
 * are counted together, so that it cannot multiply its attempts by the number of instances.
 * Skipped without a test cluster (POPOTE_TEST_PG_URL, given by `npm test`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { freshPgDatabase, type PgTestDatabase } from '../../test/postgres-database.js';

const enabled = Boolean(process.env.POPOTE_TEST_PG_URL);
const servers: TestServer[] = [];
let database: PgTestDatabase | null = null;

afterAll(async () => {
  for (const server of servers) await server.app.close();
  await database?.drop();
});

describe.skipIf(!enabled)('per-address limits shared by the instances', () => {
  it('refuses the attempt past the limit on whichever instance it reaches', async () => {
    database = await freshPgDatabase();
    const limits = { authRateLimit: { max: 3, perAddressMax: 100, windowMs: 60_000 } };
    const a = await startTestServer({ ...limits, databaseUrl: database!.url });
    const b = await startTestServer({ ...limits, databaseUrl: database!.url });
    servers.push(a, b);
    let n = 0;
    const reset = (server: TestServer, remoteAddress: string) =>
      server.inject({ method: 'GET', url: `/api/reset?mail=zoe${n++}@exemple.fr`, remoteAddress });

    expect((await reset(a, '10.9.9.9')).statusCode).toBe(200);
    expect((await reset(b, '10.9.9.9')).statusCode).toBe(200);
    expect((await reset(a, '10.9.9.9')).statusCode).toBe(200);
    expect((await reset(b, '10.9.9.9')).statusCode).toBe(429);
    expect((await reset(a, '10.9.9.9')).statusCode).toBe(429);
    // Another client is not affected; the window ends for everyone.
    expect((await reset(b, '10.9.9.10')).statusCode).toBe(200);
    a.clock.now += 60_001;
    b.clock.now += 60_001;
    expect((await reset(b, '10.9.9.9')).statusCode).toBe(200);
  });
});
