/** Turns the ways a call can fail into the error reports of the catalogue (spec 8). */
import { escapeHtml } from '../feedback/escapeHtml';
import type { ErrorReport } from '../feedback/feedback';
import { ERRORS } from '../strings';

const DETAILS_MAX_LENGTH = 300;

/** The server answered with an error status; `body` is its raw text. */
export function serverErrorReport(status: number, body: string): ErrorReport {
  const message = readMessage(body);
  if (message !== null) {
    return { title: ERRORS.serverTitle, html: `<i>${escapeHtml(message)}</i>` };
  }
  const excerpt = body.length > DETAILS_MAX_LENGTH ? `${body.slice(0, DETAILS_MAX_LENGTH)}…` : body;
  const details = excerpt.trim() === '' ? `HTTP ${status}` : `HTTP ${status} : ${excerpt}`;
  return {
    title: ERRORS.serverTitle,
    html: `${escapeHtml(ERRORS.serverUndecodable)}<br/>${escapeHtml(details)}`,
  };
}

/** The request left but no answer came back (network down, server unreachable). */
export function noResponseReport(): ErrorReport {
  return { title: ERRORS.noResponseTitle, html: escapeHtml(ERRORS.noResponseBody) };
}

/** Anything else: the request could not be built or its answer could not be read. */
export function clientErrorReport(error: unknown): ErrorReport {
  const details = error instanceof Error ? error.message : String(error);
  return {
    title: ERRORS.clientTitle,
    html: `${escapeHtml(ERRORS.clientBody)}<br/>${escapeHtml(details)}`,
  };
}

/** The French `message` of a server's error answer, or null when it has none. */
export function readMessage(body: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = (value as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}
