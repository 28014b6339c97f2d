/**
 * The one error type of the domain. Every refusal carries a French message that a screen can
 * show as is, and a code that programs (the server, tests) can branch on.
 */
export type DomainErrorCode =
  | 'invalid' // malformed or out-of-range input
  | 'forbidden' // the user may not do this (not the owner, not readable)
  | 'not_found' // the referenced row does not exist (or is not readable)
  | 'conflict' // the operation conflicts with existing data (in use, duplicate name)
  | 'too_large'; // an input exceeds a size limit

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  /** 1-based line of an input file, when the error is about one. */
  readonly line: number | undefined;

  constructor(code: DomainErrorCode, message: string, options?: { line?: number }) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.line = options?.line;
  }
}

export const invalid = (message: string, line?: number): DomainError =>
  new DomainError('invalid', message, line === undefined ? undefined : { line });
export const forbidden = (message: string): DomainError => new DomainError('forbidden', message);
export const notFound = (message: string): DomainError => new DomainError('not_found', message);
export const conflict = (message: string): DomainError => new DomainError('conflict', message);

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}
