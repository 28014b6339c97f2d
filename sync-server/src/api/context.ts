/**
 * What every /api route needs: the user of the bearer token, reads under the sync visibility
 * rules, and writes through the same mutators devices push, inside one versioned transaction
 * so that devices receive them through sync.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  readableBy,
  readableRow,
  type Id,
  type MutationArgs,
  type MutationName,
  type ReadStore,
} from '@popote/domain';
import { requireUserHook } from '../accounts/auth.js';
import { unauthorized } from '../http/errors.js';

/** Route options of every route that needs a session: refused before the body is read. */
export const secured = { onRequest: requireUserHook };

export function userOf(request: FastifyRequest): Id {
  if (request.userId === null) throw unauthorized();
  return request.userId;
}

/** Reads on behalf of one user, on the reader connection (committed data only). */
export interface ReadCtx {
  /**
   * The rows the user may read and no other (the domain's readableBy): every view, the compile
   * and the files read through it, so that /api shows what a pull sends (issue 30).
   */
  readonly store: ReadStore;
  readonly userId: Id;
  /** The server's public origin, for the links an answer carries. */
  readonly publicUrl: string;
}

export function readCtx(app: FastifyInstance, userId: Id): ReadCtx {
  return {
    store: readableBy(app.popote.store.rows.reads, userId),
    userId,
    publicUrl: app.popote.config.publicUrl,
  };
}

/** A row the user may read; any other is reported as missing, as the mutators do. */
export { readableRow };

/** One mutation by name, with arguments typed by its schema. */
export type MutationCall = {
  [N in MutationName]: { name: N; args: MutationArgs<N> };
}[MutationName];

export const call = <N extends MutationName>(name: N, args: MutationArgs<N>): MutationCall =>
  ({ name, args }) as MutationCall;

/**
 * Runs the mutations in order, all or nothing, as one versioned transaction: exactly what a
 * device's push does, so the change reaches every device through sync.
 */
export function write(app: FastifyInstance, userId: Id, ...calls: MutationCall[]): Promise<void> {
  return app.popote.sync.mutate(userId, async (_ctx, apply) => {
    for (const { name, args } of calls) await apply(name, args);
  });
}

/**
 * Like write, for one mutation whose arguments take something from the rows as they are inside
 * the same transaction: what the contract cannot carry (a quantity's 'quantité fixe' mark) is
 * kept as it is, whatever a device changed just before.
 */
export function writeFrom(
  app: FastifyInstance,
  userId: Id,
  build: (store: ReadStore) => Promise<MutationCall>,
): Promise<void> {
  return app.popote.sync.mutate(userId, async (ctx, apply) => {
    const { name, args } = await build(ctx.store);
    await apply(name, args);
  });
}

/** Fresh ids leased to the user, for the rows a route creates. */
export function reserveIds(
  app: FastifyInstance,
  userId: Id,
  count: number,
): Promise<{ first: Id; count: number }> {
  return app.popote.sync.reserveIdsFor(userId, count);
}

/** The time a mutation records ('updated' fields), from the server's clock. */
export const nowIso = (app: FastifyInstance): string => new Date(app.popote.now()).toISOString();
