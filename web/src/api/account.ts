/** Account calls (spec 7.1); field names are those of the public contract. */
import { noteMustChangePassword } from '../session/session';
import { apiRequest, apiResult } from './http';

export interface SignUpRequest {
  Mail: string;
  Password: string;
  Pseudo: string;
}

/** Validation failures come back with HTTP 200 and a non-empty Error. */
export interface SignUpAnswer {
  Error: string;
  IsPasswordError: boolean;
  /** Beyond the contract: the Error concerns the pseudonym. */
  IsPseudoError?: boolean;
}

export interface LoginRequest {
  Mail: string;
  Password: string;
}

export interface LoginAnswer extends SignUpAnswer {
  /** Beyond the contract: a registration whose confirmation link was never followed. */
  IsUnconfirmed?: boolean;
  /**
   * Beyond the contract: the password typed was one received by mail; it must be replaced in
   * the settings (the server refuses it 24 hours after this login).
   */
  MustChangePassword?: boolean;
  Id: number;
  Token: string;
  Pseudo: string;
}

export interface UserSettings {
  Mail: string;
  Pseudo: string;
  /** Beyond the contract: a new address waiting for the confirmation link mailed to it. */
  PendingMail?: string;
}

/**
 * An empty Password keeps the current one. CurrentPassword (beyond the contract) is needed
 * right to change the mail or the password; a new Mail takes effect once the link mailed to it
 * is followed.
 */
export interface UserSettingsUpdate {
  Mail: string;
  Pseudo: string;
  Password: string;
  CurrentPassword?: string;
}

export const postSignUp = (body: SignUpRequest) =>
  apiRequest<SignUpAnswer>('/inscription', { method: 'POST', body });

/** A session opened with a mailed password will know it must change it (see session.ts). */
export const postLogin = async (body: LoginRequest) => {
  const answer = await apiRequest<LoginAnswer>('/loggin', { method: 'POST', body });
  if (answer?.MustChangePassword === true && answer.Token !== '') {
    noteMustChangePassword(answer.Token);
  }
  return answer;
};

/**
 * Mails the confirmation link again, after a login answered IsUnconfirmed (beyond the
 * contract). Answers true whatever the address.
 */
export const resendConfirmation = (body: LoginRequest) =>
  apiRequest<boolean>('/inscription/renvoi', { method: 'POST', body });

/** Any non-null answer counts as success (spec 7.1). */
export const requestPasswordReset = (mail: string) =>
  apiRequest<unknown>('/reset', { query: { mail } });

export const getSettings = () => apiRequest<UserSettings>('/settings');

/**
 * Answers the settings as stored (the server normalises the mail; a new one shows as
 * PendingMail until confirmed). A wrong CurrentPassword answers 403, shown like any error.
 */
export const postSettings = (body: UserSettingsUpdate) =>
  apiRequest<UserSettings>('/settings', { method: 'POST', body });

/**
 * 'Supprimer mon compte' (issue 33, beyond the contract): erases the account once its password
 * is checked. A failure resolves to its French message (a wrong password: 'Le mot de passe
 * actuel est incorrect.'), shown beside the password.
 */
export const deleteAccount = (password: string) =>
  apiResult<boolean>('/account/delete', { method: 'POST', body: { Password: password } });
