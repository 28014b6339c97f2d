/**
 * For the crash test: devices that speak to the server process (../server-process.ts)
 * over HTTP as the app's engine does: an outbox of mutations numbered 1, 2, 3…, pushes of what
 * the server has not acknowledged, pulls applied to a local copy of the rows.
 */
import { SYNC_SCHEMA, type PullResponse } from '@popote/sync-protocol';
import { json } from '../server-process.js';

export interface OutboxEntry {
  id: number;
  name: string;
  args: Record<string, unknown>;
}

export type Rows = Map<string, Map<number, unknown>>;

/** A device of a user: its outbox, what the server acknowledged, its copy of the rows. */
export class HttpDevice {
  readonly outbox: OutboxEntry[] = [];
  /** Highest lastMutationId of a push answered 200. */
  acked = 0;
  cookie: number | null = null;
  readonly rows: Rows = new Map();
  /** The leased block: ids first … first + count - 1. */
  block = { first: 0, count: 0 };
  private nextId = 0;

  constructor(
    public origin: string,
    readonly token: string,
    readonly userId: number,
    readonly clientId: string,
  ) {}

  private async post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
    });
    return json<T>(res, `${this.clientId} ${path}`);
  }

  async leaseIds(): Promise<void> {
    this.block = await this.post('/sync/ids', { clientId: this.clientId });
    this.nextId = this.block.first;
  }

  newId(): number {
    return this.nextId++;
  }

  owns(id: number): boolean {
    return id >= this.block.first && id < this.block.first + this.block.count;
  }

  /** Adds a mutation to the outbox (as mutateLocal does, without running it locally). */
  mutate(name: string, args: Record<string, unknown>): void {
    this.outbox.push({ id: this.outbox.length + 1, name, args });
  }

  pending(): OutboxEntry[] {
    return this.outbox.filter((m) => m.id > this.acked);
  }

  /** Pushes what is pending (up to 200); keeps the acknowledged id. Throws if no answer. */
  async push(): Promise<void> {
    const mutations = this.pending().slice(0, 200);
    if (mutations.length === 0) return;
    const { lastMutationId } = await this.post<{ lastMutationId: number }>('/sync/push', {
      clientId: this.clientId,
      mutations,
    });
    this.acked = Math.max(this.acked, lastMutationId);
  }

  /** Pulls every page since the cookie into the local copy; answers the last page. */
  async pull(): Promise<PullResponse> {
    let cursor: string | null = null;
    let page: PullResponse;
    do {
      page = await this.post<PullResponse>('/sync/pull', {
        clientId: this.clientId,
        cookie: this.cookie,
        cursor,
        // As the current app asks: every table it knows.
        schema: SYNC_SCHEMA,
      });
      applyPatch(this.rows, page);
      cursor = page.cursor;
    } while (page.more);
    this.cookie = page.cookie;
    return page;
  }
}

/** A pull's puts and deletions on a copy of the rows. */
export function applyPatch(rows: Rows, page: PullResponse): void {
  for (const op of page.patch) {
    const table = rows.get(op.table) ?? new Map<number, unknown>();
    rows.set(op.table, table);
    if (op.op === 'put') table.set((op.row as { id: number }).id, op.row);
    else table.delete(op.id);
  }
}

/** Rows as sorted lists per table, for comparing two copies. */
export function sorted(rows: Rows): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const [table, byId] of [...rows.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (byId.size === 0) continue;
    out[table] = [...byId.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  }
  return out;
}
