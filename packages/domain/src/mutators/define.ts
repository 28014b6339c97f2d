/**
 * How a mutation is declared, once, in its topic module: its French label and sentence, a JSON
 * schema for its arguments (checked on both ends before it runs, so that hostile input never
 * reaches the rules), who may run it, what 'Annuler' puts back, and an async body written
 * against the Store interface. Bodies must be deterministic: ids and timestamps come in the
 * arguments. Every field is required: a mutation missing one does not compile.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Id, TableName } from '../entities.js';
import { invalid } from '../errors.js';
import type { Store } from '../store.js';
import type { Access } from './access.js';
import type { DescribedArgs, Words } from './describe-words.js';
import type { UndoScope } from './undo-scope.js';

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
   * Refuses an id that a row of `owner` being restored by an undo may not take back: one alive
   * in that table, or (on the server) one neither leased to this user nor last used in that
   * table by a row of `owner` (the undo of a stay's row another member of its team made,
   * issue 32).
   */
  claimRestoredId(table: TableName, id: Id, owner: Id): Promise<void>;
}

export interface MutatorDef<S extends TSchema = TSchema> {
  /**
   * What the change is called in French, short ('Suppression d'un repas'): the title of a
   * refused change in 'Modifications refusées'.
   */
  readonly label: string;
  readonly schema: S;
  /**
   * Who may run it: checked before the body runs, on the device and on the server (see
   * access.ts). A stay's mutations name the right they need on the stay.
   */
  readonly access: Access<Static<S>>;
  /**
   * The change in one French sentence, naming what it touches ('Suppression du dîner du lundi
   * 3 juillet 2023 (séjour « Colo »)'). Arguments are read as they come back (any shape): see
   * describe-words.ts.
   */
  describe(args: DescribedArgs, words: Words): Promise<string>;
  /** The rows 'Annuler' puts back after it; null when the action offers no 'Annuler'. */
  readonly undo: UndoScope<Static<S>> | null;
  run(ctx: MutationContext, args: Static<S>): Promise<void>;
}

/** Declares a mutation (see MutatorDef); `undo` keeps its type so that undoable names are known. */
export function defineMutator<S extends TSchema, U extends UndoScope<Static<S>> | null>(
  def: MutatorDef<S> & { readonly undo: U },
): MutatorDef<S> & { readonly undo: U } {
  return def;
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
