/**
 * Browser-test harness: the real sync server in-process (fresh data folder, mails written to
 * its outbox) serving the built web app, and Debian's Chromium driven by playwright-core.
 *
 * Needs web/dist: build it first (`cd web && npx vite build`; the test script does it).
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { buildServer, loadConfig, type ServerConfig } from '@popote/sync-server';

/** The Fastify instance (web/ does not depend on fastify itself). */
export type AppServer = Awaited<ReturnType<typeof buildServer>>;

/** The built app; POPOTE_WEB_DIST lets parallel work build elsewhere without clashing. */
export const WEB_DIST =
  process.env.POPOTE_WEB_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface StartAppOptions {
  /** Lower limits to reach the rate limit quickly in a test. */
  authRateLimit?: Partial<ServerConfig['authRateLimit']>;
  /** log2 of scrypt's cost for password hashes; low by default so that tests run fast. */
  scryptLog2N?: number;
  /**
   * The built app to serve, WEB_DIST by default: a copy that a test changes to publish a new
   * version of the app (see copyOfWebApp).
   */
  webRoot?: string;
  /**
   * RECIPE_IMPORT_ALLOW_HOSTS as an operator sets it ('127.0.0.1'): the private hosts from
   * which 'Importer depuis un lien' may read a page, such as a test's local recipe site.
   */
  recipeImportAllowHosts?: string;
}

const TEST_SCRYPT_LOG2_N = 10;

export interface OutboxMail {
  file: string;
  /** The .eml file as written. */
  raw: string;
  /** Recipient address, from the To header. */
  to: string;
  /** Subject header, decoded when it is an encoded word. */
  subject: string;
  /** Every http(s) link of the mail, with quoted-printable and HTML encodings undone. */
  links: string[];
}

export interface RunningApp {
  /** http://127.0.0.1:<port>, a secure context for the service worker. */
  baseUrl: string;
  browser: Browser;
  server: AppServer;
  dataDir: string;
  /** A fresh browser profile (French locale, baseURL set); closed by close(). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** The mails the server has sent so far, oldest first. */
  readOutbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const webRoot = options.webRoot ?? WEB_DIST;
  if (!existsSync(join(webRoot, 'index.html'))) {
    throw new Error(
      `The built web app is missing (${webRoot}). Build it first: cd web && npx vite build`,
    );
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'popote-e2e-'));
  // The mailed links must carry the real port, so the port is chosen before the server starts.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const defaults = loadConfig({ RECIPE_IMPORT_ALLOW_HOSTS: options.recipeImportAllowHosts });
  const config: ServerConfig = {
    ...defaults,
    host: '127.0.0.1',
    port,
    dataDir,
    publicUrl: baseUrl,
    smtpUrl: null,
    webRoot,
    logger: false,
    authRateLimit: { ...defaults.authRateLimit, ...options.authRateLimit },
  };

  let server: AppServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await buildServer(config, {
      scryptLog2N: options.scryptLog2N ?? TEST_SCRYPT_LOG2_N,
    });
    await server.listen({ host: config.host, port });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
  } catch (error) {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  const contexts = new Set<BrowserContext>();
  const launched = browser;
  const running = server;
  return {
    baseUrl,
    browser: launched,
    server: running,
    dataDir,
    async newContext(contextOptions = {}) {
      const context = await launched.newContext({
        baseURL: baseUrl,
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        ...contextOptions,
      });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      return context;
    },
    readOutbox: () => readOutbox(join(dataDir, 'outbox')),
    async close() {
      for (const context of [...contexts]) await context.close().catch(() => undefined);
      await launched.close().catch(() => undefined);
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of the built app in a fresh temporary folder, to serve with startApp's webRoot when a
 * test publishes a new version of the app by changing its files; the test removes it.
 */
export async function copyOfWebApp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'popote-e2e-web-'));
  await cp(WEB_DIST, dir, { recursive: true });
  return dir;
}

/**
 * Registers and confirms an account through the server's own endpoints, as the mail link
 * would; for tests that need a user but do not test registration itself.
 */
export async function createAccount(
  app: RunningApp,
  account: { mail: string; password: string; pseudo: string },
): Promise<void> {
  const response = await fetch(`${app.baseUrl}/api/inscription`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      Mail: account.mail,
      Password: account.password,
      Pseudo: account.pseudo,
    }),
  });
  const answer = (await response.json()) as { Error?: string };
  if (!response.ok || answer.Error) {
    throw new Error(`Registration of ${account.mail} refused: ${JSON.stringify(answer)}`);
  }
  const link = await waitForMailLink(app, account.mail, '/api/inscription/confirm');
  // The link's page POSTs the confirmation (its GET confirms nothing).
  const confirm = await fetch(link, { method: 'POST', redirect: 'manual' });
  if (confirm.status >= 400) {
    throw new Error(`Confirmation of ${account.mail} failed: HTTP ${confirm.status}`);
  }
}

/** The newest link starting with `pathPrefix` in a mail to `to`; waits for the mail a little. */
export async function waitForMailLink(
  app: RunningApp,
  to: string,
  pathPrefix: string,
  timeoutMs = 5000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await app.readOutbox()).filter((m) => m.to.toLowerCase() === to.toLowerCase());
    const links = mails
      .flatMap((m) => m.links)
      .filter((l) => new URL(l).pathname.startsWith(pathPrefix));
    const last = links.at(-1);
    if (last !== undefined) return last;
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${to} with a link to ${pathPrefix} in the outbox`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function readOutbox(dir: string): Promise<OutboxMail[]> {
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
  const withTimes = await Promise.all(
    files.map(async (file) => ({ file, mtime: (await stat(join(dir, file))).mtimeMs })),
  );
  withTimes.sort((a, b) => a.mtime - b.mtime || a.file.localeCompare(b.file));
  return Promise.all(
    withTimes.map(async ({ file }) => parseEml(file, await readFile(join(dir, file), 'utf8'))),
  );
}

export function parseEml(file: string, raw: string): OutboxMail {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = (headerEnd < 0 ? raw : raw.slice(0, headerEnd)).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string): string =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const to = /<([^>]+)>/.exec(header('To'))?.[1] ?? header('To');
  const body = decodeHtmlEntities(decodeQuotedPrintable(raw));
  const links = [...new Set(body.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
  return { file, raw, to, subject: decodeEncodedWords(header('Subject')), links };
}

/** Soft line breaks and =XX escapes; harmless on parts that are not quoted-printable. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
  );
}

function decodeHtmlEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&#x3D;|&#61;/g, '=');
}

function decodeEncodedWords(text: string): string {
  return text.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A touch tablet in landscape (issue 13): 1024×768, touch, mobile viewport. */
export const TABLET = {
  viewport: { width: 1024, height: 768 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 1,
} as const satisfies BrowserContextOptions;

/** The same tablet in portrait: 768×1024. */
export const TABLET_PORTRAIT = {
  viewport: { width: 768, height: 1024 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 1,
} as const satisfies BrowserContextOptions;

/** A phone (issue 13): 390×844, touch, mobile viewport. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 1,
} as const satisfies BrowserContextOptions;

/** Where Popote is used: a touch tablet, a computer with a mouse, a phone (by name, for tests). */
export const DEVICES: readonly [name: string, options: BrowserContextOptions][] = [
  ['tablet', TABLET],
  ['computer', {}],
  ['phone', PHONE],
];

/** The page's width beside the viewport's, and the widest elements sticking out on the right. */
export async function horizontalOverflow(
  page: Page,
): Promise<{ scrollWidth: number; innerWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const offenders: string[] = [];
    if (scrollWidth > innerWidth) {
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.right <= innerWidth + 0.5) continue;
        const parent = element.parentElement;
        // Only the outermost offender of each branch.
        if (parent && parent.getBoundingClientRect().right > innerWidth + 0.5) continue;
        const classes = Array.from(element.classList).slice(0, 3).join('.');
        const text = (element.textContent ?? '').trim().slice(0, 30);
        const name = `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`;
        offenders.push(`${name} right=${Math.round(box.right)} «${text}»`);
        if (offenders.length >= 10) break;
      }
    }
    return { scrollWidth, innerWidth, offenders };
  });
}

/**
 * Fails when the page is wider than the viewport (`scrollWidth <= innerWidth` must hold),
 * naming what sticks out.
 */
export async function expectNoHorizontalOverflow(page: Page, what = page.url()): Promise<void> {
  const { scrollWidth, innerWidth, offenders } = await horizontalOverflow(page);
  // A mobile viewport widens itself to show what overflows: compare with the device's width.
  const deviceWidth = page.viewportSize()?.width ?? innerWidth;
  if (innerWidth > deviceWidth) {
    throw new Error(
      `${what}: the page widened a ${deviceWidth}px viewport to ${innerWidth}px to show what overflows`,
    );
  }
  if (scrollWidth > innerWidth) {
    throw new Error(
      `${what}: the page is ${scrollWidth}px wide for a ${innerWidth}px viewport; ` +
        `sticking out: ${offenders.join('; ')}`,
    );
  }
}
