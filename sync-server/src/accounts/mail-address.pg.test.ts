import { describe, expect, test } from 'vitest';
import { isValidMail, normalizeMail } from './mail-address.js';

describe('mail addresses', () => {
  test('normalizes case and spaces', () => {
    expect(normalizeMail('  Anne.Martin@Exemple.FR ')).toBe('anne.martin@exemple.fr');
  });

  test.each([
    'anne@exemple.fr',
    'a.b+popote@sous.domaine.example.org',
    'zoé@exemple.fr',
    'x_y-z@a-b.co',
  ])('accepts %s', (mail) => expect(isValidMail(mail)).toBe(true));

  test.each([
    '',
    'anne',
    'anne@exemple',
    'anne.exemple.fr',
    '@exemple.fr',
    'anne@',
    'an ne@exemple.fr',
    'anne@exem ple.fr',
    'anne@@exemple.fr',
    'anne@exemple..fr',
    'anne@-exemple.fr',
    'anne@exemple.f',
    '"anne"@exemple.fr',
    'anne@exemple.fr\nbcc:x@y.fr',
    `${'a'.repeat(65)}@exemple.fr`,
  ])('refuses %j', (mail) => expect(isValidMail(mail)).toBe(false));
});
