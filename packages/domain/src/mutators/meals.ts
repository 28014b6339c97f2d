/** Mutators of meals: creation, details, groups, the wizard, menus of meals. */
import { Type } from '@sinclair/typebox';
import type { Horaire } from '../enums.js';
import type { Meal } from '../entities.js';
import { forbidden, invalid } from '../errors.js';
import { MAX_MEALS_PER_STAY } from '../limits.js';
import { groupsForNewMeal, moveGroupBetweenMeals, newPrivateMenu } from '../stay-rules.js';
import { planWizard } from '../wizard.js';
import { isMenuUsableBy } from '../agenda.js';
import { checkAccess, claimAll, idDrawer, onStay, owned, readable } from './access.js';
import { defineMutator } from './define.js';
import { collectPrivateMenu } from './menu-gc.js';
import {
  AdditionalPeopleSchema,
  DaySchema,
  HoraireSchema,
  IdRangeSchema,
  IdSchema,
  NowSchema,
} from './schemas.js';
import { argInt, ofMeal, toPhrase, changes, people, ofPhrase, forWhom } from './describe-words.js';
import { isHoraire } from '../enums.js';
import { mealRefs } from './undo-scope.js';

async function checkMealCount(
  ctx: Parameters<typeof readable>[0],
  stayId: number,
  adding: number,
): Promise<void> {
  const count = (await ctx.store.whereIds('meals', 'stayId', stayId)).length;
  if (count + adding > MAX_MEALS_PER_STAY) {
    throw invalid(`Un séjour ne peut pas compter plus de ${MAX_MEALS_PER_STAY} repas.`);
  }
}

export const createMeal = defineMutator({
  label: "Ajout d'un repas",
  schema: Type.Object({
    id: IdSchema,
    menuId: IdSchema,
    stayId: IdSchema,
    day: DaySchema,
    slot: HoraireSchema,
    now: NowSchema,
  }),
  access: onStay('plan', 'stays', 'stayId'),
  describe: async (a, w) => {
    const when = await w.slotOfDay(argInt(a, 'stayId'), argInt(a, 'day'), a.slot);
    return `Ajout ${ofMeal(when)} ${await w.stayInBrackets(argInt(a, 'stayId'))}`;
  },
  undo: null,
  run: async (ctx, { id, menuId, stayId, day, slot, now }) => {
    const stay = await readable(ctx, 'stays', stayId);
    await checkMealCount(ctx, stayId, 1);
    if (id === menuId) throw invalid('Le repas et son menu doivent avoir deux identifiants.');
    await claimAll(ctx, [
      { table: 'menus', id: menuId },
      { table: 'meals', id },
    ]);
    const groups = await ctx.store.where('groups', 'stayId', stayId);
    const meals = await ctx.store.where('meals', 'stayId', stayId);
    await ctx.store.put('menus', newPrivateMenu(menuId, stay.owner, now));
    const meal: Meal = {
      id,
      stayId,
      owner: stay.owner,
      menuId,
      day,
      slot: slot as Horaire,
      additionalPeople: 0,
      groupIds: groupsForNewMeal(groups, meals, day, slot as Horaire),
    };
    await ctx.store.put('meals', meal);
  },
});

export const updateMeal = defineMutator({
  label: "Modification d'un repas",
  schema: Type.Object({
    id: IdSchema,
    slot: Type.Optional(HoraireSchema),
    day: Type.Optional(DaySchema),
    additionalPeople: Type.Optional(AdditionalPeopleSchema),
  }),
  access: onStay('plan', 'meals', 'id'),
  describe: async (a, w) => {
    const meal = await w.mealRow(argInt(a, 'id'));
    const parts: (string | null)[] = [];
    if (meal !== null && (a.day !== undefined || a.slot !== undefined)) {
      const day = argInt(a, 'day') ?? meal.day;
      const slot = isHoraire(a.slot) ? a.slot : meal.slot;
      if (day !== meal.day || slot !== meal.slot) {
        parts.push(`déplacé ${toPhrase(await w.slotOfDay(meal.stayId, day, slot))}`);
      }
    }
    // Applied (a journal's entry), the meal already stands where it went: its sentence names
    // it there; the number of people is said, the change may be that.
    const extra = argInt(a, 'additionalPeople');
    if (extra !== null && (w.applied || extra !== meal?.additionalPeople)) {
      parts.push(
        `${extra >= 0 ? '+' : ''}${people(extra)} en plus des groupes`.replace(/^\+-/u, '-'),
      );
    }
    return `Modification ${ofMeal(await w.mealOf(meal))}${changes(parts)}`;
  },
  undo: null,
  run: async (ctx, { id, slot, day, additionalPeople }) => {
    const meal = await readable(ctx, 'meals', id);
    await ctx.store.put('meals', {
      ...meal,
      slot: (slot ?? meal.slot) as Horaire,
      day: day ?? meal.day,
      additionalPeople: additionalPeople ?? meal.additionalPeople,
    });
  },
});

export const deleteMeal = defineMutator({
  label: "Suppression d'un repas",
  schema: Type.Object({ id: IdSchema }),
  access: onStay('plan', 'meals', 'id'),
  describe: async (a, w) => `Suppression ${ofMeal(await w.meal(argInt(a, 'id')))}`,
  undo: async (store, userId, a) => {
    const meal = await store.get('meals', a.id);
    return meal ? mealRefs(store, userId, [meal]) : [];
  },
  run: async (ctx, { id }) => {
    const meal = await readable(ctx, 'meals', id);
    await ctx.store.delete('meals', id);
    await collectPrivateMenu(ctx, meal.menuId, meal.owner);
  },
});

export const moveMealGroup = defineMutator({
  label: "Déplacement d'un groupe",
  schema: Type.Object({ groupId: IdSchema, fromMealId: IdSchema, toMealId: IdSchema }),
  access: onStay('plan', 'meals', 'fromMealId'),
  describe: async (a, w) =>
    `Déplacement ${ofPhrase(await w.group(argInt(a, 'groupId')))} ${ofMeal(
      await w.meal(argInt(a, 'fromMealId')),
    )} vers ${await w.meal(argInt(a, 'toMealId'))}`,
  undo: null,
  run: async (ctx, { groupId, fromMealId, toMealId }) => {
    const from = await readable(ctx, 'meals', fromMealId);
    const to = await readable(ctx, 'meals', toMealId);
    const group = await readable(ctx, 'groups', groupId);
    if (group.stayId !== from.stayId) throw invalid("Ce groupe n'appartient pas à ce séjour.");
    const moved = moveGroupBetweenMeals(from, to, groupId);
    if (!moved) return; // same meal: ignored (spec 4)
    await ctx.store.put('meals', moved.from);
    await ctx.store.put('meals', moved.to);
  },
});

export const runMealWizard = defineMutator({
  label: 'Assistant de création de repas',
  schema: Type.Object({
    stayId: IdSchema,
    daysNumber: Type.Integer({ minimum: 1, maximum: 366 }),
    excursions: Type.Record(
      Type.String({ pattern: '^-?\\d{1,4}$' }),
      Type.Array(IdSchema, { maxItems: 100 }),
    ),
    withGouter: Type.Boolean(),
    groupsForCinquieme: Type.Array(IdSchema, { maxItems: 100 }),
    deleteExisting: Type.Boolean(),
    ids: IdRangeSchema,
    now: NowSchema,
  }),
  access: onStay('plan', 'stays', 'stayId'),
  describe: async (a, w) => {
    const days = argInt(a, 'daysNumber');
    const span = days === null ? '' : ` sur ${days} jour${days > 1 ? 's' : ''}`;
    const replacing = a.deleteExisting === true ? ', en remplaçant les repas existants' : '';
    return `Création des repas${span} ${await w.ofStay(argInt(a, 'stayId'))} par l'assistant${replacing}`;
  },
  undo: async (store, userId, a) =>
    mealRefs(store, userId, await store.where('meals', 'stayId', a.stayId)),
  run: async (ctx, args) => {
    const stay = await readable(ctx, 'stays', args.stayId);
    const groups = await ctx.store.where('groups', 'stayId', stay.id);
    const existingMeals = await ctx.store.where('meals', 'stayId', stay.id);
    const drawer = idDrawer(args.ids);
    const excursions: Record<number, number[]> = {};
    for (const [day, ids] of Object.entries(args.excursions)) excursions[Number(day)] = ids;
    const plan = planWizard({
      stay,
      groups,
      existingMeals,
      request: {
        stayId: stay.id,
        daysNumber: args.daysNumber,
        excursions,
        withGouter: args.withGouter,
        groupsForCinquieme: args.groupsForCinquieme,
        deleteExisting: args.deleteExisting,
      },
      nextId: drawer.next,
      now: args.now,
    });
    const kept = existingMeals.length - plan.deleteMealIds.length;
    if (kept + plan.meals.length > MAX_MEALS_PER_STAY) {
      throw invalid(`Un séjour ne peut pas compter plus de ${MAX_MEALS_PER_STAY} repas.`);
    }
    await claimAll(ctx, [
      ...plan.menus.map((m) => ({ table: 'menus' as const, id: m.id })),
      ...plan.meals.map((m) => ({ table: 'meals' as const, id: m.id })),
    ]);
    const byId = new Map(existingMeals.map((m) => [m.id, m]));
    for (const mealId of plan.deleteMealIds) {
      await ctx.store.delete('meals', mealId);
      const old = byId.get(mealId);
      if (old) await collectPrivateMenu(ctx, old.menuId, old.owner);
    }
    for (const menu of plan.menus) await ctx.store.put('menus', menu);
    for (const meal of plan.meals) await ctx.store.put('meals', meal);
  },
});

/** Only a favourite menu may be shared by meals; a private one belongs to its meal. */
export const setMealMenu = defineMutator({
  label: "Choix du menu d'un repas",
  schema: Type.Object({ mealId: IdSchema, menuId: IdSchema }),
  access: onStay('plan', 'meals', 'mealId'),
  describe: async (a, w) =>
    `Choix ${ofPhrase(await w.menu(argInt(a, 'menuId')))} pour ${await w.meal(argInt(a, 'mealId'))}`,
  undo: null,
  run: async (ctx, { mealId, menuId }) => {
    const meal = await readable(ctx, 'meals', mealId);
    if (meal.menuId === menuId) return;
    const menu = await readable(ctx, 'menus', menuId);
    if (!isMenuUsableBy(menu, ctx.userId)) {
      throw forbidden('Seuls vos menus favoris et les menus publiés peuvent être utilisés.');
    }
    await ctx.store.put('meals', { ...meal, menuId });
    await collectPrivateMenu(ctx, meal.menuId, meal.owner);
  },
});

export const swapMealMenus = defineMutator({
  label: 'Permutation de menus',
  schema: Type.Object({ mealId1: IdSchema, mealId2: IdSchema }),
  access: onStay('plan', 'meals', 'mealId1'),
  describe: async (a, w) =>
    `Permutation des menus ${ofMeal(await w.meal(argInt(a, 'mealId1')))} et ${ofMeal(
      await w.meal(argInt(a, 'mealId2')),
    )}`,
  undo: async (_store, _userId, a) => [
    { table: 'meals', id: a.mealId1 },
    { table: 'meals', id: a.mealId2 },
  ],
  run: async (ctx, { mealId1, mealId2 }) => {
    if (mealId1 === mealId2) return;
    const a = await readable(ctx, 'meals', mealId1);
    // The second meal may be in another stay: the right is needed there too.
    await checkAccess(ctx, onStay('plan', 'meals', 'mealId2'), { mealId2 });
    const b = await readable(ctx, 'meals', mealId2);
    await ctx.store.put('meals', { ...a, menuId: b.menuId });
    await ctx.store.put('meals', { ...b, menuId: a.menuId });
  },
});

export const saveMealMenuAsFavorite = defineMutator({
  label: "Enregistrement d'un menu favori",
  schema: Type.Object({ mealId: IdSchema, now: NowSchema }),
  // The meal's menu becomes a favourite of the stay's owner, in their library: theirs to do.
  access: onStay('manage', 'meals', 'mealId'),
  describe: async (a, w) => {
    const meal = await w.mealRow(argInt(a, 'mealId'));
    return `Enregistrement du menu ${ofMeal(await w.mealOf(meal))} dans la bibliothèque`;
  },
  undo: null,
  run: async (ctx, { mealId, now }) => {
    const meal = await readable(ctx, 'meals', mealId);
    // The menu becomes a favourite of its owner's: theirs only (not a favourite of another's).
    const menu = await owned(ctx, 'menus', meal.menuId);
    if (menu.isFavorite) return;
    await ctx.store.put('menus', { ...menu, isFavorite: true, updated: now });
  },
});

// ---- Alternatives (issue 20) ----

/** Alternatives of one meal at most (one per diet and per allergen). */
export const MAX_ALTERNATIVES_PER_MEAL = 18;
/** Recipes of one alternative at most. */
export const MAX_RECIPES_PER_ALTERNATIVE = 20;

const AlternativeReasonSchema = {
  kind: Type.Union([Type.Literal('diet'), Type.Literal('allergen')]),
  code: Type.Integer({ minimum: 0, maximum: 13 }),
};

/**
 * Refuses a reason outside its enumeration (diets 0..3, allergens 0..13: the schema stops at
 * 13 for both). Also checked when an undo puts a meal back (restore.ts).
 */
export function checkAlternativeReason(kind: 'diet' | 'allergen', code: number): void {
  if (kind === 'diet' && code > 3) throw invalid('Ce régime est inconnu.');
}

/**
 * Sets the dish a meal offers to the people of one diet or allergy: the user's own recipes,
 * cooked for `people`; the menu is cooked for the others. Made again for the same diet or
 * allergy, it replaces the previous one.
 */
export const setMealAlternative = defineMutator({
  label: "Alternative d'un repas",
  schema: Type.Object({
    mealId: IdSchema,
    ...AlternativeReasonSchema,
    people: Type.Integer({ minimum: 0, maximum: 100_000 }),
    recipeIds: Type.Array(IdSchema, {
      minItems: 1,
      maxItems: MAX_RECIPES_PER_ALTERNATIVE,
      uniqueItems: true,
    }),
  }),
  access: onStay('plan', 'meals', 'mealId'),
  describe: async (a, w) =>
    `Alternative ${forWhom(a)} ${ofMeal(await w.meal(argInt(a, 'mealId')))}`,
  undo: null,
  run: async (ctx, { mealId, kind, code, people, recipeIds }) => {
    checkAlternativeReason(kind, code);
    const meal = await readable(ctx, 'meals', mealId);
    for (const recipeId of recipeIds) {
      const recipe = await readable(ctx, 'recipes', recipeId);
      // Only the user's own recipes stay readable to them whatever happens (ARCHITECTURE.md).
      if (recipe.owner !== ctx.userId) {
        throw forbidden("Seules vos propres recettes peuvent servir d'alternative.");
      }
    }
    const others = (meal.alternatives ?? []).filter((a) => a.kind !== kind || a.code !== code);
    if (others.length >= MAX_ALTERNATIVES_PER_MEAL) {
      throw invalid(
        `Un repas ne peut pas proposer plus de ${MAX_ALTERNATIVES_PER_MEAL} alternatives.`,
      );
    }
    const updated: Meal = { ...meal, alternatives: [...others, { kind, code, people, recipeIds }] };
    await ctx.store.put('meals', updated);
  },
});

export const removeMealAlternative = defineMutator({
  label: "Retrait de l'alternative d'un repas",
  schema: Type.Object({ mealId: IdSchema, ...AlternativeReasonSchema }),
  access: onStay('plan', 'meals', 'mealId'),
  describe: async (a, w) =>
    `Retrait de l'alternative ${forWhom(a)} ${ofMeal(await w.meal(argInt(a, 'mealId')))}`,
  undo: async (_store, _userId, a) => [{ table: 'meals', id: a.mealId }],
  run: async (ctx, { mealId, kind, code }) => {
    const meal = await readable(ctx, 'meals', mealId);
    const { alternatives = [], ...rest } = meal;
    const kept = alternatives.filter((a) => a.kind !== kind || a.code !== code);
    if (kept.length === alternatives.length) return;
    await ctx.store.put('meals', kept.length === 0 ? rest : { ...rest, alternatives: kept });
  },
});
