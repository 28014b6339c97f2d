/** The French texts of the account routes (the first five are those of the original service). */
export const ACCOUNT_MESSAGES = {
  mailUsed: 'Cette adresse mail est déjà utilisée.',
  weakPassword: 'Merci de choisir un mot de passe plus solide.',
  invalidMail: "L'adresse mail est invalide.",
  unknownMail: "Cette adresse mail n'est pas utilisée.",
  wrongPassword: 'Le mot de passe est incorrect.',
  pseudoRequired: 'Merci de choisir un pseudonyme.',
  pseudoInvalid: 'Le pseudonyme contient des caractères non autorisés.',
  mailFailed: "Le mail n'a pas pu être envoyé. Merci de réessayer plus tard.",
  notConfirmed: "Votre inscription n'est pas encore confirmée : suivez le lien reçu par mail.",
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect.',
  mailedPasswordExpired:
    'Le mot de passe reçu par mail a expiré : il devait être remplacé dans les 24 heures. Demandez-en un nouveau avec « Mot de passe oublié ? ».',
} as const;
