/**
 * The account rules: registration confirmed by mail, login, password reset by mail, settings.
 * Answers use the field names of the public contract (spec 7.1).
 */
import type { FastifyBaseLogger } from 'fastify';
import { conflict, invalid, isPasswordTooShort } from '@popote/domain';
import type { ServerConfig } from '../config.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import {
  accountChangedMail,
  mailChangeLinkMail,
  mailReplacedMail,
  newPasswordMail,
  registrationMail,
} from '../mail/account-mails.js';
import { accountDeleted, HttpError, tooManyAttempts, unauthorized } from '../http/errors.js';
import { eraseAccount } from './account-erasure.js';
import type {
  AccountRow,
  AccountsReads,
  MailChangeRow,
  ServerDatabase,
  StoreTx,
} from '../store/ports.js';
import { BackgroundWork } from './background-work.js';
import { clientNetwork } from './client-network.js';
import { hashLinkToken, newLinkToken } from './link-tokens.js';
import { isValidMail, normalizeMail } from './mail-address.js';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { ACCOUNT_MESSAGES as M } from './messages.js';
import {
  MAIL_CHANGE_LINK_TTL_MS,
  MAIL_REVERT_LINK_TTL_MS,
  MAILED_PASSWORD_USE_MS,
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
  /**
   * Beyond the contract: the password typed was a mailed one; it must be replaced in the
   * settings within 24 hours (it then stops working).
   */
  MustChangePassword?: boolean;
  Id: number;
  Token: string;
  Pseudo: string;
}

export interface SettingsAnswer {
  Mail: string;
  Pseudo: string;
  /** Beyond the contract: a new address waiting for its confirmation link. */
  PendingMail?: string;
}

export interface SettingsUpdate {
  Mail: string;
  Password: string;
  Pseudo: string;
  /**
   * Beyond the contract: Popote's own settings screen sends it, and then a mail or password
   * change needs it right. The old contract's clients do not send it (see updateSettings).
   */
  CurrentPassword?: string;
}

export type LinkFailure = 'unknown' | 'expired' | 'used' | 'mail_taken';
export type ConfirmationOutcome = { kind: 'created'; userId: number } | { kind: LinkFailure };
export type MailChangeOutcome =
  | { kind: 'changed'; mail: string }
  | { kind: 'restored'; mail: string }
  | { kind: LinkFailure; revert: boolean };

export interface AccountServiceDeps {
  store: ServerDatabase;
  mailer: Mailer;
  /** Read at each call: publicUrl may be set after the server listens. */
  config: ServerConfig;
  now: () => number;
  /** log2 of scrypt's N for new hashes. */
  scryptLog2N: number;
  signSession: (userId: number) => Promise<string>;
  /** Tells devices that a row every user reads (a pseudonym) changed: they pull now. */
  announcePublicChange: () => void;
  log: FastifyBaseLogger;
}

type AttemptAction = 'inscription' | 'loggin' | 'reset' | 'reset-mail' | 'resend';

/** How many unconfirmed registrations of one address a login or a resend compares with. */
const UNCONFIRMED_CHECKED = 3;

export class AccountService {
  /** The work of password resets, done after their answer (see requestNewPassword). */
  private readonly background: BackgroundWork;

  constructor(private readonly deps: AccountServiceDeps) {
    this.background = new BackgroundWork(deps.log);
  }

  /** Resolves once the work that requests started after their answer has ended. */
  settled(): Promise<void> {
    return this.background.settled();
  }

  async register(input: {
    Mail: string;
    Password: string;
    Pseudo: string;
  }): Promise<RegistrationAnswer> {
    const { store } = this.deps;
    const mail = normalizeMail(input.Mail);
    if (!isValidMail(mail)) return refusal(M.invalidMail, false);
    await this.countAttempt('inscription', mail);
    if (await store.accounts.findAccountByMail(mail)) return refusal(M.mailUsed, false);
    if (isPasswordTooShort(input.Password)) return refusal(M.weakPassword, true);
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
    await this.countAttempt('resend', mail);
    if (await this.deps.store.accounts.findAccountByMail(mail)) return true;
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
    await store.write(async (tx) => {
      await tx.accounts.deleteRegistrationsExpiredBefore(at - REGISTRATION_MEMORY_MS);
      await tx.accounts.addPendingRegistration({
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
    const candidates = await this.deps.store.accounts.findUnusedRegistrationsByMail(
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

  /**
   * What following a registration link would do, without doing it (the link's GET page shows
   * a button; only its POST confirms, so that a mail scanner opening links confirms nothing).
   */
  async peekRegistration(token: string): Promise<{ kind: 'valid' } | { kind: LinkFailure }> {
    if (!/^[\w-]{43}$/u.test(token)) return { kind: 'unknown' };
    const { accounts } = this.deps.store;
    const pending = await accounts.findPendingRegistration(hashLinkToken(token));
    if (!pending) return { kind: 'unknown' };
    if (pending.usedAt !== null) return { kind: 'used' };
    if (pending.expiresAt <= this.deps.now()) return { kind: 'expired' };
    if (await accounts.findAccountByMail(pending.mail)) return { kind: 'mail_taken' };
    return { kind: 'valid' };
  }

  /** Follows a mailed registration link: creates the account once, if the mail is free. */
  async confirmRegistration(token: string): Promise<ConfirmationOutcome> {
    if (!/^[\w-]{43}$/u.test(token)) return { kind: 'unknown' };
    const { store, now } = this.deps;
    const tokenHash = hashLinkToken(token);
    return store
      .write(async (tx): Promise<ConfirmationOutcome> => {
        const pending = await tx.accounts.findPendingRegistration(tokenHash);
        const at = now();
        if (!pending) return { kind: 'unknown' };
        if (pending.usedAt !== null) return { kind: 'used' };
        if (pending.expiresAt <= at) return { kind: 'expired' };
        if (await tx.accounts.findAccountByMail(pending.mail)) return { kind: 'mail_taken' };
        const userId = await tx.allocateIds(1);
        await tx.accounts.createAccount({
          id: userId,
          mail: pending.mail,
          pseudo: pending.pseudo,
          passwordHash: pending.passwordHash,
          resetHash: null,
          resetExpiresAt: null,
          createdAt: at,
        });
        // The pseudonym other users see (the synced `users` row), with the account.
        await tx.rows.putRow('users', { id: userId, pseudo: pending.pseudo });
        await tx.accounts.markRegistrationUsed(tokenHash, at);
        return { kind: 'created', userId };
      })
      .then((outcome) => {
        if (outcome.kind === 'created') this.deps.announcePublicChange();
        return outcome;
      });
  }

  /**
   * Failed logins are limited per address and client address (perAddressMax), and per address
   * from all clients (LOGIN_FAILURES_PER_ADDRESS_FACTOR times more): a guesser at one client
   * address does not lock the owner out elsewhere, and many guessers together are still bounded.
   * Each attempt is counted before the password check is awaited (concurrent attempts cannot
   * all pass the check) and its count is withdrawn when it succeeds.
   */
  async login(input: { Mail: string; Password: string }, clientIp = ''): Promise<LoginAnswer> {
    const { store, now } = this.deps;
    const mail = normalizeMail(input.Mail);
    if (!isValidMail(mail)) return { ...refusal(M.invalidMail, false), ...noSession };
    const key = attemptKey('loggin', mail);
    const clientKey = `${key}@${clientIp}`;
    const max = this.deps.config.authRateLimit.perAddressMax;
    const reservedAt = now();
    // Checked and counted in one turn: concurrent attempts see each other's counts.
    await store.write(async (tx) => {
      if (
        (await this.attemptsInWindow(tx, clientKey)) >= max ||
        (await this.attemptsInWindow(tx, key)) >= max * LOGIN_FAILURES_PER_ADDRESS_FACTOR
      ) {
        throw tooManyAttempts();
      }
      await tx.accounts.recordAttempt(key, reservedAt);
      await tx.accounts.recordAttempt(clientKey, reservedAt);
    });
    const account = await store.accounts.findAccountByMail(mail);
    if (!account) {
      // Told only to whoever knows the password typed at registration.
      if (await this.unconfirmedRegistration(mail, input.Password)) {
        return { ...refusal(M.notConfirmed, false), IsUnconfirmed: true, ...noSession };
      }
      return { ...refusal(M.unknownMail, false), ...noSession };
    }

    let granted = await verifyPassword(input.Password, account.passwordHash);
    const resetValid = account.resetHash !== null && (account.resetExpiresAt ?? 0) > now();
    // A mailed password in use that was not replaced in time no longer opens the account.
    const mailedUntil = account.passwordExpiresAt ?? null;
    const mailedPasswordExpired = granted && mailedUntil !== null && mailedUntil <= now();
    let mustChangePassword = granted && mailedUntil !== null;
    if (mailedPasswordExpired) {
      return { ...refusal(M.mailedPasswordExpired, true), ...noSession };
    } else if (granted) {
      if (account.resetHash !== null) {
        await store.write((tx) => tx.accounts.clearResetPassword(account.id));
      }
      if (needsRehash(account.passwordHash, this.deps.scryptLog2N)) {
        const upgraded = await hashPassword(input.Password, this.deps.scryptLog2N);
        await store.write((tx) => tx.accounts.replacePasswordHash(account.id, upgraded));
      }
    } else if (resetValid && (await verifyPassword(input.Password, account.resetHash ?? ''))) {
      // A reset ends every other session: whoever held one must log in with a password again.
      await store.write(async (tx) => {
        await tx.accounts.promoteResetPassword(account.id, now() + MAILED_PASSWORD_USE_MS);
        await tx.accounts.deleteSessionsOf(account.id, null);
      });
      granted = true;
      mustChangePassword = true;
    } else if (account.resetHash !== null && !resetValid) {
      await store.write((tx) => tx.accounts.clearResetPassword(account.id));
    }

    if (!granted) return { ...refusal(M.wrongPassword, true), ...noSession };
    // A success withdraws its own count and the client's earlier failures, not the others'.
    await store.write(async (tx) => {
      await tx.accounts.clearAttempts(clientKey);
      await tx.accounts.forgetAttempt(key, reservedAt);
    });
    return {
      Error: '',
      IsPasswordError: false,
      Id: account.id,
      Token: await this.deps.signSession(account.id),
      Pseudo: account.pseudo,
      ...(mustChangePassword ? { MustChangePassword: true } : {}),
    };
  }

  /** Ends the session (POST /api/logout): its token stops working at once. */
  async logout(sessionId: string): Promise<true> {
    await this.deps.store.write((tx) => tx.accounts.deleteSession(sessionId));
    return true;
  }

  /**
   * Mails a new password that works beside the old one for 24 hours; the first of the two
   * used to log in wins. The answer is the same, and as fast, whether or not the address has
   * an account: it is given before the account is looked up, the password hashed and mailed
   * (mailNewPassword runs after it; a failure there is logged, never answered).
   * Requests are limited per address and client network, so that a stranger's requests never
   * refuse the owner's from elsewhere; the mailbox is protected by mailNewPassword's budget.
   */
  async requestNewPassword(rawMail: string, clientIp = ''): Promise<true> {
    const mail = normalizeMail(rawMail);
    if (!isValidMail(mail)) throw invalid(M.invalidMail);
    await this.countAttempt('reset', `${mail}@${clientNetwork(clientIp)}`);
    this.background.run(mail, 'Échec de la réinitialisation du mot de passe', () =>
      this.mailNewPassword(mail),
    );
    return true;
  }

  /**
   * The work of a reset request, after its answer. An address gets at most perAddressMax
   * reset mails per window, whoever asks (many networks together cannot fill its mailbox):
   * beyond, a request mails nothing as long as the last mailed password is still waiting,
   * since the newest mail already holds one that works. With none waiting (expired, used, or
   * thrown away by a login with the old password), the mail is sent anyway: the budget never
   * leaves the owner without a working mailed password.
   */
  private async mailNewPassword(mail: string): Promise<void> {
    const { store, now, config } = this.deps;
    if (!(await store.accounts.findAccountByMail(mail))) return;
    const budgetKey = attemptKey('reset-mail', mail);
    const at = now();
    const account = await store.write(async (tx) => {
      const found = await tx.accounts.findAccountByMail(mail);
      if (!found) return null;
      const waiting = found.resetHash !== null && (found.resetExpiresAt ?? 0) > at;
      const spent =
        (await this.attemptsInWindow(tx, budgetKey)) >= config.authRateLimit.perAddressMax;
      if (waiting && spent) return null;
      await tx.accounts.recordAttempt(budgetKey, at);
      return found;
    });
    if (!account) return;
    const password = generatePassword();
    const hash = await hashPassword(password, this.deps.scryptLog2N);
    await store.write((tx) =>
      tx.accounts.setResetPassword(account.id, hash, now() + RESET_PASSWORD_TTL_MS),
    );
    const sent = await this.trySend(
      newPasswordMail(account.mail, account.pseudo, password, config.publicUrl),
    );
    // A mail that did not leave does not spend the address's budget.
    if (!sent) await store.write((tx) => tx.accounts.forgetAttempt(budgetKey, at));
  }

  async settings(userId: number): Promise<SettingsAnswer> {
    const { store, now } = this.deps;
    const account = await store.accounts.getAccount(userId);
    if (!account) throw unauthorized();
    const pending = await store.accounts.pendingMailChange(userId, now());
    return {
      Mail: account.mail,
      Pseudo: account.pseudo,
      ...(pending ? { PendingMail: pending.newMail } : {}),
    };
  }

  /**
   * Changes the pseudonym at once; a new password at once too (unless Password is empty),
   * ending every other session of the account; a new mail only once the link mailed to it is
   * followed. The account's address is told of a password or mail change. With
   * CurrentPassword (Popote's own screen), a mail or password change needs it right; without
   * it (the old contract's clients), the change is still made, and told, as above.
   */
  async updateSettings(
    userId: number,
    input: SettingsUpdate,
    sessionId: string | null,
  ): Promise<SettingsAnswer> {
    const { store } = this.deps;
    const account = await store.accounts.getAccount(userId);
    if (!account) throw unauthorized();
    const mail = normalizeMail(input.Mail);
    if (!isValidMail(mail)) throw invalid(M.invalidMail);
    const pseudo = checkPseudo(input.Pseudo);
    if (typeof pseudo !== 'string') throw invalid(pseudo.error);
    if (input.Password !== '' && isPasswordTooShort(input.Password)) throw invalid(M.weakPassword);
    const mailChanges = mail !== account.mail;
    const passwordChanges = input.Password !== '';
    if ((mailChanges || passwordChanges) && input.CurrentPassword !== undefined) {
      await this.checkCurrentPassword(account, input.CurrentPassword);
    }
    if (mailChanges) {
      const owner = await store.accounts.findAccountByMail(mail);
      if (owner && owner.id !== userId) throw conflict(M.mailUsed);
    }
    const passwordHash = passwordChanges
      ? await hashPassword(input.Password, this.deps.scryptLog2N)
      : null;
    // The link leaves before anything changes: if it cannot be sent, nothing is changed.
    if (mailChanges) await this.mailChangeLink(account, mail, pseudo);
    await store.write(async (tx) => {
      if (!(await tx.accounts.getAccount(userId))) throw unauthorized();
      await tx.accounts.updateAccount(userId, { pseudo, passwordHash });
      if (passwordHash !== null) await tx.accounts.deleteSessionsOf(userId, sessionId);
      await tx.rows.putRow('users', { id: userId, pseudo });
    });
    if (pseudo !== account.pseudo) this.deps.announcePublicChange();
    if (mailChanges || passwordChanges) {
      const change = { password: passwordChanges, newMail: mailChanges ? mail : null };
      await this.tell(accountChangedMail(account.mail, pseudo, change, this.deps.config.publicUrl));
    }
    return this.settings(userId);
  }

  /**
   * 'Supprimer mon compte' (issue 33): the password must be right (a wrong one changes nothing,
   * answers 403 and counts like a wrong current password in the settings), then everything of
   * the account is erased in one transaction (account-erasure.ts). Other users' devices are
   * told at once to pull (the deletions reach them); the account's own devices get 401
   * 'Ce compte a été supprimé.' at their next request.
   */
  async deleteAccount(userId: number, password: string): Promise<true> {
    const { store, log } = this.deps;
    const account = await store.accounts.getAccount(userId);
    if (!account) throw accountDeleted();
    await this.checkCurrentPassword(account, password);
    const summary = await store.write(async (tx) => {
      const current = await tx.accounts.getAccount(userId);
      if (!current) throw accountDeleted();
      return eraseAccount(tx, current);
    });
    log.info({ userId, ...summary }, 'Compte supprimé');
    this.deps.announcePublicChange();
    return true;
  }

  /**
   * A wrong current password counts against the account (per-address limit per window). The
   * try is counted before the check is awaited, so that concurrent guesses cannot pass the
   * limit; a right one withdraws its count.
   */
  private async checkCurrentPassword(account: AccountRow, password: string): Promise<void> {
    const { store, now } = this.deps;
    const key = `settings:${account.id}`;
    const reservedAt = now();
    await store.write(async (tx) => {
      if ((await this.attemptsInWindow(tx, key)) >= this.deps.config.authRateLimit.perAddressMax) {
        throw tooManyAttempts();
      }
      await tx.accounts.recordAttempt(key, reservedAt);
    });
    if (await verifyPassword(password, account.passwordHash)) {
      await store.write((tx) => tx.accounts.forgetAttempt(key, reservedAt));
      return;
    }
    throw new HttpError(403, M.wrongCurrentPassword);
  }

  private async mailChangeLink(account: AccountRow, newMail: string, pseudo: string) {
    const { store, now } = this.deps;
    const token = newLinkToken();
    const at = now();
    await store.write(async (tx) => {
      await tx.accounts.deleteMailChangesExpiredBefore(at - REGISTRATION_MEMORY_MS);
      await tx.accounts.addMailChange({
        kind: 'change',
        tokenHash: hashLinkToken(token),
        userId: account.id,
        newMail,
        createdAt: at,
        expiresAt: at + MAIL_CHANGE_LINK_TTL_MS,
        usedAt: null,
      });
    });
    const link = `${this.deps.config.publicUrl}/api/settings/mail/confirm?token=${token}`;
    await this.send(mailChangeLinkMail(newMail, pseudo, account.mail, link));
  }

  /** What following a mail link would do, without doing it (see peekRegistration). */
  async peekMailChange(
    token: string,
  ): Promise<
    { kind: 'valid'; mail: string; revert: boolean } | { kind: LinkFailure; revert: boolean }
  > {
    const found = await this.findMailChange(this.deps.store.accounts, token);
    if ('failure' in found) return { kind: found.failure, revert: found.revert };
    return { kind: 'valid', mail: found.row.newMail, revert: found.row.kind === 'revert' };
  }

  /**
   * Follows a mail link (its POST). A change: the account takes the new address, once, and the
   * old address gets a link to undo it for 7 days. An undo: the account takes the old address
   * back, every session ends, the password is disabled and a new one is mailed there, so that
   * whoever made the change with a stolen session loses the account.
   */
  async confirmMailChange(token: string): Promise<MailChangeOutcome> {
    const { store, now, config } = this.deps;
    const found = await this.findMailChange(store.accounts, token);
    if ('failure' in found) return { kind: found.failure, revert: found.revert };
    if (found.row.kind === 'revert') return this.revertMailChange(token);

    const revertToken = newLinkToken();
    const outcome = await store.write(async (tx) => {
      const current = await this.findMailChange(tx.accounts, token);
      if ('failure' in current) return { kind: current.failure, revert: current.revert } as const;
      const account = await tx.accounts.getAccount(current.row.userId);
      if (!account) return { kind: 'unknown', revert: false } as const;
      const at = now();
      await tx.accounts.setMail(account.id, current.row.newMail);
      await tx.accounts.markMailChangeUsed(current.row.tokenHash, at);
      await tx.accounts.addMailChange({
        kind: 'revert',
        tokenHash: hashLinkToken(revertToken),
        userId: account.id,
        newMail: account.mail,
        createdAt: at,
        expiresAt: at + MAIL_REVERT_LINK_TTL_MS,
        usedAt: null,
      });
      return { kind: 'changed', account, mail: current.row.newMail } as const;
    });
    if (outcome.kind !== 'changed') return outcome;
    const { account, mail } = outcome;
    const link = `${config.publicUrl}/api/settings/mail/confirm?token=${revertToken}`;
    await this.tell(mailReplacedMail(account.mail, account.pseudo, mail, link));
    return { kind: 'changed', mail };
  }

  private async revertMailChange(token: string): Promise<MailChangeOutcome> {
    const { store, now } = this.deps;
    // A password nobody knows: the account opens again only through the mailed one.
    const disabled = await hashPassword(newLinkToken(), this.deps.scryptLog2N);
    const password = generatePassword();
    const resetHash = await hashPassword(password, this.deps.scryptLog2N);
    const outcome = await store.write(async (tx) => {
      const current = await this.findMailChange(tx.accounts, token);
      if ('failure' in current) return { kind: current.failure, revert: current.revert } as const;
      const { row } = current;
      const at = now();
      await tx.accounts.setMail(row.userId, row.newMail);
      await tx.accounts.updateAccount(row.userId, {
        pseudo: (await tx.accounts.getAccount(row.userId))?.pseudo ?? '',
        passwordHash: disabled,
      });
      await tx.accounts.setResetPassword(row.userId, resetHash, at + RESET_PASSWORD_TTL_MS);
      await tx.accounts.deleteSessionsOf(row.userId, null);
      await tx.accounts.cancelMailChanges(row.userId);
      await tx.accounts.markMailChangeUsed(row.tokenHash, at);
      return { kind: 'restored', account: (await tx.accounts.getAccount(row.userId))! } as const;
    });
    if (outcome.kind !== 'restored') return outcome;
    const { account } = outcome;
    await this.tell(
      newPasswordMail(account.mail, account.pseudo, password, this.deps.config.publicUrl),
    );
    return { kind: 'restored', mail: account.mail };
  }

  /**
   * The link's row if it may be followed now; otherwise why not (and whether it undoes). Read
   * from `accounts`: the committed data, or the transaction that acts on the answer.
   */
  private async findMailChange(
    accounts: AccountsReads,
    token: string,
  ): Promise<{ row: MailChangeRow } | { failure: LinkFailure; revert: boolean }> {
    if (!/^[\w-]{43}$/u.test(token)) return { failure: 'unknown', revert: false };
    const { now } = this.deps;
    const row = await accounts.findMailChange(hashLinkToken(token));
    if (!row || !(await accounts.getAccount(row.userId))) {
      return { failure: 'unknown', revert: false };
    }
    const revert = row.kind === 'revert';
    if (row.usedAt !== null) return { failure: 'used', revert };
    if (row.expiresAt <= now()) return { failure: 'expired', revert };
    const owner = await accounts.findAccountByMail(row.newMail);
    if (owner && owner.id !== row.userId) return { failure: 'mail_taken', revert };
    return { row };
  }

  /**
   * Counts one attempt on the address (or address@network), refusing it once the window's
   * budget is spent.
   */
  private async countAttempt(action: AttemptAction, subject: string): Promise<void> {
    const key = attemptKey(action, subject);
    await this.deps.store.write(async (tx) => {
      if ((await this.attemptsInWindow(tx, key)) >= this.deps.config.authRateLimit.perAddressMax) {
        throw tooManyAttempts();
      }
      await tx.accounts.recordAttempt(key, this.deps.now());
    });
  }

  /** The attempts on the key in the window; forgets older ones (so: inside a write turn). */
  private async attemptsInWindow(tx: StoreTx, key: string): Promise<number> {
    const { now, config } = this.deps;
    const since = now() - config.authRateLimit.windowMs;
    await tx.accounts.deleteAttemptsBefore(since);
    return tx.accounts.countAttempts(key, since);
  }

  /** Sends a mail; a failure is logged and reported as false. */
  private async trySend(mail: OutgoingMail): Promise<boolean> {
    try {
      await this.deps.mailer.send(mail);
      return true;
    } catch (error) {
      this.deps.log.error(
        { err: error, to: mail.to, subject: mail.subject },
        "Échec de l'envoi du mail",
      );
      return false;
    }
  }

  /** A notice whose failure must not undo what was done: logged, not answered. */
  private async tell(mail: OutgoingMail): Promise<void> {
    await this.trySend(mail);
  }

  /** A mail the request depends on: its failure answers 503. */
  private async send(mail: OutgoingMail): Promise<void> {
    if (!(await this.trySend(mail))) throw new HttpError(503, M.mailFailed);
  }
}

const noSession = { Id: 0, Token: '', Pseudo: '' };

/** Failed logins on one address from all client addresses: this many times perAddressMax. */
export const LOGIN_FAILURES_PER_ADDRESS_FACTOR = 5;

function refusal(error: string, isPasswordError: boolean): RegistrationAnswer {
  return { Error: error, IsPasswordError: isPasswordError };
}

function attemptKey(action: AttemptAction, mail: string): string {
  return `${action}:${mail}`;
}

function checkPseudo(raw: string): string | { error: string } {
  const pseudo = raw.trim();
  if (pseudo === '') return { error: M.pseudoRequired };
  if (/\p{Cc}/u.test(pseudo)) return { error: M.pseudoInvalid };
  return pseudo;
}
