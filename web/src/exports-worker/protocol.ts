/**
 * What the page asks the exports worker, and what it answers. Everything crosses by structured
 * clone, so a request holds plain data only (the shopping spreadsheet's costs, issue 21, are
 * the domain's cost plan and purchase rows, computed by the page with the dialog's choices).
 */
import type { DomainErrorCode, Id, Stay } from '@popote/domain';
import type { CookbookOptions, PosterFormat, ShoppingInput } from '@popote/exports';

/**
 * Days of a stay, read by the worker itself from the device's database (the same rows the
 * export screen compiles): the page's thread does no reading for the PDFs.
 */
export interface DaysSource {
  /** The device's database (LocalDb's name for the user). */
  dbName: string;
  stayId: Id;
  days: number[];
  stay: Pick<Stay, 'name' | 'start'>;
}

export type ExportRequest =
  | { kind: 'cookbook'; source: DaysSource; options: CookbookOptions }
  | { kind: 'weekPlan'; source: DaysSource }
  /** The chosen days' dishes against the 14 allergens (issue 20). */
  | { kind: 'allergenTable'; source: DaysSource }
  /** The chosen days' menus with their allergens, as a poster for the dining hall (issue 35). */
  | { kind: 'menuPoster'; source: DaysSource; format: PosterFormat }
  /**
   * The kitchen's register of the chosen days (issue 35): the worker reads the stay, its team,
   * their pseudonyms and the register itself.
   */
  | { kind: 'register'; source: DaysSource }
  /** The compile the 'Fournisseurs' dialog already made, with the profile chosen there. */
  | { kind: 'shopping'; input: ShoppingInput };

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

/** User Timing marks around a build in the worker, for the benchmarks and DevTools. */
export const BUILD_START_MARK = 'popote:export-build:start';
export const BUILD_END_MARK = 'popote:export-build:end';
