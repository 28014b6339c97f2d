/** Mutators of stays and their groups. */
import { Type } from '@sinclair/typebox';
import type { Group, Meal, Stay } from '../entities.js';
import { invalid } from '../errors.js';
import { MAX_GROUPS_PER_STAY } from '../limits.js';
import { parseIsoDay } from '../dates.js';
import { isExportSecret } from '../export-link.js';
import { tidyNeeds } from '../allergens.js';
import { addGroupToMeals, copyStayName, planDuplicateStay } from '../stay-rules.js';
import { anyUser, claimAll, idDrawer, onStay, readable } from './access.js';
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
import {
  argText,
  quoted,
  changes,
  startsOn,
  argInt,
  newName,
  ofPhrase,
  toPhrase,
  people,
} from './describe-words.js';
import { mealRefs, type RowRef } from './undo-scope.js';

const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/u;

export const createStay = defineMutator({
  label: "Création d'un séjour",
  schema: Type.Object({ id: IdSchema, name: NameSchema, start: IsoDaySchema }),
  access: anyUser,
  describe: async (a) =>
    `Création du séjour ${quoted(argText(a, 'name') ?? '')}${changes([startsOn(argText(a, 'start'))])}`,
  undo: null,
  run: async (ctx, { id, name, start }) => {
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
});

export const updateStay = defineMutator({
  label: "Modification d'un séjour",
  schema: Type.Object({
    id: IdSchema,
    name: Type.Optional(NameSchema),
    start: Type.Optional(IsoDaySchema),
  }),
  access: onStay('plan', 'stays', 'id'),
  describe: async (a, w) => {
    const stay = await w.stayRow(argInt(a, 'id'));
    return `Modification ${await w.ofStay(argInt(a, 'id'))}${changes([
      newName(a, w.applied ? null : stay?.name),
      startsOn(argText(a, 'start')),
    ])}`;
  },
  undo: null,
  run: async (ctx, { id, name, start }) => {
    const stay = await readable(ctx, 'stays', id);
    if (start !== undefined) parseIsoDay(start);
    await ctx.store.put('stays', {
      ...stay,
      name: name === undefined ? stay.name : name.trim(),
      start: start ?? stay.start,
    });
  },
});

export const deleteStay = defineMutator({
  label: "Suppression d'un séjour",
  schema: Type.Object({ id: IdSchema }),
  access: onStay('manage', 'stays', 'id'),
  describe: async (a, w) => `Suppression ${await w.ofStay(argInt(a, 'id'))}`,
  undo: async (store, userId, a) => {
    const groups = await store.whereIds('groups', 'stayId', a.id);
    const stock = await store.whereIds('stock', 'stayId', a.id);
    const lists = await store.whereIds('shopLists', 'stayId', a.id);
    const members = await store.whereIds('stayMembers', 'stayId', a.id);
    const register = await store.whereIds('register', 'stayId', a.id);
    return [
      { table: 'stays', id: a.id },
      ...groups.map((id): RowRef => ({ table: 'groups', id })),
      ...stock.map((id): RowRef => ({ table: 'stock', id })),
      ...lists.map((id): RowRef => ({ table: 'shopLists', id })),
      ...members.map((id): RowRef => ({ table: 'stayMembers', id })),
      ...register.map((id): RowRef => ({ table: 'register', id })),
      ...(await mealRefs(store, userId, await store.where('meals', 'stayId', a.id))),
    ];
  },
  run: async (ctx, { id }) => {
    const meals = await ctx.store.where('meals', 'stayId', id);
    for (const meal of meals) await ctx.store.delete('meals', meal.id);
    for (const menuId of menusOfMeals(meals)) await collectPrivateMenu(ctx, menuId, ctx.userId);
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
    // Its kitchen register too (and it comes back with an undo).
    for (const entryId of await ctx.store.whereIds('register', 'stayId', id)) {
      await ctx.store.delete('register', entryId);
    }
    // Its team goes too (and comes back with an undo).
    for (const memberId of await ctx.store.whereIds('stayMembers', 'stayId', id)) {
      await ctx.store.delete('stayMembers', memberId);
    }
    // Its journal goes; its invitations open nothing any more (an undo brings neither back).
    for (const entryId of await ctx.store.whereIds('stayJournal', 'stayId', id)) {
      await ctx.store.delete('stayJournal', entryId);
    }
    for (const invitationId of await ctx.store.whereIds('stayInvitations', 'stayId', id)) {
      await ctx.store.delete('stayInvitations', invitationId);
    }
    await ctx.store.delete('stays', id);
  },
});

export const duplicateStay = defineMutator({
  label: "Duplication d'un séjour",
  schema: Type.Object({ id: IdSchema, ids: IdRangeSchema, now: NowSchema }),
  access: onStay('plan', 'stays', 'id'),
  describe: async (a, w) => `Duplication ${await w.ofStay(argInt(a, 'id'))}`,
  undo: null,
  run: async (ctx, { id, ids, now }) => {
    const stay = await readable(ctx, 'stays', id);
    const groups = await ctx.store.where('groups', 'stayId', id);
    const meals = await ctx.store.where('meals', 'stayId', id);
    const menus = await ctx.store.getMany('menus', menusOfMeals(meals));
    const drawer = idDrawer(ids);
    const names = (await ctx.store.where('stays', 'owner', ctx.userId)).map((s) => s.name);
    const plan = planDuplicateStay({
      // The copy is the user's own stay, whoever owns the original (an 'Organisation' member
      // duplicates a stay they take part in: issue 32); its team is not copied.
      stay: { ...stay, owner: ctx.userId },
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
});

export const setStayProfile = defineMutator({
  label: 'Profil de fournisseurs par défaut',
  schema: Type.Object({ stayId: IdSchema, profileId: Type.Union([IdSchema, Type.Null()]) }),
  access: onStay('plan', 'stays', 'stayId'),
  describe: async (a, w) => {
    const stay = await w.stay(argInt(a, 'stayId'));
    const profileId = argInt(a, 'profileId');
    if (profileId === null) return `Retrait du profil de fournisseurs par défaut ${ofPhrase(stay)}`;
    return `Choix ${ofPhrase(await w.profile(profileId))} comme profil par défaut ${ofPhrase(stay)}`;
  },
  undo: null,
  run: async (ctx, { stayId, profileId }) => {
    const stay = await readable(ctx, 'stays', stayId);
    if (profileId !== null) await readable(ctx, 'profiles', profileId);
    await ctx.store.put('stays', { ...stay, profileId });
  },
});

export const setStayExportSecret = defineMutator({
  label: "Lien d'export vers un smartphone",
  schema: Type.Object({
    stayId: IdSchema,
    secret: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
  }),
  access: onStay('plan', 'stays', 'stayId'),
  describe: async (a, w) =>
    a.secret === null
      ? `Révocation du lien d'export vers un smartphone ${await w.ofStay(argInt(a, 'stayId'))}`
      : `Création du lien d'export vers un smartphone ${await w.ofStay(argInt(a, 'stayId'))}`,
  undo: null,
  run: async (ctx, { stayId, secret }) => {
    const stay = await readable(ctx, 'stays', stayId);
    if (secret !== null && !isExportSecret(secret)) {
      throw invalid("Le lien d'export est mal formé.");
    }
    await ctx.store.put('stays', { ...stay, exportSecret: secret });
  },
});

const GroupFields = {
  name: NameSchema,
  color: ColorSchema,
  size: GroupSizeSchema,
};

function checkColor(color: string): string {
  if (!COLOR_PATTERN.test(color)) throw invalid('La couleur doit être de la forme #RRVVBB.');
  return color.toUpperCase();
}

export const createGroup = defineMutator({
  label: "Ajout d'un groupe",
  schema: Type.Object({ id: IdSchema, stayId: IdSchema, ...GroupFields }),
  access: onStay('plan', 'stays', 'stayId'),
  describe: async (a, w) => {
    const size = argInt(a, 'size');
    const sized = size === null ? '' : ` (${people(size)})`;
    return `Ajout du groupe ${quoted(argText(a, 'name') ?? '')}${sized} ${toPhrase(await w.stay(argInt(a, 'stayId')))}`;
  },
  undo: null,
  run: async (ctx, { id, stayId, name, color, size }) => {
    const stay = await readable(ctx, 'stays', stayId);
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
});

export const updateGroup = defineMutator({
  label: "Modification d'un groupe",
  schema: Type.Object({
    id: IdSchema,
    name: Type.Optional(GroupFields.name),
    color: Type.Optional(GroupFields.color),
    size: Type.Optional(GroupFields.size),
  }),
  access: onStay('plan', 'groups', 'id'),
  describe: async (a, w) => {
    const group = await w.group(argInt(a, 'id'));
    const row = await w.row('groups', argInt(a, 'id'));
    const size = argInt(a, 'size');
    return `Modification ${ofPhrase(group)}${row ? ` ${await w.ofStay(row.stayId)}` : ''}${changes([
      newName(a, w.applied ? null : row?.name),
      size === null || (!w.applied && size === row?.size) ? null : `taille ${people(size)}`,
    ])}`;
  },
  undo: null,
  run: async (ctx, { id, name, color, size }) => {
    const group = await readable(ctx, 'groups', id);
    await ctx.store.put('groups', {
      ...group,
      name: name === undefined ? group.name : name.trim(),
      color: color === undefined ? group.color : checkColor(color),
      size: size ?? group.size,
    });
  },
});

/** How many of a group's people follow a diet or avoid an allergen, and notes (issue 20). */
export const setGroupNeeds = defineMutator({
  label: "Régimes et allergies d'un groupe",
  schema: Type.Object({ id: IdSchema, needs: GroupNeedsSchema }),
  access: onStay('plan', 'groups', 'id'),
  describe: async (a, w) => {
    const row = await w.row('groups', argInt(a, 'id'));
    return `Régimes et allergies ${ofPhrase(await w.group(argInt(a, 'id')))}${row ? ` ${await w.ofStay(row.stayId)}` : ''}`;
  },
  undo: null,
  run: async (ctx, { id, needs }) => {
    const group = await readable(ctx, 'groups', id);
    const { needs: _old, ...rest } = group;
    const kept = tidyNeeds(needs);
    await ctx.store.put('groups', kept === null ? rest : { ...rest, needs: kept });
  },
});

export const deleteGroup = defineMutator({
  label: "Suppression d'un groupe",
  schema: Type.Object({ id: IdSchema }),
  access: onStay('plan', 'groups', 'id'),
  describe: async (a, w) => {
    const row = await w.row('groups', argInt(a, 'id'));
    const group = await w.group(argInt(a, 'id'));
    return `Suppression ${ofPhrase(group)}${row ? ` ${await w.ofStay(row.stayId)}` : ''}`;
  },
  undo: async (store, _userId, a) => {
    const group = await store.get('groups', a.id);
    if (!group) return [];
    const meals = await store.where('meals', 'stayId', group.stayId);
    return [
      { table: 'groups', id: group.id },
      ...meals
        .filter((m) => m.groupIds.includes(group.id))
        .map((m): RowRef => ({ table: 'meals', id: m.id })),
    ];
  },
  run: async (ctx, { id }) => {
    const group = await readable(ctx, 'groups', id);
    for (const meal of await ctx.store.where('meals', 'stayId', group.stayId)) {
      if (meal.groupIds.includes(id)) {
        const updated: Meal = { ...meal, groupIds: meal.groupIds.filter((g) => g !== id) };
        await ctx.store.put('meals', updated);
      }
    }
    await ctx.store.delete('groups', id);
  },
});
