/**
 * The accounts of SQLite behind the asynchronous interfaces of ports.ts. better-sqlite3 runs
 * each statement synchronously; these adapters add no SQL of their own (it stays in
 * accounts-store.ts). Reads of committed data run on the reader connection; the writes, and
 * the reads that decide them, on the writer connection inside ServerStore.write's transaction.
 */
import type { AccountsStore } from './accounts-store.js';
import type {
  AccountRow,
  AccountsReads,
  AccountsWrites,
  MailChangeRow,
  PendingRegistrationRow,
} from '../ports.js';

export class SqliteAccountsReads implements AccountsReads {
  constructor(protected readonly store: AccountsStore) {}

  async getAccount(id: number): Promise<AccountRow | undefined> {
    return this.store.getAccount(id);
  }
  async findAccountByMail(mail: string): Promise<AccountRow | undefined> {
    return this.store.findAccountByMail(mail);
  }
  async findPendingRegistration(tokenHash: string): Promise<PendingRegistrationRow | undefined> {
    return this.store.findPendingRegistration(tokenHash);
  }
  async findUnusedRegistrationsByMail(
    mail: string,
    limit: number,
  ): Promise<PendingRegistrationRow[]> {
    return this.store.findUnusedRegistrationsByMail(mail, limit);
  }
  async findMailChange(tokenHash: string): Promise<MailChangeRow | undefined> {
    return this.store.findMailChange(tokenHash);
  }
  async pendingMailChange(userId: number, now: number): Promise<MailChangeRow | undefined> {
    return this.store.pendingMailChange(userId, now);
  }
  async sessionUserId(sessionId: string, now: number): Promise<number | undefined> {
    return this.store.sessionUserId(sessionId, now);
  }
  async countAttempts(key: string, since: number): Promise<number> {
    return this.store.countAttempts(key, since);
  }
}

export class SqliteAccountsWrites extends SqliteAccountsReads implements AccountsWrites {
  async createAccount(account: AccountRow): Promise<void> {
    this.store.createAccount(account);
  }
  async updateAccount(
    id: number,
    changes: { pseudo: string; passwordHash: string | null },
  ): Promise<void> {
    this.store.updateAccount(id, changes);
  }
  async replacePasswordHash(id: number, passwordHash: string): Promise<void> {
    this.store.replacePasswordHash(id, passwordHash);
  }
  async setMail(id: number, mail: string): Promise<void> {
    this.store.setMail(id, mail);
  }
  async setResetPassword(id: number, resetHash: string, expiresAt: number): Promise<void> {
    this.store.setResetPassword(id, resetHash, expiresAt);
  }
  async clearResetPassword(id: number): Promise<void> {
    this.store.clearResetPassword(id);
  }
  async promoteResetPassword(id: number, expiresAt: number): Promise<void> {
    this.store.promoteResetPassword(id, expiresAt);
  }
  async createSession(session: {
    id: string;
    userId: number;
    createdAt: number;
    expiresAt: number;
  }): Promise<void> {
    this.store.createSession(session);
  }
  async deleteSession(sessionId: string): Promise<void> {
    this.store.deleteSession(sessionId);
  }
  async deleteSessionsOf(userId: number, keep: string | null): Promise<number> {
    return this.store.deleteSessionsOf(userId, keep);
  }
  async deleteSessionsExpiredBefore(before: number): Promise<void> {
    this.store.deleteSessionsExpiredBefore(before);
  }
  async addMailChange(row: MailChangeRow): Promise<void> {
    this.store.addMailChange(row);
  }
  async markMailChangeUsed(tokenHash: string, usedAt: number): Promise<void> {
    this.store.markMailChangeUsed(tokenHash, usedAt);
  }
  async cancelMailChanges(userId: number): Promise<void> {
    this.store.cancelMailChanges(userId);
  }
  async deleteMailChangesExpiredBefore(before: number): Promise<void> {
    this.store.deleteMailChangesExpiredBefore(before);
  }
  async addPendingRegistration(row: PendingRegistrationRow): Promise<void> {
    this.store.addPendingRegistration(row);
  }
  async markRegistrationUsed(tokenHash: string, usedAt: number): Promise<void> {
    this.store.markRegistrationUsed(tokenHash, usedAt);
  }
  async deleteRegistrationsExpiredBefore(before: number): Promise<void> {
    this.store.deleteRegistrationsExpiredBefore(before);
  }
  async recordAttempt(key: string, at: number): Promise<void> {
    this.store.recordAttempt(key, at);
  }
  async forgetAttempt(key: string, at: number): Promise<void> {
    this.store.forgetAttempt(key, at);
  }
  async clearAttempts(key: string): Promise<void> {
    this.store.clearAttempts(key);
  }
  async deleteAttemptsBefore(before: number): Promise<void> {
    this.store.deleteAttemptsBefore(before);
  }
  async deleteAccount(
    userId: number,
    mail: string,
    attemptKeys: { exact: string[]; prefixes: string[] },
  ): Promise<void> {
    this.store.deleteAccount(userId, mail, attemptKeys);
  }
}
