/** 'Télécharger mes données' and 'Importer des données' in the settings (issue 33). */
import { formatDateTime } from '@popote/domain';

// Made when first used: the first Intl object of a page loads the browser's locale data (10 to
// 25 ms on a fresh page), which the agenda's first paint does not need (issue 36).
let countFormat: Intl.NumberFormat | undefined;
const count = (n: number): string => (countFormat ??= new Intl.NumberFormat('fr-FR')).format(n);
const plural = (n: number, one: string, many: string) => `${count(n)} ${n > 1 ? many : one}`;

export const DATA = {
  title: 'Mes données',
  intro:
    'Téléchargez tout ce que vous avez créé (bibliothèque, séjours, profils, prix) dans un seul fichier, pour le garder ou le charger dans un compte Popote, sur ce serveur ou sur un autre.',
  download: 'Télécharger mes données',
  downloaded: (fileName: string): string => `Vos données sont enregistrées dans « ${fileName} ».`,
  import: 'Importer des données',
  importHint:
    'Choisissez un fichier enregistré par « Télécharger mes données ». Rien n’est modifié avant votre confirmation ; ce que votre compte a déjà (mêmes noms, mêmes séjours) n’est pas recréé.',
  offline:
    'Hors ligne : télécharger ou importer vos données demande une connexion au réseau. Reconnectez-vous puis réessayez.',
  reading: (fileName: string): string => `Lecture de « ${fileName} »…`,
  previewTitle: 'Ce que l’import va faire',
  fileFrom: (pseudo: string, mail: string, exportedAt: string): string =>
    `Fichier de ${pseudo} (${mail}), enregistré le ${formatDateTime(exportedAt, -new Date(exportedAt).getTimezoneOffset())}.`,
  nothingToDo: 'Votre compte contient déjà tout ce que ce fichier apporte : rien ne sera créé.',
  confirm: 'Importer',
  cancel: 'Annuler',
  reportTitle: 'Import terminé',
  reportNothing: 'Rien n’a été créé : votre compte contenait déjà tout ce que ce fichier apporte.',
  columns: {
    kind: 'Type',
    created: 'Nouveaux',
    matched: 'Déjà présents',
    updated: 'Mis à jour',
    skipped: 'Ignorés',
  },
  kinds: {
    ingredients: 'Ingrédients',
    recipes: 'Recettes',
    menus: 'Menus',
    profiles: 'Profils de fournisseurs',
    suppliers: 'Fournisseurs',
    stays: 'Séjours',
    groups: 'Groupes',
    meals: 'Repas',
    stock: 'Réserve',
    shopLists: 'Listes de courses',
    purchases: 'Prix et paquets',
    register: 'Registre de cuisine',
  } as Record<string, string>,
  number: (n: number): string => count(n),
  summary: (created: number, updated: number): string =>
    updated === 0
      ? `${plural(created, 'élément créé', 'éléments créés')}.`
      : `${plural(created, 'élément créé', 'éléments créés')}, ${plural(updated, 'mis à jour', 'mis à jour')}.`,
} as const;
