/**
 * The device databases of released versions (test/fixtures, issue 33) are what the server
 * tests say they are: each one's Dexie version and stores, a non-empty outbox of mutations
 * today's app knows, a base for every row its pending changes touched, a cookie and id blocks
 * that match the server state it records. Opening and syncing them: the server's
 * device-versions.pg.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isMutationName } from '@popote/domain';
import { RETIRED_MUTATIONS, SYNC_SCHEMA } from '@popote/sync-protocol';
import { fixtureLabel, readDeviceFixtures } from '../test/device-fixtures.js';
import { DB_VERSION } from './db.js';

const fixtures = readDeviceFixtures();

describe('the device fixtures of released versions', () => {
  it('cover every released Dexie version (1, 2… up to the previous one or this one)', () => {
    const versions = [...new Set(fixtures.map((f) => f.dbVersion))];
    expect(versions).toEqual(versions.map((_, i) => i + 1));
    expect(versions.length).toBeGreaterThanOrEqual(DB_VERSION - 1);
    expect(versions.length).toBeLessThanOrEqual(DB_VERSION);
  });

  it('cover every released synced schema, up to the previous one or this one', () => {
    const schemas = [...new Set(fixtures.map((f) => f.header.syncSchema))];
    expect(schemas).toEqual(schemas.map((_, i) => i + 1));
    expect(schemas.length).toBeGreaterThanOrEqual(SYNC_SCHEMA - 1);
    expect(schemas.length).toBeLessThanOrEqual(SYNC_SCHEMA);
  });

  describe.each(fixtures.map((f) => [fixtureLabel(f), f] as const))('%s', (_, f) => {
    const version = f.dbVersion;
    it('says its version, its commit and its stores', () => {
      expect(f.header.dexieVersion).toBe(version);
      expect(f.header.commit).toMatch(/^[0-9a-f]{40}$/u);
      expect(f.header.generated).toBe(true);
      for (const store of ['outbox', 'base', 'meta', 'rejected', 'users', 'stays', 'meals']) {
        expect(f.stores[store], store).toBeDefined();
      }
      expect(Object.keys(f.tables).sort()).toEqual(Object.keys(f.stores).sort());
      if (version >= 2) expect(f.stores.shopLists).toContain('*_ix_stayId');
      if (version >= 3) expect(f.stores.meals).toContain('*_ix_altRecipeIds');
      if (version >= 4) expect(f.stores.purchases).toBeDefined();
      if (version >= 5) expect(f.stores.stayMembers).toBeDefined();
    });

    it('holds pending changes today’s app knows, in order, with their bases', () => {
      const outbox = f.tables.outbox as { id: number; name: string; args: unknown; at: string }[];
      expect(outbox.length).toBeGreaterThan(10);
      const ids = outbox.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids[0]).toBe(f.server.lastMutationId + 1);
      expect(f.tables.meta!.find((m) => m.key === 'nextMutationId')?.value).toBe(ids.at(-1)! + 1);
      for (const entry of outbox) {
        expect(isMutationName(entry.name) || entry.name in RETIRED_MUTATIONS, entry.name).toBe(
          true,
        );
        expect(entry.at).toMatch(/^\d{4}-\d\d-\d\dT/u);
      }
      // And a change the server refused before, kept for 'Modifications refusées'.
      expect(f.tables.rejected!.length).toBeGreaterThan(0);
      const bases = f.tables.base as { key: string; table: string; id: number }[];
      expect(bases.length).toBeGreaterThan(0);
      for (const base of bases) expect(base.key).toBe(`${base.table}:${base.id}`);
    });

    it('matches the server state it records: cookie, device, id blocks, synced rows', () => {
      const meta = Object.fromEntries(
        (f.tables.meta as { key: string; value: unknown }[]).map((m) => [m.key, m.value]),
      );
      expect(meta.cookie).toBe(f.server.cookie);
      expect(meta.clientId).toBe(f.server.clientId);
      const blocks = meta.idBlocks as { first: number; count: number }[];
      const device = f.server.leases.find((l) => l.clientId === f.server.clientId)!;
      expect(blocks.map((b) => [b.first, b.count])).toEqual([[device.first, device.count]]);
      // A row no pending change touched is the server's, as pulled.
      const touched = new Set((f.tables.base as { key: string }[]).map((b) => b.key));
      for (const [table, rows] of Object.entries(f.server.rows)) {
        for (const row of rows) {
          if (touched.has(`${table}:${row.id}`)) continue;
          const stored = f.tables[table]!.find((r) => r.id === row.id);
          expect(stored, `${table}:${row.id}`).toMatchObject(row);
        }
      }
    });
  });
});
