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
