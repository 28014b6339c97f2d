/** Permission and reference checks shared by the mutators. */
import type { Id, Row, TableName } from '../entities.js';
import type { ReadStore } from '../store.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { canReadRow } from '../visibility.js';
import type { MutationContext } from './define.js';

/** French names of a row of each table, with their demonstrative ("ce séjour"). */
const THIS: Record<TableName, string> = {
  users: 'cet utilisateur',
  ingredients: 'cet ingrédient',
  recipes: 'cette recette',
  menus: 'ce menu',
  stays: 'ce séjour',
  groups: 'ce groupe',
  meals: 'ce repas',
  profiles: 'ce profil',
  suppliers: 'ce fournisseur',
  stock: 'cette réserve',
  shopLists: 'cette liste de courses',
  purchases: 'ce prix',
};

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const missingMessage = (table: TableName): string =>
  `${capitalise(THIS[table])} n'existe pas ou n'est plus disponible.`;

/**
 * A row the user may read; a row they may not read is reported as missing (no leak). Used by
 * the mutators and by the REST reads alike.
 */
export async function readable<T extends TableName>(
  ctx: { readonly store: ReadStore; readonly userId: Id },
  table: T,
  id: Id,
): Promise<Row<T>> {
  const row = await ctx.store.get(table, id);
  if (!row || !(await canReadRow(ctx.store, ctx.userId, table, row))) {
    throw notFound(missingMessage(table));
  }
  return row;
}

/** A row the user owns, for a change. */
export async function owned<T extends Exclude<TableName, 'users'>>(
  ctx: MutationContext,
  table: T,
  id: Id,
): Promise<Row<T>> {
  const row = await readable(ctx, table, id);
  if ((row as { owner: Id | null }).owner !== ctx.userId) throw ownerOnly(table);
  return row;
}

export const ownerOnly = (table: TableName) =>
  forbidden(`Seul son propriétaire peut modifier ${THIS[table]}.`);

/**
 * Draws consecutive ids from a range given in the arguments, for planners that create many
 * rows; every id drawn is claimed (leased to the user, unused) before anything is written.
 */
export function idDrawer(range: { first: Id; count: number }): {
  next: () => Id;
  drawn: () => Id[];
} {
  let used = 0;
  return {
    next: () => {
      if (used >= range.count) {
        throw invalid("Pas assez d'identifiants réservés pour cette modification.");
      }
      return range.first + used++;
    },
    drawn: () => Array.from({ length: used }, (_, i) => range.first + i),
  };
}

export async function claimAll(
  ctx: MutationContext,
  rows: readonly { table: TableName; id: Id }[],
): Promise<void> {
  const seen = new Set<Id>();
  for (const { table, id } of rows) {
    // Ids are unique across tables: one id twice in a mutation would overwrite a row.
    if (seen.has(id)) throw invalid('Un même identifiant est utilisé deux fois.');
    seen.add(id);
    await ctx.claimId(table, id);
  }
}

/** Trims a name and refuses an empty one. */
export function requiredName(name: string, what: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid(`Le nom ${what} ne peut pas être vide.`);
  return trimmed;
}
