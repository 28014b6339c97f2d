import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import {
  MAX_ADDITIONAL_PEOPLE,
  MAX_DESCRIPTION_LENGTH,
  MAX_GROUP_SIZE,
  MAX_NAME_LENGTH,
  MAX_PSEUDO_LENGTH,
  MAX_STAY_DAYS,
} from './limits.js';
import {
  MAX_PEOPLE,
  canSubmitLogin,
  isPasswordTooShort,
  MIN_PASSWORD_LENGTH,
  looksLikeMail,
  validateAdditionalPeople,
  validateColor,
  validateDescription,
  validateGroupSize,
  validateName,
  validatePeople,
  validateWizardDuration,
} from './validation.js';

/** The DomainError a call throws, to check its code and message together. */
function errorOf(call: () => unknown): DomainError {
  try {
    call();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('no error thrown');
}

describe('login form', () => {
  it("looks for both '@' and '.' in the mail", () => {
    expect(looksLikeMail('anne@example.fr')).toBe(true);
    expect(looksLikeMail('a@b.c')).toBe(true);
    expect(looksLikeMail('anne@example')).toBe(false);
    expect(looksLikeMail('anne.example.fr')).toBe(false);
    expect(looksLikeMail('')).toBe(false);
  });
  it('submits only when not busy, with a valid-looking mail and a password', () => {
    expect(canSubmitLogin({ mail: 'anne@example.fr', password: 'x', busy: false })).toBe(true);
    expect(canSubmitLogin({ mail: 'anne@example.fr', password: 'x', busy: true })).toBe(false);
    expect(canSubmitLogin({ mail: 'anne@example.fr', password: '', busy: false })).toBe(false);
    expect(canSubmitLogin({ mail: 'anne', password: 'x', busy: false })).toBe(false);
  });
});

describe('validateName', () => {
  it('tidies spaces', () => {
    expect(validateName('  Camp   été\n2023 ', 'stay')).toBe('Camp été 2023');
  });
  it('lets only a group go unnamed', () => {
    expect(validateName('   ', 'group')).toBe('');
    const e = errorOf(() => validateName(' ', 'stay'));
    expect(e.code).toBe('invalid');
    expect(e.message).toBe('Le nom du séjour est obligatoire.');
    expect(errorOf(() => validateName('', 'ingredient')).message).toBe(
      "Le nom de l'ingrédient est obligatoire.",
    );
    expect(errorOf(() => validateName('', 'recipe')).message).toBe(
      'Le nom de la recette est obligatoire.',
    );
    expect(errorOf(() => validateName('', 'supplier')).message).toBe(
      'Le nom du fournisseur est obligatoire.',
    );
    expect(errorOf(() => validateName('', 'profile')).message).toBe(
      'Le nom du profil est obligatoire.',
    );
    expect(errorOf(() => validateName('', 'pseudo')).message).toBe(
      'Le pseudonyme est obligatoire.',
    );
  });
  it('bounds the length in characters, not UTF-16 units', () => {
    expect(MAX_NAME_LENGTH).toBe(200);
    expect(validateName('é'.repeat(200), 'recipe')).toHaveLength(200);
    expect(validateName('🍅'.repeat(200), 'recipe')).toHaveLength(400);
    expect(errorOf(() => validateName('a'.repeat(201), 'group')).message).toBe(
      'Le nom du groupe ne doit pas dépasser 200 caractères.',
    );
  });
  it('bounds pseudonyms more tightly', () => {
    expect(validateName('p'.repeat(MAX_PSEUDO_LENGTH), 'pseudo')).toHaveLength(MAX_PSEUDO_LENGTH);
    expect(errorOf(() => validateName('p'.repeat(MAX_PSEUDO_LENGTH + 1), 'pseudo')).message).toBe(
      `Le pseudonyme ne doit pas dépasser ${MAX_PSEUDO_LENGTH} caractères.`,
    );
  });
  it('refuses what is not text', () => {
    expect(errorOf(() => validateName(42, 'stay')).message).toBe(
      'Le nom du séjour doit être un texte.',
    );
    expect(errorOf(() => validateName(null, 'group')).code).toBe('invalid');
  });
});

describe('validateDescription', () => {
  it('keeps line breaks and drops trailing spaces', () => {
    expect(validateDescription('Cuire.\n\nServir chaud.  \n')).toBe('Cuire.\n\nServir chaud.');
    expect(validateDescription('')).toBe('');
  });
  it('bounds the length', () => {
    expect(validateDescription('a'.repeat(MAX_DESCRIPTION_LENGTH))).toHaveLength(20_000);
    expect(errorOf(() => validateDescription('a'.repeat(20_001))).message).toBe(
      'La description ne doit pas dépasser 20000 caractères.',
    );
    expect(errorOf(() => validateDescription(undefined)).code).toBe('invalid');
  });
});

describe('numbers', () => {
  it('accepts group sizes from 0', () => {
    expect(validateGroupSize(0)).toBe(0);
    expect(Object.is(validateGroupSize(-0), 0)).toBe(true);
    expect(validateGroupSize(25)).toBe(25);
    expect(validateGroupSize(MAX_GROUP_SIZE)).toBe(100_000);
    expect(errorOf(() => validateGroupSize(-1)).message).toBe(
      'La taille du groupe doit valoir au moins 0.',
    );
    expect(errorOf(() => validateGroupSize(100_001)).message).toBe(
      'La taille du groupe doit valoir au plus 100000.',
    );
    expect(errorOf(() => validateGroupSize(2.5)).message).toBe(
      'La taille du groupe doit être un nombre entier.',
    );
    expect(errorOf(() => validateGroupSize('12')).code).toBe('invalid');
    expect(errorOf(() => validateGroupSize(Number.NaN)).code).toBe('invalid');
    expect(errorOf(() => validateGroupSize(Number.POSITIVE_INFINITY)).code).toBe('invalid');
  });
  it('accepts wizard durations from 1 day to a year', () => {
    expect(MAX_STAY_DAYS).toBe(366);
    expect(validateWizardDuration(1)).toBe(1);
    expect(validateWizardDuration(7)).toBe(7);
    expect(validateWizardDuration(366)).toBe(366);
    expect(errorOf(() => validateWizardDuration(0)).message).toBe(
      'La durée en jours doit valoir au moins 1.',
    );
    expect(errorOf(() => validateWizardDuration(367)).message).toBe(
      'La durée en jours doit valoir au plus 366.',
    );
  });
  it('accepts negative additional people', () => {
    expect(validateAdditionalPeople(-3)).toBe(-3);
    expect(validateAdditionalPeople(0)).toBe(0);
    expect(validateAdditionalPeople(12)).toBe(12);
    expect(validateAdditionalPeople(-MAX_ADDITIONAL_PEOPLE)).toBe(-100_000);
    expect(errorOf(() => validateAdditionalPeople(-100_001)).message).toBe(
      'Le nombre de personnes supplémentaires doit valoir au moins -100000.',
    );
    expect(errorOf(() => validateAdditionalPeople(0.5)).code).toBe('invalid');
  });
  it('accepts a number of people from 1', () => {
    expect(validatePeople(1)).toBe(1);
    expect(validatePeople(MAX_PEOPLE)).toBe(100_000);
    expect(errorOf(() => validatePeople(0)).message).toBe(
      'Le nombre de personnes doit valoir au moins 1.',
    );
  });
});

describe('validateColor', () => {
  it('accepts #RRGGBB and returns it in upper case', () => {
    expect(validateColor('#AF0853')).toBe('#AF0853');
    expect(validateColor(' #af0853 ')).toBe('#AF0853');
  });
  it('refuses other forms', () => {
    for (const bad of ['AF0853', '#AF085', '#AF08531', '#GG0853', 'red', '', 12]) {
      const e = errorOf(() => validateColor(bad));
      expect(e.code).toBe('invalid');
      expect(e.message).toBe('La couleur doit être au format #RRVVBB (par exemple #AF0853).');
    }
  });
});

describe('isPasswordTooShort', () => {
  it('wants at least MIN_PASSWORD_LENGTH characters, counted as the user sees them', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(isPasswordTooShort('sept777')).toBe(true);
    expect(isPasswordTooShort('huit8888')).toBe(false);
    // Seven accented letters and an emoji are eight characters, not more.
    expect(isPasswordTooShort('éèêëàâä😀')).toBe(false);
    expect(isPasswordTooShort('éèêëàâä')).toBe(true);
  });
});
