/** The kitchen view (issue 19): the day's meals, their recipes and quantities, at the camp. */
import { COMMENTS_TITLE, EMPTY_MEAL } from '@popote/exports/cook-plan';

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
} as const;
