/**
 * Forgets the device progress no pull can ask for any more (client_progress rows older than
 * the device's newest one below the horizon), for the devices that pushed through this
 * instance, every SWEEP_MS, outside the pushes.
 *
 * A push used to do it in its own transaction, reading its device's rows to find the newest
 * one. Under SERIALIZABLE that read takes a predicate lock on the index page, and the rows of
 * all devices share a few pages: concurrent pushes of different users then conflicted with
 * each other, and one ran again (most of the replays measured, issue 36). Here the rows are
 * deleted in READ COMMITTED, which takes no predicate lock, and a pull's answer does not
 * depend on them (it reads the newest row below its horizon, never deleted). The commit waits
 * for no flush: a sweep lost in a crash is done again by the next one.
 */
import type { Pool } from 'pg';
import { prepared } from './database.js';

const SWEEP_MS = 2_000;

export class ProgressSweep {
  /** Devices that recorded progress since the last sweep. */
  private devices = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pool: Pool,
    /** The version offset (meta 'version_offset'): versions are transaction ids plus it. */
    private readonly offset: number,
    /** The horizon's SQL expression (sync-rows.ts). */
    private readonly horizon: string,
  ) {
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  /** A push recorded the device's progress (committed or not: a sweep of nothing is harmless). */
  note(clientId: string): void {
    this.devices.add(clientId);
  }

  /** Sweeps the devices noted so far; answers how many rows it deleted. */
  async sweep(): Promise<number> {
    if (this.devices.size === 0) return 0;
    const devices = [...this.devices];
    this.devices = new Set();
    let client;
    try {
      client = await this.pool.connect();
    } catch {
      return 0; // the pool is closed or the database gone: nothing to keep tidy
    }
    try {
      // Sent together (pipeline mode): one round trip. A failed DELETE makes COMMIT roll back.
      const [, deleted] = await Promise.allSettled([
        client.query('BEGIN ISOLATION LEVEL READ COMMITTED; SET LOCAL synchronous_commit TO OFF'),
        client.query(
          prepared(
            `DELETE FROM client_progress p USING (
               SELECT client_id, max(version) AS keep FROM client_progress
               WHERE client_id = ANY($1::text[]) AND version <= ${this.horizon} + $2
               GROUP BY client_id
             ) k WHERE p.client_id = k.client_id AND p.version < k.keep`,
            [devices, this.offset],
          ),
        ),
        client.query('COMMIT'),
      ]);
      // Otherwise tried again with the devices' next pushes.
      return deleted.status === 'fulfilled' ? (deleted.value.rowCount ?? 0) : 0;
    } finally {
      client.release();
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
