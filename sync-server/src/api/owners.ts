/** Pseudonyms of owners, for the locks that name them ('OwnerPseudo'). */
import type { Id } from '@popote/domain';
import type { ReadCtx } from './context.js';

export interface Pseudos {
  of(owner: Id | null): string;
}

/** Looks the pseudonyms of the given owners up once; unknown owners read ''. */
export async function loadPseudos(ctx: ReadCtx, owners: Iterable<Id | null>): Promise<Pseudos> {
  const ids = [...new Set([...owners].filter((o): o is Id => o !== null && o > 0))];
  const users = await ctx.store.getMany('users', ids);
  const byId = new Map(users.map((u) => [u.id, u.pseudo]));
  return { of: (owner) => (owner === null ? '' : (byId.get(owner) ?? '')) };
}
