/**
 * The server's settings, read once from the environment. Everything has a default so that
 * `npm start` works with no configuration on a single machine.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { invalid } from '@popote/domain';
import { DEFAULT_SYNC_LIMITS, type SyncLimits } from './sync/work-bounds.js';

export interface ServerConfig {
  host: string;
  port: number;
  /** The SQLite database and the mail outbox; the outbox only, with a databaseUrl. */
  dataDir: string;
  /**
   * A PostgreSQL database (DATABASE_URL=postgres://…), shared by every instance of the
   * server; null keeps the SQLite database of dataDir (one instance).
   */
  databaseUrl?: string | null;
  /** Origin written into mailed links; no trailing slash. */
  publicUrl: string;
  /** SMTP connection URL; null writes mails as .eml files into `${dataDir}/outbox/`. */
  smtpUrl: string | null;
  /** null: a secret is generated on first start and kept in the store. */
  jwtSecret: string | null;
  /** Folder of the built web app; null serves no web app. */
  webRoot: string | null;
  logger: boolean;
  /**
   * Fastify's trustProxy: false (the client address is the TCP peer), true (the left-most
   * X-Forwarded-For), a hop count, or addresses/CIDRs of the trusted proxies. Behind a reverse
   * proxy, without it every user shares the proxy's address and so one per-IP limit.
   */
  trustProxy?: boolean | number | string[];
  /** Limits on registration, login and password reset: per IP (max) and per mail address. */
  authRateLimit: { max: number; perAddressMax: number; windowMs: number };
  /** Per-user quotas (QUOTA_*) and work bounds of /sync; the defaults when absent. */
  syncLimits?: SyncLimits;
  /**
   * Pushes one user may send per window (all devices together), answered 429 beyond;
   * DEFAULT_SYNC_PUSH_RATE_LIMIT when absent.
   */
  syncPushRateLimit?: { max: number; windowMs: number };
  /**
   * Opening an invitation's page or joining with it, per client address and window
   * (TEAM_LINK_RATE_LIMIT when absent): tokens are guessed no faster.
   */
  teamLinkRateLimit?: { max: number; windowMs: number };
  /**
   * RECIPE_IMPORT_ALLOW_HOSTS: host names or addresses from which 'Importer depuis un lien'
   * may fetch a page even though they are private (an intranet's recipe site, the tests'
   * local server); none by default: only public addresses are fetched (issue 34).
   */
  recipeImportAllowHosts?: string[];
  /** Pages one user may have read per window (RECIPE_LINK_RATE_LIMIT when absent). */
  recipeLinkRateLimit?: { max: number; windowMs: number };
}

type Env = Record<string, string | undefined>;

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_AUTH_RATE_LIMIT = { max: 30, perAddressMax: 10, windowMs: 15 * 60_000 };
/**
 * A device pushes when the user changes something (one push at a time, up to 200 changes
 * each) and when it retries: five a second per user, sustained, leaves a busy team of devices
 * far below, and a script pushing in a loop gets 429 (issue 30).
 */
export const DEFAULT_SYNC_PUSH_RATE_LIMIT = { max: 300, windowMs: 60_000 };

// src/ and dist/ both sit directly under the package folder.
const packageDir = fileURLToPath(new URL('..', import.meta.url));

export function loadConfig(env: Env = process.env): ServerConfig {
  const host = text(env.HOST) ?? DEFAULT_HOST;
  const port = integer(env, 'PORT', DEFAULT_PORT, 0, 65535);
  const publicUrl = (text(env.PUBLIC_URL) ?? `http://${urlHost(host)}:${port}`).replace(
    /\/+$/u,
    '',
  );
  if (!/^https?:\/\/[^/\s]+/u.test(publicUrl)) {
    throw invalid(
      `Configuration invalide : PUBLIC_URL doit commencer par http:// ou https:// (reçu « ${publicUrl} »).`,
    );
  }
  return {
    host,
    port,
    dataDir: resolve(text(env.DATA_DIR) ?? './data'),
    databaseUrl: databaseUrl(env),
    publicUrl,
    smtpUrl: text(env.SMTP_URL),
    jwtSecret: text(env.JWT_SECRET),
    webRoot: webRoot(env),
    logger: flag(env, 'LOG', true),
    trustProxy: trustProxy(env),
    authRateLimit: {
      max: integer(env, 'AUTH_RATE_LIMIT_MAX', DEFAULT_AUTH_RATE_LIMIT.max, 1, 1_000_000),
      perAddressMax: integer(
        env,
        'AUTH_RATE_LIMIT_PER_ADDRESS_MAX',
        DEFAULT_AUTH_RATE_LIMIT.perAddressMax,
        1,
        1_000_000,
      ),
      windowMs: integer(
        env,
        'AUTH_RATE_LIMIT_WINDOW_MS',
        DEFAULT_AUTH_RATE_LIMIT.windowMs,
        1000,
        7 * 24 * 3_600_000,
      ),
    },
    syncLimits: {
      work: DEFAULT_SYNC_LIMITS.work,
      quotas: {
        rows: integer(env, 'QUOTA_ROWS', DEFAULT_SYNC_LIMITS.quotas.rows, 100, 1e9),
        bytes:
          integer(
            env,
            'QUOTA_MEGABYTES',
            DEFAULT_SYNC_LIMITS.quotas.bytes / 1024 / 1024,
            1,
            1_000_000,
          ) *
          1024 *
          1024,
        stays: integer(env, 'QUOTA_STAYS', DEFAULT_SYNC_LIMITS.quotas.stays, 1, 1e9),
      },
    },
    recipeImportAllowHosts: allowHosts(env),
    syncPushRateLimit: {
      max: integer(env, 'SYNC_PUSH_RATE_LIMIT_MAX', DEFAULT_SYNC_PUSH_RATE_LIMIT.max, 1, 1_000_000),
      windowMs: DEFAULT_SYNC_PUSH_RATE_LIMIT.windowMs,
    },
  };
}

/** TRUST_PROXY: 0/1 (or false/true…), a hop count such as 2, or comma-separated addresses. */
function trustProxy(env: Env): boolean | number | string[] {
  const raw = text(env.TRUST_PROXY);
  if (raw === null) return false;
  if (/^\d+$/u.test(raw) && raw !== '0' && raw !== '1')
    return integer(env, 'TRUST_PROXY', 0, 1, 100);
  if (!/[.:]/u.test(raw)) return flag(env, 'TRUST_PROXY', false);
  const addresses = raw
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (!addresses.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/u.test(a))) {
    throw invalid(
      `Configuration invalide : TRUST_PROXY doit valoir 0, 1, un nombre de proxys ou des adresses IP séparées par des virgules (reçu « ${raw} »).`,
    );
  }
  return addresses;
}

/** RECIPE_IMPORT_ALLOW_HOSTS: comma-separated host names or IP addresses. */
function allowHosts(env: Env): string[] {
  const raw = text(env.RECIPE_IMPORT_ALLOW_HOSTS);
  if (raw === null) return [];
  const hosts = raw
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');
  if (!hosts.every((h) => /^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]+|[\p{L}\p{N}._-]+)$/u.test(h))) {
    throw invalid(
      `Configuration invalide : RECIPE_IMPORT_ALLOW_HOSTS doit être une liste de noms d'hôtes ou d'adresses IP séparés par des virgules (reçu « ${raw} »).`,
    );
  }
  return hosts;
}

function webRoot(env: Env): string | null {
  const explicit = text(env.WEB_ROOT);
  if (explicit !== null) return resolve(explicit);
  const built = resolve(packageDir, '../web/dist');
  return existsSync(built) ? built : null;
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env[name]);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/u.test(raw) || value < min || value > max) {
    throw invalid(
      `Configuration invalide : ${name} doit être un entier entre ${min} et ${max} (reçu « ${raw} »).`,
    );
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env[name])?.toLowerCase();
  if (raw === undefined || raw === null) return fallback;
  if (['1', 'true', 'on', 'yes', 'oui'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no', 'non'].includes(raw)) return false;
  throw invalid(`Configuration invalide : ${name} doit valoir 1 ou 0 (reçu « ${raw} »).`);
}

// An IPv6 literal needs brackets inside a URL.
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function databaseUrl(env: Env): string | null {
  const url = text(env.DATABASE_URL);
  if (url === null) return null;
  if (!/^postgres(ql)?:\/\/\S+$/u.test(url)) {
    throw invalid(
      'Configuration invalide : DATABASE_URL doit être une adresse PostgreSQL (postgres://…).',
    );
  }
  return url;
}
