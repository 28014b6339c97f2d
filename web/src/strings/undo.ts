/** 'Annuler' after a destructive action, and the messages of actions the spec leaves silent. */
export const UNDO = {
  action: 'Annuler',
  done: 'Action annulée : tout est rétabli.',
  stayDeleted: 'Séjour supprimé avec succès',
  groupDeleted: 'Groupe supprimé avec succès',
  recipeDeleted: 'Recette supprimée avec succès',
  menuDeleted: 'Menu supprimé avec succès',
  ingredientDeleted: 'Ingrédient supprimé avec succès',
  alternativeRemoved: 'Alternative retirée',
} as const;

/** What a screen shows in its place when it cannot be drawn (the rest of the app still works). */
export const SCREEN_ERROR = {
  title: "Cet écran n'a pas pu s'afficher",
  body: "Une donnée inattendue l'en empêche. Vos modifications sont conservées sur cet appareil ; les autres écrans restent utilisables depuis le menu.",
  retry: 'Réessayer',
} as const;
