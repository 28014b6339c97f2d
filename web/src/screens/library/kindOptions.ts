import { INGREDIENT_KINDS, INGREDIENT_KIND_NAMES } from '@popote/domain';

/** The ingredient categories as select options ('Autre' named, not blank). */
export const KIND_OPTIONS = INGREDIENT_KINDS.map((k) => ({
  value: String(k),
  label: INGREDIENT_KIND_NAMES[k],
}));
