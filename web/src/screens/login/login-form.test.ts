import { describe, expect, it } from 'vitest';
import { LOGIN } from '../../strings';
import { fieldOfAnswer, registrationProblem } from './login-form';

describe('login form rules', () => {
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
