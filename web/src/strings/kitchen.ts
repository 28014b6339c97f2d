/** The kitchen view (issue 19): the day's meals, their recipes and quantities, at the camp. */
import type { Horaire } from '@popote/domain';
import { COMMENTS_TITLE, EMPTY_MEAL } from '@popote/exports/cook-plan';

/** A meal named by its slot in a sentence (issue 35): 'Plat témoin non prélevé : déjeuner'. */
export const MEAL_NOUNS: Record<Horaire, string> = {
  0: 'petit déjeuner',
  1: 'déjeuner',
  2: 'goûter',
  3: 'dîner',
  4: 'cinquième repas',
};

export const KITCHEN = {
  loading: 'Chargement…',
  dayLabel: 'Jour',
  previousDay: 'Jour précédent',
  nextDay: 'Jour suivant',
  today: "Aujourd'hui",
  noMealThatDay: 'Aucun repas ce jour-là.',
  noMealInStay: "Aucun repas n'est encore prévu dans ce séjour.",
  ingredient: 'Ingrédient',
  quantity: 'Quantité',
  /** The same words as the printed cook sheets. */
  preparation: COMMENTS_TITLE,
  emptyMeal: EMPTY_MEAL,
  /** Shown while the screen is kept awake (Screen Wake Lock). */
  awake: 'Écran maintenu allumé',
  /** The warnings at the top of the day (issue 35). */
  warnings: 'Alertes du jour',
  sampleMissing: (meal: string): string => `Plat témoin non prélevé : ${meal}`,
} as const;
