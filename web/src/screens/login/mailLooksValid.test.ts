import { describe, expect, it } from 'vitest';
import { LOGIN } from '../../strings';
import {
  canSubmitLogin,
  fieldOfAnswer,
  mailLooksValid,
  registrationProblem,
} from './mailLooksValid';

describe('login form rules', () => {
  it('wants both an @ and a dot in the mail', () => {
    expect(mailLooksValid('lou@exemple.fr')).toBe(true);
    expect(mailLooksValid('lou@exemple')).toBe(false);
    expect(mailLooksValid('lou.exemple.fr')).toBe(false);
    expect(mailLooksValid('')).toBe(false);
  });

  it('enables submit only when not busy, with a valid mail and a password', () => {
    expect(canSubmitLogin({ mail: 'a@b.fr', password: 'x', busy: false })).toBe(true);
    expect(canSubmitLogin({ mail: 'a@b.fr', password: 'x', busy: true })).toBe(false);
    expect(canSubmitLogin({ mail: 'a@b.fr', password: '', busy: false })).toBe(false);
    expect(canSubmitLogin({ mail: 'ab.fr', password: 'x', busy: false })).toBe(false);
  });

  it('checks the password rule and the pseudonym before asking the server', () => {
    const problem = (password: string, pseudo: string) =>
      registrationProblem({ password, pseudo }, LOGIN);
    expect(problem('sept777', 'Lou')).toEqual({
      field: 'password',
      text: 'Le mot de passe doit contenir au moins 8 caractères.',
    });
    expect(problem('huit8888', '  ')).toEqual({
      field: 'pseudo',
      text: 'Merci de choisir un pseudonyme.',
    });
    // Characters, not UTF-16 units, as the server counts them.
    expect(problem('🍅🍅🍅🍅🍅🍅🍅', 'Lou')?.field).toBe('password');
    expect(problem('huit8888', 'Lou')).toBeNull();
    expect(LOGIN.passwordRule).toBe('Au moins 8 caractères.');
  });

  it("puts the server's refusal under the field it concerns", () => {
    expect(fieldOfAnswer({ IsPasswordError: true })).toBe('password');
    expect(fieldOfAnswer({ IsPasswordError: false, IsPseudoError: true })).toBe('pseudo');
    expect(fieldOfAnswer({ IsPasswordError: false })).toBe('mail');
  });
});
