/** 'Supprimer mon compte' (issue 33): the settings' section, its dialog and what follows. */
export const ACCOUNT_DELETION = {
  title: 'Supprimer mon compte',
  intro:
    'Supprime définitivement votre compte et vos données du serveur et de vos appareils. Cette opération est irréversible.',
  open: 'Supprimer mon compte…',
  dialogTitle: 'Supprimer mon compte',
  deletedTitle: 'Ce qui sera supprimé',
  deleted: [
    'votre compte : adresse mail, pseudo, mot de passe, sessions ouvertes ;',
    'vos séjours, avec leurs repas, groupes, réserves, listes de courses, équipes, invitations et journal : les membres de vos équipes ne les verront plus ;',
    'vos recettes, menus, ingrédients, profils de fournisseurs, prix et conditionnements ;',
    'vos listes de courses partagées : leurs liens cessent de fonctionner ;',
    'votre place dans les équipes des séjours des autres ;',
    'les données de ce compte sur cet appareil, y compris les modifications pas encore envoyées, et sur vos autres appareils à leur prochaine connexion.',
  ],
  keptTitle: 'Ce qui reste, chez les autres',
  kept: [
    'vos recettes publiées que d’autres ont mises dans leurs menus y apparaissent comme « Recette non publiée » ;',
    'vos menus publiés utilisés par les repas d’autres utilisateurs deviennent leur propre copie de ce menu ;',
    'vos ingrédients utilisés dans les recettes ou menus d’autres utilisateurs restent, sans propriétaire ;',
    'dans le journal des séjours des autres, vos modifications restent, sans votre nom.',
  ],
  downloadFirst:
    'Avant de supprimer votre compte, vous pouvez télécharger vos données pour les garder.',
  password: 'Mot de passe',
  passwordHint: 'Pour confirmer que c’est bien vous.',
  passwordMissing: 'Saisissez votre mot de passe pour supprimer votre compte.',
  confirm: 'Je comprends que mon compte et mes données seront supprimés définitivement.',
  submit: 'Supprimer définitivement mon compte',
  cancel: 'Annuler',
  offline:
    'Hors ligne : la suppression du compte demande une connexion au réseau. Reconnectez-vous puis réessayez.',
  /** Shown on the login screen of the device that deleted the account. */
  done: 'Votre compte a été supprimé, ainsi que ses données sur cet appareil.',
  /** Shown on the login screen of another device of the deleted account. */
  deletedElsewhere: 'Ce compte a été supprimé. Ses données ont été effacées de cet appareil.',
  noticeClose: 'Fermer',
} as const;
