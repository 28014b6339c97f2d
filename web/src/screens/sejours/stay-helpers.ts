/** Small rules of the stays screen that are not domain rules: defaults and id budgets. */
import { isDomainError } from '@popote/domain';

/** Colours offered for groups, and given in turn to new ones so that neighbours differ. */
export const GROUP_COLORS = [
  '#AF0853',
  '#1C7ED6',
  '#2F9E44',
  '#F08C00',
  '#7048E8',
  '#0C8599',
  '#E8590C',
  '#5C940D',
] as const;

/** The colour of the group added after `existing` groups. */
export function defaultGroupColor(existing: number): string {
  return GROUP_COLORS[existing % GROUP_COLORS.length]!;
}

/** Today on this device's calendar as 'YYYY-MM-DD': a new stay starts on the day the user sees. */
export function todayIsoDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A secret for the export link: 32 random bytes as URL-safe base64 (43 characters), the form
 * setStayExportSecret accepts.
 */
export function newExportSecret(
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  let binary = '';
  for (const byte of randomBytes(32)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=+$/u, '');
}

/** The French message of the domain's refusal of a value, or null when it is accepted. */
export function refusalOf(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (e) {
    if (isDomainError(e)) return e.message;
    throw e;
  }
}
