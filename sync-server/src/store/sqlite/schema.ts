/**
 * The schema of the server's database, as an ordered list of steps. A step is never edited
 * once released: a change is a new entry appended at the end. Its position (1-based) is its
 * number in the `migrations` table.
 */
import type { Database } from 'better-sqlite3';
import { SYNC_SCHEMA } from './sync-schema.js';

export interface Migration {
  name: string;
  /** SQL run as one script, or a function for steps that need logic. */
  up: string | ((db: Database) => void);
}

export const MIGRATIONS: readonly Migration[] = [
  {
    name: 'meta-and-id-counter',
    up: `
      -- Untyped value column: integers stay integers, so counters update in SQL.
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value ANY NOT NULL
      ) STRICT, WITHOUT ROWID;
      -- The next free id of the one service-wide id sequence.
      INSERT INTO meta (key, value) VALUES ('next_id', 1);
    `,
  },
  {
    name: 'accounts',
    up: `
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        mail TEXT NOT NULL UNIQUE,
        pseudo TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        -- A mailed replacement password, valid until used, replaced or expired.
        reset_hash TEXT,
        reset_expires_at INTEGER,
        created_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE pending_registrations (
        token_hash TEXT PRIMARY KEY,
        mail TEXT NOT NULL,
        pseudo TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      ) STRICT;
      CREATE INDEX pending_registrations_expires_at ON pending_registrations (expires_at);

      -- One row per counted attempt on an address (rate limit kept in the store).
      CREATE TABLE auth_attempts (
        key TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX auth_attempts_key_at ON auth_attempts (key, at);
      CREATE INDEX auth_attempts_at ON auth_attempts (at);
    `,
  },
  {
    name: 'sync',
    up: SYNC_SCHEMA,
  },
  {
    name: 'stay-export-secret-index',
    // The public export link finds its stay by the secret inside the stay's JSON.
    up: `CREATE INDEX rows_stay_export_secret ON rows (json_extract(data, '$.exportSecret'))
         WHERE tbl = 'stays'`,
  },
  {
    name: 'rows-sharing-history',
    // What a pull needs to send a deletion only to users who could read the row (issue 15):
    // the owner of a menu or recipe, kept in its tombstone, and the last version at which it
    // stopped being (or still was) published. Rows written before this step count as public
    // until their last version, as pulls treated them until now.
    up: `
      ALTER TABLE rows ADD COLUMN author INTEGER;
      ALTER TABLE rows ADD COLUMN public_at INTEGER;
      UPDATE rows SET author = json_extract(data, '$.owner')
        WHERE tbl IN ('menus', 'recipes') AND data IS NOT NULL;
      UPDATE rows SET public_at = version WHERE tbl IN ('menus', 'recipes');
    `,
  },
  {
    name: 'account-sessions',
    // Issue 15: a token is honoured only while its session row exists (logout, password change
    // and reset delete rows); a mailed password in use expires unless replaced; a new mail
    // address waits for its confirmation link.
    up: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX sessions_expires_at ON sessions (expires_at);

      ALTER TABLE accounts ADD COLUMN password_expires_at INTEGER;

      CREATE TABLE mail_changes (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL,
        new_mail TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      ) STRICT;
      CREATE INDEX mail_changes_user ON mail_changes (user_id);
    `,
  },
  {
    name: 'stay-export-secret-unique',
    // An export secret names one stay only (issue 15): a user cannot put another user's secret
    // on their own stay. A secret found on several stays stays with the oldest one; the others
    // lose it (a new version, so that their owners' devices learn it).
    up: (db) => {
      const taken = db
        .prepare(
          `SELECT r.id FROM rows r WHERE r.tbl = 'stays' AND r.data IS NOT NULL
             AND json_extract(r.data, '$.exportSecret') IS NOT NULL
             AND EXISTS (SELECT 1 FROM rows o WHERE o.tbl = 'stays' AND o.id < r.id
               AND json_extract(o.data, '$.exportSecret') = json_extract(r.data, '$.exportSecret'))`,
        )
        .pluck()
        .all() as number[];
      if (taken.length > 0) {
        db.prepare("UPDATE meta SET value = value + 1 WHERE key = 'version'").run();
        const clear = db.prepare(
          `UPDATE rows SET data = json_set(data, '$.exportSecret', NULL),
             version = (SELECT value FROM meta WHERE key = 'version')
           WHERE tbl = 'stays' AND id = ?`,
        );
        for (const id of taken) clear.run(id);
      }
      db.exec(`DROP INDEX rows_stay_export_secret;
        CREATE UNIQUE INDEX rows_stay_export_secret ON rows (json_extract(data, '$.exportSecret'))
          WHERE tbl = 'stays'`);
    },
  },
  {
    name: 'mail-change-kinds',
    // Issue 15: once a new address is confirmed, the old one gets a link to undo the change
    // ('revert'); a later request for a new address cancels earlier 'change' links, never it.
    up: `ALTER TABLE mail_changes ADD COLUMN kind TEXT NOT NULL DEFAULT 'change'`,
  },
  {
    name: 'user-usage',
    // Issue 15: per-user quotas. What each user holds (live rows, their JSON bytes, stays) is
    // kept by triggers in the same transaction as the writes, so that a mutation's check reads
    // an exact figure without counting. A row belongs to its owner column, else its author
    // (menus, recipes), else the owner in its JSON (ingredients, profiles...); rows of nobody
    // (pseudonyms) count for no one.
    up: `
      CREATE TABLE user_usage (
        user_id INTEGER PRIMARY KEY,
        rows INTEGER NOT NULL DEFAULT 0,
        bytes INTEGER NOT NULL DEFAULT 0,
        stays INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      INSERT INTO user_usage (user_id, rows, bytes, stays)
        SELECT u, count(*), sum(length(CAST(data AS BLOB))), sum(tbl = 'stays') FROM (
          SELECT COALESCE(owner, author, json_extract(data, '$.owner')) AS u, data, tbl
          FROM rows WHERE data IS NOT NULL)
        WHERE u IS NOT NULL GROUP BY u;
      CREATE TRIGGER rows_usage_insert AFTER INSERT ON rows
        WHEN NEW.data IS NOT NULL
          AND COALESCE(NEW.owner, NEW.author, json_extract(NEW.data, '$.owner')) IS NOT NULL
      BEGIN
        INSERT INTO user_usage (user_id, rows, bytes, stays)
          VALUES (COALESCE(NEW.owner, NEW.author, json_extract(NEW.data, '$.owner')), 1,
            length(CAST(NEW.data AS BLOB)), NEW.tbl = 'stays')
          ON CONFLICT (user_id) DO UPDATE SET rows = rows + 1, bytes = bytes + excluded.bytes,
            stays = stays + excluded.stays;
      END;
      CREATE TRIGGER rows_usage_update AFTER UPDATE OF data, owner, author ON rows
      BEGIN
        UPDATE user_usage SET rows = rows - 1, bytes = bytes - length(CAST(OLD.data AS BLOB)),
            stays = stays - (OLD.tbl = 'stays')
          WHERE OLD.data IS NOT NULL
            AND user_id = COALESCE(OLD.owner, OLD.author, json_extract(OLD.data, '$.owner'));
        INSERT INTO user_usage (user_id, rows, bytes, stays)
          SELECT COALESCE(NEW.owner, NEW.author, json_extract(NEW.data, '$.owner')), 1,
            length(CAST(NEW.data AS BLOB)), NEW.tbl = 'stays'
          WHERE NEW.data IS NOT NULL
            AND COALESCE(NEW.owner, NEW.author, json_extract(NEW.data, '$.owner')) IS NOT NULL
          ON CONFLICT (user_id) DO UPDATE SET rows = rows + 1, bytes = bytes + excluded.bytes,
            stays = stays + excluded.stays;
      END;
      CREATE TRIGGER rows_usage_delete AFTER DELETE ON rows
        WHEN OLD.data IS NOT NULL
      BEGIN
        UPDATE user_usage SET rows = rows - 1, bytes = bytes - length(CAST(OLD.data AS BLOB)),
            stays = stays - (OLD.tbl = 'stays')
          WHERE user_id = COALESCE(OLD.owner, OLD.author, json_extract(OLD.data, '$.owner'));
      END;
    `,
  },
  {
    name: 'rejections-per-user',
    // Issue 30: refusals are bounded per user (how many, the bytes of the arguments kept), so
    // each names its user (those recorded before: the user of their device) and the bytes of
    // its arguments, which the index holds so that a user's total is read from it alone.
    up: `
      ALTER TABLE rejections ADD COLUMN user_id INTEGER;
      ALTER TABLE rejections ADD COLUMN args_bytes INTEGER NOT NULL DEFAULT 0;
      UPDATE rejections SET args_bytes = length(CAST(args AS BLOB)), user_id =
        (SELECT c.user_id FROM sync_clients c WHERE c.client_id = rejections.client_id);
      CREATE INDEX rejections_user_version ON rejections (user_id, version, args_bytes);
    `,
  },
];
