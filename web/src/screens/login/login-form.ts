/**
 * The login form's own helpers. The rules themselves (a mail that looks valid, when submit is
 * enabled, the shortest password) are the domain's, shared with the server.
 */
import { isPasswordTooShort } from '@popote/domain';

export type LoginField = 'mail' | 'password' | 'pseudo';

/**
 * What a registration form would be refused for, checked before asking the server so that the
 * message goes under the field it concerns; null when the server may decide.
 */
export function registrationProblem(
  form: { password: string; pseudo: string },
  texts: { passwordTooShort: string; pseudoRequired: string },
): { field: LoginField; text: string } | null {
  if (isPasswordTooShort(form.password)) {
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
