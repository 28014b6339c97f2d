/**
 * The export screen ('Export' in the drawer, spec 2.7): compiled ingredients, cook sheets, the
 * shopping spreadsheet and supplier profiles. Texts quoted by the specification are verbatim.
 */

export const EXPORT_SCREEN = {
  compileTitle: 'Bilan des ingrédients',
  exportsTitle: 'Fiches de cuisine et commandes',
  daysLabel: 'Jours à prendre en compte',
  selectAllDays: 'Tous les jours',
  noMeals: "Aucun repas n'est encore prévu dans ce séjour.",
  compile: 'Exporter les ingrédients nécessaires',
  chooseDays: 'Choisissez au moins un jour.',
  noIngredient: 'Aucun ingrédient.',
  loading: 'Chargement…',
  perMealTitle: 'Quantités par repas',
  openDay: (label: string): string => `Voir ${label} dans l'agenda`,
  exportCookbook: 'Exporter les fiches de cuisine',
  exportShopping: 'Exporter un tableau de courses',
  exportWeekPlan: 'Exporter le planning des repas',
  /** Issue 20: the chosen days' dishes against the 14 regulated allergens, to display. */
  exportAllergenTable: 'Exporter le tableau des allergènes',
  /** Issue 35: the chosen days' menus and their allergens, to display in the dining hall. */
  exportMenuPoster: "Exporter l'affiche des menus",
  posterFormat: "Format de l'affiche des menus",
  posterA4: 'A4 paysage',
  posterA3: 'A3 paysage',
  includeEmptyMeals: 'Inclure les repas sans menu dans les fiches',
  coverPage: 'Ajouter une page de garde et un sommaire aux fiches',
  suppliers: 'Fournisseurs',
  exportsHint: 'Les fichiers portent sur les jours cochés ci-dessus.',
  preparing: (done: number, total: number): string =>
    total === 0 ? 'Préparation du fichier…' : `Préparation du fichier… ${done} / ${total}`,
  exportFailedTitle: 'Export impossible',
  exportFailed: "Le fichier n'a pas pu être préparé.",
  /** Issue 20. */
  warningsTitle: 'Régimes et allergies à surveiller',
  warningsHint:
    'Les allergènes viennent des ingrédients de la bibliothèque ; les régimes et allergies, des groupes.',
} as const;

/** The 'Fournisseurs' dialog opened by 'Exporter un tableau de courses'. */
export const SHOPPING_SPREADSHEET = {
  title: 'Fournisseurs',
  profileLabel: 'Profil de fournisseurs',
  profilePlaceholder: 'Aucun profil',
  noProfileHint: 'Sans profil, les ingrédients sont regroupés par catégorie.',
  supplierHint: 'Choisissez le fournisseur de chaque ingrédient.',
  none: 'Aucun',
  supplierOf: (ingredient: string): string => `Fournisseur de ${ingredient}`,
  customCount: (n: number): string => `${n} choix personnalisé(s)`,
  export: 'Exporter',
} as const;

/** 'Liste des fournisseurs' and the profile mapping screen. */
export const PROFILES = {
  placePiece: (name: string): string => `Déplacer « ${name} » vers…`,
  placeSame: 'colonne actuelle',
  placeNone: 'Aucune autre colonne.',
  tapHint: 'Touchez une catégorie ou un ingrédient pour choisir sa colonne, ou glissez-le.',
  title: 'Liste des fournisseurs',
  add: 'Ajouter un profil',
  empty: "Aucun profil n'est encore défini.",
  newTitle: 'Nouveau profil',
  renameTitle: 'Modifier le profil',
  name: 'Nom',
  defaultName: 'Mes fournisseurs',
  edit: (name: string): string => `Modifier le nom de ${name}`,
  remove: (name: string): string => `Supprimer ${name}`,
  setDefault: (name: string): string => `Utiliser ${name} par défaut pour ce séjour`,
  isDefault: (name: string): string => `${name} est le profil par défaut de ce séjour`,
  defaultNeedsStay: 'Sélectionnez un séjour pour choisir son profil par défaut.',
  confirmDelete: (name: string): string =>
    `Confirmez-vous la suppression du profil « ${name} » et de tous ses fournisseurs ? Cette opération est irréversible.`,
  mappingTitle: (name: string): string => `Associations du profil « ${name} »`,
  addSupplier: 'Ajouter un fournisseur',
  tidy: 'Supprimer les redondances',
  categories: 'Catégories',
  ingredients: 'Ingrédients',
  filter: 'Filtrer les ingrédients',
  rename: (name: string): string => `Renommer ${name}`,
  supplierName: 'Nom du fournisseur',
  removeSupplier: (name: string): string => `Supprimer le fournisseur ${name}`,
  confirmDeleteSupplier: (name: string): string =>
    `Confirmez-vous la suppression du fournisseur « ${name} » ? Ses associations seront supprimées. Cette opération est irréversible.`,
  ownLink: 'Associé individuellement',
  dragHint:
    'Glissez une catégorie ou un ingrédient vers un fournisseur (au clavier : Espace pour saisir, flèches pour déplacer, Espace pour déposer).',
  readOnly: 'Lecture seule : seul le propriétaire de ce profil peut le modifier.',
  close: 'Fermer',
} as const;

/**
 * 'Exporter le registre' (issue 35): the kitchen's register of the chosen days as a PDF, from the
 * register screen's header (RegisterExportButton).
 */
export const REGISTER_EXPORT = {
  open: 'Exporter le registre',
  title: 'Exporter le registre',
  hint: "Le registre des jours cochés : plats témoins, températures et réceptions, avec l'équipe du séjour.",
  noDay: "Aucun jour n'est encore prévu ni noté dans ce registre.",
  export: 'Exporter le registre',
  cancel: 'Annuler',
} as const;
