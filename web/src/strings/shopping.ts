/**
 * Shopping lists, the larder and the helpers' shared list (issue 19). The specification does
 * not show these screens: their wording is written here once.
 */
import { formatTotal, type QuantityTotal } from '@popote/domain';
import { MEAL_NOUNS } from './kitchen';

export const SHOPPING = {
  loading: 'Chargement…',
  listsTitle: 'Listes de courses',
  noList: 'Aucune liste de courses pour ce séjour.',
  newListHint:
    'Cochez des jours sur l’écran Export, puis « Créer une liste de courses » : la liste reprend les ingrédients de ces jours, moins ce qui est en réserve.',
  goToExport: 'Choisir les jours',
  progress: (checked: number, total: number): string => `${checked} / ${total} cochés`,
  back: 'Toutes les listes',
  missingList: "Cette liste n'existe pas ou n'est plus disponible.",
  onceTitle: 'À acheter une fois',
  buyOn: (date: string): string => `À acheter le ${date}`,
  forDay: (date: string): string => `pour le ${date}`,
  /** A day of a list whose stay is unknown to the helper: 'jour 1' is the stay's first. */
  dayNumber: (day: number): string => `jour ${day + 1}`,
  noSupplier: 'Sans fournisseur',
  inLarder: 'Déjà en réserve',
  needAndStock: (need: QuantityTotal, inStock: QuantityTotal): string =>
    `Besoin ${formatTotal(need)}, dont ${formatTotal(inStock)} en réserve`,
  bought: 'Quantité achetée',
  boughtOf: (name: string): string => `Quantité achetée de ${name}`,
  boughtNote: (total: QuantityTotal): string => `Acheté : ${formatTotal(total)}`,
  boughtAsPlanned: 'Comme prévu',
  pieces: 'Pièces',
  grams: 'Grammes',
  centiliters: 'Centilitres',
  save: 'Enregistrer',
  cancel: 'Annuler',
  share: 'Partager la liste',
  shareTitle: 'Partager la liste',
  shareHint:
    'Toute personne qui ouvre ce lien voit cette liste et peut cocher ses lignes, sans compte. Elle ne voit rien d’autre. Le lien expire au bout de 30 jours.',
  shareOffline: 'Le lien fonctionnera dès que cet appareil aura retrouvé le réseau.',
  link: 'Lien de la liste',
  copyLink: 'Copier le lien',
  linkCopied: 'Lien copié',
  qrAlt: 'Code QR du lien de la liste',
  stopSharing: 'Arrêter le partage',
  shared: 'Partagée',
  sharingStopped: 'Le lien ne fonctionne plus.',
  store: 'Ranger les achats dans la réserve',
  stored: (n: number): string =>
    n === 0 ? 'Aucun achat coché à ranger.' : `${n} achat(s) rangé(s) dans la réserve.`,
  remove: 'Supprimer la liste',
  removed: 'Liste supprimée',
  create: 'Créer une liste de courses',
  createTitle: 'Nouvelle liste de courses',
  name: 'Nom',
  defaultName: (days: string): string => `Courses ${days}`,
  freshPerDay: 'Produits frais jour par jour',
  freshPerDayHint:
    'Les produits frais sont listés par jour, à acheter la veille ; le reste une seule fois.',
  created: 'Liste de courses créée',
  emptyList: 'Rien à acheter pour ces jours.',
} as const;

export const LARDER = {
  title: 'Réserve',
  hint: 'Ce que le camp a déjà : les listes de courses et le bilan des ingrédients le déduisent.',
  empty: 'La réserve est vide.',
  ingredient: 'Ingrédient',
  quantity: 'Quantité',
  unit: 'Unité',
  add: 'Ajouter à la réserve',
  remove: (name: string): string => `Retirer ${name} de la réserve`,
  removed: 'Retiré de la réserve',
  edit: (name: string): string => `Quantité en réserve de ${name}`,
  inStock: (total: QuantityTotal): string => `Réserve : ${formatTotal(total)}`,
  toBuy: (total: QuantityTotal): string => `à acheter : ${formatTotal(total)}`,
  /** Dates and lots of the entries (issue 35). */
  date: 'Date',
  datePlaceholder: 'JJ/MM/AAAA',
  dateInvalid: 'Date invalide (JJ/MM/AAAA)',
  dateKind: 'Type de date',
  dlc: 'DLC',
  ddm: 'DDM',
  dlcOption: "DLC (à consommer jusqu'au)",
  ddmOption: 'DDM (à consommer de préférence avant)',
  lot: 'Lot',
  /** 'DLC 09/07'. */
  entryDate: (kind: string, dayMonth: string): string => `${kind} ${dayMonth}`,
  entryLot: (lot: string): string => `Lot ${lot}`,
  editDetails: (name: string): string => `Date et lot de ${name}`,
  /** The warnings of dated entries, the kitchen's words too. */
  expired: (date: string): string => `Périmé depuis le ${date}`,
  /** 'Périme avant le dîner du mardi 8 juillet'. */
  expiresBeforeMeal: (slot: keyof typeof MEAL_NOUNS, day: string): string =>
    `Périme avant le ${MEAL_NOUNS[slot]} du ${day}`,
  expiresBeforeDay: (day: string): string => `Périme avant les repas du ${day}`,
  useToday: "À consommer aujourd'hui",
  useSoon: "À consommer d'ici demain",
  pastBestBefore: 'DDM dépassée',
  /** 'Lait entier : Périmé depuis le 7 juillet' in the kitchen view. */
  alertOf: (name: string, alert: string): string => `${name} : ${alert}`,
} as const;

/** The page a helper opens from a shared link, without an account. */
export const GUEST = {
  title: 'Liste de courses partagée',
  loading: 'Chargement de la liste…',
  invalid: 'Ce lien de liste de courses est invalide ou terminé.',
  offline: 'Hors ligne : vos coches seront envoyées au retour du réseau.',
  pending: (n: number): string => `${n} coche(s) en attente d’envoi`,
  notSent: (n: number): string =>
    `${n} coche(s) n’ont pas pu être envoyées avant la fin du partage.`,
} as const;
