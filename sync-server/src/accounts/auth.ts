/**
 * Session tokens: a JWT whose subject is the user id, valid 30 days. Routes that need a user
 * call requireUser (or use requireUserHook) and get the id, or answer 401.
 */
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { unauthorized } from '../http/errors.js';
import { SESSION_TTL_MS } from './durations.js';

export interface SessionClaims {
  sub: string;
  /** Same as sub, under the name the original service's tokens used. */
  IdUser: number;
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

export function signSession(app: FastifyInstance, userId: number): string {
  const iat = Math.floor(app.popote.now() / 1000);
  return app.jwt.sign({
    sub: String(userId),
    IdUser: userId,
    iat,
    exp: iat + SESSION_TTL_MS / 1000,
  });
}

/** The id of the user whose bearer token the request carries; 401 otherwise. */
export async function requireUser(request: FastifyRequest): Promise<number> {
  const { store, now } = request.server.popote;
  const match = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)\s*$/iu.exec(
    request.headers.authorization ?? '',
  );
  if (!match?.[1]) throw unauthorized();
  let claims: SessionClaims;
  try {
    claims = request.server.jwt.verify<SessionClaims>(match[1], { clockTimestamp: now() });
  } catch {
    throw unauthorized();
  }
  const id = Number(claims.sub);
  if (!/^\d+$/u.test(claims.sub) || !Number.isSafeInteger(id)) throw unauthorized();
  // A deleted account's tokens stop working at once.
  if (!store.accounts.getAccount(id)) throw unauthorized();
  return id;
}

/**
 * Hook that sets request.userId or answers 401. Use it as onRequest so that an anonymous
 * request is refused before its body is read.
 */
export const requireUserHook: onRequestAsyncHookHandler = async (request) => {
  request.userId = await requireUser(request);
};
