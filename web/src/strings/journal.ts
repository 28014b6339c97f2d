/**
 * Who did what in a stay (issue 32): 'Journal du séjour', reached from the stays screen, and
 * the line 'modifié par …' of meals and menus (its words are the domain's `changedBy`). The
 * sentences of the changes are the domain's, the same as for refused changes.
 */
export const JOURNAL = {
  open: 'Journal du séjour',
  title: 'Journal du séjour',
  intro: 'Les modifications du séjour, les plus récentes en premier.',
  member: 'Membre',
  allMembers: 'Tous',
  owner: (pseudo: string): string => `${pseudo} (responsable)`,
  formerMember: (pseudo: string): string => `${pseudo} (ne fait plus partie de l'équipe)`,
  empty: "Aucune modification pour l'instant.",
  emptyOf: (pseudo: string): string => `Aucune modification de ${pseudo} pour l'instant.`,
  shown: (shown: number, total: number): string =>
    total <= 1
      ? `${total} modification`
      : shown < total
        ? `${shown} modifications sur ${total}`
        : `${total} modifications`,
  showMore: 'Afficher plus',
  loading: 'Lecture du journal…',
  backToStays: 'Retour aux séjours',
} as const;
