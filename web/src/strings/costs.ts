/**
 * What things cost (issue 21): an ingredient's pack and prices, the stay's budget per person
 * and per day, and the costs of the export screen and the day view. Not in the specification
 * (a feature of Popote's own): plain, short French.
 */
import { formatEuros, formatPacks, type Pack } from '@popote/domain';

export const COSTS = {
  // The ingredient's purchase dialog.
  edit: (name: string): string => `Prix et paquet de « ${name} »`,
  title: (name: string): string => `Prix et paquet : ${name}`,
  packTitle: 'Conditionnement',
  byPack: 'Vendu par paquet',
  packName: 'Nom du paquet',
  packNamePlaceholder: 'paquet, plateau, bouteille…',
  defaultPackName: 'paquet',
  /** The price's 'Pour' choice of a pack: 'par plateau'. */
  perPack: (packName: string): string => `par ${packName}`,
  packSize: 'Contenance',
  unit: 'Unité',
  defaultPrice: 'Prix par défaut',
  supplierPrices: 'Prix des fournisseurs',
  supplierPricesHint:
    "Le prix du fournisseur choisi pour l'ingrédient dans le profil du séjour passe avant le prix par défaut.",
  amount: 'Prix (€)',
  per: 'Pour',
  date: 'Date du prix',
  supplier: 'Fournisseur',
  supplierOption: (profile: string, supplier: string): string => `${supplier} (${profile})`,
  addSupplierPrice: "Ajouter le prix d'un fournisseur",
  removeSupplierPrice: (name: string): string => `Retirer le prix de ${name}`,
  noSupplier: 'Aucun fournisseur : créez-en dans un profil de fournisseurs (écran Commandes).',
  perPackNeedsPack: 'Un prix au paquet demande un paquet.',
  saved: 'Prix et paquet enregistrés.',

  // The stay's budget.
  budgetTitle: 'Budget du séjour',
  budgetLabel: 'Budget par personne et par jour (€)',
  budgetHint: 'Laissez vide pour ne pas suivre de budget.',
  budgetOf: (euros: number): string => `Budget : ${formatEuros(euros)} par personne et par jour`,
  noBudget: 'Aucun budget par personne et par jour.',
  editBudget: 'Modifier le budget',
  budgetSaved: 'Budget enregistré.',

  // The export screen's card.
  costTitle: 'Coût et budget',
  costOfDays: 'Coût des repas des jours cochés',
  perPersonDay: 'Coût par personne et par jour',
  personDays: (n: number): string => `${n} ${n === 1 ? 'journée' : 'journées'}-personne`,
  toPay: 'À payer (paquets entiers)',
  perDay: 'Par jour',
  day: 'Jour',
  people: 'Personnes',
  dayCost: 'Coût',
  dayPerPerson: 'Par personne',
  overBudget: 'Au-dessus du budget',
  overBudgetDays: (n: number): string =>
    n === 1 ? '1 jour au-dessus du budget' : `${n} jours au-dessus du budget`,
  withinBudget: 'Tous les jours tiennent dans le budget.',
  perSupplier: 'Par fournisseur',
  incomplete: 'incomplet',
  atLeast: (euros: string): string => `au moins ${euros}`,
  missingTitle: (n: number): string =>
    n === 1 ? '1 ingrédient sans prix' : `${n} ingrédients sans prix`,
  missingHint: 'Ces ingrédients ne sont pas comptés : saisissez leur prix pour un coût complet.',
  missingReason: {
    noPrice: 'aucun prix',
    noPack: 'prix au paquet sans paquet',
    otherMeasure: 'prix dans une autre unité que le besoin',
  },
  setPrice: (name: string): string => `Saisir le prix de « ${name} »`,
  noMeal: 'Aucun repas ces jours-là.',

  // Packs beside a need.
  packs: (count: number, pack: Pack): string => formatPacks(count, pack),

  // The day view.
  mealCost: (perPerson: string): string => `${perPerson} par personne`,
  mealCostIncomplete: (perPerson: string): string => `au moins ${perPerson} par personne`,
} as const;
