/**
 * How the sync service tells every server instance that something changed for a user (or for
 * everyone), so that each can poke its connected devices (/sync/events). One process (SQLite):
 * a local list of listeners. Several processes on one PostgreSQL: LISTEN/NOTIFY
 * (postgres/change-channel.ts).
 */
import type { Id } from '@popote/domain';

export interface ChangeChannel {
  /** Says, after a commit, that something changed for the user (null: for everyone). */
  publish(userId: Id | null): void;
  /** Hears what any instance published; returns the way to stop hearing it. */
  subscribe(listener: (userId: Id | null) => void): () => void;
  close(): Promise<void>;
}

/** The channel of one process: listeners hear what this process publishes. */
export class LocalChangeChannel implements ChangeChannel {
  private readonly listeners = new Set<(userId: Id | null) => void>();

  publish(userId: Id | null): void {
    for (const listener of this.listeners) listener(userId);
  }

  subscribe(listener: (userId: Id | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {}
}
