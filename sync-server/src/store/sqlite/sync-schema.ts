/** Schema of the synced rows (appended to MIGRATIONS as 'sync'). */
export const SYNC_SCHEMA = `
  -- Every synced row of every table, as the JSON document devices hold. A deleted row stays as
  -- a tombstone (data NULL) so that devices learn of the deletion and its id is never reused.
  CREATE TABLE rows (
    tbl TEXT NOT NULL,
    id INTEGER NOT NULL,
    -- The owner, for owner-only tables (stays, groups, meals); NULL for the catalogue.
    owner INTEGER,
    -- The global version of the write that last touched the row.
    version INTEGER NOT NULL,
    data TEXT,
    PRIMARY KEY (tbl, id)
  ) STRICT;
  CREATE INDEX rows_version ON rows (version);
  CREATE INDEX rows_tbl_owner ON rows (tbl, owner);

  -- Secondary indexes of the domain (INDEXES in @popote/domain), one row per value.
  CREATE TABLE row_index (
    tbl TEXT NOT NULL,
    idx TEXT NOT NULL,
    value ANY NOT NULL,
    id INTEGER NOT NULL,
    PRIMARY KEY (tbl, idx, value, id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX row_index_row ON row_index (tbl, id);

  -- Each device (browser profile and user) and the last of its mutations processed.
  CREATE TABLE sync_clients (
    client_id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    last_mutation_id INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  ) STRICT;

  -- Blocks of ids leased to devices, so that ids made offline never collide.
  CREATE TABLE id_leases (
    first INTEGER PRIMARY KEY,
    count INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    client_id TEXT NOT NULL,
    leased_at INTEGER NOT NULL
  ) STRICT;

  -- Mutations the server refused, kept for the device that made them.
  CREATE TABLE rejections (
    client_id TEXT NOT NULL,
    mutation_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    args TEXT NOT NULL,
    message TEXT NOT NULL,
    at TEXT NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (client_id, mutation_id)
  ) STRICT;
  CREATE INDEX rejections_client_version ON rejections (client_id, version);

  INSERT INTO meta (key, value) VALUES ('version', 0);
`;
