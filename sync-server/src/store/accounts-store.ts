/**
 * SQL for accounts, pending registrations and per-address attempt counters.
 */
import type { Database, Statement } from 'better-sqlite3';

export interface AccountRow {
  id: number;
  mail: string;
  pseudo: string;
  passwordHash: string;
  resetHash: string | null;
  resetExpiresAt: number | null;
  createdAt: number;
}

export interface PendingRegistrationRow {
  tokenHash: string;
  mail: string;
  pseudo: string;
  passwordHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

const ACCOUNT_COLUMNS = `id, mail, pseudo, password_hash AS passwordHash, reset_hash AS resetHash,
  reset_expires_at AS resetExpiresAt, created_at AS createdAt`;
const PENDING_COLUMNS = `token_hash AS tokenHash, mail, pseudo, password_hash AS passwordHash,
  created_at AS createdAt, expires_at AS expiresAt, used_at AS usedAt`;

export class AccountsStore {
  private readonly byId: Statement<[number], AccountRow>;
  private readonly byMail: Statement<[string], AccountRow>;
  private readonly insertAccount: Statement<[AccountRow]>;
  private readonly pendingByToken: Statement<[string], PendingRegistrationRow>;
  private readonly insertPending: Statement<[PendingRegistrationRow]>;

  constructor(private readonly db: Database) {
    this.byId = db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ?`);
    this.byMail = db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE mail = ?`);
    this.insertAccount = db.prepare(`INSERT INTO accounts
      (id, mail, pseudo, password_hash, reset_hash, reset_expires_at, created_at)
      VALUES (@id, @mail, @pseudo, @passwordHash, @resetHash, @resetExpiresAt, @createdAt)`);
    this.pendingByToken = db.prepare(
      `SELECT ${PENDING_COLUMNS} FROM pending_registrations WHERE token_hash = ?`,
    );
    this.insertPending = db.prepare(`INSERT INTO pending_registrations
      (token_hash, mail, pseudo, password_hash, created_at, expires_at, used_at)
      VALUES (@tokenHash, @mail, @pseudo, @passwordHash, @createdAt, @expiresAt, @usedAt)`);
  }

  getAccount(id: number): AccountRow | undefined {
    return this.byId.get(id);
  }

  findAccountByMail(mail: string): AccountRow | undefined {
    return this.byMail.get(mail);
  }

  createAccount(account: AccountRow): void {
    this.insertAccount.run(account);
  }

  /** Changes mail and pseudo, and the password when a new hash is given. */
  updateAccount(
    id: number,
    changes: { mail: string; pseudo: string; passwordHash: string | null },
  ): void {
    this.db
      .prepare(
        `UPDATE accounts SET mail = ?, pseudo = ?, password_hash = COALESCE(?, password_hash)
         WHERE id = ?`,
      )
      .run(changes.mail, changes.pseudo, changes.passwordHash, id);
    // A password chosen in the settings makes a mailed replacement pointless.
    if (changes.passwordHash !== null) this.clearResetPassword(id);
  }

  setResetPassword(id: number, resetHash: string, expiresAt: number): void {
    this.db
      .prepare('UPDATE accounts SET reset_hash = ?, reset_expires_at = ? WHERE id = ?')
      .run(resetHash, expiresAt, id);
  }

  clearResetPassword(id: number): void {
    this.db
      .prepare('UPDATE accounts SET reset_hash = NULL, reset_expires_at = NULL WHERE id = ?')
      .run(id);
  }

  /** The mailed password becomes the password; the previous one stops working. */
  promoteResetPassword(id: number): void {
    this.db
      .prepare(
        `UPDATE accounts SET password_hash = reset_hash, reset_hash = NULL, reset_expires_at = NULL
         WHERE id = ? AND reset_hash IS NOT NULL`,
      )
      .run(id);
  }

  addPendingRegistration(row: PendingRegistrationRow): void {
    this.insertPending.run(row);
  }

  findPendingRegistration(tokenHash: string): PendingRegistrationRow | undefined {
    return this.pendingByToken.get(tokenHash);
  }

  /** The registrations of an address whose link was never followed, newest first. */
  findUnusedRegistrationsByMail(mail: string, limit: number): PendingRegistrationRow[] {
    return this.db
      .prepare(
        `SELECT ${PENDING_COLUMNS} FROM pending_registrations
         WHERE mail = ? AND used_at IS NULL ORDER BY created_at DESC LIMIT ?`,
      )
      .all(mail, limit) as PendingRegistrationRow[];
  }

  markRegistrationUsed(tokenHash: string, usedAt: number): void {
    this.db
      .prepare('UPDATE pending_registrations SET used_at = ? WHERE token_hash = ?')
      .run(usedAt, tokenHash);
  }

  /** Forgets registrations that expired before `before` (kept until then to say "expired"). */
  deleteRegistrationsExpiredBefore(before: number): void {
    this.db.prepare('DELETE FROM pending_registrations WHERE expires_at < ?').run(before);
  }

  countAttempts(key: string, since: number): number {
    const row = this.db
      .prepare('SELECT COUNT(*) AS n FROM auth_attempts WHERE key = ? AND at > ?')
      .get(key, since) as { n: number };
    return row.n;
  }

  recordAttempt(key: string, at: number): void {
    this.db.prepare('INSERT INTO auth_attempts (key, at) VALUES (?, ?)').run(key, at);
  }

  clearAttempts(key: string): void {
    this.db.prepare('DELETE FROM auth_attempts WHERE key = ?').run(key);
  }

  deleteAttemptsBefore(before: number): void {
    this.db.prepare('DELETE FROM auth_attempts WHERE at <= ?').run(before);
  }
}
