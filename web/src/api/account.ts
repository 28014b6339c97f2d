/** Account calls (spec 7.1); field names are those of the public contract. */
import { apiRequest } from './http';

export interface InscriptionRequest {
  Mail: string;
  Password: string;
  Pseudo: string;
}

/** Validation failures come back with HTTP 200 and a non-empty Error. */
export interface InscriptionAnswer {
  Error: string;
  IsPasswordError: boolean;
  /** Beyond the contract: the Error concerns the pseudonym. */
  IsPseudoError?: boolean;
}

export interface LogginRequest {
  Mail: string;
  Password: string;
}

export interface LogginAnswer extends InscriptionAnswer {
  /** Beyond the contract: a registration whose confirmation link was never followed. */
  IsUnconfirmed?: boolean;
  Id: number;
  Token: string;
  Pseudo: string;
}

export interface UserSettings {
  Mail: string;
  Pseudo: string;
}

/** An empty Password keeps the current one. */
export interface UserSettingsUpdate extends UserSettings {
  Password: string;
}

export const postInscription = (body: InscriptionRequest) =>
  apiRequest<InscriptionAnswer>('/inscription', { method: 'POST', body });

export const postLoggin = (body: LogginRequest) =>
  apiRequest<LogginAnswer>('/loggin', { method: 'POST', body });

/**
 * Mails the confirmation link again, after a login answered IsUnconfirmed (beyond the
 * contract). Answers true whatever the address.
 */
export const resendConfirmation = (body: LogginRequest) =>
  apiRequest<boolean>('/inscription/renvoi', { method: 'POST', body });

/** Any non-null answer counts as success (spec 7.1). */
export const requestPasswordReset = (mail: string) =>
  apiRequest<unknown>('/reset', { query: { mail } });

export const getSettings = () => apiRequest<UserSettings>('/settings');

/** Answers the settings as stored (the server normalises the mail). */
export const postSettings = (body: UserSettingsUpdate) =>
  apiRequest<UserSettings>('/settings', { method: 'POST', body });
