/**
 * The schema of the server's database on PostgreSQL, as an ordered list of steps like the
 * SQLite one (sqlite/schema.ts): a step is never edited once released, a change is a new step.
 * Its first step is the SQLite schema as it stands after all of its own steps; both keep the
 * same tables, columns and meanings, so that `npm run migrate-to-postgres` copies rows as they
 * are.
 *
 * Two things differ because several server processes write at once:
 * - a row's version is the id of the transaction that wrote it (`pg_current_xact_id()`), plus
 *   a fixed offset (meta 'version_offset', set when a SQLite database is copied in, so that
 *   versions keep growing past the devices' cookies). A pull sends the changes up to the
 *   oldest transaction still running, so that a transaction that commits late is never
 *   skipped (see sync-rows.ts);
 * - the usage of each user is kept by a trigger function.
 */
import type { PoolClient } from 'pg';

export interface PgMigration {
  name: string;
  up: string | ((client: PoolClient) => Promise<void>);
}

export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    name: 'initial',
    up: `
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      -- The next free id of the one service-wide id sequence (see allocateIds).
      INSERT INTO meta (key, value) VALUES ('next_id', '1'), ('version_offset', '0');

      CREATE TABLE accounts (
        id BIGINT PRIMARY KEY,
        mail TEXT NOT NULL UNIQUE,
        pseudo TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        reset_hash TEXT,
        reset_expires_at BIGINT,
        created_at BIGINT NOT NULL,
        password_expires_at BIGINT
      );

      CREATE TABLE pending_registrations (
        token_hash TEXT PRIMARY KEY,
        mail TEXT NOT NULL,
        pseudo TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      );
      CREATE INDEX pending_registrations_expires_at ON pending_registrations (expires_at);
      CREATE INDEX pending_registrations_mail ON pending_registrations (mail);

      -- One row per counted attempt on an address (rate limits shared by every instance).
      CREATE TABLE auth_attempts (
        seq BIGSERIAL PRIMARY KEY,
        key TEXT NOT NULL,
        at BIGINT NOT NULL
      );
      CREATE INDEX auth_attempts_key_at ON auth_attempts (key, at);
      CREATE INDEX auth_attempts_at ON auth_attempts (at);

      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id BIGINT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX sessions_expires_at ON sessions (expires_at);

      CREATE TABLE mail_changes (
        token_hash TEXT PRIMARY KEY,
        user_id BIGINT NOT NULL,
        new_mail TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT,
        kind TEXT NOT NULL DEFAULT 'change'
      );
      CREATE INDEX mail_changes_user ON mail_changes (user_id);

      -- Every synced row of every table, as the JSON text devices hold (sent as stored). A
      -- deleted row stays as a tombstone (data NULL).
      CREATE TABLE rows (
        tbl TEXT NOT NULL,
        id BIGINT NOT NULL,
        owner BIGINT,
        version BIGINT NOT NULL,
        data TEXT,
        author BIGINT,
        public_at BIGINT,
        PRIMARY KEY (tbl, id)
      );
      CREATE INDEX rows_version ON rows (version, tbl, id);
      CREATE INDEX rows_tbl_owner ON rows (tbl, owner);
      CREATE UNIQUE INDEX rows_stay_export_secret ON rows (((data::jsonb) ->> 'exportSecret'))
        WHERE tbl = 'stays';

      -- Secondary indexes of the domain (INDEXES in @popote/domain), one row per value, the
      -- value as text (an index holds values of one type).
      CREATE TABLE row_index (
        tbl TEXT NOT NULL,
        idx TEXT NOT NULL,
        value TEXT NOT NULL,
        id BIGINT NOT NULL,
        PRIMARY KEY (tbl, idx, value, id)
      );
      CREATE INDEX row_index_row ON row_index (tbl, id);

      CREATE TABLE sync_clients (
        client_id TEXT PRIMARY KEY,
        user_id BIGINT NOT NULL,
        last_mutation_id BIGINT NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL
      );

      -- A device's last processed mutation with the version of the transaction that recorded
      -- it: a pull confirms the last one below its horizon (see sync-rows.ts).
      CREATE TABLE client_progress (
        client_id TEXT NOT NULL,
        version BIGINT NOT NULL,
        last_mutation_id BIGINT NOT NULL,
        PRIMARY KEY (client_id, version)
      );

      CREATE TABLE id_leases (
        first BIGINT PRIMARY KEY,
        count BIGINT NOT NULL,
        user_id BIGINT NOT NULL,
        client_id TEXT NOT NULL,
        leased_at BIGINT NOT NULL
      );

      CREATE TABLE rejections (
        client_id TEXT NOT NULL,
        mutation_id BIGINT NOT NULL,
        name TEXT NOT NULL,
        args TEXT NOT NULL,
        message TEXT NOT NULL,
        at TEXT NOT NULL,
        version BIGINT NOT NULL,
        PRIMARY KEY (client_id, mutation_id)
      );
      CREATE INDEX rejections_client_version ON rejections (client_id, version);

      CREATE TABLE user_usage (
        user_id BIGINT PRIMARY KEY,
        rows BIGINT NOT NULL DEFAULT 0,
        bytes BIGINT NOT NULL DEFAULT 0,
        stays BIGINT NOT NULL DEFAULT 0
      );

      -- Whose a row is for the quotas: its owner column, else its author (menus, recipes), else
      -- the owner in its JSON (ingredients, profiles…); rows of nobody count for no one.
      CREATE FUNCTION popote_row_user(owner BIGINT, author BIGINT, data TEXT) RETURNS BIGINT
        LANGUAGE sql IMMUTABLE AS
        $$ SELECT COALESCE(owner, author, ((data::jsonb) ->> 'owner')::bigint) $$;

      CREATE FUNCTION popote_usage() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE u BIGINT;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.data IS NOT NULL THEN
          u := popote_row_user(OLD.owner, OLD.author, OLD.data);
          IF u IS NOT NULL THEN
            UPDATE user_usage SET rows = rows - 1, bytes = bytes - octet_length(OLD.data),
              stays = stays - (OLD.tbl = 'stays')::int
            WHERE user_id = u;
          END IF;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.data IS NOT NULL THEN
          u := popote_row_user(NEW.owner, NEW.author, NEW.data);
          IF u IS NOT NULL THEN
            INSERT INTO user_usage (user_id, rows, bytes, stays)
              VALUES (u, 1, octet_length(NEW.data), (NEW.tbl = 'stays')::int)
              ON CONFLICT (user_id) DO UPDATE SET rows = user_usage.rows + 1,
                bytes = user_usage.bytes + excluded.bytes,
                stays = user_usage.stays + excluded.stays;
          END IF;
        END IF;
        RETURN NULL;
      END $$;

      CREATE TRIGGER rows_usage AFTER INSERT OR DELETE OR UPDATE OF data, owner, author ON rows
        FOR EACH ROW EXECUTE FUNCTION popote_usage();
    `,
  },
  {
    name: 'rate-limits',
    // Requests counted per client address and route, shared by every instance (the
    // per-address limits of registration, login, reset and the export link).
    up: `
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        window_start BIGINT NOT NULL,
        count INTEGER NOT NULL
      );
      CREATE INDEX rate_limits_window_start ON rate_limits (window_start);
    `,
  },
  {
    name: 'rejections-per-user',
    // Issue 30, as SQLite's step of the same name: each refusal names its user and the bytes
    // of its arguments.
    up: `
      ALTER TABLE rejections ADD COLUMN user_id BIGINT;
      ALTER TABLE rejections ADD COLUMN args_bytes BIGINT NOT NULL DEFAULT 0;
      UPDATE rejections r SET args_bytes = octet_length(r.args), user_id =
        (SELECT c.user_id FROM sync_clients c WHERE c.client_id = r.client_id);
      CREATE INDEX rejections_user_version ON rejections (user_id, version, args_bytes);
    `,
  },
  {
    name: 'rate-limits-unlogged',
    // Issue 36: every push counts a request here; a counter need not survive a crash (its
    // window restarts), so it is not written to the WAL and its commit waits for no flush.
    up: `ALTER TABLE rate_limits SET UNLOGGED;`,
  },
];
