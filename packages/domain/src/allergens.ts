/**
 * Allergens and diets (issue 20): which of the 14 regulated allergens (EU regulation 1169/2011,
 * annex II) and which diet facts each ingredient carries, what a dish holds (the union of its
 * ingredients'), who among a meal's people cannot eat it, and the French warnings that say so.
 * Codes are stored in rows and carried by sync: never renumber them.
 */
import type { CompileInput } from './compile.js';
import type {
  Group,
  GroupNeeds,
  Id,
  Ingredient,
  Meal,
  MealAlternative,
  Menu,
  Recipe,
} from './entities.js';

/** The 14 allergens of annex II, in the regulation's order. */
export const Allergen = {
  Gluten: 0,
  Crustaces: 1,
  Oeufs: 2,
  Poissons: 3,
  Arachides: 4,
  Soja: 5,
  Lait: 6,
  FruitsACoque: 7,
  Celeri: 8,
  Moutarde: 9,
  Sesame: 10,
  Sulfites: 11,
  Lupin: 12,
  Mollusques: 13,
} as const;
export type Allergen = (typeof Allergen)[keyof typeof Allergen];
export const ALLERGENS: readonly Allergen[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

/** The allergen's name, as the regulation lists it. */
export const ALLERGEN_LABELS: Record<Allergen, string> = {
  0: 'Céréales contenant du gluten',
  1: 'Crustacés',
  2: 'Œufs',
  3: 'Poissons',
  4: 'Arachides',
  5: 'Soja',
  6: 'Lait',
  7: 'Fruits à coque',
  8: 'Céleri',
  9: 'Moutarde',
  10: 'Graines de sésame',
  11: 'Anhydride sulfureux et sulfites',
  12: 'Lupin',
  13: 'Mollusques',
};

/** 'allergiques aux arachides': the allergen after 'allergique(s)'. */
export const ALLERGIC_TO: Record<Allergen, string> = {
  0: 'au gluten',
  1: 'aux crustacés',
  2: 'aux œufs',
  3: 'aux poissons',
  4: 'aux arachides',
  5: 'au soja',
  6: 'au lait',
  7: 'aux fruits à coque',
  8: 'au céleri',
  9: 'à la moutarde',
  10: 'au sésame',
  11: 'aux sulfites',
  12: 'au lupin',
  13: 'aux mollusques',
};

/** What an ingredient is, for diets. */
export const DietFact = { Viande: 0, Porc: 1, Poisson: 2, Animal: 3, Alcool: 4 } as const;
export type DietFact = (typeof DietFact)[keyof typeof DietFact];
export const DIET_FACTS: readonly DietFact[] = [0, 1, 2, 3, 4];
export const DIET_FACT_LABELS: Record<DietFact, string> = {
  0: 'Viande',
  1: 'Porc',
  2: 'Poisson',
  3: "Produit d'origine animale",
  4: 'Alcool',
};

/** What some people of a group follow. */
export const Diet = { Vegetarien: 0, SansPorc: 1, SansViande: 2, Vegetalien: 3 } as const;
export type Diet = (typeof Diet)[keyof typeof Diet];
export const DIETS: readonly Diet[] = [0, 1, 2, 3];
export const DIET_LABELS: Record<Diet, string> = {
  0: 'Végétarien',
  1: 'Sans porc',
  2: 'Sans viande',
  3: 'Végétalien',
};
/** 'végétariens' after a number of people. */
export const DIET_PEOPLE: Record<Diet, string> = {
  0: 'végétarien',
  1: 'sans porc',
  2: 'sans viande',
  3: 'végétalien',
};

/**
 * The facts each diet refuses. Pork is meat, and meat, fish and anything else of animal origin
 * are all animal products: facts imply others (impliedFacts), so that an ingredient marked
 * 'Porc' alone is still refused to vegetarians.
 */
const REFUSED: Record<Diet, readonly DietFact[]> = {
  0: [DietFact.Viande, DietFact.Poisson],
  1: [DietFact.Porc],
  2: [DietFact.Viande],
  3: [DietFact.Animal],
};

/** A fact with those it implies: pork is meat; meat and fish are of animal origin. */
export function impliedFacts(facts: Iterable<DietFact>): Set<DietFact> {
  const all = new Set(facts);
  if (all.has(DietFact.Porc)) all.add(DietFact.Viande);
  if (all.has(DietFact.Viande) || all.has(DietFact.Poisson)) all.add(DietFact.Animal);
  return all;
}

/** Whether food with these facts suits a diet. */
export const suitsDiet = (facts: ReadonlySet<DietFact>, diet: Diet): boolean =>
  !REFUSED[diet].some((fact) => impliedFacts(facts).has(fact));

/** What a dish holds: the allergens and diet facts of its ingredients, together. */
export interface FoodFacts {
  allergens: Set<Allergen>;
  facts: Set<DietFact>;
}

export const noFacts = (): FoodFacts => ({ allergens: new Set(), facts: new Set() });

/**
 * The diet fact an allergen says by itself: milk and eggs are of animal origin; fish,
 * crustaceans and molluscs are fish or seafood, which vegetarians refuse. So shrimps marked
 * 'Crustacés' alone, or butter marked 'Lait' alone, still warn vegetarians and vegans.
 */
const ALLERGEN_FACT: Partial<Record<Allergen, DietFact>> = {
  [Allergen.Crustaces]: DietFact.Poisson,
  [Allergen.Oeufs]: DietFact.Animal,
  [Allergen.Poissons]: DietFact.Poisson,
  [Allergen.Lait]: DietFact.Animal,
  [Allergen.Mollusques]: DietFact.Poisson,
};

/**
 * The union of the ingredients' facts: an ingredient's facts with those they imply (see
 * impliedFacts) and those its allergens say (ALLERGEN_FACT).
 */
export function factsOf(ingredients: Iterable<Pick<Ingredient, 'allergens' | 'diet'>>): FoodFacts {
  const out = noFacts();
  for (const ingredient of ingredients) {
    const facts = [...(ingredient.diet ?? [])] as DietFact[];
    for (const a of ingredient.allergens ?? []) {
      out.allergens.add(a as Allergen);
      const fact = ALLERGEN_FACT[a as Allergen];
      if (fact !== undefined) facts.push(fact);
    }
    for (const f of impliedFacts(facts)) out.facts.add(f);
  }
  return out;
}

/** The allergens in the regulation's order, for display. */
export const sortedAllergens = (allergens: ReadonlySet<Allergen>): Allergen[] =>
  ALLERGENS.filter((a) => allergens.has(a));

export const emptyNeeds = (): GroupNeeds => ({ diets: {}, allergies: {}, notes: '' });

/** Needs as stored: zero counts left out, notes trimmed; null when nothing is left. */
export function tidyNeeds(needs: GroupNeeds): GroupNeeds | null {
  const counts = (record: Record<string, number>): Record<string, number> =>
    Object.fromEntries(Object.entries(record).filter(([, n]) => n > 0));
  const tidy = {
    diets: counts(needs.diets),
    allergies: counts(needs.allergies),
    notes: needs.notes.trim(),
  };
  const empty =
    Object.keys(tidy.diets).length === 0 &&
    Object.keys(tidy.allergies).length === 0 &&
    tidy.notes === '';
  return empty ? null : tidy;
}

/** One dish of a meal, named, with what it holds. */
export interface Dish {
  name: string;
  facts: FoodFacts;
}

/** The dishes of a menu: each recipe, and the menu's own ingredients as one dish each. */
export function dishesOf(
  menu: Pick<Menu, 'recipeIds' | 'ingredients'>,
  recipesById: ReadonlyMap<Id, Pick<Recipe, 'name' | 'ingredients'>>,
  ingredientsById: ReadonlyMap<Id, Ingredient>,
): Dish[] {
  const dishes: Dish[] = [];
  for (const recipeId of menu.recipeIds) {
    const recipe = recipesById.get(recipeId);
    if (!recipe) continue;
    const ingredients = recipe.ingredients
      .map((i) => ingredientsById.get(i.ingredientId))
      .filter((i): i is Ingredient => i !== undefined);
    dishes.push({ name: recipe.name, facts: factsOf(ingredients) });
  }
  for (const { ingredientId } of menu.ingredients) {
    const ingredient = ingredientsById.get(ingredientId);
    if (ingredient) dishes.push({ name: ingredient.name, facts: factsOf([ingredient]) });
  }
  return dishes;
}

/** One group of people a meal does not suit. */
export interface MealWarning {
  people: number;
  /** Why: the diet or the allergy. */
  reason: { diet: Diet } | { allergen: Allergen };
  /** The dishes they cannot eat. */
  dishes: string[];
}

/** The needs of the meal's groups, added up. */
export function mealNeeds(meal: Pick<Meal, 'groupIds'>, groupsById: ReadonlyMap<Id, Group>) {
  const diets = new Map<Diet, number>();
  const allergies = new Map<Allergen, number>();
  for (const groupId of new Set(meal.groupIds)) {
    const needs = groupsById.get(groupId)?.needs;
    if (!needs) continue;
    for (const diet of DIETS) {
      diets.set(diet, (diets.get(diet) ?? 0) + (needs.diets[diet] ?? 0));
    }
    for (const a of ALLERGENS) {
      allergies.set(a, (allergies.get(a) ?? 0) + (needs.allergies[a] ?? 0));
    }
  }
  return { diets, allergies };
}

/**
 * Who among the meal's people cannot eat some of its dishes, and why: per diet and per
 * allergen with people, the dishes that do not suit them. Nobody counted, no warning. An
 * alternative for that diet or allergy (issue 20) takes its people off the menu's warning; an
 * alternative that does not suit them warns in turn, naming its own dishes.
 */
export function mealWarnings(
  meal: Pick<Meal, 'groupIds' | 'alternatives'>,
  groupsById: ReadonlyMap<Id, Group>,
  dishes: readonly Dish[],
  alternativeDishes: readonly (readonly Dish[])[] = [],
): MealWarning[] {
  const { diets, allergies } = mealNeeds(meal, groupsById);
  const needs: { reason: MealWarning['reason']; people: number; unsuited: (d: Dish) => boolean }[] =
    [
      ...[...diets].map(([diet, people]) => ({
        reason: { diet },
        people,
        unsuited: (d: Dish) => !suitsDiet(d.facts.facts, diet),
      })),
      ...[...allergies].map(([allergen, people]) => ({
        reason: { allergen },
        people,
        unsuited: (d: Dish) => d.facts.allergens.has(allergen),
      })),
    ];
  const alternatives = meal.alternatives ?? [];
  const warnings: MealWarning[] = [];
  for (const { reason, people, unsuited } of needs) {
    if (people <= 0) continue;
    const forThem = alternatives
      .map((alternative, i) => ({ alternative, dishes: alternativeDishes[i] ?? [] }))
      .filter(({ alternative }) => isFor(alternative, reason));
    const covered = forThem.reduce((n, { alternative }) => n + Math.max(0, alternative.people), 0);
    const refused = dishes.filter(unsuited).map((d) => d.name);
    if (refused.length > 0 && people > covered) {
      warnings.push({ people: people - covered, reason, dishes: refused });
    }
    for (const { alternative, dishes: own } of forThem) {
      const wrong = own.filter(unsuited).map((d) => d.name);
      if (wrong.length > 0 && alternative.people > 0) {
        warnings.push({ people: Math.min(alternative.people, people), reason, dishes: wrong });
      }
    }
  }
  return warnings;
}

/** Whether an alternative is meant for the people of this diet or allergy. */
export const isFor = (
  alternative: Pick<MealAlternative, 'kind' | 'code'>,
  reason: MealWarning['reason'],
): boolean =>
  'diet' in reason
    ? alternative.kind === 'diet' && alternative.code === reason.diet
    : alternative.kind === 'allergen' && alternative.code === reason.allergen;

/** The dishes of an alternative: its recipes. */
export function alternativeDishes(
  alternative: Pick<MealAlternative, 'recipeIds'>,
  recipesById: ReadonlyMap<Id, Pick<Recipe, 'name' | 'ingredients'>>,
  ingredientsById: ReadonlyMap<Id, Ingredient>,
): Dish[] {
  return dishesOf(
    { recipeIds: alternative.recipeIds, ingredients: [] },
    recipesById,
    ingredientsById,
  );
}

/** '2 personnes', '1 personne', '0 personne' (French keeps the singular below 2). */
const persons = (n: number): string => `${n} ${n > 1 ? 'personnes' : 'personne'}`;

/** '2 personnes allergiques aux arachides', '3 personnes végétariennes': who, in words. */
export function whoText(people: number, reason: MealWarning['reason']): string {
  const plural = people > 1;
  return 'diet' in reason
    ? `${persons(people)} ${dietPeople(reason.diet, plural)}`
    : `${persons(people)} allergique${plural ? 's' : ''} ${ALLERGIC_TO[reason.allergen]}`;
}

/** '2 personnes allergiques aux arachides : Sauce satay'; '3 personnes végétariennes : …'. */
export function warningText(warning: MealWarning): string {
  return `${whoText(warning.people, warning.reason)} : ${warning.dishes.join(', ')}`;
}

/** The reason of an alternative, as a warning names it. */
export const reasonOf = (
  alternative: Pick<MealAlternative, 'kind' | 'code'>,
): MealWarning['reason'] =>
  alternative.kind === 'diet'
    ? { diet: alternative.code as Diet }
    : { allergen: alternative.code as Allergen };

/** 'Alternative pour 2 personnes allergiques aux arachides'. */
export const alternativeTitle = (
  alternative: Pick<MealAlternative, 'kind' | 'code' | 'people'>,
): string => `Alternative pour ${whoText(alternative.people, reasonOf(alternative))}`;

/** 'végétariennes' agrees with 'personnes' (feminine). */
function dietPeople(diet: Diet, plural: boolean): string {
  switch (diet) {
    case Diet.Vegetarien:
      return plural ? 'végétariennes' : 'végétarienne';
    case Diet.Vegetalien:
      return plural ? 'végétaliennes' : 'végétalienne';
    default:
      return DIET_PEOPLE[diet];
  }
}

/** The warnings of a meal as planned: its menu's dishes against its groups' needs. */
export function warningsOfMeal(
  meal: Pick<Meal, 'groupIds' | 'alternatives'>,
  menu: Pick<Menu, 'recipeIds' | 'ingredients'> | undefined,
  groupsById: ReadonlyMap<Id, Group>,
  recipesById: ReadonlyMap<Id, Pick<Recipe, 'name' | 'ingredients'>>,
  ingredientsById: ReadonlyMap<Id, Ingredient>,
): MealWarning[] {
  if (!menu) return [];
  return mealWarnings(
    meal,
    groupsById,
    dishesOf(menu, recipesById, ingredientsById),
    (meal.alternatives ?? []).map((a) => alternativeDishes(a, recipesById, ingredientsById)),
  );
}

/** The warnings of the chosen days' meals (export screen), in meal order; meals without none. */
export function warningsOfDays(
  input: Pick<CompileInput, 'meals' | 'groups' | 'menus' | 'recipes' | 'ingredients' | 'days'>,
): { meal: Meal; warnings: MealWarning[] }[] {
  const byId = <T extends { id: Id }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
  const groups = byId(input.groups);
  const menus = byId(input.menus);
  const recipes = byId(input.recipes);
  const ingredients = byId(input.ingredients);
  const days = new Set(input.days);
  return input.meals
    .filter((meal) => days.has(meal.day))
    .sort((a, b) => a.day - b.day || a.slot - b.slot || a.id - b.id)
    .map((meal) => ({
      meal,
      warnings: warningsOfMeal(meal, menus.get(meal.menuId), groups, recipes, ingredients),
    }))
    .filter((w) => w.warnings.length > 0);
}
