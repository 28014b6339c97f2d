/**
 * How a mutator is declared: its French label, a JSON schema for its arguments (checked on
 * both ends before it runs, so that hostile input never reaches the rules) and an async body written against the
 * Store interface. Bodies must be deterministic: ids and timestamps come in the arguments.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Id, TableName } from '../entities.js';
import { invalid } from '../errors.js';
import type { Store } from '../store.js';

export interface MutationContext {
  readonly store: Store;
  /** The user on whose behalf the mutation runs. */
  readonly userId: Id;
  /**
   * Refuses an id that a new row may not take: already used in that table, or (on the server)
   * outside the id blocks leased to this user.
   */
  claimId(table: TableName, id: Id): Promise<void>;
  /**
   * Refuses an id that a row being restored by an undo may not take back: one alive in that
   * table, or (on the server) one never leased to this user.
   */
  claimRestoredId(table: TableName, id: Id): Promise<void>;
}

export interface MutatorDef<S extends TSchema = TSchema> {
  /**
   * What the change is called in French, short ('Suppression d'un repas'): the title of a
   * refused change in 'Modifications refusées'. Required: a mutation without one does not
   * compile.
   */
  readonly label: string;
  readonly schema: S;
  run(ctx: MutationContext, args: Static<S>): Promise<void>;
}

export function defineMutator<S extends TSchema>(
  label: string,
  schema: S,
  run: (ctx: MutationContext, args: Static<S>) => Promise<void>,
): MutatorDef<S> {
  return { label, schema, run };
}

/** Checks arguments against a schema; the first problem becomes a French DomainError. */
export function checkArgs<S extends TSchema>(schema: S, args: unknown): Static<S> {
  if (Value.Check(schema, args)) return args;
  const first = Value.Errors(schema, args).First();
  const field = first?.path ? first.path.replace(/^\//u, '').replace(/\//gu, '.') : '';
  throw invalid(
    field
      ? `Modification invalide : le champ « ${field} » est manquant ou mal formé.`
      : 'Modification invalide : données mal formées.',
  );
}
