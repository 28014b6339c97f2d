import { describe, expect, it } from 'vitest';
import { canSubmitLogin, mailLooksValid } from './mailLooksValid';

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
});
