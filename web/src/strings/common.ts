/**
 * Common French texts: shell, login, settings, feedback, sync. Texts quoted by the
 * specification are copied verbatim; the others (marked "not shown" there) are written here
 * once so that screens never embed their own wording.
 */
import { HIDDEN_RECIPE, MIN_PASSWORD_LENGTH } from '@popote/domain';

export const APP_NAME = 'Popote';
export const VERSION = '0.3.1';
export const VERSION_LABEL = `Version ${VERSION}`;

/** Top bar titles (spec 2.2). */
export const TITLES = {
  loggedOut: APP_NAME,
  stays: 'Séjours et groupes',
  agenda: (stayLabel: string | null): string =>
    stayLabel === null ? "Organisation d'un séjour" : `Organisation du séjour : ${stayLabel}`,
  export: (stayLabel: string | null): string =>
    stayLabel === null
      ? 'Bilan des ingrédients et commandes'
      : `Bilan des ingrédients pour le séjour : ${stayLabel}`,
  library: 'Bibliothèque de menus favoris et recettes',
  kitchen: (stayLabel: string | null): string =>
    stayLabel === null ? 'En cuisine' : `En cuisine : ${stayLabel}`,
  register: (stayLabel: string | null): string =>
    stayLabel === null ? 'Registre de la cuisine' : `Registre de la cuisine : ${stayLabel}`,
  shopping: (stayLabel: string | null): string =>
    stayLabel === null ? 'Courses et réserve' : `Courses et réserve : ${stayLabel}`,
  settings: 'Préférences',
  journal: (stayLabel: string | null): string =>
    stayLabel === null ? 'Journal du séjour' : `Journal du séjour : ${stayLabel}`,
} as const;

/** The screens of the active stay (agenda, export, kitchen, shopping) when no stay is active. */
export const STAY_NEEDED = {
  noStay: 'Merci de sélectionner (ou de créer) un séjour',
  goToStays: 'Aller aux séjours',
} as const;

/** Side drawer entries and their tooltips (spec 2.2). */
export const NAV = {
  stays: { label: 'Séjours', tooltip: "Vue d'ensemble des séjours et des groupes" },
  agenda: { label: 'Agenda', tooltip: 'Organisation du séjour en cours' },
  library: { label: 'Bibliothèque', tooltip: 'Menus favoris et recettes' },
  export: { label: 'Export', tooltip: 'Ingrédients nécessaires et commandes' },
  kitchen: { label: 'Cuisine', tooltip: 'Les repas du jour et leurs quantités' },
  register: {
    label: 'Registre',
    tooltip: 'Plats témoins, températures et réceptions de la cuisine',
  },
  shopping: { label: 'Courses', tooltip: 'Listes de courses à cocher et réserve du camp' },
  settings: { label: 'Préférences', tooltip: 'Réglages du compte' },
  logout: 'Se déconnecter',
  navigationLabel: 'Navigation principale',
} as const;

/** Login and registration screen (spec 2.3). */
export const LOGIN = {
  welcomeTitle: 'Bienvenue sur Popote',
  welcomeText:
    "Popote vous permet d'organiser vos recettes et vos menus afin de faciliter la cuisine pour les groupes.",
  welcomeRegisterPrompt: 'Pas encore de compte ?',
  connectionTitle: 'Connexion',
  signUpTitle: 'Inscription',
  mail: 'Mail',
  mailHintSignUp: "Votre adresse mail vous servira d'identifiant.",
  password: 'Mot de passe',
  /** The domain's rule, the server's too (MIN_PASSWORD_LENGTH). */
  passwordRule: `Au moins ${MIN_PASSWORD_LENGTH} caractères.`,
  passwordTooShort: `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`,
  pseudo: 'Pseudonyme',
  pseudoRequired: 'Merci de choisir un pseudonyme.',
  pseudoHint: 'Le nom affiché aux autres utilisateurs.',
  back: 'Retour',
  forgotPassword: 'Mot de passe oublié ?',
  submitSignUp: "S'inscrire",
  submitConnection: 'Se connecter',
  successSignUpTitle: 'Inscription validée',
  successSignUpText: 'Votre inscription est validée. Vous pouvez maintenant vous connecter.',
  registeredTitle: 'Inscription enregistrée',
  registeredText: (mail: string): string =>
    `Un mail de confirmation a été envoyé à l'adresse ${mail}. Merci de suivre le lien qu'il contient pour valider votre inscription.`,
  resendLink: 'Renvoyer le lien de confirmation',
  resentTitle: 'Lien de confirmation renvoyé',
  resentText: (mail: string): string =>
    `Un nouveau lien de confirmation a été envoyé à l'adresse ${mail}. Merci de le suivre pour valider votre inscription, puis de vous connecter.`,
  resetTitle: 'Mot de passe réinitialisé',
  resetText: (mail: string): string =>
    `Un mail contenant un nouveau mot de passe a été envoyé à l'adresse ${mail}. Vous pourrez le modifier ensuite dans le panneau des réglages de votre compte.`,
  close: 'Fermer',
  welcomeBack: (pseudo: string): string => `Bon retour parmi nous, ${pseudo}`,
} as const;

/** Settings screen (spec 2.8). */
export const SETTINGS = {
  title: 'Réglages',
  mail: 'Email',
  password: 'Mot de passe',
  passwordHint: `Laissez vide pour conserver le mot de passe actuel. Sinon, au moins ${MIN_PASSWORD_LENGTH} caractères.`,
  pseudo: 'Pseudo',
  save: 'Enregistrer',
  offline:
    'Hors ligne : vos réglages sont affichés tels que cet appareil les connaît. Les modifier demande une connexion au réseau.',
  saveOffline: "Impossible d'enregistrer hors ligne : reconnectez-vous au réseau puis réessayez.",
  unknownLocally: 'Inconnu sur cet appareil',
  currentPassword: 'Mot de passe actuel',
  currentPasswordHint: "Nécessaire pour changer l'adresse mail ou le mot de passe.",
  currentPasswordMissing:
    "Saisissez votre mot de passe actuel pour changer l'adresse mail ou le mot de passe.",
  pendingMail: (mail: string): string =>
    `En attente de confirmation : ${mail}. Suivez le lien envoyé à cette adresse ; d'ici là, votre compte garde son adresse actuelle.`,
  mailLinkSent: (mail: string): string =>
    `Un lien de confirmation a été envoyé à ${mail} : la nouvelle adresse sera utilisée une fois ce lien suivi.`,
  mustChangePassword:
    'Vous vous êtes connecté avec le mot de passe reçu par mail : choisissez dès maintenant votre propre mot de passe ci-dessous (le mot de passe reçu sert de mot de passe actuel). Le mot de passe reçu par mail cessera de fonctionner 24 heures après cette connexion.',
} as const;

/** Shared by every form. */
export const COMMON = {
  togglePasswordVisibility: 'Afficher ou masquer le mot de passe',
  confirmDeleteTitle: 'Confirmer la suppression',
  irreversible: 'Cette opération est irréversible.',
  delete: 'Supprimer',
  save: 'Enregistrer',
  cancel: 'Annuler',
  close: 'Fermer',
  back: 'Retour',
  lockedBy: (pseudo: string): string => `Propriétaire : ${pseudo}`,
  unknownOwner: 'un autre utilisateur',
  catalogueOwner: 'Catalogue Popote',
  /**
   * Another user's recipe that this user may not read, in a menu they may read: shown in its
   * place, without its content (ARCHITECTURE.md, 'Who may read and write what').
   */
  unpublishedRecipe: HIDDEN_RECIPE,
  quantity: 'Quantité',
  unit: 'Unité',
  forPeople: 'Pour',
  people: 'personnes',
  courseType: 'Type de plat',
  fixedQuantity: 'Quantité fixe',
  fixedQuantityHint: 'La même quantité quel que soit le nombre de personnes (une pincée de sel).',
} as const;

/** Global feedback pieces (spec 2.9). */
export const FEEDBACK = {
  close: 'Fermer',
  successListLabel: 'Messages',
} as const;

/** Error catalogue (spec 8). */
export const ERRORS = {
  serverTitle: 'Erreur côté serveur',
  serverUndecodable: "Le format d'erreur du serveur n'a pu être décodé.",
  noResponseTitle: 'Aucune réponse du serveur',
  noResponseBody: "La requête a bien été envoyée, mais le serveur n'a donné aucune réponse...",
  clientTitle: 'Erreur du client',
  clientBody: "La requête n'a pu être mise en place.",
  ingredientUsedTitle: 'Ingrédient utilisé',
  ingredientUsedBody: "L'ingrédient est utilisé dans une recette ou un menu.",
} as const;

/** Success messages (spec 8). */
export const SUCCESS = {
  mealAdded: 'Repas ajouté avec succès',
  mealDeleted: 'Repas supprimé avec succès',
  mealUpdated: 'Repas modifié avec succès',
  groupMoved: 'Groupe déplacé avec succès',
  menuUpdated: 'Menu mis à jour avec succès',
  menuReplaced: 'Menu remplacé avec succès',
  menuModified: 'Menu modifié avec succès',
  ingredientUpdated: 'Ingrédient mis à jour avec succès',
  menuSavedToLibrary: 'Menu enregistré dans la bibliothèque',
  mealsGenerated: 'Repas générés avec succès',
  menusSwapped: 'Menus permutés avec succès',
  recipesImported: 'Recettes importées avec succès',
  fileDownloaded: 'Fichier téléchargé avec succès',
  cookSheetsDownloaded: 'Fiches cuisines téléchargées avec succès',
  settingsUpdated: 'Réglages mis à jour avec succès',
  supplierUpdated: 'Fournisseur modifié avec succès',
  supplierDeleted: 'Fournisseur supprimé avec succès',
  profileUpdated: 'Profil modifié avec succès',
  profileDeleted: 'Profil supprimé avec succès',
  mappingUpdated: 'Associations modifiées avec succès',
  mappingTidied: 'Associations simplifiées avec succès',
  defaultSuppliersUpdated: 'Fournisseurs par défaut modifié avec succès',
} as const;

/** Application updates (service worker). */
export const PWA = {
  updateAvailable: 'Une nouvelle version est disponible.',
  update: 'Mettre à jour',
  heldBack:
    "Des données de vos séjours attendent cette mise à jour pour s'afficher sur cet appareil.",
  pendingKept: (n: number): string =>
    n > 1
      ? `Vos ${n} modifications en attente sont gardées : elles seront envoyées après la mise à jour.`
      : 'Votre modification en attente est gardée : elle sera envoyée après la mise à jour.',
} as const;

/** Sync indicator, refused changes and logout with pending changes (not shown in the spec). */
export const SYNC = {
  offline: 'Hors ligne',
  syncing: 'Synchronisation…',
  upToDate: 'À jour',
  pending: (n: number): string => `${n} modification${n > 1 ? 's' : ''} en attente`,
  authExpired: 'Session expirée : reconnectez-vous',
  failed: 'Synchronisation en échec, nouvel essai bientôt',
  serverTooOld: 'Le serveur Popote doit être mis à jour',
  serverTooOldDetail:
    'Cette version de Popote est plus récente que le serveur : vos modifications restent sur cet appareil et seront envoyées dès que le serveur sera mis à jour.',
  lastSync: (when: string): string => `Dernière synchronisation : ${when}`,
  refusedButton: (n: number): string =>
    `${n} modification${n > 1 ? 's' : ''} refusée${n > 1 ? 's' : ''}`,
  refusedTitle: 'Modifications refusées',
  refusedIntro:
    "Le serveur a refusé ces modifications. Rien de ce que vous aviez saisi n'est perdu : leur contenu est affiché ci-dessous, vous pouvez le copier avant de les retirer de la liste.",
  refusedEmpty: 'Aucune modification refusée.',
  refusedReason: 'Motif',
  refusedContent: 'Contenu',
  refusedDetails: 'Détails',
  refusedHideDetails: 'Masquer les détails',
  firstSync: 'Première synchronisation…',
  firstSyncOffline:
    'Hors ligne : la première synchronisation de cet appareil reprendra dès le retour du réseau.',
  copy: 'Copier',
  copied: 'Contenu copié',
  dismiss: 'Retirer de la liste',
  localRefusalTitle: 'Modification impossible',
  logoutTitle: 'Modifications en attente',
  logoutBody: (n: number): string =>
    `${n} modification${n > 1 ? 's' : ''} n'${n > 1 ? 'ont' : 'a'} pas encore été envoyée${n > 1 ? 's' : ''} au serveur. Elle${n > 1 ? 's' : ''} ser${n > 1 ? 'ont' : 'a'} envoyée${n > 1 ? 's' : ''} à votre prochaine connexion sur cet appareil. Se déconnecter quand même ?`,
  logoutConfirm: 'Se déconnecter',
  cancel: 'Annuler',
  reloginTitle: 'Session expirée',
  reloginBody:
    'Votre session a expiré ou a été fermée (déconnexion, ou mot de passe changé sur un autre appareil). Vos modifications sont conservées sur cet appareil et seront envoyées dès que vous vous reconnecterez.',
  reloginButton: 'Se reconnecter',
  reloginOtherAccount: "Ce compte n'est pas celui de la session en cours.",
} as const;

/** Names of controls that show only an icon, for screen readers (issue 13). */
export const A11Y = {
  close: 'Fermer',
  openNavigation: 'Ouvrir la navigation',
  closeNavigation: 'Fermer la navigation',
  firstPage: 'Première page',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  lastPage: 'Dernière page',
} as const;

/** Screen-reader announcements of a drag and drop (issue 13), in words, never ids. */
export const DRAG = {
  instructions:
    "Appuyez sur Espace pour saisir l'élément. Déplacez-le avec les flèches, puis appuyez sur Espace pour le déposer, ou sur Échap pour annuler.",
  lifted: (item: string, place: string): string =>
    `Vous avez saisi ${item}, dans ${place}. Flèches pour le déplacer, Espace pour le déposer, Échap pour annuler.`,
  over: (item: string, place: string): string => `${capitalize(item)} : au-dessus de ${place}.`,
  overNothing: (item: string): string => `${capitalize(item)} : hors de toute place.`,
  dropped: (item: string, place: string): string => `Vous avez déposé ${item} dans ${place}.`,
  droppedHome: (item: string): string => `Vous avez reposé ${item} à sa place : rien ne change.`,
  droppedNowhere: (item: string): string =>
    `Vous avez lâché ${item} hors de toute place : rien ne change.`,
  cancelled: (item: string): string => `Déplacement annulé : ${item} reste à sa place.`,
  // What is dragged and where, with their article.
  ingredient: (name: string): string => `l'ingrédient « ${name} »`,
  recipe: (name: string): string => `la recette « ${name} »`,
  menu: (title: string): string => `le menu « ${title} »`,
  category: (label: string): string => `la catégorie « ${label} »`,
  group: (name: string): string => `le groupe « ${name} »`,
  meal: (slot: string, date: string): string => `le repas ${slot} du ${date}`,
  supplier: (name: string): string => `la colonne du fournisseur « ${name} »`,
  unknown: "l'élément",
  unknownPlace: 'cette place',
} as const;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
