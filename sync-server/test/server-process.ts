/**
 * The real server as a child process (src/main.ts through tsx, as `npm run dev` starts it, so
 * no build is needed) and accounts made over HTTP, for the tests and benchmarks that need the
 * server out of their own process: the crash test, the /health measure under a heavy push.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = join(REPO, 'sync-server/src/main.ts');
/** The compiled server, as `npm start` runs it (needs `npm run build`). */
const BUILT_MAIN = join(REPO, 'sync-server/dist/main.js');
const READY = /Popote est prêt sur (http:\/\/\S+)/u;

/** A running server process on a data folder. */
export class ServerProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly origin: string,
    private readonly output: string[],
  ) {}

  /**
   * Starts the server on `dataDir` (any free port) and waits until it listens; `env` adds to or
   * overrides its environment. `built` runs the compiled server as production does (the
   * benchmarks: tsx's transform adds its own work to every call), otherwise the sources.
   */
  static async start(
    dataDir: string,
    env: Record<string, string> = {},
    { built = false }: { built?: boolean } = {},
  ): Promise<ServerProcess> {
    const args = built ? [BUILT_MAIN] : ['--conditions=source', '--import', 'tsx', MAIN];
    const child = spawn(process.execPath, args, {
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
        // The load benchmarks push far more than a user's 300 a minute (issue 30's limit).
        SYNC_PUSH_RATE_LIMIT_MAX: '1000000',
        ...env,
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

/** The JSON of a response that must be a success. */
export async function json<T>(res: Response, what: string): Promise<T> {
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
