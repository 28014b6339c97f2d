/**
 * SQL for accounts, sessions, pending registrations and mail changes, and per-address attempt
 * counters. Synchronous (better-sqlite3): the services reach it through the asynchronous
 * adapters of accounts.ts (AccountsReads, AccountsWrites of ports.ts).
 */
import type { Database, Statement } from 'better-sqlite3';
import type { AccountRow, MailChangeRow, PendingRegistrationRow } from '../ports.js';

export type { AccountRow, MailChangeRow, PendingRegistrationRow } from '../ports.js';

const ACCOUNT_COLUMNS = `id, mail, pseudo, password_hash AS passwordHash, reset_hash AS resetHash,
  reset_expires_at AS resetExpiresAt, created_at AS createdAt,
  password_expires_at AS passwordExpiresAt`;
const PENDING_COLUMNS = `token_hash AS tokenHash, mail, pseudo, password_hash AS passwordHash,
  created_at AS createdAt, expires_at AS expiresAt, used_at AS usedAt`;
const MAIL_CHANGE_COLUMNS = `kind, token_hash AS tokenHash, user_id AS userId, new_mail AS newMail,
  created_at AS createdAt, expires_at AS expiresAt, used_at AS usedAt`;

export class AccountsStore {
  private readonly byId: Statement<[number], AccountRow>;
  private readonly byMail: Statement<[string], AccountRow>;
  private readonly insertAccount: Statement<[AccountRow]>;
  private readonly pendingByToken: Statement<[string], PendingRegistrationRow>;
  private readonly insertPending: Statement<[PendingRegistrationRow]>;
  private readonly sessionUser: Statement<[string, number], { userId: number }>;

  /**
   * `inTurn` tells whether the caller holds a write turn (ServerStore.write): a write outside
   * one would join a sync mutation's open transaction (see WriteQueue). On the reader
   * connection, reads only: `inTurn` is then always false.
   */
  constructor(
    private readonly db: Database,
    private readonly inTurn: () => boolean,
  ) {
    this.byId = db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ?`);
    this.byMail = db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE mail = ?`);
    this.insertAccount = db.prepare(`INSERT INTO accounts
      (id, mail, pseudo, password_hash, reset_hash, reset_expires_at, created_at,
       password_expires_at)
      VALUES (@id, @mail, @pseudo, @passwordHash, @resetHash, @resetExpiresAt, @createdAt,
       @passwordExpiresAt)`);
    this.pendingByToken = db.prepare(
      `SELECT ${PENDING_COLUMNS} FROM pending_registrations WHERE token_hash = ?`,
    );
    this.insertPending = db.prepare(`INSERT INTO pending_registrations
      (token_hash, mail, pseudo, password_hash, created_at, expires_at, used_at)
      VALUES (@tokenHash, @mail, @pseudo, @passwordHash, @createdAt, @expiresAt, @usedAt)`);
    // Read on every authenticated request: one lookup by primary key, account still there.
    this.sessionUser = db.prepare(`SELECT s.user_id AS userId FROM sessions s
      JOIN accounts a ON a.id = s.user_id WHERE s.id = ? AND s.expires_at > ?`);
  }

  getAccount(id: number): AccountRow | undefined {
    return this.byId.get(id);
  }

  findAccountByMail(mail: string): AccountRow | undefined {
    return this.byMail.get(mail);
  }

  createAccount(account: AccountRow): void {
    this.assertTurn();
    this.insertAccount.run({ ...account, passwordExpiresAt: account.passwordExpiresAt ?? null });
  }

  /** Changes the pseudonym, and the password when a new hash is given. */
  updateAccount(id: number, changes: { pseudo: string; passwordHash: string | null }): void {
    this.write(
      `UPDATE accounts SET pseudo = ?, password_hash = COALESCE(?, password_hash) WHERE id = ?`,
    ).run(changes.pseudo, changes.passwordHash, id);
    if (changes.passwordHash !== null) {
      // A password chosen in the settings makes a mailed replacement pointless, and ends the
      // deadline of a mailed password in use.
      this.clearResetPassword(id);
      this.write('UPDATE accounts SET password_expires_at = NULL WHERE id = ?').run(id);
    }
  }

  /** The same password hashed at the current cost (upgrade at login). */
  replacePasswordHash(id: number, passwordHash: string): void {
    this.write('UPDATE accounts SET password_hash = ? WHERE id = ?').run(passwordHash, id);
  }

  setMail(id: number, mail: string): void {
    this.write('UPDATE accounts SET mail = ? WHERE id = ?').run(mail, id);
  }

  setResetPassword(id: number, resetHash: string, expiresAt: number): void {
    this.write('UPDATE accounts SET reset_hash = ?, reset_expires_at = ? WHERE id = ?').run(
      resetHash,
      expiresAt,
      id,
    );
  }

  clearResetPassword(id: number): void {
    this.write('UPDATE accounts SET reset_hash = NULL, reset_expires_at = NULL WHERE id = ?').run(
      id,
    );
  }

  /**
   * The mailed password becomes the password until `expiresAt` (unless replaced before); the
   * previous one stops working.
   */
  promoteResetPassword(id: number, expiresAt: number): void {
    this.write(
      `UPDATE accounts SET password_hash = reset_hash, reset_hash = NULL, reset_expires_at = NULL,
         password_expires_at = ? WHERE id = ? AND reset_hash IS NOT NULL`,
    ).run(expiresAt, id);
  }

  // Sessions: a token is honoured only while its row exists and has not expired.

  createSession(session: { id: string; userId: number; createdAt: number; expiresAt: number }) {
    this.write(
      'INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
    ).run(session.id, session.userId, session.createdAt, session.expiresAt);
  }

  /** The user of a live session (its account still existing), or undefined. */
  sessionUserId(sessionId: string, now: number): number | undefined {
    return this.sessionUser.get(sessionId, now)?.userId;
  }

  deleteSession(sessionId: string): void {
    this.write('DELETE FROM sessions WHERE id = ?').run(sessionId);
  }

  /** Ends every session of the user except `keep` (null: all of them). */
  deleteSessionsOf(userId: number, keep: string | null): number {
    return this.write('DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?').run(userId, keep)
      .changes;
  }

  deleteSessionsExpiredBefore(before: number): void {
    this.write('DELETE FROM sessions WHERE expires_at <= ?').run(before);
  }

  // Mail changes wait for the link mailed to the new address.

  /** Records a link; a requested change replaces the user's earlier unconfirmed ones. */
  addMailChange(row: MailChangeRow): void {
    if (row.kind === 'change') this.cancelMailChanges(row.userId);
    this.write(
      `INSERT INTO mail_changes
         (kind, token_hash, user_id, new_mail, created_at, expires_at, used_at)
         VALUES (@kind, @tokenHash, @userId, @newMail, @createdAt, @expiresAt, @usedAt)`,
    ).run(row);
  }

  findMailChange(tokenHash: string): MailChangeRow | undefined {
    return this.read(`SELECT ${MAIL_CHANGE_COLUMNS} FROM mail_changes WHERE token_hash = ?`).get(
      tokenHash,
    ) as MailChangeRow | undefined;
  }

  /** The user's change still waiting for its link, if any. */
  pendingMailChange(userId: number, now: number): MailChangeRow | undefined {
    return this.read(
      `SELECT ${MAIL_CHANGE_COLUMNS} FROM mail_changes
         WHERE user_id = ? AND kind = 'change' AND used_at IS NULL AND expires_at > ?
         ORDER BY created_at DESC LIMIT 1`,
    ).get(userId, now) as MailChangeRow | undefined;
  }

  markMailChangeUsed(tokenHash: string, usedAt: number): void {
    this.write('UPDATE mail_changes SET used_at = ? WHERE token_hash = ?').run(usedAt, tokenHash);
  }

  /** Forgets the user's unconfirmed changes (their links stop working); never a revert link. */
  cancelMailChanges(userId: number): void {
    this.write(
      "DELETE FROM mail_changes WHERE user_id = ? AND kind = 'change' AND used_at IS NULL",
    ).run(userId);
  }

  deleteMailChangesExpiredBefore(before: number): void {
    this.write('DELETE FROM mail_changes WHERE expires_at < ?').run(before);
  }

  addPendingRegistration(row: PendingRegistrationRow): void {
    this.assertTurn();
    this.insertPending.run(row);
  }

  findPendingRegistration(tokenHash: string): PendingRegistrationRow | undefined {
    return this.pendingByToken.get(tokenHash);
  }

  /** The registrations of an address whose link was never followed, newest first. */
  findUnusedRegistrationsByMail(mail: string, limit: number): PendingRegistrationRow[] {
    return this.read(
      `SELECT ${PENDING_COLUMNS} FROM pending_registrations
         WHERE mail = ? AND used_at IS NULL ORDER BY created_at DESC LIMIT ?`,
    ).all(mail, limit) as PendingRegistrationRow[];
  }

  markRegistrationUsed(tokenHash: string, usedAt: number): void {
    this.write('UPDATE pending_registrations SET used_at = ? WHERE token_hash = ?').run(
      usedAt,
      tokenHash,
    );
  }

  /** Forgets registrations that expired before `before` (kept until then to say "expired"). */
  deleteRegistrationsExpiredBefore(before: number): void {
    this.write('DELETE FROM pending_registrations WHERE expires_at < ?').run(before);
  }

  countAttempts(key: string, since: number): number {
    const row = this.read('SELECT COUNT(*) AS n FROM auth_attempts WHERE key = ? AND at > ?').get(
      key,
      since,
    ) as { n: number };
    return row.n;
  }

  recordAttempt(key: string, at: number): void {
    this.write('INSERT INTO auth_attempts (key, at) VALUES (?, ?)').run(key, at);
  }

  /** Withdraws one counted attempt (a login counted before its check, which succeeded). */
  forgetAttempt(key: string, at: number): void {
    this.write(
      'DELETE FROM auth_attempts WHERE rowid = (SELECT rowid FROM auth_attempts WHERE key = ? AND at = ? LIMIT 1)',
    ).run(key, at);
  }

  clearAttempts(key: string): void {
    this.write('DELETE FROM auth_attempts WHERE key = ?').run(key);
  }

  deleteAttemptsBefore(before: number): void {
    this.write('DELETE FROM auth_attempts WHERE at <= ?').run(before);
  }

  /** Erases the account and what is keyed by it (AccountsWrites.deleteAccount). */
  deleteAccount(
    userId: number,
    mail: string,
    attemptKeys: { exact: string[]; prefixes: string[] },
  ): void {
    this.write('DELETE FROM sessions WHERE user_id = ?').run(userId);
    this.write('DELETE FROM mail_changes WHERE user_id = ?').run(userId);
    this.write('DELETE FROM pending_registrations WHERE mail = ?').run(mail);
    const exact = this.write('DELETE FROM auth_attempts WHERE key = ?');
    for (const key of attemptKeys.exact) exact.run(key);
    const prefixed = this.write(
      'DELETE FROM auth_attempts WHERE substr(key, 1, length(@prefix)) = @prefix',
    );
    for (const prefix of attemptKeys.prefixes) prefixed.run({ prefix });
    this.write('DELETE FROM accounts WHERE id = ?').run(userId);
  }

  private read(sql: string): Statement {
    return this.db.prepare(sql);
  }

  private write(sql: string): Statement {
    this.assertTurn();
    return this.db.prepare(sql);
  }

  private assertTurn(): void {
    if (!this.inTurn())
      throw new Error('Écriture des comptes hors de son tour (ServerStore.write).');
  }
}
