/**
 * App-wide feedback (spec 2.9): the list of success messages and the error snackbar. A plain
 * store rather than React state, so that the HTTP client and non-React code can report too.
 */

/** Each success message leaves the list after this time (spec 9). */
export const SUCCESS_LIFETIME_MS = 4000;
/** The error snackbar closes after this time (spec 9). */
export const ERROR_SNACKBAR_MS = 4000;

/** A message that offers to undo what it reports stays this long, long enough to react. */
export const UNDO_LIFETIME_MS = 12_000;

/** A button in a success message ('Annuler'). */
export interface SuccessAction {
  label: string;
  run: () => void;
}

export interface SuccessMessage {
  id: number;
  text: string;
  at: Date;
  action?: SuccessAction;
}

/** An error as shown by the snackbar; `html` is sanitised when displayed, never trusted. */
export interface ErrorReport {
  title: string;
  html: string;
}

export interface ShownError extends ErrorReport {
  id: number;
}

export interface FeedbackState {
  successes: readonly SuccessMessage[];
  error: ShownError | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: FeedbackState = { successes: [], error: null };
let nextId = 1;
let errorTimer: ReturnType<typeof setTimeout> | undefined;

function set(next: FeedbackState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getFeedback(): FeedbackState {
  return state;
}

export function subscribeFeedback(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySuccess(text: string, action?: SuccessAction): void {
  const message: SuccessMessage = { id: nextId++, text, at: new Date(), ...(action && { action }) };
  set({ ...state, successes: [...state.successes, message] });
  setTimeout(() => dismissSuccess(message.id), action ? UNDO_LIFETIME_MS : SUCCESS_LIFETIME_MS);
}

export function dismissSuccess(id: number): void {
  if (!state.successes.some((m) => m.id === id)) return;
  set({ ...state, successes: state.successes.filter((m) => m.id !== id) });
}

/** Shows an error; a newer one replaces the one on screen and gets the full display time. */
export function notifyError(report: ErrorReport): void {
  const shown: ShownError = { id: nextId++, title: report.title, html: report.html };
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => dismissError(shown.id), ERROR_SNACKBAR_MS);
  set({ ...state, error: shown });
}

/** Closes the error on screen; with an id, only if that error is still the one shown. */
export function dismissError(id?: number): void {
  if (state.error === null || (id !== undefined && state.error.id !== id)) return;
  clearTimeout(errorTimer);
  set({ ...state, error: null });
}
