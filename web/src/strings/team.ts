/**
 * A stay's team (issue 32): the 'Équipe du séjour' dialog of the stays screen, the invitations
 * sent to the user and the page of an invitation's link ('/rejoindre'). Texts quoted by the
 * issue are verbatim; the others fill what it leaves unsaid.
 */
export const TEAM = {
  // The dialog
  open: 'Équipe',
  title: 'Équipe du séjour',
  owner: 'Responsable',
  ownerOf: (pseudo: string): string => `Responsable : ${pseudo}`,
  role: 'Rôle',
  remove: 'Retirer',
  removeMember: (pseudo: string): string => `Retirer ${pseudo}`,
  memberRemoved: (pseudo: string): string => `${pseudo} ne fait plus partie de l'équipe.`,
  roleOf: (pseudo: string): string => `Rôle de ${pseudo}`,
  unknownPseudo: 'Utilisateur inconnu',
  noMembers: "Personne d'autre ne fait partie de l'équipe.",
  you: '(vous)',

  // Invitations by mail
  inviteTitle: 'Inviter par mail',
  mail: 'Mail',
  invite: 'Inviter',
  inviteOffline: "Hors ligne : l'invitation par mail attend le réseau.",
  invitationSent: 'Invitation envoyée.',

  // Invitations by link
  linkTitle: "Lien d'invitation",
  makeLink: "Lien d'invitation",
  linkRole: 'Rôle du lien',
  linkHint:
    'Toute personne qui a ce lien peut rejoindre le séjour avec ce rôle pendant 7 jours : scannez le QR code ou envoyez-lui le lien.',
  linkPending:
    'Le lien fonctionnera dès que les modifications de cet appareil auront été envoyées au serveur.',
  revokeLink: 'Retirer le lien',
  link: 'Lien',
  copyLink: 'Copier le lien',
  linkCopied: 'Lien copié',
  qrAlt: "QR code du lien d'invitation",

  // Open invitations
  openInvitations: 'Invitations en cours',
  byLink: 'Lien',
  expiresOn: (date: string): string => `Expire le ${date}`,
  revokeInvitation: (what: string): string => `Retirer l'invitation : ${what}`,

  // Giving the stay to a member
  transfer: 'Transférer le séjour',
  transferTo: (pseudo: string): string => `Transférer le séjour à ${pseudo}`,
  transferTitle: 'Transférer le séjour',
  transferPrompt: (stay: string, pseudo: string): string =>
    `Confier le séjour « ${stay} » à ${pseudo} ? ${pseudo} en deviendra responsable ; vous resterez dans l'équipe avec le rôle « Organisation ». Les invitations en cours seront retirées.`,
  transferred: (pseudo: string): string => `${pseudo} est maintenant responsable du séjour.`,

  // Deleting a shared stay
  deleteShared: (names: string): string =>
    `Ce séjour est partagé avec ${names} : il disparaîtra aussi de leurs séjours.`,

  // A member
  leave: 'Quitter le séjour',
  leaveTitle: 'Quitter le séjour',
  leavePrompt: (stay: string): string =>
    `Quitter l'équipe du séjour « ${stay} » ? Il disparaîtra de vos séjours ; son responsable pourra vous inviter à nouveau.`,
  left: 'Vous avez quitté le séjour.',

  // Invitations received, and the page of a link
  myInvitations: 'Invitations reçues',
  join: 'Rejoindre le séjour',
  invites: (invitedBy: string, stay: string, role: string): string =>
    `${invitedBy} vous invite à rejoindre l'équipe du séjour « ${stay} » avec le rôle « ${role} ».`,
  joinTitle: 'Rejoindre un séjour',
  joinLoading: "Lecture de l'invitation…",
  joined: (stay: string): string => `Vous faites maintenant partie du séjour « ${stay} ».`,
  loginToJoin: 'Connectez-vous ou créez un compte pour rejoindre le séjour.',
  noInvitation: "Ce lien ne contient pas d'invitation.",
  backToStays: 'Retour aux séjours',
  joinOffline: 'Hors ligne : rejoindre le séjour attend le réseau.',

  // What a role leaves read-only, on the other screens
  readOnlyMeals: 'Lecture seule : votre rôle dans ce séjour ne permet pas de modifier les repas.',
  readOnlyKitchenRole:
    'Votre rôle « Cuisine » permet de cocher les listes de courses et de tenir la réserve.',
  readOnlyLists: 'Lecture seule : votre rôle dans ce séjour ne permet pas de modifier ses listes.',
  readOnlyLarder: 'Lecture seule : votre rôle dans ce séjour ne permet pas de modifier la réserve.',
} as const;
