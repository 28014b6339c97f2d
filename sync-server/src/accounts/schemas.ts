/**
 * Request and answer shapes of the account routes (field names of spec 7.1). Every string
 * has a maximum length so that no request makes the server hash or store huge values.
 */
import { Type, type Static } from '@sinclair/typebox';

const Mail = Type.String({ maxLength: 254 });
const Password = Type.String({ maxLength: 200 });
const Pseudo = Type.String({ maxLength: 60 });

/** POST /inscription's body. */
export const SignUpBody = Type.Object({ Mail, Password, Pseudo });
export type SignUpBody = Static<typeof SignUpBody>;

export const SignUpAnswer = Type.Object({
  Error: Type.String(),
  IsPasswordError: Type.Boolean(),
  /** Beyond the contract: the Error concerns the pseudonym (shown under its field). */
  IsPseudoError: Type.Optional(Type.Boolean()),
});

export const ConfirmQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
export type ConfirmQuery = Static<typeof ConfirmQuery>;

export const LoginBody = Type.Object({ Mail, Password });
export type LoginBody = Static<typeof LoginBody>;

export const LoginAnswer = Type.Object({
  Error: Type.String(),
  IsPasswordError: Type.Boolean(),
  /**
   * Beyond the contract: mail and password are those of a registration whose link was never
   * followed (the screen offers to send it again).
   */
  IsUnconfirmed: Type.Optional(Type.Boolean()),
  /**
   * Beyond the contract: the password typed was a mailed one, to replace in the settings
   * within 24 hours (it stops working then).
   */
  MustChangePassword: Type.Optional(Type.Boolean()),
  Id: Type.Integer(),
  Token: Type.String(),
  Pseudo: Type.String(),
});

export const ResetQuery = Type.Object({ mail: Mail });
export type ResetQuery = Static<typeof ResetQuery>;

/** Sending the confirmation link again takes the password typed at registration. */
export const ResendBody = Type.Object({ Mail, Password });
export type ResendBody = Static<typeof ResendBody>;

/**
 * The contract's User as GET /settings answered it ({Id, IsAdmin, Mail, Password, Pseudo}; Id
 * and IsAdmin are ignored). An empty Password keeps the current one. Beyond the contract,
 * CurrentPassword (sent by Popote's own settings screen) must be right for a mail or password
 * change; a new Mail takes effect once the link mailed to it is followed.
 */
export const SettingsBody = Type.Object({
  Mail,
  Password,
  Pseudo,
  CurrentPassword: Type.Optional(Password),
});
export type SettingsBody = Static<typeof SettingsBody>;

/** Beyond the contract: 'Supprimer mon compte' (issue 33) asks for the account's password. */
export const DeleteAccountBody = Type.Object({ Password });
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

/**
 * The contract's User. Never a password nor a hash: Password is always '' (old clients read
 * the field and send it back, meaning "unchanged"). No user is an administrator.
 */
export const SettingsAnswer = Type.Object({
  Id: Type.Integer(),
  IsAdmin: Type.Boolean(),
  Mail: Type.String(),
  Password: Type.Literal(''),
  Pseudo: Type.String(),
  /** Beyond the contract: a new address waiting for its confirmation link. */
  PendingMail: Type.Optional(Type.String()),
});
