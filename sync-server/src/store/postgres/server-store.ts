/**
 * The server's store on PostgreSQL (`DATABASE_URL=postgres://…`): the ServerDatabase of
 * ports.ts for several server processes on one database. The SQL of accounts, sessions,
 * pending registrations, mail changes, attempt counters, the meta table and the export link
 * lives here; the synced rows' SQL in sync-rows.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { Stay, StayExportInput } from '@popote/domain';
import { Batched } from './batched.js';
import { PgChangeChannel } from './change-channel.js';
import { createPgPool, migratePg, prepared } from './database.js';
import { PgSyncRows, PgSyncTx, runPgTransaction, type Queryable } from './sync-rows.js';
import type {
  AccountRow,
  AccountsReads,
  AccountsWrites,
  ExportLinkReads,
  MailChangeRow,
  PendingRegistrationRow,
  ServerDatabase,
  StoreTx,
} from '../ports.js';
import { ConcurrentTurns } from '../write-queue.js';

const ACCOUNT_COLUMNS = `id, mail, pseudo, password_hash AS "passwordHash", reset_hash AS "resetHash",
  reset_expires_at AS "resetExpiresAt", created_at AS "createdAt",
  password_expires_at AS "passwordExpiresAt"`;
const PENDING_COLUMNS = `token_hash AS "tokenHash", mail, pseudo, password_hash AS "passwordHash",
  created_at AS "createdAt", expires_at AS "expiresAt", used_at AS "usedAt"`;
const MAIL_CHANGE_COLUMNS = `kind, token_hash AS "tokenHash", user_id AS "userId",
  new_mail AS "newMail", created_at AS "createdAt", expires_at AS "expiresAt", used_at AS "usedAt"`;

class PgAccountsReads implements AccountsReads {
  constructor(protected readonly db: Queryable) {}

  protected async one<T>(sql: string, values: unknown[]): Promise<T | undefined> {
    const r = await this.db.query(prepared(sql, values));
    return r.rows[0] as T | undefined;
  }

  getAccount(id: number): Promise<AccountRow | undefined> {
    return this.one(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`, [id]);
  }
  findAccountByMail(mail: string): Promise<AccountRow | undefined> {
    return this.one(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE mail = $1`, [mail]);
  }
  findPendingRegistration(tokenHash: string): Promise<PendingRegistrationRow | undefined> {
    return this.one(`SELECT ${PENDING_COLUMNS} FROM pending_registrations WHERE token_hash = $1`, [
      tokenHash,
    ]);
  }
  async findUnusedRegistrationsByMail(
    mail: string,
    limit: number,
  ): Promise<PendingRegistrationRow[]> {
    const r = await this.db.query(
      `SELECT ${PENDING_COLUMNS} FROM pending_registrations
       WHERE mail = $1 AND used_at IS NULL ORDER BY created_at DESC LIMIT $2`,
      [mail, limit],
    );
    return r.rows as PendingRegistrationRow[];
  }
  findMailChange(tokenHash: string): Promise<MailChangeRow | undefined> {
    return this.one(`SELECT ${MAIL_CHANGE_COLUMNS} FROM mail_changes WHERE token_hash = $1`, [
      tokenHash,
    ]);
  }
  pendingMailChange(userId: number, now: number): Promise<MailChangeRow | undefined> {
    return this.one(
      `SELECT ${MAIL_CHANGE_COLUMNS} FROM mail_changes
       WHERE user_id = $1 AND kind = 'change' AND used_at IS NULL AND expires_at > $2
       ORDER BY created_at DESC LIMIT 1`,
      [userId, now],
    );
  }
  async sessionUserId(sessionId: string, now: number): Promise<number | undefined> {
    const row = await this.one<{ userId: number }>(
      `SELECT s.user_id AS "userId" FROM sessions s JOIN accounts a ON a.id = s.user_id
       WHERE s.id = $1 AND s.expires_at > $2`,
      [sessionId, now],
    );
    return row?.userId;
  }
  async countAttempts(key: string, since: number): Promise<number> {
    const row = await this.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth_attempts WHERE key = $1 AND at > $2',
      [key, since],
    );
    return row?.n ?? 0;
  }
}

/**
 * Reads of committed accounts, outside any transaction: the session every signed-in request
 * checks is read for many requests at once (batched.ts).
 */
class PgCommittedAccounts extends PgAccountsReads {
  private readonly sessions = new Batched<{ sessionId: string; now: number }, number | undefined>(
    async (asked) => {
      const r = await this.db.query<{ i: number; userId: number }>(
        prepared(
          `SELECT k.i AS i, s.user_id AS "userId"
           FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS k(id, now, i)
           JOIN sessions s ON s.id = k.id AND s.expires_at > k.now
           JOIN accounts a ON a.id = s.user_id`,
          [asked.map((a) => a.sessionId), asked.map((a) => a.now)],
        ),
      );
      const found = new Map(r.rows.map((row) => [row.i, row.userId]));
      return asked.map((_, i) => found.get(i + 1));
    },
  );

  override sessionUserId(sessionId: string, now: number): Promise<number | undefined> {
    return this.sessions.load({ sessionId, now });
  }
}

class PgAccountsWrites extends PgAccountsReads implements AccountsWrites {
  private async run(sql: string, values: unknown[]): Promise<number> {
    const r = await this.db.query(prepared(sql, values));
    return r.rowCount ?? 0;
  }

  async createAccount(a: AccountRow): Promise<void> {
    await this.run(
      `INSERT INTO accounts (id, mail, pseudo, password_hash, reset_hash, reset_expires_at,
         created_at, password_expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        a.id,
        a.mail,
        a.pseudo,
        a.passwordHash,
        a.resetHash,
        a.resetExpiresAt,
        a.createdAt,
        a.passwordExpiresAt ?? null,
      ],
    );
  }
  async updateAccount(
    id: number,
    changes: { pseudo: string; passwordHash: string | null },
  ): Promise<void> {
    await this.run(
      'UPDATE accounts SET pseudo = $1, password_hash = COALESCE($2, password_hash) WHERE id = $3',
      [changes.pseudo, changes.passwordHash, id],
    );
    if (changes.passwordHash !== null) {
      // A password chosen in the settings makes a mailed replacement pointless, and ends the
      // deadline of a mailed password in use.
      await this.run(
        `UPDATE accounts SET reset_hash = NULL, reset_expires_at = NULL,
           password_expires_at = NULL WHERE id = $1`,
        [id],
      );
    }
  }
  async replacePasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.run('UPDATE accounts SET password_hash = $1 WHERE id = $2', [passwordHash, id]);
  }
  async setMail(id: number, mail: string): Promise<void> {
    await this.run('UPDATE accounts SET mail = $1 WHERE id = $2', [mail, id]);
  }
  async setResetPassword(id: number, resetHash: string, expiresAt: number): Promise<void> {
    await this.run('UPDATE accounts SET reset_hash = $1, reset_expires_at = $2 WHERE id = $3', [
      resetHash,
      expiresAt,
      id,
    ]);
  }
  async clearResetPassword(id: number): Promise<void> {
    await this.run('UPDATE accounts SET reset_hash = NULL, reset_expires_at = NULL WHERE id = $1', [
      id,
    ]);
  }
  async promoteResetPassword(id: number, expiresAt: number): Promise<void> {
    await this.run(
      `UPDATE accounts SET password_hash = reset_hash, reset_hash = NULL, reset_expires_at = NULL,
         password_expires_at = $1 WHERE id = $2 AND reset_hash IS NOT NULL`,
      [expiresAt, id],
    );
  }
  async createSession(s: {
    id: string;
    userId: number;
    createdAt: number;
    expiresAt: number;
  }): Promise<void> {
    await this.run(
      'INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [s.id, s.userId, s.createdAt, s.expiresAt],
    );
  }
  async deleteSession(sessionId: string): Promise<void> {
    await this.run('DELETE FROM sessions WHERE id = $1', [sessionId]);
  }
  deleteSessionsOf(userId: number, keep: string | null): Promise<number> {
    return this.run('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [
      userId,
      keep,
    ]);
  }
  async deleteSessionsExpiredBefore(before: number): Promise<void> {
    await this.run('DELETE FROM sessions WHERE expires_at <= $1', [before]);
  }
  async addMailChange(row: MailChangeRow): Promise<void> {
    if (row.kind === 'change') await this.cancelMailChanges(row.userId);
    await this.run(
      `INSERT INTO mail_changes (kind, token_hash, user_id, new_mail, created_at, expires_at,
         used_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.kind, row.tokenHash, row.userId, row.newMail, row.createdAt, row.expiresAt, row.usedAt],
    );
  }
  async markMailChangeUsed(tokenHash: string, usedAt: number): Promise<void> {
    await this.run('UPDATE mail_changes SET used_at = $1 WHERE token_hash = $2', [
      usedAt,
      tokenHash,
    ]);
  }
  async cancelMailChanges(userId: number): Promise<void> {
    await this.run(
      "DELETE FROM mail_changes WHERE user_id = $1 AND kind = 'change' AND used_at IS NULL",
      [userId],
    );
  }
  async deleteMailChangesExpiredBefore(before: number): Promise<void> {
    await this.run('DELETE FROM mail_changes WHERE expires_at < $1', [before]);
  }
  async addPendingRegistration(row: PendingRegistrationRow): Promise<void> {
    await this.run(
      `INSERT INTO pending_registrations (token_hash, mail, pseudo, password_hash, created_at,
         expires_at, used_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        row.tokenHash,
        row.mail,
        row.pseudo,
        row.passwordHash,
        row.createdAt,
        row.expiresAt,
        row.usedAt,
      ],
    );
  }
  async markRegistrationUsed(tokenHash: string, usedAt: number): Promise<void> {
    await this.run('UPDATE pending_registrations SET used_at = $1 WHERE token_hash = $2', [
      usedAt,
      tokenHash,
    ]);
  }
  async deleteRegistrationsExpiredBefore(before: number): Promise<void> {
    await this.run('DELETE FROM pending_registrations WHERE expires_at < $1', [before]);
  }
  async recordAttempt(key: string, at: number): Promise<void> {
    await this.run('INSERT INTO auth_attempts (key, at) VALUES ($1, $2)', [key, at]);
  }
  async forgetAttempt(key: string, at: number): Promise<void> {
    await this.run(
      `DELETE FROM auth_attempts WHERE seq = (
         SELECT seq FROM auth_attempts WHERE key = $1 AND at = $2 LIMIT 1)`,
      [key, at],
    );
  }
  async clearAttempts(key: string): Promise<void> {
    await this.run('DELETE FROM auth_attempts WHERE key = $1', [key]);
  }
  async deleteAttemptsBefore(before: number): Promise<void> {
    await this.run('DELETE FROM auth_attempts WHERE at <= $1', [before]);
  }
  async deleteAccount(
    userId: number,
    mail: string,
    attemptKeys: { exact: string[]; prefixes: string[] },
  ): Promise<void> {
    await this.run('DELETE FROM sessions WHERE user_id = $1', [userId]);
    await this.run('DELETE FROM mail_changes WHERE user_id = $1', [userId]);
    await this.run('DELETE FROM pending_registrations WHERE mail = $1', [mail]);
    await this.run('DELETE FROM auth_attempts WHERE key = ANY($1::text[])', [attemptKeys.exact]);
    await this.run(
      `DELETE FROM auth_attempts a USING unnest($1::text[]) AS p(prefix)
       WHERE left(a.key, length(p.prefix)) = p.prefix`,
      [attemptKeys.prefixes],
    );
    // The shared request counters of the user's pushes ('POST /sync/push user <id>').
    await this.run(`DELETE FROM rate_limits WHERE key LIKE ('% user ' || $1::text)`, [
      String(userId),
    ]);
    await this.run('DELETE FROM accounts WHERE id = $1', [userId]);
  }
}

async function readMeta(db: Queryable, key: string): Promise<string | null> {
  const r = await db.query<{ value: string }>(
    prepared('SELECT value FROM meta WHERE key = $1', [key]),
  );
  return r.rows[0]?.value ?? null;
}

export class PgServerStore implements ServerDatabase {
  readonly accounts: AccountsReads;
  readonly exportLink: ExportLinkReads;
  /**
   * No turns: writes run side by side like other instances' do (conflicts run again, one
   * user's writes wait on its lock), and their commits share flushes to disk.
   */
  readonly writes = new ConcurrentTurns();

  private constructor(
    private readonly pool: Pool,
    readonly rows: PgSyncRows,
    readonly changes: PgChangeChannel,
  ) {
    this.accounts = new PgCommittedAccounts(pool);
    this.exportLink = { readStayExport: (secret) => this.readStayExport(secret) };
  }

  /** Connects, brings the schema up to date (one instance at a time) and opens the store. */
  static async open(url: string, poolSize?: number): Promise<PgServerStore> {
    const pool = createPgPool(url, poolSize);
    try {
      await migratePg(pool);
      const rows = await PgSyncRows.open(pool);
      return new PgServerStore(pool, rows, await PgChangeChannel.open(url, pool));
    } catch (e) {
      await pool.end();
      throw e;
    }
  }

  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.writes.run(() =>
      runPgTransaction(this.pool, (pipe) => {
        const rows = new PgSyncTx(pipe, this.rows.offset, undefined, this.rows.sweep);
        // The accounts' statements, writes among them, are sent once the transaction is open.
        const accounts: Queryable = { query: (statement, values) => pipe.write(statement, values) };
        return fn({
          accounts: new PgAccountsWrites(accounts),
          rows,
          allocateIds: (count) => rows.allocateIds(count),
          getMeta: (key) => readMeta(accounts, key),
          setMeta: async (key, value) => {
            await accounts.query(
              `INSERT INTO meta (key, value) VALUES ($1, $2)
               ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
              [key, String(value)],
            );
          },
        });
      }),
    );
  }

  getMeta(key: string): Promise<string | null> {
    return readMeta(this.pool, key);
  }

  async metaOrCreate(key: string, make: () => string): Promise<string> {
    // The first instance to insert wins; the others read its value.
    await this.pool.query(
      'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING',
      [key, make()],
    );
    return (await readMeta(this.pool, key))!;
  }

  /**
   * Counts one request under `key` in a window of `windowMs` that starts with its first
   * request; answers the count so far and the time left in the window. Requests counted at
   * once are counted together (`counting`): one statement, so that instances counting at
   * once never lose a request.
   */
  countRequest(
    key: string,
    windowMs: number,
    now: number,
  ): Promise<{ current: number; ttl: number }> {
    return this.counting.load({ key, windowMs, now });
  }

  private readonly counting = new Batched<RequestToCount, { current: number; ttl: number }>(
    (asked) => countRequests(this.pool, asked),
  );

  jwtSecret(): Promise<string> {
    return this.metaOrCreate('jwt_secret', () => randomBytes(48).toString('base64url'));
  }

  /** The stay that holds the secret and every row its export shows, from one snapshot. */
  private readStayExport(secret: string): Promise<StayExportInput | null> {
    return this.rows.pgSnapshot(async (reads) => {
      const data = await reads.stayDataBySecret(secret);
      if (data === undefined) return null;
      const stay = JSON.parse(data) as Stay;
      const groups = await reads.where('groups', 'stayId', stay.id);
      const meals = await reads.where('meals', 'stayId', stay.id);
      const menus = await reads.getMany('menus', [...new Set(meals.map((m) => m.menuId))]);
      const recipes = await reads.getMany('recipes', [
        ...new Set(menus.flatMap((m) => m.recipeIds)),
      ]);
      const ingredients = await reads.getMany('ingredients', [
        ...new Set([
          ...menus.flatMap((m) => m.ingredients.map((i) => i.ingredientId)),
          ...recipes.flatMap((r) => r.ingredients.map((i) => i.ingredientId)),
        ]),
      ]);
      return { stay, groups, meals, menus, recipes, ingredients };
    });
  }

  async close(): Promise<void> {
    this.rows.close();
    await this.changes.close();
    await this.pool.end();
  }
}

interface RequestToCount {
  key: string;
  windowMs: number;
  now: number;
}

/**
 * Counts a batch of requests (PgServerStore.countRequest) in one statement, each key once:
 * a key asked n times in the batch adds n, its window judged at the earliest of their times
 * (a few milliseconds apart; a window's route sets its length: the same for all of a key's
 * requests). Each request gets
 * its own place in the count, in the order asked, as if counted one by one.
 */
async function countRequests(
  pool: Pool,
  asked: readonly RequestToCount[],
): Promise<{ current: number; ttl: number }[]> {
  const keys = new Map<string, { n: number; now: number; windowMs: number }>();
  for (const { key, windowMs, now } of asked) {
    const k = keys.get(key);
    if (k) {
      k.n++;
      k.now = Math.min(k.now, now);
    } else {
      keys.set(key, { n: 1, now, windowMs });
    }
  }
  // In one order on every instance: two batches that lock the same rows wait for each other
  // instead of deadlocking (each locks its rows in its own input order).
  const list = [...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const upsert = () =>
    pool.query<{ key: string; count: number; start: number }>(
      prepared(
        `INSERT INTO rate_limits AS r (key, window_start, count)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[])
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN r.window_start + ($4::bigint[])[array_position($1::text[], r.key)]
           <= excluded.window_start THEN excluded.count ELSE r.count + excluded.count END,
         window_start = CASE WHEN r.window_start + ($4::bigint[])[array_position($1::text[], r.key)]
           <= excluded.window_start THEN excluded.window_start ELSE r.window_start END
       RETURNING key, count, window_start AS start`,
        [
          list.map(([key]) => key),
          list.map(([, k]) => k.now),
          list.map(([, k]) => k.n),
          list.map(([, k]) => k.windowMs),
        ],
      ),
    );
  let r;
  for (let attempt = 1; ; attempt++) {
    try {
      r = await upsert();
      break;
    } catch (e) {
      // A deadlock with the clean-up below (which locks its rows in its own order): the
      // batch is counted again (it was rolled back), rather than failing its requests.
      if ((e as { code?: unknown }).code !== '40P01' || attempt >= 3) throw e;
    }
  }
  // Now and then, forget the windows that ended long ago (in the background: a failure only
  // leaves them for the next time).
  if (Math.random() < 0.01) {
    const now = Math.max(...asked.map((a) => a.now));
    pool
      .query('DELETE FROM rate_limits WHERE window_start < $1', [now - 86_400_000])
      .catch(() => undefined);
  }
  const counted = new Map(
    r.rows.map((row) => [row.key, { ...row, next: row.count - (keys.get(row.key)?.n ?? 1) + 1 }]),
  );
  return asked.map(({ key, windowMs, now }) => {
    const c = counted.get(key)!;
    const current = c.next++;
    return { current, ttl: Math.max(0, c.start + windowMs - now) };
  });
}
