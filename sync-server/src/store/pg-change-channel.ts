/**
 * "Something changed" between server instances on one PostgreSQL, for the hints sent to the
 * connected devices (/sync/events): each instance LISTENs on one channel and NOTIFYs it after
 * each commit, so that a device connected to instance A hears of a push made through
 * instance B. A notification says for whom (a user id) or for everyone ('*').
 */
import pg from 'pg';
import type { Id } from '@popote/domain';
import type { ChangeChannel } from './change-channel.js';
import { prepared } from './pg-database.js';

const CHANNEL = 'popote_changes';
/** Pause before listening again after the listening connection broke. */
const RECONNECT_MS = 1_000;

export class PgChangeChannel implements ChangeChannel {
  private readonly listeners = new Set<(userId: Id | null) => void>();
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
      if (message.channel !== CHANNEL) return;
      const userId = message.payload === '*' ? null : Number(message.payload);
      if (userId !== null && !Number.isSafeInteger(userId)) return;
      for (const listener of this.listeners) listener(userId);
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
    await client.query(`LISTEN ${CHANNEL}`);
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
    // After the commit that made the change; a lost notification only delays a device's sync.
    this.pool
      .query(
        prepared('SELECT pg_notify($1, $2)', [CHANNEL, userId === null ? '*' : String(userId)]),
      )
      .catch(() => undefined);
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
