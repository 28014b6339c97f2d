/**
 * Session tokens: a JWT whose subject is the user id, valid 30 days, carrying the id of its
 * session (`sid`). The session is a row of the store, checked on every request: logging out
 * deletes it, and a password change or reset deletes the account's other sessions, so a
 * token stops working at once although its signature and date are still good. Every route
 * that needs a user (/api, /sync/*, /sync/events) goes through requireUser (or
 * requireUserHook) and gets the id, or answers 401.
 */
import { randomBytes } from 'node:crypto';
import { createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { accountDeleted, unauthorized } from '../http/errors.js';
import { SESSION_TTL_MS } from './durations.js';

export interface SessionClaims {
  sub: string;
  /** Same as sub, under the name the original service's tokens used. */
  IdUser: number;
  /** The session's id: the token is honoured while the store holds this session. */
  sid: string;
  iat: number;
  exp: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUserHook. */
    userId: number | null;
  }
}

/** A verified session: its user and its id (to end it, or to keep it when ending the others). */
export interface VerifiedSession {
  userId: number;
  sessionId: string;
}

/** Opens a new session for the user and answers its token. */
export async function signSession(app: FastifyInstance, userId: number): Promise<string> {
  const { store, now } = app.popote;
  const at = now();
  const iat = Math.floor(at / 1000);
  const sid = randomBytes(18).toString('base64url');
  const exp = iat + SESSION_TTL_MS / 1000;
  await store.write(async (tx) => {
    await tx.accounts.deleteSessionsExpiredBefore(at);
    await tx.accounts.createSession({ id: sid, userId, createdAt: at, expiresAt: exp * 1000 });
  });
  return app.jwt.sign({ sub: String(userId), IdUser: userId, sid, iat, exp });
}

/** A session token's claims once its signature and dates hold; throws otherwise. */
export type SessionTokenVerifier = (token: string, now: number) => Partial<SessionClaims>;

/**
 * Verified tokens kept per server, so that a device's requests check its token's signature
 * once, not on each request (about a tenth of a push's server time, issue 36). A token is
 * a fixed text: once its signature holds, it holds every time. Its expiry is still checked on
 * every request, and its session too (requireSession): a token whose session ended stops
 * working at once. Bounded: the oldest entries go first.
 */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * The verifier of session tokens, built once per server: @fastify/jwt builds a new one on
 * every call that passes the clock (about 5 % of a push's server time). The expiry is checked here
 * against the server's clock (`now`, which tests move), as fast-jwt did with it.
 */
export function sessionTokenVerifier(
  secret: string,
  kept = VERIFIED_TOKENS_KEPT,
): SessionTokenVerifier {
  const verifySignature = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    ignoreExpiration: true,
  });
  const verified = new Map<string, Partial<SessionClaims>>();
  const signedClaims = (token: string): Partial<SessionClaims> => {
    const found = verified.get(token);
    if (found) return found;
    // Throws for a forged or malformed token, which is then never kept.
    const claims = Object.freeze(verifySignature(token) as Partial<SessionClaims>);
    if (verified.size >= kept) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  };
  return (token, now) => {
    const claims = signedClaims(token);
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) {
      throw new Error('Session token expired.');
    }
    return claims;
  };
}

const BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)\s*$/iu;

/** The session of the request's bearer token; 401 when missing, forged, expired or ended. */
export async function requireSession(request: FastifyRequest): Promise<VerifiedSession> {
  const { store, now } = request.server.popote;
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  let claims: Partial<SessionClaims>;
  try {
    claims = request.server.popote.verifySessionToken(match[1], now());
  } catch {
    throw unauthorized();
  }
  const { sub, sid } = claims;
  if (typeof sub !== 'string' || !/^\d{1,15}$/u.test(sub)) throw unauthorized();
  // Tokens made before sessions were recorded carry no sid: their users log in again once.
  if (typeof sid !== 'string' || sid.length > 64) throw unauthorized();
  const userId = await store.accounts.sessionUserId(sid, now());
  // A deleted account's sessions, and ended ones, stop working at once.
  if (userId === undefined || userId !== Number(sub)) {
    // A genuine token (signed by this server, which signs only for existing accounts, whose
    // ids are never reused) whose account is gone: the account was deleted (issue 33).
    if (userId === undefined && !(await store.accounts.getAccount(Number(sub)))) {
      throw accountDeleted();
    }
    throw unauthorized();
  }
  return { userId, sessionId: sid };
}

/** The id of the user whose bearer token the request carries; 401 otherwise. */
export async function requireUser(request: FastifyRequest): Promise<number> {
  return (await requireSession(request)).userId;
}

/**
 * Hook that sets request.userId or answers 401. Use it as onRequest so that an anonymous
 * request is refused before its body is read.
 */
export const requireUserHook: onRequestAsyncHookHandler = async (request) => {
  request.userId = await requireUser(request);
};
