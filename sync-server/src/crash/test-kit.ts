/**
 * For the crash test: the real server as a child process (src/main.ts through tsx, as
 * `npm run dev` starts it, so no build is needed), and devices that speak to it over HTTP as
 * the app's engine does: an outbox of mutations numbered 1, 2, 3…, pushes of what the server
 * has not acknowledged, pulls applied to a local copy of the rows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PullResponse } from '@popote/sync-protocol';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(REPO, 'sync-server/src/main.ts');
const READY = /Popote est prêt sur (http:\/\/\S+)/u;

/** A running server process on a data folder. */
export class ServerProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly origin: string,
    private readonly output: string[],
  ) {}

  /** Starts the server on `dataDir` (any free port) and waits until it listens. */
  static async start(dataDir: string): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
      cwd: REPO,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG: '0',
        WEB_ROOT: '',
        PUBLIC_URL: '',
        SMTP_URL: '',
        // Twenty devices sign up and log in from one address.
        AUTH_RATE_LIMIT_MAX: '100000',
        AUTH_RATE_LIMIT_PER_ADDRESS_MAX: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Démarrage trop long :\n${output.join('')}`)),
        60_000,
      );
      const read = (chunk: Buffer) => {
        output.push(chunk.toString('utf8'));
        const ready = READY.exec(output.join(''));
        if (ready) {
          clearTimeout(timer);
          resolve(ready[1]!);
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`Le serveur s'est arrêté (${code ?? signal}) :\n${output.join('')}`));
      });
    });
    return new ServerProcess(child, origin, output);
  }

  /** What the process wrote (for a failure message). */
  log(): string {
    return this.output.join('');
  }

  /** SIGKILL: no handler runs, nothing is flushed or closed. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: the server closes its store and exits. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill(signal);
    await exited;
  }
}

// ---- Accounts over HTTP ----

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const mailsIn = (dataDir: string): string[] => {
  try {
    return readdirSync(join(dataDir, 'outbox')).sort();
  } catch {
    return [];
  }
};

/** The mailed link of the last mail sent to this address. */
function linkFor(dataDir: string, mail: string): string | null {
  for (const file of mailsIn(dataDir).reverse()) {
    const eml = readFileSync(join(dataDir, 'outbox', file), 'utf8');
    if (!eml.includes(`<${mail}>`) && !new RegExp(`^To: ${mail}$`, 'mu').test(eml)) continue;
    return /^(https?:\/\/\S+)$/mu.exec(eml)?.[1] ?? null;
  }
  return null;
}

/** Registers an account, follows its mailed link (a POST, as the link's button does). */
export async function signUp(
  origin: string,
  dataDir: string,
  mail: string,
  password: string,
): Promise<void> {
  const answer = await json<{ Error: string }>(
    await fetch(`${origin}/api/inscription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Mail: mail, Password: password, Pseudo: mail.split('@')[0] }),
    }),
    'inscription',
  );
  if (answer.Error !== '') throw new Error(answer.Error);
  const link = linkFor(dataDir, mail);
  if (!link) throw new Error(`Aucun lien dans un mail à ${mail}`);
  const { pathname, search } = new URL(link);
  const confirmed = await fetch(`${origin}${pathname}${search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (confirmed.status !== 303) throw new Error(`confirmation → ${confirmed.status}`);
}

/** A session token and the user id. */
export async function logIn(
  origin: string,
  mail: string,
  password: string,
): Promise<{ token: string; userId: number }> {
  const answer = await json<{ Error: string; Token: string; Id: number }>(
    await fetch(`${origin}/api/loggin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Mail: mail, Password: password }),
    }),
    'connexion',
  );
  if (answer.Error !== '') throw new Error(answer.Error);
  return { token: answer.Token, userId: answer.Id };
}

// ---- Devices ----

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
