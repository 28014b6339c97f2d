/** 'Annuler' after a destructive action, and the messages of actions the spec leaves silent. */
export const UNDO = {
  action: 'Annuler',
  done: 'Action annulée : tout est rétabli.',
  stayDeleted: 'Séjour supprimé avec succès',
  groupDeleted: 'Groupe supprimé avec succès',
  recipeDeleted: 'Recette supprimée avec succès',
  menuDeleted: 'Menu supprimé avec succès',
  ingredientDeleted: 'Ingrédient supprimé avec succès',
} as const;
