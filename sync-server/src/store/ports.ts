/**
 * What the services ask of a database (the synced rows, the accounts, the meta values, the
 * public export link), whatever the database: every call is asynchronous, so that SQLite (one
 * process, better-sqlite3) and a networked database (several server processes on one
 * PostgreSQL) answer the same interface. The SQL of each stays in its own store module.
 */
import type { ChangeChannel } from './change-channel.js';
import type {
  Id,
  NamingTable,
  ReadStore,
  StayExportInput,
  TableName,
  Tables,
} from '@popote/domain';
import type { WriteTurns } from './write-queue.js';

/** A synced row as stored, for pulls: its JSON text is sent as it is. */
export interface RawRow {
  tbl: TableName;
  id: Id;
  owner: Id | null;
  version: number;
  /** JSON text, or null for a tombstone. */
  data: string | null;
  /** The owner of a menu or recipe, kept after its deletion; null for other tables. */
  author: Id | null;
  /**
   * For a menu or recipe: the last version written while it was published (the version that
   * unpublished or deleted it, or the latest while it stays published); null if never.
   */
  publicAt: number | null;
}

/** What the store knows of an id a row is about to take. */
export interface IdClaim {
  leasedTo: Id | null;
  used: boolean;
  usedBy: Id | null;
}

/** What a user holds on the server (live rows). */
export interface UserUsage {
  rows: number;
  /** Bytes of the rows' JSON (UTF-8). */
  bytes: number;
  stays: number;
}

export interface StoredRejection {
  mutationId: number;
  name: string;
  /** The arguments' JSON text; '' when they were not kept (never valid JSON). */
  args: string;
  message: string;
  /** When it was refused (ISO date-time, so that texts compare as times). */
  at: string;
}

/** A refusal as a pull reads it: with the version of the transaction that recorded it. */
export interface PulledRejection extends StoredRejection {
  version: number;
}

/** Position in the changes: after this (version, table, id). */
export interface ChangePosition {
  version: number;
  tbl: string;
  id: Id;
}

/** Reads of the synced rows, all from one consistent view of the committed data. */
export interface SyncSnapshot extends ReadStore {
  /** The live rows of an owner-only table that belong to a user. */
  ownedIds(table: TableName, owner: Id): Promise<Id[]>;
  /**
   * The version up to which every write is committed and visible here: a pull that sends the
   * changes up to it and keeps it as its cookie never skips a write committed later.
   */
  version(): Promise<number>;
  /** Rows written after `since` up to `upTo`, after the position, in (version, table, id) order. */
  changedSince(
    since: number,
    upTo: number,
    after: ChangePosition,
    limit: number,
  ): Promise<RawRow[]>;
  /** The JSON text of live rows, in the order of ids (missing ones skipped). */
  rawByIds(table: TableName, ids: readonly Id[]): Promise<{ id: Id; data: string }[]>;
  /** The device's first `limit` refusals (all by default) after `since` up to `upTo`, in order. */
  rejectionsFor(
    clientId: string,
    since: number,
    upTo: number,
    limit?: number,
  ): Promise<PulledRejection[]>;
  /** Whether the device has refusals recorded up to `upTo` and before `before` (ISO). */
  hasRejectionsToForget(clientId: string, upTo: number, before: string): Promise<boolean>;
  lastMutationId(clientId: string): Promise<number>;
  /** The device's owner and last processed mutation, if the server knows it. */
  client(clientId: string): Promise<{ userId: Id; lastMutationId: number } | undefined>;
}

/** One write transaction over the synced rows: all of it commits, or none. */
export interface SyncTx extends SyncSnapshot {
  /** This transaction's version, taken on first use: every row it writes carries it. */
  writeVersion(): Promise<number>;
  putRow<T extends TableName>(table: T, row: Tables[T]): Promise<void>;
  deleteRow(table: TableName, id: Id): Promise<void>;
  /** Reserves `count` consecutive ids of the one service-wide sequence; returns the first. */
  allocateIds(count: number): Promise<Id>;
  leaseIds(first: Id, count: number, userId: Id, clientId: string, at: number): Promise<void>;
  /** The user an id was leased to, or null. */
  leasedTo(id: Id): Promise<Id | null>;
  /**
   * What a new row's id needs checked, in one read: the user it was leased to (or null),
   * whether it was ever used in the table (tombstones included: ids are never reused), and the
   * owner of the row that used it (kept by its tombstone; null when none or unowned).
   */
  idClaim(table: TableName, id: Id): Promise<IdClaim>;
  addClient(clientId: string, userId: Id, at: number): Promise<void>;
  setLastMutationId(clientId: string, id: number): Promise<void>;
  recordRejection(clientId: string, userId: Id, rejection: StoredRejection): Promise<void>;
  /** Bytes of the arguments kept with the user's refusals (all devices). */
  rejectedArgsBytes(userId: Id): Promise<number>;
  /** Forgets the user's refusals but the newest `keep` (all devices). */
  keepNewestRejections(userId: Id, keep: number): Promise<void>;
  /** Forgets the device's refusals recorded up to `upTo` and before `before` (ISO). */
  forgetRejections(clientId: string, upTo: number, before: string): Promise<void>;
  /** What the user holds, this transaction's writes included. */
  usage(userId: Id): Promise<UserUsage>;
  /**
   * The live rows of the table naming the user (account erasure, issue 33): journal entries
   * they wrote or whose arguments name them (`userId`), invitations they used (`usedBy`).
   */
  idsNaming(table: NamingTable, userId: Id): Promise<Id[]>;
  /**
   * Forgets the user on the sync side once their rows are tombstones (account erasure): their
   * devices, id leases, refusals, usage counters, and their id on the tombstones' owner and
   * author columns (who may be told of a deletion is then decided without them).
   */
  forgetUser(userId: Id): Promise<void>;
}

export interface TransactionOptions {
  /**
   * The user whose data the transaction writes: transactions of one user wait for each other
   * (a user's devices on several instances), so that only different users' run side by side.
   */
  forUser?: Id;
}

/** The synced rows of one database. */
export interface SyncRows {
  /**
   * Runs fn as one write transaction. On SQLite the caller holds its turn of the write queue
   * (only one transaction is open at a time); fn may await.
   */
  transaction<T>(fn: (tx: SyncTx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * The device's owner and last processed mutation as the caller's next write transaction
   * would see them (from a write turn), read without opening one; undefined if unknown.
   */
  device(clientId: string): Promise<{ userId: Id; lastMutationId: number } | undefined>;
  /**
   * True when this process is the database's only writer (SQLite, one process): what a write
   * turn read of a device's progress (device()) holds until the turn ends, so a push need not
   * read it again inside its transaction. Absent (PostgreSQL): another instance may write it.
   */
  readonly soleWriter?: boolean;
  /** Runs fn on one snapshot of the committed data. */
  snapshot<T>(fn: (snapshot: SyncSnapshot) => Promise<T>): Promise<T>;
  /** Reads of committed data outside any snapshot (each read sees the latest commit). */
  readonly reads: ReadStore;
  /** Whether an error is the database failing (busy, full, gone), not the data. */
  isStoreFailure(e: unknown): boolean;
  /** Whether an error is a unique constraint refusing a write. */
  isUniqueViolation(e: unknown): boolean;
}

export interface AccountRow {
  id: number;
  mail: string;
  pseudo: string;
  passwordHash: string;
  resetHash: string | null;
  resetExpiresAt: number | null;
  createdAt: number;
  /**
   * Set while the password is a mailed one (used once to log in, not yet replaced): it is
   * refused for login after this time.
   */
  passwordExpiresAt?: number | null;
}

export interface MailChangeRow {
  /** 'change': to the new address; 'revert': to the old one, undoing a confirmed change. */
  kind: 'change' | 'revert';
  tokenHash: string;
  userId: number;
  newMail: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
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

/**
 * Reads of accounts, sessions, pending registrations, mail changes and attempt counters: what
 * a request checks before it decides to write (outside a transaction, on committed data).
 */
export interface AccountsReads {
  getAccount(id: number): Promise<AccountRow | undefined>;
  findAccountByMail(mail: string): Promise<AccountRow | undefined>;
  findPendingRegistration(tokenHash: string): Promise<PendingRegistrationRow | undefined>;
  /** The registrations of an address whose link was never followed, newest first. */
  findUnusedRegistrationsByMail(mail: string, limit: number): Promise<PendingRegistrationRow[]>;
  findMailChange(tokenHash: string): Promise<MailChangeRow | undefined>;
  /** The user's change still waiting for its link, if any. */
  pendingMailChange(userId: number, now: number): Promise<MailChangeRow | undefined>;
  /** The user of a live session (its account still existing), or undefined. */
  sessionUserId(sessionId: string, now: number): Promise<number | undefined>;
  countAttempts(key: string, since: number): Promise<number>;
}

/**
 * The accounts inside one write transaction (StoreTx): its reads see its own writes, and the
 * checks and the writes that depend on them commit together.
 */
export interface AccountsWrites extends AccountsReads {
  createAccount(account: AccountRow): Promise<void>;
  /** Changes the pseudonym, and the password when a new hash is given. */
  updateAccount(
    id: number,
    changes: { pseudo: string; passwordHash: string | null },
  ): Promise<void>;
  /** The same password hashed at the current cost (upgrade at login). */
  replacePasswordHash(id: number, passwordHash: string): Promise<void>;
  setMail(id: number, mail: string): Promise<void>;
  setResetPassword(id: number, resetHash: string, expiresAt: number): Promise<void>;
  clearResetPassword(id: number): Promise<void>;
  /**
   * The mailed password becomes the password until `expiresAt` (unless replaced before); the
   * previous one stops working.
   */
  promoteResetPassword(id: number, expiresAt: number): Promise<void>;
  createSession(session: {
    id: string;
    userId: number;
    createdAt: number;
    expiresAt: number;
  }): Promise<void>;
  deleteSession(sessionId: string): Promise<void>;
  /** Ends every session of the user except `keep` (null: all of them); returns how many. */
  deleteSessionsOf(userId: number, keep: string | null): Promise<number>;
  deleteSessionsExpiredBefore(before: number): Promise<void>;
  /** Records a link; a requested change replaces the user's earlier unconfirmed ones. */
  addMailChange(row: MailChangeRow): Promise<void>;
  markMailChangeUsed(tokenHash: string, usedAt: number): Promise<void>;
  /** Forgets the user's unconfirmed changes (their links stop working); never a revert link. */
  cancelMailChanges(userId: number): Promise<void>;
  deleteMailChangesExpiredBefore(before: number): Promise<void>;
  addPendingRegistration(row: PendingRegistrationRow): Promise<void>;
  markRegistrationUsed(tokenHash: string, usedAt: number): Promise<void>;
  /** Forgets registrations that expired before `before` (kept until then to say "expired"). */
  deleteRegistrationsExpiredBefore(before: number): Promise<void>;
  recordAttempt(key: string, at: number): Promise<void>;
  /** Withdraws one counted attempt (a login counted before its check, which succeeded). */
  forgetAttempt(key: string, at: number): Promise<void>;
  clearAttempts(key: string): Promise<void>;
  deleteAttemptsBefore(before: number): Promise<void>;
  /**
   * Erases the account (issue 33): its row, sessions, mail-change links, the registrations of
   * its address, and the attempt counters keyed by it (`attemptKeys`: exact keys, and prefixes
   * of keys followed by a client address).
   */
  deleteAccount(
    userId: number,
    mail: string,
    attemptKeys: { exact: string[]; prefixes: string[] },
  ): Promise<void>;
}

/** The public stay export link's reads: one consistent picture of the stay and its rows. */
export interface ExportLinkReads {
  /** The stay whose export link carries this secret, with its rows; null when none has it. */
  readStayExport(secret: string): Promise<StayExportInput | null>;
}

/**
 * One write transaction over everything a service writes (ServerDatabase.write): an account
 * and its public pseudonym (a synced `users` row) commit together, or neither does.
 */
export interface StoreTx {
  accounts: AccountsWrites;
  /** The synced rows, in the same transaction. */
  rows: SyncTx;
  /** Reserves `count` consecutive ids of the one service-wide sequence; returns the first. */
  allocateIds(count: number): Promise<number>;
  /** A value of the meta table (service-wide settings and markers), or null. */
  getMeta(key: string): Promise<string | number | null>;
  setMeta(key: string, value: string | number): Promise<void>;
}

/** Everything the services ask of one database: the one interface SQLite and PostgreSQL answer. */
export interface ServerDatabase {
  /** Reads of committed data outside any transaction (a request's checks, every session). */
  readonly accounts: AccountsReads;
  readonly rows: SyncRows;
  readonly exportLink: ExportLinkReads;
  /** Where "something changed" reaches every instance's connected devices. */
  readonly changes: ChangeChannel;
  /**
   * The turns at writing: one at a time on SQLite, those that wait together sharing a commit
   * (GroupCommitTurns), side by side on PostgreSQL (ConcurrentTurns); sync tasks and
   * `write()` take them.
   */
  readonly writes: WriteTurns;
  /** Runs fn as one write transaction in its own turn of `writes`; fn may await. */
  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** A value of the meta table as committed, or null. */
  getMeta(key: string): Promise<string | number | null>;
  /** The value stored under key, created by make() if absent; the first writer wins. */
  metaOrCreate(key: string, make: () => string): Promise<string>;
  /** The secret that signs session tokens, generated on first start. */
  jwtSecret(): Promise<string>;
  /** Closes the connections (the server is stopping). */
  close(): Promise<void>;
}
