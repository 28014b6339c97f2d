/** The kitchen view (issue 19): the day's meals, their recipes and quantities, at the camp. */
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
  preparation: 'Préparation',
  /** Shown while the screen is kept awake (Screen Wake Lock). */
  awake: 'Écran maintenu allumé',
  mealLabel: (slot: string): string => `Repas : ${slot}`,
} as const;
