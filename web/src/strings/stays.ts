/**
 * Stays screen (spec 2.4) and its phone export dialog. Texts quoted by the specification are
 * verbatim; the others fill what it leaves unsaid.
 */
import { DEFAULT_GROUP_NAME } from '@popote/domain';

/** '1 personne', '0 personne', '12 personnes': plural above 1 only (spec 2.4). */
const people = (n: number): string => `${n} ${n > 1 ? 'personnes' : 'personne'}`;

export const STAYS = {
  stayDuplicated: (name: string): string => `Séjour dupliqué : « ${name} »`,
  title: 'Séjours',

  // Stays
  addStay: 'Ajouter un séjour',
  createBlank: 'Créer un séjour vierge',
  duplicate: (label: string | null): string =>
    label === null ? 'Dupliquer le séjour' : `Dupliquer le séjour ${label}`,
  newStayName: 'Nouveau séjour',
  activeStay: 'Séjour actif',
  noStay: 'Veuillez ajouter un nouveau séjour...',
  startsOn: (date: string): string => `Début : ${date}`,
  editStay: 'Modifier le séjour',
  deleteStay: 'Supprimer le séjour',
  name: 'Nom',
  start: 'Date de début',
  datePlaceholder: 'JJ/MM/AAAA',
  dateInvalid: 'Date attendue au format JJ/MM/AAAA.',
  save: 'Enregistrer',
  deleteStayPrompt: 'Confirmez-vous la suppression du séjour',

  // Groups
  groups: 'Groupes',
  addGroup: 'Ajouter un groupe',
  noGroups: "Aucun groupe n'est défini.",
  noActiveStay: 'Sélectionnez ou créez un séjour pour définir ses groupes.',
  defaultGroupName: DEFAULT_GROUP_NAME,
  people,
  sizeTitle: 'Modifier la taille du séjour',
  sizeField: 'Nombre de personnes',
  severalGroups: 'Votre séjour comporte plusieurs groupes ?',
  severalGroupsHint:
    "Ajoutez un groupe par tranche d'âge ou par activité : chaque groupe peut avoir ses propres repas, par exemple lors d'une sortie.",
  editGroup: 'Modifier le groupe',
  /** Issue 20: diets and allergies of a group's people. */
  needsTitle: 'Régimes et allergies',
  allergicTo: (allergen: string): string => `Allergiques : ${allergen}`,
  needsNotes: 'Notes',
  deleteGroup: 'Supprimer le groupe',
  size: 'Taille',
  color: 'Couleur',
  changeColor: 'Modifier la couleur',
  hexCode: 'Code hexadécimal',
  deleteGroupPrompt: 'Confirmez-vous la suppression du groupe',

  // Phone export (issue 5)
  copyToPhone: 'Copier sur un smartphone',
  exportTitle: 'Exporter sur un smartphone',
  exportSubtitle:
    "Les repas de ce séjour peuvent être téléchargés dans l'application mobile : scannez le QR code avec le smartphone ou ouvrez-y le lien.",
  link: 'Lien',
  copyLink: 'Copier le lien',
  linkCopied: 'Lien copié',
  qrAlt: "QR code du lien d'export",
  linkIsSecret:
    'Toute personne qui a ce lien peut télécharger les repas du séjour. Révoquez-le pour lui retirer cet accès.',
  creatingLink: 'Création du lien…',
  revoke: 'Révoquer le lien',
  newLink: 'Nouveau lien',
  revoked:
    "Le lien a été révoqué : il ne donne plus accès à ce séjour. Créez un nouveau lien pour l'exporter à nouveau.",
  offlineNote:
    'Cet appareil est hors ligne : le lien fonctionnera dès que ses modifications auront été envoyées au serveur.',
  pendingNote:
    "Des modifications de cet appareil n'ont pas encore été envoyées au serveur : le lien fonctionnera (et sera à jour) après la synchronisation.",
  close: 'Fermer',
} as const;
