/**
 * The account rules: registration confirmed by mail, login, password reset by mail, settings.
 * Answers use the field names of the public contract (spec 7.1).
 */
import type { FastifyBaseLogger } from 'fastify';
import { conflict, invalid } from '@popote/domain';
import type { ServerConfig } from '../config.js';
import type { ServerStore } from '../store/server-store.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import { newPasswordMail, registrationMail } from '../mail/account-mails.js';
import { HttpError, tooManyAttempts, unauthorized } from '../http/errors.js';
import { hashLinkToken, newLinkToken } from './link-tokens.js';
import { isValidMail, normalizeMail } from './mail-address.js';
import { generatePassword, hashPassword, verifyPassword } from './passwords.js';
import { ACCOUNT_MESSAGES as M, MIN_PASSWORD_LENGTH } from './messages.js';
import {
  REGISTRATION_LINK_TTL_MS,
  REGISTRATION_MEMORY_MS,
  RESET_PASSWORD_TTL_MS,
} from './durations.js';

export interface RegistrationAnswer {
  Error: string;
  IsPasswordError: boolean;
  /** The Error concerns the pseudonym (beyond the contract). */
  IsPseudoError?: boolean;
}

export interface LoginAnswer extends RegistrationAnswer {
  /** A registration whose link was never followed (beyond the contract). */
  IsUnconfirmed?: boolean;
  Id: number;
  Token: string;
  Pseudo: string;
}

export interface SettingsAnswer {
  Mail: string;
  Pseudo: string;
}

export type ConfirmationOutcome =
  { kind: 'created'; userId: number } | { kind: 'unknown' | 'expired' | 'used' | 'mail_taken' };

export interface AccountServiceDeps {
  store: ServerStore;
  mailer: Mailer;
  /** Read at each call: publicUrl may be set after the server listens. */
  config: ServerConfig;
  now: () => number;
  /** log2 of scrypt's N for new hashes. */
  scryptLog2N: number;
  signSession: (userId: number) => string;
  log: FastifyBaseLogger;
}

type AttemptAction = 'inscription' | 'loggin' | 'reset' | 'resend';

/** How many unconfirmed registrations of one address a login or a resend compares with. */
const UNCONFIRMED_CHECKED = 3;

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async register(input: {
    Mail: string;
    Password: string;
    Pseudo: string;
  }): Promise<RegistrationAnswer> {
    const { store } = this.deps;
    const mail = normalizeMail(input.Mail);
    if (!isValidMail(mail)) return refusal(M.invalidMail, false);
    this.countAttempt('inscription', mail);
    if (store.accounts.findAccountByMail(mail)) return refusal(M.mailUsed, false);
    if (isWeak(input.Password)) return refusal(M.weakPassword, true);
    const pseudo = checkPseudo(input.Pseudo);
    if (typeof pseudo !== 'string') return { ...refusal(pseudo.error, false), IsPseudoError: true };

    const passwordHash = await hashPassword(input.Password, this.deps.scryptLog2N);
    await this.mailRegistrationLink({ mail, pseudo, passwordHash });
    return refusal('', false);
  }

  /**
   * Mails the confirmation link again, as a new link (the earlier ones keep working until
   * they expire). It takes the password typed at registration, so that nobody else can make
   * the server mail an address, and answers the same whatever the address: whether it has a
   * registration waiting is told only by a login with that password.
   */
  async resendRegistrationLink(input: { Mail: string; Password: string }): Promise<true> {
    const mail = normalizeMail(input.Mail);
    if (!isValidMail(mail)) throw invalid(M.invalidMail);
    this.countAttempt('resend', mail);
    if (this.deps.store.accounts.findAccountByMail(mail)) return true;
    const pending = await this.unconfirmedRegistration(mail, input.Password);
    if (pending) await this.mailRegistrationLink(pending);
    return true;
  }

  /** Records a registration waiting for its link to be followed, and mails the link. */
  private async mailRegistrationLink(registration: {
    mail: string;
    pseudo: string;
    passwordHash: string;
  }): Promise<void> {
    const { store, now } = this.deps;
    const token = newLinkToken();
    const at = now();
    store.transaction(() => {
      store.accounts.deleteRegistrationsExpiredBefore(at - REGISTRATION_MEMORY_MS);
      store.accounts.addPendingRegistration({
        tokenHash: hashLinkToken(token),
        ...registration,
        createdAt: at,
        expiresAt: at + REGISTRATION_LINK_TTL_MS,
        usedAt: null,
      });
    });
    const link = `${this.deps.config.publicUrl}/api/inscription/confirm?token=${token}`;
    await this.send(registrationMail(registration.mail, registration.pseudo, link));
  }

  /** The newest registration of the address whose link was never followed, if the password is its. */
  private async unconfirmedRegistration(
    mail: string,
    password: string,
  ): Promise<{ mail: string; pseudo: string; passwordHash: string } | null> {
    const candidates = this.deps.store.accounts.findUnusedRegistrationsByMail(
      mail,
      UNCONFIRMED_CHECKED,
    );
    for (const pending of candidates) {
      if (await verifyPassword(password, pending.passwordHash)) {
        return { mail: pending.mail, pseudo: pending.pseudo, passwordHash: pending.passwordHash };
      }
    }
    return null;
  }

  /** Follows a mailed registration link: creates the account once, if the mail is free. */
  confirmRegistration(token: string): ConfirmationOutcome {
    if (!/^[\w-]{43}$/u.test(token)) return { kind: 'unknown' };
    const { store, now } = this.deps;
    const tokenHash = hashLinkToken(token);
    return store.transaction((): ConfirmationOutcome => {
      const pending = store.accounts.findPendingRegistration(tokenHash);
      const at = now();
      if (!pending) return { kind: 'unknown' };
      if (pending.usedAt !== null) return { kind: 'used' };
      if (pending.expiresAt <= at) return { kind: 'expired' };
      if (store.accounts.findAccountByMail(pending.mail)) return { kind: 'mail_taken' };
      const userId = store.allocateIds(1);
      store.accounts.createAccount({
        id: userId,
        mail: pending.mail,
        pseudo: pending.pseudo,
        passwordHash: pending.passwordHash,
        resetHash: null,
        resetExpiresAt: null,
        createdAt: at,
      });
      store.putPublicUser(userId, pending.pseudo);
      store.accounts.markRegistrationUsed(tokenHash, at);
      return { kind: 'created', userId };
    });
  }

  async login(input: { Mail: string; Password: string }): Promise<LoginAnswer> {
    const { store, now } = this.deps;
    const mail = normalizeMail(input.Mail);
    if (!isValidMail(mail)) return { ...refusal(M.invalidMail, false), ...noSession };
    // Only failures count here, so that a user's own logins never lock them out.
    const key = attemptKey('loggin', mail);
    if (this.attemptsInWindow(key) >= this.deps.config.authRateLimit.perAddressMax) {
      throw tooManyAttempts();
    }
    const account = store.accounts.findAccountByMail(mail);
    if (!account) {
      store.accounts.recordAttempt(key, now());
      // Told only to whoever knows the password typed at registration.
      if (await this.unconfirmedRegistration(mail, input.Password)) {
        return { ...refusal(M.notConfirmed, false), IsUnconfirmed: true, ...noSession };
      }
      return { ...refusal(M.unknownMail, false), ...noSession };
    }

    let granted = await verifyPassword(input.Password, account.passwordHash);
    const resetValid = account.resetHash !== null && (account.resetExpiresAt ?? 0) > now();
    if (granted) {
      if (account.resetHash !== null) store.accounts.clearResetPassword(account.id);
    } else if (resetValid && (await verifyPassword(input.Password, account.resetHash ?? ''))) {
      store.accounts.promoteResetPassword(account.id);
      granted = true;
    } else if (account.resetHash !== null && !resetValid) {
      store.accounts.clearResetPassword(account.id);
    }

    if (!granted) {
      store.accounts.recordAttempt(key, now());
      return { ...refusal(M.wrongPassword, true), ...noSession };
    }
    store.accounts.clearAttempts(key);
    return {
      Error: '',
      IsPasswordError: false,
      Id: account.id,
      Token: this.deps.signSession(account.id),
      Pseudo: account.pseudo,
    };
  }

  /**
   * Mails a new password that works beside the old one for 24 hours; the first of the two
   * used to log in wins. Answers the same whether or not the address has an account.
   */
  async requestNewPassword(rawMail: string): Promise<true> {
    const { store, now } = this.deps;
    const mail = normalizeMail(rawMail);
    if (!isValidMail(mail)) throw invalid(M.invalidMail);
    this.countAttempt('reset', mail);
    const account = store.accounts.findAccountByMail(mail);
    if (!account) return true;
    const password = generatePassword();
    const hash = await hashPassword(password, this.deps.scryptLog2N);
    store.accounts.setResetPassword(account.id, hash, now() + RESET_PASSWORD_TTL_MS);
    await this.send(
      newPasswordMail(account.mail, account.pseudo, password, this.deps.config.publicUrl),
    );
    return true;
  }

  settings(userId: number): SettingsAnswer {
    const account = this.deps.store.accounts.getAccount(userId);
    if (!account) throw unauthorized();
    return { Mail: account.mail, Pseudo: account.pseudo };
  }

  /** Changes mail, pseudonym and (unless Password is empty) the password. */
  async updateSettings(
    userId: number,
    input: { Mail: string; Password: string; Pseudo: string },
  ): Promise<SettingsAnswer> {
    const { store } = this.deps;
    const mail = normalizeMail(input.Mail);
    if (!isValidMail(mail)) throw invalid(M.invalidMail);
    const pseudo = checkPseudo(input.Pseudo);
    if (typeof pseudo !== 'string') throw invalid(pseudo.error);
    if (input.Password !== '' && isWeak(input.Password)) throw invalid(M.weakPassword);
    const passwordHash =
      input.Password === '' ? null : await hashPassword(input.Password, this.deps.scryptLog2N);
    store.transaction(() => {
      if (!store.accounts.getAccount(userId)) throw unauthorized();
      const owner = store.accounts.findAccountByMail(mail);
      if (owner && owner.id !== userId) throw conflict(M.mailUsed);
      store.accounts.updateAccount(userId, { mail, pseudo, passwordHash });
      store.putPublicUser(userId, pseudo);
    });
    return { Mail: mail, Pseudo: pseudo };
  }

  /** Counts one attempt on the address, refusing it once the window's budget is spent. */
  private countAttempt(action: AttemptAction, mail: string): void {
    const key = attemptKey(action, mail);
    if (this.attemptsInWindow(key) >= this.deps.config.authRateLimit.perAddressMax) {
      throw tooManyAttempts();
    }
    this.deps.store.accounts.recordAttempt(key, this.deps.now());
  }

  private attemptsInWindow(key: string): number {
    const { store, now, config } = this.deps;
    const since = now() - config.authRateLimit.windowMs;
    store.accounts.deleteAttemptsBefore(since);
    return store.accounts.countAttempts(key, since);
  }

  private async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.deps.mailer.send(mail);
    } catch (error) {
      this.deps.log.error(
        { err: error, to: mail.to, subject: mail.subject },
        "Échec de l'envoi du mail",
      );
      throw new HttpError(503, M.mailFailed);
    }
  }
}

const noSession = { Id: 0, Token: '', Pseudo: '' };

function refusal(error: string, isPasswordError: boolean): RegistrationAnswer {
  return { Error: error, IsPasswordError: isPasswordError };
}

function attemptKey(action: AttemptAction, mail: string): string {
  return `${action}:${mail}`;
}

function isWeak(password: string): boolean {
  return [...password].length < MIN_PASSWORD_LENGTH;
}

function checkPseudo(raw: string): string | { error: string } {
  const pseudo = raw.trim();
  if (pseudo === '') return { error: M.pseudoRequired };
  if (/\p{Cc}/u.test(pseudo)) return { error: M.pseudoInvalid };
  return pseudo;
}
