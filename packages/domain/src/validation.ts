/**
 * Form rules (spec 5) and the bounds the spec leaves open. The same functions guard the forms
 * and the mutators, so a value refused on a device is refused by the server too. Each
 * validator returns the cleaned value or throws DomainError('invalid') with a French message
 * a screen can show as is. Inputs are typed unknown because the server feeds them from the
 * network.
 */
import { invalid } from './errors.js';
import {
  MAX_ADDITIONAL_PEOPLE,
  MAX_DESCRIPTION_LENGTH,
  MAX_GROUP_SIZE,
  MAX_NAME_LENGTH,
  MAX_PSEUDO_LENGTH,
  MAX_STAY_DAYS,
} from './limits.js';

/** Largest 'for N people' of a quantity or a recipe. */
export const MAX_PEOPLE = 100_000;

/** The mail looks usable: it contains both '@' and '.' (spec 5, nothing stricter). */
export function looksLikeMail(mail: string): boolean {
  return mail.includes('@') && mail.includes('.');
}

/** Login and registration submit: not busy, a mail that looks valid, a password (spec 5). */
export function canSubmitLogin(form: { mail: string; password: string; busy: boolean }): boolean {
  return !form.busy && looksLikeMail(form.mail) && form.password !== '';
}

/** Shortest password accepted, in characters (the form says it before the server refuses). */
export const MIN_PASSWORD_LENGTH = 8;

export function isPasswordTooShort(password: string): boolean {
  return [...password].length < MIN_PASSWORD_LENGTH;
}

/** What a name belongs to; it decides the wording and whether it may be empty. */
export type NameKind =
  'stay' | 'group' | 'recipe' | 'ingredient' | 'profile' | 'supplier' | 'pseudo';

const NAME_SUBJECTS: Record<NameKind, string> = {
  stay: 'Le nom du séjour',
  group: 'Le nom du groupe',
  recipe: 'Le nom de la recette',
  ingredient: "Le nom de l'ingrédient",
  profile: 'Le nom du profil',
  supplier: 'Le nom du fournisseur',
  pseudo: 'Le pseudonyme',
};

/**
 * Only a group may go unnamed: the screens show it as 'Groupe par défaut' (spec 2.4). Every
 * other name labels something in a list, a file name or a lock, where a blank would be lost.
 */
const MAY_BE_EMPTY: ReadonlySet<NameKind> = new Set(['group']);

const length = (s: string): number => [...s].length;

/** A name with its spaces tidied (trimmed, runs of spaces and line breaks made one space). */
export function validateName(name: unknown, what: NameKind): string {
  const subject = NAME_SUBJECTS[what];
  if (typeof name !== 'string') throw invalid(`${subject} doit être un texte.`);
  const cleaned = name.replace(/\s+/gu, ' ').trim();
  if (cleaned === '' && !MAY_BE_EMPTY.has(what)) throw invalid(`${subject} est obligatoire.`);
  const max = what === 'pseudo' ? MAX_PSEUDO_LENGTH : MAX_NAME_LENGTH;
  if (length(cleaned) > max) {
    throw invalid(`${subject} ne doit pas dépasser ${max} caractères.`);
  }
  return cleaned;
}

/** A recipe description, kept as typed (line breaks matter) apart from trailing spaces. */
export function validateDescription(description: unknown): string {
  if (typeof description !== 'string') throw invalid('La description doit être un texte.');
  const cleaned = description.trimEnd();
  if (length(cleaned) > MAX_DESCRIPTION_LENGTH) {
    throw invalid(`La description ne doit pas dépasser ${MAX_DESCRIPTION_LENGTH} caractères.`);
  }
  return cleaned;
}

function integerIn(value: unknown, min: number, max: number, subject: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw invalid(`${subject} doit être un nombre entier.`);
  }
  if (value < min) throw invalid(`${subject} doit valoir au moins ${min}.`);
  if (value > max) throw invalid(`${subject} doit valoir au plus ${max}.`);
  // -0 would print as 0 but compare oddly in stores; keep one zero.
  return value === 0 ? 0 : value;
}

/** Group 'Taille': an integer from 0 (spec 5). */
export function validateGroupSize(n: unknown): number {
  return integerIn(n, 0, MAX_GROUP_SIZE, 'La taille du groupe');
}

/** Meal wizard duration in days: from 1 (spec 5) to MAX_STAY_DAYS. */
export function validateWizardDuration(n: unknown): number {
  return integerIn(n, 1, MAX_STAY_DAYS, 'La durée en jours');
}

/** 'Personnes supplémentaires' of a meal: an integer, negative when people are away. */
export function validateAdditionalPeople(n: unknown): number {
  return integerIn(
    n,
    -MAX_ADDITIONAL_PEOPLE,
    MAX_ADDITIONAL_PEOPLE,
    'Le nombre de personnes supplémentaires',
  );
}

/** The 'for N people' of a quantity or a recipe: at least 1, since quantities divide by it. */
export function validatePeople(n: unknown): number {
  return integerIn(n, 1, MAX_PEOPLE, 'Le nombre de personnes');
}

/** A group colour '#RRGGBB', returned in upper case like the stored ones ('#AF0853'). */
export function validateColor(color: unknown): string {
  if (typeof color !== 'string' || !/^#[0-9a-f]{6}$/iu.test(color.trim())) {
    throw invalid('La couleur doit être au format #RRVVBB (par exemple #AF0853).');
  }
  return color.trim().toUpperCase();
}
