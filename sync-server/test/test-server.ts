/**
 * A server in a temporary data folder for tests, with a clock they can move, mails read from
 * the outbox, and a record of every answer so that a test can prove that no password or
 * password hash ever left the server.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildServer, type PopoteServer } from '../src/app.js';
import type { ServerConfig } from '../src/config.js';
import { hashLinkToken } from '../src/accounts/link-tokens.js';
import { freshPgDatabase, type PgTestDatabase } from './postgres-database.js';

export interface TestServer {
  app: PopoteServer;
  dataDir: string;
  clock: { now: number };
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Raw .eml files of the outbox, oldest first. */
  mails(): string[];
  lastMail(): string;
  /** Registers, follows the mailed link, and logs in; returns the session token and id. */
  signUp(mail: string, password: string, pseudo?: string): Promise<{ token: string; id: number }>;
  /**
   * Waits until every change told so far has been heard: PostgreSQL tells them asynchronously
   * (LISTEN/NOTIFY), so a test listening for hints waits for those of its own steps, and for
   * those of the server's start (the catalogue's seeding) before listening. It tells a marker
   * (isSettleMarker) and waits for it.
   */
  settleChanges(): Promise<void>;
  /** Closes the server and returns the secrets that some answer revealed (should be none). */
  close(): Promise<string[]>;
}

/** The ids settleChanges tells: above any user's. */
const SETTLE_MARKERS = Number.MAX_SAFE_INTEGER - 1_000_000;
export const isSettleMarker = (userId: number | null): boolean =>
  userId !== null && userId > SETTLE_MARKERS;
let settleCount = 0;

export const TEST_START = Date.UTC(2025, 5, 1, 8, 0, 0);

/** A restart on the same data folder finds the same PostgreSQL database. */
const pgDatabases = new Map<string, PgTestDatabase>();

async function databaseOf(dataDir: string): Promise<PgTestDatabase | null> {
  const known = pgDatabases.get(dataDir);
  if (known) return known;
  const fresh = await freshPgDatabase();
  if (fresh) pgDatabases.set(dataDir, fresh);
  return fresh;
}

/** Whether the tests run on PostgreSQL (the 'server-pg' project of vitest.config.ts). */
export const onPostgres = (): boolean =>
  process.env.POPOTE_TEST_STORE === 'pg' && Boolean(process.env.POPOTE_TEST_PG_URL);

export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'popote-test-')),
): Promise<TestServer> {
  const clock = { now: TEST_START };
  // POPOTE_TEST_STORE=pg runs the same tests on a fresh PostgreSQL database of the test cluster.
  const pg = onPostgres() && overrides.databaseUrl === undefined ? await databaseOf(dataDir) : null;
  const config: ServerConfig = {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    publicUrl: 'http://popote.test',
    smtpUrl: null,
    jwtSecret: null,
    webRoot: null,
    logger: false,
    authRateLimit: { max: 10_000, perAddressMax: 10_000, windowMs: 60_000 },
    // Tests push far faster than people: a test of the push limit sets its own.
    syncPushRateLimit: { max: 1_000_000, windowMs: 60_000 },
    // Tests join stays by links far faster too (a test of the limit sets its own).
    teamLinkRateLimit: { max: 1_000_000, windowMs: 60_000 },
    // And read recipe pages faster (a test of the limit sets its own).
    recipeLinkRateLimit: { max: 1_000_000, windowMs: 60_000 },
    ...(pg ? { databaseUrl: pg.url } : {}),
    ...overrides,
  };
  const app = await buildServer(config, { now: () => clock.now, scryptLog2N: 10 });
  const answers: string[] = [];
  const passwords = new Set<string>();
  const mails = new Set<string>();

  const outbox = join(dataDir, 'outbox');
  const readMails = () => {
    try {
      return readdirSync(outbox)
        .sort()
        .map((f) => readFileSync(join(outbox, f), 'utf8'));
    } catch {
      return [];
    }
  };

  const server: TestServer = {
    app,
    dataDir,
    clock,
    async inject(options) {
      rememberCredentials(options.payload, passwords, mails);
      const response = await app.inject(options);
      answers.push(JSON.stringify(response.headers), response.body);
      return response;
    },
    mails: readMails,
    lastMail() {
      const all = readMails();
      const last = all[all.length - 1];
      if (last === undefined) throw new Error("Aucun mail dans la boîte d'envoi.");
      return last;
    },
    async signUp(mail, password, pseudo = 'Cuistot') {
      const registered = await server.inject({
        method: 'POST',
        url: '/api/inscription',
        payload: { Mail: mail, Password: password, Pseudo: pseudo },
      });
      if (registered.json<{ Error: string }>().Error !== '') throw new Error(registered.body);
      // The link's page POSTs the confirmation (its GET confirms nothing).
      const confirmed = await server.inject({
        method: 'POST',
        url: pathOf(linkIn(server.lastMail())),
      });
      if (confirmed.statusCode !== 303) throw new Error(confirmed.body);
      const login = await server.inject({
        method: 'POST',
        url: '/api/loggin',
        payload: { Mail: mail, Password: password },
      });
      const answer = login.json<{ Token: string; Id: number }>();
      return { token: answer.Token, id: answer.Id };
    },
    async settleChanges() {
      const marker = SETTLE_MARKERS + ++settleCount;
      await new Promise<void>((resolve) => {
        const stop = app.popote.sync.onChange((userId) => {
          if (userId !== marker) return;
          stop();
          resolve();
        });
        app.popote.sync.notify(marker);
      });
    },
    async close() {
      const secrets = new Set<string>([...passwords].filter((p) => p.length >= 8));
      for (const mail of readMails()) {
        const generated = /Votre nouveau mot de passe : (\S+)/u.exec(mail)?.[1];
        if (generated) secrets.add(generated);
        const token = /token=([\w-]+)/u.exec(mail)?.[1];
        const pending =
          token && (await app.popote.store.accounts.findPendingRegistration(hashLinkToken(token)));
        if (pending) addHash(secrets, pending.passwordHash);
      }
      for (const mail of mails) {
        const account = await app.popote.store.accounts.findAccountByMail(
          mail.trim().toLowerCase(),
        );
        if (account) {
          addHash(secrets, account.passwordHash);
          if (account.resetHash) addHash(secrets, account.resetHash);
        }
      }
      await app.close();
      if (pg) {
        pgDatabases.delete(dataDir);
        await pg.drop();
      }
      rmSync(dataDir, { recursive: true, force: true });
      return [...secrets].filter((s) => answers.some((a) => a.includes(s)));
    },
  };
  return server;
}

/** The first http(s) link of a mail's plain-text part. */
export function linkIn(eml: string): string {
  const link = /^(https?:\/\/\S+)$/mu.exec(eml)?.[1];
  if (!link) throw new Error('Aucun lien dans le mail.');
  return link;
}

export function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

function rememberCredentials(payload: unknown, passwords: Set<string>, mails: Set<string>): void {
  if (typeof payload !== 'object' || payload === null) return;
  const { Password, Mail } = payload as { Password?: unknown; Mail?: unknown };
  if (typeof Password === 'string') passwords.add(Password);
  if (typeof Mail === 'string') mails.add(Mail);
}

// The whole stored string and its derived key alone must both stay inside.
function addHash(secrets: Set<string>, hash: string): void {
  secrets.add(hash);
  const key = hash.split('$').pop();
  if (key) secrets.add(key);
}
