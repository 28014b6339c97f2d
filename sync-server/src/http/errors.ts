/**
 * Every error answer of the server is `{ message }` in French with a meaningful status. Bad
 * input of any kind answers 4xx; only a real fault answers 500, and it is logged.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError, type DomainErrorCode } from '@popote/domain';
import { EMPTY_BODY, type ValidationIssue } from './typebox-validation.js';

export const MESSAGES = {
  internal: 'Erreur interne du serveur.',
  sessionExpired: 'Votre session a expiré. Merci de vous reconnecter.',
  accountDeleted: 'Ce compte a été supprimé.',
  tooManyAttempts: 'Trop de tentatives. Merci de réessayer dans quelques minutes.',
  malformedJson: "Requête invalide : le corps de la requête n'est pas un JSON valide.",
  emptyBody: 'Requête invalide : le corps de la requête est vide.',
  bodyNotObject: 'Requête invalide : le corps de la requête doit être un objet JSON.',
  tooLarge: 'Requête trop volumineuse.',
  unsupportedMediaType: 'Type de contenu non pris en charge : envoyez du JSON (application/json).',
  badRequest: 'Requête invalide.',
  notFound: 'Ressource introuvable.',
  methodNotAllowed: 'Méthode non autorisée.',
  unavailable: "Le serveur est en cours d'arrêt. Merci de réessayer dans un instant.",
} as const;

/** An answer with a chosen status and a French message, thrown from routes and hooks. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** A machine-readable reason sent beside the message (`code`), for the few a device acts on. */
  readonly code: string | undefined;

  constructor(statusCode: number, message: string, code?: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

/** The `code` of a 401 whose token names a deleted account (see ACCOUNT_DELETED_CODE). */
export const ACCOUNT_DELETED_CODE = 'account_deleted';

export const unauthorized = (): HttpError => new HttpError(401, MESSAGES.sessionExpired);
/**
 * The token is genuine but its account was deleted ('Supprimer mon compte', issue 33): its
 * devices log out and clear their local database when they read this code.
 */
export const accountDeleted = (): HttpError =>
  new HttpError(401, MESSAGES.accountDeleted, ACCOUNT_DELETED_CODE);
export const tooManyAttempts = (): HttpError => new HttpError(429, MESSAGES.tooManyAttempts);

const DOMAIN_STATUS: Record<DomainErrorCode, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
};

const PART_LABEL: Record<string, string> = {
  body: 'le champ',
  querystring: 'le paramètre',
  params: 'le paramètre',
  headers: "l'en-tête",
};

/** Status and French message for any error a request may raise. */
export function describeError(error: unknown): {
  statusCode: number;
  message: string;
  code?: string;
} {
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      ...(error.code !== undefined ? { code: error.code } : {}),
    };
  }
  if (isDomainError(error))
    return { statusCode: DOMAIN_STATUS[error.code], message: error.message };
  const fastifyError = error as Partial<FastifyError> & { validation?: ValidationIssue[] };
  if (fastifyError.validation) {
    return { statusCode: 400, message: validationMessage(fastifyError) };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { statusCode: 400, message: MESSAGES.malformedJson };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, message: MESSAGES.emptyBody };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, message: MESSAGES.tooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 415, message: MESSAGES.unsupportedMediaType };
  }
  // The JSON parser reports prototype poisoning and syntax errors as plain 400 errors.
  if (error instanceof SyntaxError) return { statusCode: 400, message: MESSAGES.malformedJson };
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { statusCode: status, message: clientMessage(status) };
  }
  if (status === 503) return { statusCode: 503, message: MESSAGES.unavailable };
  return { statusCode: 500, message: MESSAGES.internal };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const { statusCode, message, code } = describeError(error);
  if (statusCode >= 500) request.log.error({ err: error }, 'Erreur interne');
  void reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(code !== undefined ? { message, code } : { message });
}

function validationMessage(error: {
  validation?: ValidationIssue[];
  validationContext?: string;
}): string {
  const issue = error.validation?.[0];
  if (issue?.message === EMPTY_BODY && error.validationContext === 'body')
    return MESSAGES.emptyBody;
  const field = issue?.instancePath
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replace(/~1/gu, '/').replace(/~0/gu, '~'))
    .join('.');
  if (!field)
    return error.validationContext === 'body' ? MESSAGES.bodyNotObject : MESSAGES.badRequest;
  const part = PART_LABEL[error.validationContext ?? 'body'] ?? 'le champ';
  return `Requête invalide : ${part} « ${field} » est manquant ou mal formé.`;
}

function clientMessage(status: number): string {
  if (status === 404) return MESSAGES.notFound;
  if (status === 405) return MESSAGES.methodNotAllowed;
  if (status === 413) return MESSAGES.tooLarge;
  if (status === 415) return MESSAGES.unsupportedMediaType;
  if (status === 429) return MESSAGES.tooManyAttempts;
  return MESSAGES.badRequest;
}
