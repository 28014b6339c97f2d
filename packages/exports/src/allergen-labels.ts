/**
 * The allergens as the printed sheets name them (issue 20): a dish's line on a cook sheet, and
 * the short column heads of the allergen table with the legend that gives each its full name
 * (EU regulation 1169/2011, annex II; the domain's ALLERGEN_LABELS).
 */
import type { Allergen } from '@popote/domain';
import { ALLERGEN_LABELS, ALLERGENS, sortedAllergens } from '@popote/domain';

export const ALLERGENS_TITLE = 'Allergènes';

/** 'Allergènes : Arachides, Lait' in the regulation's order; '' when the dish holds none. */
export function allergensNote(allergens: ReadonlySet<Allergen>): string {
  const names = sortedAllergens(allergens).map((a) => ALLERGEN_LABELS[a]);
  return names.length === 0 ? '' : `${ALLERGENS_TITLE} : ${names.join(', ')}`;
}

/** A column head of the allergen table: the regulation's name, shortened where it is long. */
export const ALLERGEN_SHORT_LABELS: Record<Allergen, string> = {
  0: 'Gluten',
  1: 'Crustacés',
  2: 'Œufs',
  3: 'Poissons',
  4: 'Arachides',
  5: 'Soja',
  6: 'Lait',
  7: 'Fruits à coque',
  8: 'Céleri',
  9: 'Moutarde',
  10: 'Sésame',
  11: 'Sulfites',
  12: 'Lupin',
  13: 'Mollusques',
};

/**
 * The legend's entries, in the regulation's order: 'Gluten : Céréales contenant du gluten'
 * where the head is shortened, the full name alone where it is not ('Lait').
 */
export function allergenLegend(): string[] {
  return ALLERGENS.map((a) =>
    ALLERGEN_SHORT_LABELS[a] === ALLERGEN_LABELS[a]
      ? ALLERGEN_LABELS[a]
      : `${ALLERGEN_SHORT_LABELS[a]} : ${ALLERGEN_LABELS[a]}`,
  );
}
