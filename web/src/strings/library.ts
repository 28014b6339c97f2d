/**
 * Texts of the library (spec 2.6): the list, the menu and recipe views, the ingredient list,
 * the CSV import and export. Quoted texts of the specification are verbatim; the others (not
 * shown there) are written here once.
 */

const plural = (n: number, one: string, many: string): string => (n > 1 ? many : one);

export const LIBRARY = {
  // List
  listTitle: 'Menus et recettes',
  searchLabel: 'Rechercher un menu ou une recette',
  searchPlaceholder: 'Saisissez au moins 2 caractères',
  noResult: 'Aucun résultat ne correspond à votre recherche.',
  emptyLibrary:
    'Votre bibliothèque est vide : ajoutez une recette ou un menu, ou importez des recettes.',
  menusHeading: 'Menus favoris',
  recipesHeading: 'Recettes',
  ingredientsButton: 'Liste des ingrédients',
  importExportButton: 'Import / export',
  importRecipes: 'Importer des recettes',
  exportRecipes: 'Exporter mes recettes',
  addButton: 'Ajouter...',
  addRecipe: 'Une recette',
  addMenu: 'Un menu favori',
  newRecipeName: 'Nouvelle recette',
  emptyMenuTitle: 'Menu vide',
  published: 'Publié',
  menuKind: 'Menu',
  recipeKind: 'Recette',
  deleteItem: (title: string): string => `Supprimer « ${title} »`,
  confirmDeleteRecipe: (name: string): string =>
    `Confirmez-vous la suppression de la recette « ${name} » ?`,
  confirmDeleteMenu: (title: string): string =>
    `Confirmez-vous la suppression du menu « ${title} » ?`,
  pagesLabel: 'Pages de la liste',

  // Menu and recipe views
  backToList: 'Retour à la liste',
  menuDetails: 'Détails du menu',
  recipeDetails: 'Détails de la recette',
  modifiedOn: (date: string): string => `modifié le ${date}`,
  publish: 'Publier',
  publishMenuHint: 'Les autres utilisateurs pourront consulter ce menu, sans le modifier.',
  publishRecipeHint: 'Les autres utilisateurs pourront consulter cette recette, sans la modifier.',
  readOnly: 'Consultation seule : seul son propriétaire peut le modifier.',
  addToMenuLabel: 'Ajouter une recette ou un ingrédient',
  addToRecipeLabel: 'Ajouter un ingrédient',
  addPlaceholder: 'Rechercher (Entrée ou Tab pour ajouter le premier résultat)',
  noMatch: 'Aucun résultat.',
  createIngredient: 'Ajouter un ingrédient',
  menuEmpty: 'Le menu est vide.',
  recipeEmpty: 'La recette est vide.',
  peopleSubtitle: (n: number): string => `Ingrédients pour ${n} personnes`,
  quantityFor: (quantity: string, people: number, fixed = false): string =>
    fixed
      ? `${quantity} (quantité fixe)`
      : `${quantity} pour ${people} ${plural(people, 'personne', 'personnes')}`,
  editQuantity: (name: string): string => `Modifier la quantité de « ${name} »`,
  removeItem: (name: string): string => `Retirer « ${name} »`,
  openRecipe: (name: string): string => `Ouvrir la recette « ${name} »`,
  editIngredientTitle: "Modifier l'ingrédient",
  recipeName: 'Nom',
  recipeDescription: 'Description',
  recipeDescriptionPlaceholder: 'Préparation, conseils… (facultatif)',
  ingredientsHeading: 'Ingrédients',
  ingredientItem: 'Ingrédient',
  loading: 'Chargement…',

  // Ingredient list
  ingredientsTitle: 'Liste des ingrédients',
  ingredientsFilter: 'Filtrer par nom',
  ingredientName: 'Nom',
  ingredientKind: 'Catégorie',
  /** Issue 19: listed day by day on a shopping list, bought the day before its meals. */
  freshProduct: 'Produit frais (acheté la veille)',
  /** Issue 20. */
  allergens: 'Allergènes',
  dietFacts: 'Régimes (viande, porc…)',
  dishAllergens: (names: string): string => `Allergènes : ${names}`,
  noAllergen: 'Aucun allergène connu',
  avoidLabel: 'Sans… (allergènes, régimes)',
  without: (allergen: string): string => `Sans ${allergen.toLowerCase()}`,
  noIngredient: 'Aucun ingrédient ne correspond.',
  editIngredient: (name: string): string => `Modifier « ${name} »`,
  deleteIngredient: (name: string): string => `Supprimer « ${name} »`,
  confirmDeleteIngredient: (name: string): string =>
    `Confirmez-vous la suppression de l'ingrédient « ${name} » ?`,
  ingredientsCount: (n: number): string => `${n} ${plural(n, 'ingrédient', 'ingrédients')}`,

  // CSV import
  importTitle: 'Importer des recettes',
  stepFile: 'Fichier',
  stepIngredients: 'Ingrédients',
  stepRecipes: 'Recettes',
  fileLabel: 'Fichier CSV',
  filePlaceholder: 'Choisir un fichier .csv',
  formatTitle: 'Format du fichier',
  formatHelp: [
    'Un fichier CSV, dont les cellules sont séparées par des virgules (ou des points-virgules), avec 3 cellules par ligne.',
    'La première ligne d’une recette donne son nom, sa catégorie de plat (entree, platPrincipal ou dessert) et le nombre de personnes.',
    'Les lignes suivantes donnent chacune un ingrédient, sa quantité et son unité (kg, g, L, cL, mL ; pièces sinon).',
    'Une ligne vide (,,) sépare deux recettes.',
  ],
  formatExample: 'Salade de tomates,entree,8\nTomates,12,pièces\nHuile d’olive,"4,5",cL\n,,',
  readFile: 'Lire le fichier',
  reading: 'Lecture du fichier…',
  tooLarge: 'Le fichier est trop volumineux : 5 Mo au plus.',
  noRecipe: 'Le fichier ne contient aucune recette avec des ingrédients.',
  fileSummary: (recipes: number, names: number): string =>
    `${recipes} ${plural(recipes, 'recette', 'recettes')} et ${names} ${plural(names, 'ingrédient', 'ingrédients')} différents dans le fichier.`,
  ingredientsIntro:
    'Pour chaque ingrédient du fichier, choisissez un ingrédient existant ou créez-en un nouveau.',
  fileName: 'Dans le fichier',
  chosenIngredient: 'Ingrédient',
  newIngredientOption: 'Nouvel ingrédient',
  newBadge: 'Nouveau',
  newKind: 'Catégorie du nouvel ingrédient',
  nameTaken: 'Un ingrédient porte déjà ce nom : choisissez-le.',
  chooseFor: (name: string): string => `Ingrédient pour « ${name} »`,
  kindFor: (name: string): string => `Catégorie de « ${name} »`,
  recipesIntro: (recipes: number, created: number): string =>
    `${recipes} ${plural(recipes, 'recette sera importée', 'recettes seront importées')}` +
    (created > 0
      ? `, ${created} ${plural(created, 'nouvel ingrédient sera créé', 'nouveaux ingrédients seront créés')}.`
      : '.'),
  renamed: (fileName: string): string => `Renommée : « ${fileName} » existe déjà.`,
  forPeople: (n: number): string => `Pour ${n} ${plural(n, 'personne', 'personnes')}`,
  quantityColumn: 'Quantité',
  unitColumn: 'Unité',
  next: 'Suivant',
  back: 'Retour',
  importConfirm: 'Importer les recettes',
  cancel: 'Annuler',

  // CSV export
  exportTitle: 'Exporter mes recettes',
  exportText: (n: number): string =>
    n === 0
      ? 'Vous n’avez encore aucune recette avec des ingrédients à exporter.'
      : `${n} ${plural(n, 'recette personnelle', 'recettes personnelles')} au format CSV, que l’import relit tel quel.`,
  exportLink: 'Télécharger le fichier CSV',
  exportFileName: 'Mes recettes.csv',
} as const;
