/**
 * A recipe read from a web page's address or from pasted text (issue 34): the library's import
 * menu, the reading and the review of its lines. 'Importer depuis un lien', 'Adresse de la
 * recette', 'Lire la recette', 'Coller une recette', 'Texte de la recette' and 'Importer la
 * recette' are the words.
 */
export const RECIPE_READING = {
  fromLink: 'Importer depuis un lien',
  fromText: 'Coller une recette',
  stepRead: 'Recette',
  address: 'Adresse de la recette',
  addressPlaceholder: 'https://…',
  text: 'Texte de la recette',
  textPlaceholder:
    'Collez ici la recette : son titre, « pour 6 personnes », les ingrédients, puis la préparation.',
  read: 'Lire la recette',
  next: 'Suivant',
  offline: 'Lire une page demande le réseau. Hors ligne, copiez la recette et collez son texte.',
  textHint: 'Le texte est lu sur cet appareil, même hors ligne.',
  name: 'Nom de la recette',
  people: 'Nombre de personnes',
  plat: 'Type de plat',
  linesTitle: 'Ingrédients lus',
  linesIntro:
    'Vérifiez chaque ligne : corrigez son texte pour qu’elle soit relue, ou retirez-la. Les lignes sans quantité et les précisions vont dans la description.',
  line: (n: number): string => `Ligne ${n}`,
  remove: 'Retirer la ligne',
  readAs: (quantity: string, name: string): string => `${quantity} de « ${name} »`,
  noQuantity: 'Sans quantité : ira dans la description',
  unread: 'À corriger : quantité ou ingrédient illisible',
  description: 'Description',
  ingredientsSummary: (names: number): string =>
    names > 1 ? `${names} ingrédients lus dans la recette.` : '1 ingrédient lu dans la recette.',
  ingredientsIntro:
    'Pour chaque ingrédient lu, choisissez un ingrédient existant ou créez-en un nouveau.',
  readName: 'Dans la recette',
  confirm: 'Importer la recette',
  imported: 'Recette importée',
  empty: 'Collez le texte de la recette.',
  noAddress: 'Indiquez l’adresse de la page de la recette.',
  noName: 'Donnez un nom à la recette.',
} as const;
