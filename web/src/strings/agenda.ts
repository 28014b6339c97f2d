/**
 * Agenda screen (spec 2.5): week view, day view, their dialogs and the meal wizard. Texts
 * quoted by the specification are verbatim; the others fill what it leaves unsaid.
 */

const plural = (n: number, one: string, many: string): string => (Math.abs(n) > 1 ? many : one);

export const AGENDA = {
  loading: 'Chargement…',

  // Week view
  weekTitle: (from: string, to: string): string => `Du ${from} au ${to}`,
  previousDay: 'Jour précédent',
  nextDay: 'Jour suivant',
  emptyMenus: (n: number): string => `${n} menus vide(s)`,
  meals: (n: number): string => `${n} repas`,
  allGroups: 'Tous les groupes',
  groupFilter: 'Groupes affichés',
  addManyMeals: 'Ajouter plusieurs repas...',
  slotHeader: 'Horaire',
  openDay: (date: string): string => `Voir le ${date}`,
  mealById: (id: number): string => `Repas ${id}`,
  emptyMenu: 'Menu vide.',
  noGroup: 'Aucun groupe',
  menuSearch: 'Rechercher et ajouter un menu',
  menuSearchPlaceholder: 'Au moins 2 caractères, ou :M pour tous les menus',
  menuSearchEmpty: 'Aucun menu favori ne correspond à votre recherche.',
  weekDragHint:
    'Touchez un repas puis un autre pour échanger leurs menus, ou glissez l’un sur l’autre.',
  menuSearchTapHint:
    'Touchez un menu puis le repas auquel l’attribuer, ou glissez-le sur un repas.',
  pickedMenu: (title: string): string =>
    `Menu « ${title} » choisi : touchez le repas auquel l’attribuer.`,
  pickedMeal: (label: string): string =>
    `Repas choisi (${label}) : touchez un autre repas pour échanger leurs menus.`,
  cancelPick: 'Annuler le choix',
  openPickedDay: 'Voir ce jour',
  dayAndSlot: (date: string, slot: string): string => `${date}, ${slot} :`,
  weekMealLabel: (date: string, slot: string, label: string, groups: string): string =>
    `${date}, ${slot} : ${label} (${groups})`,

  // Day view
  backToWeek: 'Retour à la semaine',
  addMeal: 'Ajouter un repas...',
  noMealThisDay: "Aucun repas n'est prévu ce jour.",
  groupsOf: (slot: string): string => `Groupes du repas : ${slot}`,
  itemsOf: (slot: string): string => `Menu du repas : ${slot}`,
  additionalPeople: (n: number): string =>
    `${n > 0 ? '+' : ''}${n} ${plural(n, 'personne supplémentaire', 'personnes supplémentaires')}`,
  people: (n: number): string => `${n} ${plural(n, 'personne', 'personnes')}`,
  /** Under a day of the week (issue 21): its meals' cost per person. */
  dayCost: (amount: string, over: boolean): string =>
    over ? `${amount} / pers. (au-dessus du budget)` : `${amount} / pers.`,
  dropItemsHere: 'Déposez ici une recette ou un ingrédient.',
  favoriteMenu: 'Menu favori',
  favoriteLocked: 'Menu favori : modifiez-le depuis la bibliothèque.',
  mealActions: 'Actions du repas',
  details: 'Détails',
  preview: 'Prévisualiser les quantités',
  saveAsFavorite: 'Enregistrer comme favori',
  deleteMeal: 'Supprimer ce repas',
  removeItem: (name: string): string => `Retirer ${name}`,
  openRecipe: (name: string): string => `Ouvrir la recette ${name}`,
  editIngredient: (name: string): string => `Modifier la quantité de ${name}`,

  // Dialogs of the day view
  editMealTitle: 'Modifier le repas',
  slot: 'Horaire',
  additionalPeopleLabel: 'Personnes supplémentaires',
  additionalPeopleHint:
    "Ce nombre s'ajoute aux personnes des groupes prévus pour ce repas. Il peut être négatif.",
  confirmDeleteMeal:
    'Confirmez vous la suppression de ce repas ? Cette opération est irréversible.',
  editIngredientTitle: "Modifier l'ingrédient",
  forPeopleHint: 'Pour tant de personnes',
  forPeopleExplained: 'La quantité est ajustée au nombre de personnes de chaque repas.',
  previewTitle: 'Quantités nécessaires',
  previewPeople: (n: number): string => `Pour ${n} ${plural(n, 'personne', 'personnes')}`,
  previewIngredient: 'Ingrédient',
  previewCategory: 'Catégorie',
  previewQuantity: 'Quantité',
  previewEmpty: 'Aucun ingrédient.',

  // Side panel of the day view
  resourcesTitle: 'Recettes et ingrédients',
  resourceSearch: 'Rechercher une recette ou un ingrédient',
  resourceSearchPlaceholder: 'Au moins 2 caractères',
  resourceSearchHint: ':I, :R ou :M listent tous les ingrédients, recettes ou menus favoris.',
  resourceSearchEmpty: 'Aucun résultat.',
  resourceMore: (shown: number, total: number): string =>
    `${shown} résultats affichés sur ${total} : précisez la recherche.`,
  resourceKinds: { menu: 'Menu favori', receipe: 'Recette', ingredient: 'Ingrédient' },
  createIngredient: 'Créer un ingrédient',
  /** Issue 20: a dish for the people of a diet or allergy. */
  allergyTo: (allergen: string): string => `Allergie : ${allergen}`,
  addAlternative: 'Proposer une alternative',
  alternativeTitle: 'Proposer une alternative',
  alternativeHint:
    "Un plat de vos recettes pour les personnes d'un régime ou d'une allergie ; le menu est alors cuisiné pour les autres.",
  alternativeFor: 'Pour',
  alternativePeople: 'Nombre de personnes',
  alternativeRecipes: "Recettes de l'alternative",
  alternativeRecipesHint: 'Parmi vos recettes',
  removeAlternative: (title: string): string => `Retirer : ${title}`,
  createIngredientTitle: 'Nouvel ingrédient',
  ingredientName: 'Nom',
  ingredientKind: 'Catégorie',
  create: 'Créer',
  goToLibrary: 'Aller à la bibliothèque',
  resourceTapHint:
    'Touchez un élément pour choisir le repas où l’ajouter, ou glissez-le sur un repas.',
  placeResource: (kind: string, name: string): string => `${kind} « ${name} » : ajouter au repas…`,
  placeMenu: (name: string): string => `Menu favori « ${name} » : l’utiliser pour le repas…`,
  placeGroup: (name: string): string => `Déplacer le groupe « ${name} » vers le repas…`,
  placeNoMeal: "Aucun repas ce jour : ajoutez d'abord un repas.",
  placeLocked: 'menu favori, non modifiable ici',
  placeSameMeal: 'repas actuel',
  mealOption: (slot: string, groups: string): string => `${slot} — ${groups}`,
  moveGroup: (name: string): string => `Déplacer le groupe ${name}`,
  // Places of a drag, for the screen reader (with their article).
  searchResultsPlace: 'la liste des résultats',
  groupsPlace: (meal: string): string => `les groupes du ${meal.replace(/^le /u, '')}`,
  menuPlace: (meal: string): string => `le menu du ${meal.replace(/^le /u, '')}`,

  // Meal wizard
  wizardTitle: 'Assistant de créations de repas',
  wizardDuration: 'Durée (en jours)',
  wizardGouter: 'Inclure un goûter',
  wizardCinquieme: 'Groupes pour le cinquième',
  wizardCinquiemePlaceholder: 'Aucun',
  wizardExcursions: 'Groupes en sortie',
  wizardExcursionsHint:
    'Cochez chaque jour les groupes en sortie : ils auront des repas séparés ce jour-là.',
  wizardReplace: 'Remplacer les repas actuels',
  wizardAdd: 'Ajouter ces nouveaux repas',
  wizardReplaceTitle: 'Remplacer les repas actuels ?',
  wizardReplaceWarning: (filled: number, all: number): string =>
    `${filled === 1 ? 'Un repas a un menu rempli' : `${filled} repas ont un menu rempli`} : ` +
    `${all === 1 ? 'le repas actuel sera supprimé' : `les ${all} repas actuels seront supprimés`} ` +
    'et remplacés par les nouveaux. Vous pourrez annuler juste après.',
  wizardReplaceConfirm: 'Remplacer',
} as const;
