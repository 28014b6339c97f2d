/**
 * Short-lived download tokens for file links that a browser opens without the session header
 * (GET /library/receipes/export?token=). A download token is a JWT with a purpose claim,
 * signed with a key derived from the session secret: a session token is never accepted here,
 * and a download token is never accepted as a session (other key, no subject). A token serves
 * once: its id is remembered (in memory) until it expires.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';

export const DOWNLOAD_TOKEN_TTL_MS = 5 * 60_000;

export type DownloadPurpose = 'recipes-export';

interface DownloadClaims {
  purpose: DownloadPurpose;
  uid: number;
  /** The token's id, refused once it has served. */
  jti: string;
  iat: number;
  exp: number;
}

/** Per server: ids of the tokens that served, with their expiry (ms). */
const usedTokens = new WeakMap<FastifyInstance, Map<string, number>>();

/** True the first time a token id is seen; expired ids are forgotten meanwhile. */
function firstUse(app: FastifyInstance, jti: string, expiresAt: number): boolean {
  let used = usedTokens.get(app);
  if (!used) usedTokens.set(app, (used = new Map()));
  const now = app.popote.now();
  for (const [id, until] of used) if (until <= now) used.delete(id);
  if (used.has(jti)) return false;
  used.set(jti, expiresAt);
  return true;
}

export const DOWNLOAD_LINK_EXPIRED =
  "Ce lien de téléchargement a expiré ou n'est pas valable. Merci de relancer l'export.";

async function downloadKey(app: FastifyInstance, purpose: DownloadPurpose): Promise<string> {
  const secret = app.popote.config.jwtSecret ?? (await app.popote.store.jwtSecret());
  return createHmac('sha256', secret).update(`popote:download:${purpose}`).digest('base64url');
}

export async function signDownloadToken(
  app: FastifyInstance,
  userId: number,
  purpose: DownloadPurpose,
): Promise<{ token: string; expiresAt: number }> {
  const now = app.popote.now();
  const iat = Math.floor(now / 1000);
  const exp = iat + DOWNLOAD_TOKEN_TTL_MS / 1000;
  const jti = randomBytes(16).toString('base64url');
  const claims: DownloadClaims = { purpose, uid: userId, jti, iat, exp };
  const token = app.jwt.sign(claims as never, { key: await downloadKey(app, purpose) });
  return { token, expiresAt: exp * 1000 };
}

/** The user a valid token of this purpose was made for; 401 otherwise. */
export async function verifyDownloadToken(
  app: FastifyInstance,
  token: string,
  purpose: DownloadPurpose,
): Promise<number> {
  let claims: Partial<DownloadClaims>;
  try {
    claims = app.jwt.verify<Partial<DownloadClaims>>(token, {
      key: await downloadKey(app, purpose),
      clockTimestamp: app.popote.now(),
    });
  } catch {
    throw new HttpError(401, DOWNLOAD_LINK_EXPIRED);
  }
  const uid = claims.uid;
  if (claims.purpose !== purpose || typeof uid !== 'number' || !Number.isSafeInteger(uid)) {
    throw new HttpError(401, DOWNLOAD_LINK_EXPIRED);
  }
  // A deleted account's links stop working at once, as its sessions do.
  if (!(await app.popote.store.accounts.getAccount(uid))) {
    throw new HttpError(401, DOWNLOAD_LINK_EXPIRED);
  }
  const { jti, exp } = claims;
  if (typeof jti !== 'string' || typeof exp !== 'number' || !firstUse(app, jti, exp * 1000)) {
    throw new HttpError(401, DOWNLOAD_LINK_EXPIRED);
  }
  return uid;
}
