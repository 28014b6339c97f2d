/**
 * "Something changed" between server instances on one PostgreSQL, for the hints sent to the
 * connected devices (/sync/events): each instance LISTENs on one channel and NOTIFYs it after
 * each commit, so that a device connected to instance A hears of a push made through
 * instance B. A notification says for whom: user ids, or '*' for everyone, separated by commas.
 */
import pg from 'pg';
import type { Id } from '@popote/domain';
import type { ChangeChannel } from '../change-channel.js';
import { prepared } from './database.js';

export const CHANGE_CHANNEL = 'popote_changes';
/** Hints in one notification at most: its payload stays far below PostgreSQL's 8,000 bytes. */
const MAX_PER_NOTIFY = 300;
/** Pause before listening again after the listening connection broke. */
const RECONNECT_MS = 1_000;

export class PgChangeChannel implements ChangeChannel {
  private readonly listeners = new Set<(userId: Id | null) => void>();
  /** Published, not yet sent: user ids, '*' for everyone, in the order published. */
  private readonly pending = new Set<string>();
  private sending = false;
  private client: pg.Client | null = null;
  private closed = false;

  private constructor(
    private readonly url: string,
    private readonly pool: Pick<pg.Pool, 'query'>,
  ) {}

  /** Starts listening; resolves once the LISTEN is in place. */
  static async open(url: string, pool: Pick<pg.Pool, 'query'>): Promise<PgChangeChannel> {
    const channel = new PgChangeChannel(url, pool);
    await channel.listen();
    return channel;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      for (const part of (message.payload ?? '').split(',')) {
        const userId = part === '*' ? null : Number(part);
        if (userId !== null && !Number.isSafeInteger(userId)) continue;
        for (const listener of this.listeners) listener(userId);
      }
    });
    // A lost connection listens again; meanwhile devices still sync on their own timer.
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.listenAgain();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private listenAgain(): void {
    if (this.closed) return;
    setTimeout(() => {
      if (!this.closed) this.listen().catch(() => this.listenAgain());
    }, RECONNECT_MS).unref();
  }

  publish(userId: Id | null): void {
    this.pending.add(userId === null ? '*' : String(userId));
    if (!this.sending) void this.send();
  }

  /**
   * Sends what was published, after the commit that made the change; what is published while
   * a NOTIFY is on its way goes with the next one. Under load one NOTIFY then carries the
   * hints of many pushes: each NOTIFY is a commit that every listening instance hears, so one
   * per push cost every instance CPU per push. A lost notification only delays a device's
   * sync.
   */
  private async send(): Promise<void> {
    this.sending = true;
    try {
      while (this.pending.size > 0) {
        const told = [...this.pending];
        this.pending.clear();
        for (let i = 0; i < told.length; i += MAX_PER_NOTIFY) {
          const payload = told.slice(i, i + MAX_PER_NOTIFY).join(',');
          await this.pool
            .query(prepared('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, payload]))
            .catch(() => undefined);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  subscribe(listener: (userId: Id | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
