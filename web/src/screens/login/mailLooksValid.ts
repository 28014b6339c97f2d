/** The only check the form makes before asking the server (spec 5). */
export function mailLooksValid(mail: string): boolean {
  return mail.includes('@') && mail.includes('.');
}

/** Submit is enabled only when not busy, the mail looks valid and a password is typed. */
export function canSubmitLogin(form: { mail: string; password: string; busy: boolean }): boolean {
  return !form.busy && mailLooksValid(form.mail) && form.password !== '';
}

/** The server's shortest password (MIN_PASSWORD_LENGTH in sync-server/src/accounts/messages.ts). */
export const MIN_PASSWORD_LENGTH = 8;

export type LoginField = 'mail' | 'password' | 'pseudo';

/**
 * What a registration form would be refused for, checked before asking the server so that the
 * message goes under the field it concerns; null when the server may decide.
 */
export function registrationProblem(
  form: { password: string; pseudo: string },
  texts: { passwordTooShort: string; pseudoRequired: string },
): { field: LoginField; text: string } | null {
  if ([...form.password].length < MIN_PASSWORD_LENGTH) {
    return { field: 'password', text: texts.passwordTooShort };
  }
  if (form.pseudo.trim() === '') return { field: 'pseudo', text: texts.pseudoRequired };
  return null;
}

/** Where a server refusal goes: its flags say which field it concerns (the mail otherwise). */
export function fieldOfAnswer(answer: {
  IsPasswordError: boolean;
  IsPseudoError?: boolean;
}): LoginField {
  if (answer.IsPasswordError) return 'password';
  if (answer.IsPseudoError === true) return 'pseudo';
  return 'mail';
}
