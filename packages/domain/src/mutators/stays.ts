/** Mutators of stays and their groups. */
import { Type } from '@sinclair/typebox';
import type { Group, Meal, Stay } from '../entities.js';
import { invalid } from '../errors.js';
import { MAX_GROUPS_PER_STAY } from '../limits.js';
import { parseIsoDay } from '../dates.js';
import { isExportSecret } from '../export-link.js';
import { tidyNeeds } from '../allergens.js';
import { addGroupToMeals, copyStayName, planDuplicateStay } from '../stay-rules.js';
import { claimAll, idDrawer, owned, readable } from './access.js';
import { defineMutator } from './define.js';
import { collectPrivateMenu, menusOfMeals } from './menu-gc.js';
import {
  ColorSchema,
  GroupSizeSchema,
  IdRangeSchema,
  IdSchema,
  IsoDaySchema,
  NameSchema,
  GroupNeedsSchema,
  NowSchema,
} from './schemas.js';

const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/u;

export const createStay = defineMutator(
  "Création d'un séjour",
  Type.Object({ id: IdSchema, name: NameSchema, start: IsoDaySchema }),
  async (ctx, { id, name, start }) => {
    parseIsoDay(start);
    await ctx.claimId('stays', id);
    const stay: Stay = {
      id,
      owner: ctx.userId,
      name: name.trim(),
      start,
      profileId: null,
      exportSecret: null,
    };
    await ctx.store.put('stays', stay);
  },
);

export const updateStay = defineMutator(
  "Modification d'un séjour",
  Type.Object({
    id: IdSchema,
    name: Type.Optional(NameSchema),
    start: Type.Optional(IsoDaySchema),
  }),
  async (ctx, { id, name, start }) => {
    const stay = await owned(ctx, 'stays', id);
    if (start !== undefined) parseIsoDay(start);
    await ctx.store.put('stays', {
      ...stay,
      name: name === undefined ? stay.name : name.trim(),
      start: start ?? stay.start,
    });
  },
);

export const deleteStay = defineMutator(
  "Suppression d'un séjour",
  Type.Object({ id: IdSchema }),
  async (ctx, { id }) => {
    await owned(ctx, 'stays', id);
    const meals = await ctx.store.where('meals', 'stayId', id);
    for (const meal of meals) await ctx.store.delete('meals', meal.id);
    for (const menuId of menusOfMeals(meals)) await collectPrivateMenu(ctx, menuId);
    for (const groupId of await ctx.store.whereIds('groups', 'stayId', id)) {
      await ctx.store.delete('groups', groupId);
    }
    // The larder and the shopping lists of the camp go with it.
    for (const stockId of await ctx.store.whereIds('stock', 'stayId', id)) {
      await ctx.store.delete('stock', stockId);
    }
    for (const listId of await ctx.store.whereIds('shopLists', 'stayId', id)) {
      await ctx.store.delete('shopLists', listId);
    }
    await ctx.store.delete('stays', id);
  },
);

export const duplicateStay = defineMutator(
  "Duplication d'un séjour",
  Type.Object({ id: IdSchema, ids: IdRangeSchema, now: NowSchema }),
  async (ctx, { id, ids, now }) => {
    const stay = await owned(ctx, 'stays', id);
    const groups = await ctx.store.where('groups', 'stayId', id);
    const meals = await ctx.store.where('meals', 'stayId', id);
    const menus = await ctx.store.getMany('menus', menusOfMeals(meals));
    const drawer = idDrawer(ids);
    const names = (await ctx.store.where('stays', 'owner', ctx.userId)).map((s) => s.name);
    const plan = planDuplicateStay({
      stay,
      groups,
      meals,
      menus,
      nextId: drawer.next,
      now,
      name: copyStayName(stay.name, names),
    });
    await claimAll(ctx, [
      { table: 'stays', id: plan.stay.id },
      ...plan.groups.map((g) => ({ table: 'groups' as const, id: g.id })),
      ...plan.menus.map((m) => ({ table: 'menus' as const, id: m.id })),
      ...plan.meals.map((m) => ({ table: 'meals' as const, id: m.id })),
    ]);
    await ctx.store.put('stays', plan.stay);
    for (const g of plan.groups) await ctx.store.put('groups', g);
    for (const m of plan.menus) await ctx.store.put('menus', m);
    for (const m of plan.meals) await ctx.store.put('meals', m);
  },
);

export const setStayProfile = defineMutator(
  'Profil de fournisseurs par défaut',
  Type.Object({ stayId: IdSchema, profileId: Type.Union([IdSchema, Type.Null()]) }),
  async (ctx, { stayId, profileId }) => {
    const stay = await owned(ctx, 'stays', stayId);
    if (profileId !== null) await readable(ctx, 'profiles', profileId);
    await ctx.store.put('stays', { ...stay, profileId });
  },
);

export const setStayExportSecret = defineMutator(
  "Lien d'export vers un smartphone",
  Type.Object({
    stayId: IdSchema,
    secret: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
  }),
  async (ctx, { stayId, secret }) => {
    const stay = await owned(ctx, 'stays', stayId);
    if (secret !== null && !isExportSecret(secret)) {
      throw invalid("Le lien d'export est mal formé.");
    }
    await ctx.store.put('stays', { ...stay, exportSecret: secret });
  },
);

const GroupFields = {
  name: NameSchema,
  color: ColorSchema,
  size: GroupSizeSchema,
};

function checkColor(color: string): string {
  if (!COLOR_PATTERN.test(color)) throw invalid('La couleur doit être de la forme #RRVVBB.');
  return color.toUpperCase();
}

export const createGroup = defineMutator(
  "Ajout d'un groupe",
  Type.Object({ id: IdSchema, stayId: IdSchema, ...GroupFields }),
  async (ctx, { id, stayId, name, color, size }) => {
    const stay = await owned(ctx, 'stays', stayId);
    const existing = await ctx.store.whereIds('groups', 'stayId', stayId);
    if (existing.length >= MAX_GROUPS_PER_STAY) {
      throw invalid(`Un séjour ne peut pas avoir plus de ${MAX_GROUPS_PER_STAY} groupes.`);
    }
    await ctx.claimId('groups', id);
    const group: Group = {
      id,
      stayId,
      owner: stay.owner,
      name: name.trim(),
      color: checkColor(color),
      size,
    };
    await ctx.store.put('groups', group);
    // A new group eats at every meal already planned (reference page).
    for (const meal of addGroupToMeals(await ctx.store.where('meals', 'stayId', stayId), id)) {
      await ctx.store.put('meals', meal);
    }
  },
);

export const updateGroup = defineMutator(
  "Modification d'un groupe",
  Type.Object({
    id: IdSchema,
    name: Type.Optional(GroupFields.name),
    color: Type.Optional(GroupFields.color),
    size: Type.Optional(GroupFields.size),
  }),
  async (ctx, { id, name, color, size }) => {
    const group = await owned(ctx, 'groups', id);
    await ctx.store.put('groups', {
      ...group,
      name: name === undefined ? group.name : name.trim(),
      color: color === undefined ? group.color : checkColor(color),
      size: size ?? group.size,
    });
  },
);

/** How many of a group's people follow a diet or avoid an allergen, and notes (issue 20). */
export const setGroupNeeds = defineMutator(
  "Régimes et allergies d'un groupe",
  Type.Object({ id: IdSchema, needs: GroupNeedsSchema }),
  async (ctx, { id, needs }) => {
    const group = await owned(ctx, 'groups', id);
    const { needs: _old, ...rest } = group;
    const kept = tidyNeeds(needs);
    await ctx.store.put('groups', kept === null ? rest : { ...rest, needs: kept });
  },
);

export const deleteGroup = defineMutator(
  "Suppression d'un groupe",
  Type.Object({ id: IdSchema }),
  async (ctx, { id }) => {
    const group = await owned(ctx, 'groups', id);
    for (const meal of await ctx.store.where('meals', 'stayId', group.stayId)) {
      if (meal.groupIds.includes(id)) {
        const updated: Meal = { ...meal, groupIds: meal.groupIds.filter((g) => g !== id) };
        await ctx.store.put('meals', updated);
      }
    }
    await ctx.store.delete('groups', id);
  },
);
