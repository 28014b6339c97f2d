/**
 * What the page asks the exports worker, and what it answers. Everything crosses by structured
 * clone, so a request holds plain data only: a later feature that needs more in a file (packs
 * and prices, issue 21) adds its data here and turns it into the package's options (such as
 * ShoppingInput.extraColumns, which holds functions) inside the worker.
 */
import type { DomainErrorCode } from '@popote/domain';
import type { CookbookInput, ShoppingInput, WeekPlanInput } from '@popote/exports';

export type ExportRequest =
  | { kind: 'cookbook'; input: CookbookInput }
  | { kind: 'weekPlan'; input: WeekPlanInput }
  | { kind: 'shopping'; input: Omit<ShoppingInput, 'extraColumns'> };

export type ExportKind = ExportRequest['kind'];

export interface WorkerCall {
  id: number;
  request: ExportRequest;
}

export type WorkerReply =
  | { id: number; type: 'progress'; done: number; total: number }
  | { id: number; type: 'done'; bytes: Uint8Array }
  /** code: the DomainError's, so that the page shows its French message; null otherwise. */
  | { id: number; type: 'error'; message: string; code: DomainErrorCode | null };
