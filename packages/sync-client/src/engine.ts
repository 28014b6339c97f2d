/**
 * One device's sync with the server: lease ids, push the outbox in order, pull what changed
 * (page by page) and rebase what is still pending. One engine runs per device and user, in the
 * leader tab (see leader.ts). Safe to call again at any time: every step is idempotent.
 */
import type { Id } from '@popote/domain';
import { MAX_PUSH_MUTATIONS, SYNC_SCHEMA, type PullResponse } from '@popote/sync-protocol';
import { applyPull } from './apply-pull.js';
import { inTransaction, type LocalDb } from './db.js';
import { ID_LOW_WATER, addIdBlock, spareIds } from './ids.js';
import { COOKIE, SCHEMA, SYNC_STATE } from './light.js';
import { TransportError, type SyncTransport } from './transport.js';

/** 'serverTooOld': the app is newer than the server; changes wait until it is updated. */
export type SyncStatus =
  'idle' | 'syncing' | 'offline' | 'auth' | 'accountDeleted' | 'serverTooOld' | 'error';

export interface SyncState {
  status: SyncStatus;
  /** ISO date-time of the last complete sync. */
  lastSyncAt: string | null;
  /** The French reason of the last failure, if any. */
  error: string | null;
  /**
   * The server's synced schema at the last pull, when newer than the app's: the server holds
   * some rows or fields back until the app is updated (the update prompt says so).
   */
  serverSchema?: number | null;
}

const CLIENT_ID = 'clientId';

export async function clientIdOf(db: LocalDb): Promise<string> {
  const existing = (await db.meta.get(CLIENT_ID))?.value as string | undefined;
  if (existing) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  await db.meta.put({ key: CLIENT_ID, value: id });
  return id;
}

export class SyncEngine {
  private running: Promise<void> | null = null;
  private again = false;
  private stamped = false;

  /** The synced schema this engine speaks: the app's (tests play other app versions). */
  private readonly schema: number;

  constructor(
    readonly db: LocalDb,
    readonly userId: Id,
    private readonly transport: SyncTransport,
    options: { schema?: number } = {},
  ) {
    this.schema = options.schema ?? SYNC_SCHEMA;
  }

  /**
   * Syncs until nothing is left to push. Concurrent calls share the run in progress and
   * schedule one more pass, so that a change made during a sync is never left waiting.
   */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.syncOnce();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async syncOnce(): Promise<void> {
    await this.setState({ status: 'syncing', error: null });
    try {
      if (!this.stamped) await this.stampOutbox();
      const clientId = await clientIdOf(this.db);
      if ((await spareIds(this.db)) < ID_LOW_WATER) {
        await addIdBlock(this.db, await this.transport.ids({ clientId }));
      }
      const held = await this.pushAll(clientId);
      // A server older than the app still answers pulls: others' changes arrive, and this
      // device's own ones, kept pending, replay on top of them.
      const serverSchema = await this.pullAll(clientId);
      const lastSyncAt = new Date().toISOString();
      const newer = serverSchema !== undefined && serverSchema > this.schema ? serverSchema : null;
      await this.setState(
        held
          ? { status: 'serverTooOld', lastSyncAt, error: held.message, serverSchema: newer }
          : { status: 'idle', lastSyncAt, error: null, serverSchema: newer },
      );
    } catch (e) {
      if (!(e instanceof TransportError)) {
        await this.setState({ status: 'error', error: String(e) });
        throw e;
      }
      const status =
        e.failure === 'offline' || e.failure === 'auth' || e.failure === 'accountDeleted'
          ? e.failure
          : 'error';
      await this.setState({ status, error: e.message });
      throw e;
    }
  }

  /**
   * Notes the schema of the app that recorded each outbox entry that does not say it (entries
   * of an app from before versions were noted): the device's schema, which only a complete
   * pull of the app that runs now changes. Once per engine: only an older app leaves them.
   */
  private async stampOutbox(): Promise<void> {
    await inTransaction(
      this.db,
      async (tx) => {
        const had = ((await tx.meta.get(SCHEMA))?.value as number | undefined) ?? 1;
        await tx.outbox
          .filter((entry) => entry.schema === undefined)
          .modify((entry) => {
            entry.schema = had;
          });
      },
      [this.db.outbox, this.db.meta],
    );
    this.stamped = true;
  }

  /**
   * Pushes the outbox in order. Answers the server's refusal when it is older than the app
   * (nothing was processed: every change stays pending), else undefined.
   */
  private async pushAll(clientId: string): Promise<TransportError | undefined> {
    let after = 0;
    for (;;) {
      const batch = await this.db.outbox
        .where('id')
        .above(after)
        .limit(MAX_PUSH_MUTATIONS)
        .toArray();
      if (batch.length === 0) return undefined;
      let lastMutationId: number;
      try {
        ({ lastMutationId } = await this.transport.push({
          clientId,
          schema: this.schema,
          // Only an entry of an older app says its schema: the push's is the others'.
          mutations: batch.map(({ id, name, args, schema }) =>
            schema === undefined || schema === this.schema
              ? { id, name, args }
              : { id, name, args, schema },
          ),
        }));
      } catch (e) {
        if (e instanceof TransportError && e.failure === 'serverTooOld') return e;
        throw e;
      }
      // The server may stop before the end of a heavy batch (its work bound per push): go on
      // from the last mutation it processed. No progress at all: leave the rest for next time.
      if (lastMutationId < batch[0]!.id) return undefined;
      after = Math.min(lastMutationId, batch[batch.length - 1]!.id);
    }
  }

  /**
   * Pulls every page; again from the new cookie while the server left refusals out of its last
   * page (each answer is complete, its cookie moves on), so that all of them arrive now.
   */
  private async pullAll(clientId: string): Promise<number | undefined> {
    let cookie = ((await this.db.meta.get(COOKIE))?.value as number | undefined) ?? null;
    if (cookie !== null) await this.catchUp(clientId, cookie);
    for (;;) {
      let cursor: string | null = null;
      let page: PullResponse;
      do {
        page = await this.transport.pull({ clientId, cookie, cursor, schema: this.schema });
        await applyPull(this.db, this.userId, page, { schema: this.schema });
        cursor = page.cursor;
      } while (page.more);
      // A cookie that does not move on would ask for the same page again: next sync.
      if (!page.rejectionsLeft || page.cookie === cookie) return page.serverSchema;
      cookie = page.cookie;
    }
  }

  /**
   * After an update that taught the app new tables: every readable row of those tables, held
   * back from this device until now, before the usual pull from its cookie (which goes on as
   * it was: rows changed since arrive again, harmlessly).
   */
  private async catchUp(clientId: string, cookie: number): Promise<void> {
    const had = ((await this.db.meta.get(SCHEMA))?.value as number | undefined) ?? 1;
    if (had >= this.schema) return;
    let cursor: string | null = null;
    let page: PullResponse;
    do {
      page = await this.transport.pull({
        clientId,
        cookie,
        cursor,
        schema: this.schema,
        catchUpFrom: had,
      });
      await applyPull(this.db, this.userId, page, { catchUp: true, schema: this.schema });
      cursor = page.cursor;
    } while (page.more);
    await this.db.meta.put({ key: SCHEMA, value: this.schema });
  }

  private async setState(change: Partial<SyncState>): Promise<void> {
    await inTransaction(
      this.db,
      async (tx) => {
        const current = ((await tx.meta.get(SYNC_STATE))?.value as SyncState | undefined) ?? {
          status: 'idle',
          lastSyncAt: null,
          error: null,
        };
        await tx.meta.put({ key: SYNC_STATE, value: { ...current, ...change } });
      },
      [this.db.meta],
    );
  }
}
