/**
 * Undo of a destructive action ('Annuler' in the success message): puts rows back exactly as
 * they were, ids included, and removes the meals and private menus the action created. It is
 * a mutation like any other, so an undo made offline syncs later and reaches every device.
 *
 * The rows come from the device, so the server trusts none of them: each must be the user's
 * own (or, for a stay's row, its owner's, on a stay where the user holds the right its table
 * needs: a member's undo, issue 32), well formed, and still fit the rows around it. A
 * reference that disappeared meanwhile (a group, a recipe or a profile deleted on another
 * device) is dropped rather than refusing the whole undo; what cannot be mended (a recipe name
 * now taken) refuses it with a reason.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type {
  Group,
  Id,
  Meal,
  MealAlternative,
  Menu,
  Profile,
  Recipe,
  ShopList,
  Stay,
  StayMember,
  RegisterEntry,
  StockItem,
  Supplier,
} from '../entities.js';
import { NO_SUPPLIER } from '../entities.js';
import type { Horaire, Plat } from '../enums.js';
import { invalid, notFound } from '../errors.js';
import { isExportSecret } from '../export-link.js';
import { parseIsoDay } from '../dates.js';
import { isMenuUsableBy } from '../agenda.js';
import { tidyNeeds } from '../allergens.js';
import {
  MAX_GROUPS_PER_STAY,
  MAX_INGREDIENTS_PER_RECIPE,
  MAX_ITEMS_PER_MENU,
  MAX_MEALS_PER_STAY,
  MAX_MEMBERS_PER_STAY,
  MAX_REGISTER_PER_STAY,
  MAX_COLD_UNITS,
  MAX_SHOP_LISTS_PER_USER,
  MAX_STOCK_PER_STAY,
} from '../limits.js';
import { canReadRow, stayIdOf } from '../visibility.js';
import {
  anyUser,
  mayOnStay,
  missingMessage,
  ownerOnly,
  requiredName,
  type StayRight,
} from './access.js';
import { defineMutator, type MutationContext } from './define.js';
import { checkIngredientChange, checkIngredientNameFree, storedFacts } from './ingredients.js';
import { checkRecipeLines, checkRecipeNameFree } from './recipes.js';
import { checkMenuItems } from './menus.js';
import { collectPrivateMenu } from './menu-gc.js';
import {
  MAX_ALTERNATIVES_PER_MEAL,
  MAX_RECIPES_PER_ALTERNATIVE,
  checkAlternativeReason,
} from './meals.js';
import {
  AdditionalPeopleSchema,
  AllergensSchema,
  DietFactsSchema,
  GroupNeedsSchema,
  ColorSchema,
  DaySchema,
  DescriptionSchema,
  GroupSizeSchema,
  HoraireSchema,
  IdSchema,
  IsoDaySchema,
  KindSchema,
  NameSchema,
  NowSchema,
  PlatSchema,
  QuantitySchema,
  BudgetSchema,
  SupplierRefSchema,
  UniteSchema,
} from './schemas.js';
import {
  checkItemKeys,
  checkShopListRoom,
  checkStockRoom,
  ShareTokenSchema,
  ShopItemsSchema,
  StockValSchema,
} from './shopping.js';
import { ofPhrase, LIST_MAX, type DescribedArgs } from './describe-words.js';
import { OWNER_NOT_MEMBER, StayMemberSchema, memberKey } from './team.js';
import { ColdUnitSchema, RegisterEntrySchema } from './register.js';
import { DateKindSchema } from './date-kind.js';

const closed = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/u;

/** The rows an undo may put back, one schema per table (no field more, none less). */
export const RESTORABLE_ROW_SCHEMAS = {
  stays: closed({
    id: IdSchema,
    owner: IdSchema,
    name: NameSchema,
    start: IsoDaySchema,
    profileId: Type.Union([IdSchema, Type.Null()]),
    exportSecret: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
    budget: Type.Optional(Type.Union([BudgetSchema, Type.Null()])),
    coldUnits: Type.Optional(Type.Array(ColdUnitSchema, { maxItems: MAX_COLD_UNITS })),
  }),
  groups: closed({
    id: IdSchema,
    stayId: IdSchema,
    owner: IdSchema,
    name: NameSchema,
    color: ColorSchema,
    size: GroupSizeSchema,
    needs: Type.Optional(GroupNeedsSchema),
  }),
  meals: closed({
    id: IdSchema,
    stayId: IdSchema,
    owner: IdSchema,
    menuId: IdSchema,
    day: DaySchema,
    slot: HoraireSchema,
    additionalPeople: AdditionalPeopleSchema,
    groupIds: Type.Array(IdSchema, { maxItems: MAX_GROUPS_PER_STAY }),
    alternatives: Type.Optional(
      Type.Array(
        closed({
          kind: Type.Union([Type.Literal('diet'), Type.Literal('allergen')]),
          code: Type.Integer({ minimum: 0, maximum: 13 }),
          people: Type.Integer({ minimum: 0, maximum: 100_000 }),
          // Unique, as setMealAlternative takes them: a recipe twice would be cooked twice.
          recipeIds: Type.Array(IdSchema, {
            maxItems: MAX_RECIPES_PER_ALTERNATIVE,
            uniqueItems: true,
          }),
        }),
        { maxItems: MAX_ALTERNATIVES_PER_MEAL },
      ),
    ),
  }),
  menus: closed({
    id: IdSchema,
    owner: IdSchema,
    isFavorite: Type.Boolean(),
    isPublished: Type.Boolean(),
    updated: NowSchema,
    ingredients: Type.Array(
      closed({ ingredientId: IdSchema, quantity: QuantitySchema, plat: PlatSchema }),
      { maxItems: MAX_ITEMS_PER_MENU },
    ),
    recipeIds: Type.Array(IdSchema, { maxItems: MAX_ITEMS_PER_MENU }),
  }),
  recipes: closed({
    id: IdSchema,
    owner: IdSchema,
    name: NameSchema,
    plat: PlatSchema,
    description: DescriptionSchema,
    isPublished: Type.Boolean(),
    updated: NowSchema,
    ingredients: Type.Array(closed({ ingredientId: IdSchema, quantity: QuantitySchema }), {
      maxItems: MAX_INGREDIENTS_PER_RECIPE,
    }),
  }),
  ingredients: closed({
    id: IdSchema,
    name: NameSchema,
    kind: KindSchema,
    owner: IdSchema,
    fresh: Type.Optional(Type.Boolean()),
    allergens: Type.Optional(AllergensSchema),
    diet: Type.Optional(DietFactsSchema),
  }),
  profiles: closed({
    id: IdSchema,
    owner: IdSchema,
    name: NameSchema,
    ingredientLinks: Type.Array(closed({ ingredientId: IdSchema, supplierId: SupplierRefSchema }), {
      maxItems: 20_000,
    }),
    kindLinks: Type.Array(closed({ kind: KindSchema, supplierId: SupplierRefSchema }), {
      maxItems: 7,
    }),
  }),
  suppliers: closed({ id: IdSchema, profileId: IdSchema, owner: IdSchema, name: NameSchema }),
  stock: closed({
    id: IdSchema,
    stayId: IdSchema,
    owner: IdSchema,
    ingredientId: IdSchema,
    unite: UniteSchema,
    val: StockValSchema,
    useBy: Type.Optional(Type.Union([IsoDaySchema, Type.Null()])),
    dateKind: Type.Optional(DateKindSchema),
    lot: Type.Optional(NameSchema),
  }),
  shopLists: closed({
    id: IdSchema,
    owner: IdSchema,
    stayId: Type.Union([IdSchema, Type.Null()]),
    name: NameSchema,
    created: NowSchema,
    items: ShopItemsSchema,
    share: Type.Union([closed({ token: ShareTokenSchema, created: NowSchema }), Type.Null()]),
  }),
  stayMembers: StayMemberSchema,
  register: RegisterEntrySchema,
} as const;

export type RestorableTable = keyof typeof RESTORABLE_ROW_SCHEMAS;

/**
 * Parents before children, so that each row is checked against the rows it refers to as they
 * will be once restored.
 */
export const RESTORE_ORDER: readonly RestorableTable[] = [
  'ingredients',
  'recipes',
  'profiles',
  'suppliers',
  'stays',
  'groups',
  'menus',
  'meals',
  'stock',
  'shopLists',
  'stayMembers',
  'register',
];

const put = <T extends RestorableTable>(table: T) =>
  closed({ table: Type.Literal(table), row: RESTORABLE_ROW_SCHEMAS[table] });
const PutSchema = Type.Union([
  put('ingredients'),
  put('recipes'),
  put('profiles'),
  put('suppliers'),
  put('stays'),
  put('groups'),
  put('menus'),
  put('meals'),
  put('stock'),
  put('shopLists'),
  put('stayMembers'),
  put('register'),
]);

/** A stay's rows at most (its meals and their menus, its groups, larder and lists, the stay). */
const MAX_RESTORED_ROWS =
  2 * MAX_MEALS_PER_STAY +
  MAX_GROUPS_PER_STAY +
  MAX_STOCK_PER_STAY +
  MAX_SHOP_LISTS_PER_USER +
  MAX_MEMBERS_PER_STAY +
  MAX_REGISTER_PER_STAY +
  1;

export const RestoreSnapshotSchema = closed({
  put: Type.Array(PutSchema, { maxItems: MAX_RESTORED_ROWS }),
  /** Rows the undone action created: only meals and their private menus. */
  remove: Type.Array(
    closed({ table: Type.Union([Type.Literal('meals'), Type.Literal('menus')]), id: IdSchema }),
    { maxItems: MAX_RESTORED_ROWS },
  ),
});
export type RestoreSnapshotArgs = Static<typeof RestoreSnapshotSchema>;
export type RestoredRow = RestoreSnapshotArgs['put'][number];

const readableId = async (
  ctx: MutationContext,
  table: 'ingredients' | 'recipes',
  id: Id,
): Promise<boolean> => {
  const row = await ctx.store.get(table, id);
  return row !== undefined && (await canReadRow(ctx.store, ctx.userId, table, row));
};

async function keepReadable<T extends { ingredientId: Id }>(
  ctx: MutationContext,
  items: readonly T[],
): Promise<T[]> {
  const kept: T[] = [];
  for (const item of items)
    if (await readableId(ctx, 'ingredients', item.ingredientId)) kept.push(item);
  return kept;
}

/**
 * The row as it may be restored now, its lost references dropped; null when the row itself is
 * to be left out (a larder entry of an ingredient deleted meanwhile); throws when it cannot be.
 */
async function mend(
  ctx: MutationContext,
  put: RestoredRow,
  incomingSuppliers: readonly Supplier[],
): Promise<RestoredRow | null> {
  switch (put.table) {
    case 'stays': {
      const stay = { ...(put.row as Stay), name: put.row.name.trim() };
      parseIsoDay(stay.start);
      if (stay.exportSecret !== null && !isExportSecret(stay.exportSecret)) {
        throw invalid("Le lien d'export est mal formé.");
      }
      const profile =
        stay.profileId === null ? undefined : await ctx.store.get('profiles', stay.profileId);
      return { table: 'stays', row: { ...stay, profileId: profile ? stay.profileId : null } };
    }
    case 'groups': {
      const { needs, ...group } = put.row as Group;
      await stayOfOwner(ctx, group.stayId, group.owner);
      await checkNotMoved(ctx, 'groups', group.id, group.stayId);
      if (!COLOR_PATTERN.test(group.color))
        throw invalid('La couleur doit être de la forme #RRVVBB.');
      // Stored as setGroupNeeds stores them: no zero counts, nothing when there is nothing.
      const tidy = needs === undefined ? null : tidyNeeds(needs);
      return {
        table: 'groups',
        row: {
          ...group,
          name: group.name.trim(),
          color: group.color.toUpperCase(),
          ...(tidy === null ? {} : { needs: tidy }),
        },
      };
    }
    case 'meals': {
      const meal = put.row as Meal;
      await stayOfOwner(ctx, meal.stayId, meal.owner);
      await checkNotMoved(ctx, 'meals', meal.id, meal.stayId);
      const menu = await ctx.store.get('menus', meal.menuId);
      const usable =
        menu !== undefined &&
        (menu.owner === ctx.userId ||
          menu.owner === meal.owner ||
          isMenuUsableBy(menu, ctx.userId));
      if (!usable) {
        throw invalid(missingMessage('menus'));
      }
      const groupIds = new Set(await ctx.store.whereIds('groups', 'stayId', meal.stayId));
      // An alternative keeps the user's own recipes still there; one left with none goes.
      const { alternatives, ...rest } = meal;
      const reasons = new Set<string>();
      for (const { kind, code } of alternatives ?? []) {
        checkAlternativeReason(kind, code);
        // One per diet and per allergen, as setMealAlternative keeps them: two would both take
        // their people off the menu.
        if (reasons.has(`${kind}:${code}`)) {
          throw invalid("Un repas ne peut proposer qu'une alternative par régime ou par allergie.");
        }
        reasons.add(`${kind}:${code}`);
      }
      const kept: MealAlternative[] = [];
      for (const alternative of alternatives ?? []) {
        const recipes = await ctx.store.getMany('recipes', alternative.recipeIds);
        const recipeIds = recipes
          .filter((r) => r.owner === ctx.userId || r.owner === meal.owner)
          .map((r) => r.id);
        if (recipeIds.length > 0) kept.push({ ...alternative, recipeIds });
      }
      return {
        table: 'meals',
        row: {
          ...rest,
          slot: meal.slot as Horaire,
          groupIds: [...new Set(meal.groupIds)].filter((g) => groupIds.has(g)),
          ...(kept.length > 0 ? { alternatives: kept } : {}),
        },
      };
    }
    case 'menus': {
      const menu = put.row as Menu;
      checkMenuItems(menu);
      // No mutator makes a favourite menu private again (it would be collected with its meal).
      const before = await ctx.store.get('menus', menu.id);
      const recipeIds: Id[] = [];
      for (const id of menu.recipeIds) if (await readableId(ctx, 'recipes', id)) recipeIds.push(id);
      const ingredients = await keepReadable(ctx, menu.ingredients);
      return {
        table: 'menus',
        row: {
          ...menu,
          // Published implies favourite (see setMenuPublished).
          isFavorite: menu.isFavorite || menu.isPublished || before?.isFavorite === true,
          recipeIds,
          ingredients: ingredients.map((i) => ({ ...i, plat: i.plat as Plat })),
        },
      };
    }
    case 'recipes': {
      const recipe = put.row as Recipe;
      const name = requiredName(recipe.name, 'de la recette');
      await checkRecipeNameFree(ctx, name, recipe.id);
      checkRecipeLines(recipe.ingredients);
      return {
        table: 'recipes',
        row: { ...recipe, name, ingredients: await keepReadable(ctx, recipe.ingredients) },
      };
    }
    case 'ingredients': {
      // As updateIngredient (an ingredient still there: its freeze once another user uses it)
      // or createIngredient (one deleted): the undo of a deletion never meets the freeze, since
      // an ingredient in use cannot be deleted; a forged undo of a live one must (issue 30).
      const { allergens, diet, ...row } = put.row;
      const name = requiredName(row.name, "de l'ingrédient");
      const before = await ctx.store.get('ingredients', row.id);
      if (before) await checkIngredientChange(ctx, before, name, row.kind);
      else await checkIngredientNameFree(ctx, name, row.id);
      return { table: 'ingredients', row: { ...row, name, ...storedFacts(allergens, diet) } };
    }
    case 'profiles': {
      const profile = put.row as Profile;
      const suppliers = new Set([
        NO_SUPPLIER,
        ...(await ctx.store.whereIds('suppliers', 'profileId', profile.id)),
        // Suppliers restored with their profile come right after it.
        ...incomingSuppliers.filter((s) => s.profileId === profile.id).map((s) => s.id),
      ]);
      const ingredientLinks = (await keepReadable(ctx, profile.ingredientLinks)).filter((l) =>
        suppliers.has(l.supplierId),
      );
      return {
        table: 'profiles',
        row: {
          ...profile,
          name: requiredName(profile.name, 'du profil'),
          ingredientLinks,
          kindLinks: profile.kindLinks.filter((l) => suppliers.has(l.supplierId)),
        },
      };
    }
    case 'suppliers': {
      const supplier = put.row as Supplier;
      const profile = await ctx.store.get('profiles', supplier.profileId);
      if (!profile || profile.owner !== ctx.userId) throw invalid(missingMessage('profiles'));
      await checkNotMoved(ctx, 'suppliers', supplier.id, supplier.profileId);
      return {
        table: 'suppliers',
        row: { ...supplier, name: requiredName(supplier.name, 'du fournisseur') },
      };
    }
    case 'stock': {
      const item = put.row as StockItem;
      await stayOfOwner(ctx, item.stayId, item.owner);
      await checkNotMoved(ctx, 'stock', item.id, item.stayId);
      // An ingredient deleted meanwhile (by its owner, maybe another user: nothing stops the
      // deletion of an ingredient that only larders hold) is a lost reference like the others:
      // its entry stays out, and the rest of the undo goes on.
      if (!(await ctx.store.get('ingredients', item.ingredientId))) return null;
      return put;
    }
    case 'shopLists': {
      const list = put.row as ShopList;
      if (list.stayId !== null) await stayOfOwner(ctx, list.stayId, list.owner);
      await checkNotMoved(ctx, 'shopLists', list.id, list.stayId);
      checkItemKeys(list.items);
      // A link made meanwhile for another list keeps its token; this one comes back unshared.
      const holders =
        list.share === null
          ? []
          : await ctx.store.whereIds('shopLists', 'shareToken', list.share.token);
      const share = holders.some((id) => id !== list.id) ? null : list.share;
      return {
        table: 'shopLists',
        row: { ...list, name: requiredName(list.name, 'de la liste'), share },
      };
    }
    case 'register': {
      const entry = put.row as RegisterEntry;
      await stayOfOwner(ctx, entry.stayId, entry.owner);
      await checkNotMoved(ctx, 'register', entry.id, entry.stayId);
      // Who recorded an entry is never changed by an undo of its change (the undo of a
      // deletion puts back what the device held; the journal names who undid it).
      const now = await ctx.store.get('register', entry.id);
      if (now && now.by !== entry.by) throw invalid(RESTORE_REWRITES_AUTHOR);
      // A register entry is kept as it was written (its meal, ingredient or larder entry may be
      // gone since: the register outlives them).
      return put;
    }
    case 'stayMembers': {
      const member = put.row as StayMember;
      await stayOfOwner(ctx, member.stayId, member.owner);
      await checkNotMoved(ctx, 'stayMembers', member.id, member.stayId);
      // Someone who joined again meanwhile keeps the row they have now.
      const now = await ctx.store.where('stayMembers', 'stayUser', memberKey(member));
      if (now.some((m) => m.id !== member.id)) return null;
      if (member.userId === member.owner) throw invalid(OWNER_NOT_MEMBER);
      if (!(await ctx.store.get('users', member.userId))) return null;
      return put;
    }
  }
}

/** A row of a stay comes back to a stay still there and still its owner's. */
async function stayOfOwner(ctx: MutationContext, stayId: Id, owner: Id): Promise<void> {
  const stay = await ctx.store.get('stays', stayId);
  if (!stay || stay.owner !== owner) throw invalid(missingMessage('stays'));
}

/** The right on its stay that puts back a row of a stay table, for another than its owner. */
const RESTORE_RIGHT: Partial<Record<RestorableTable, StayRight>> = {
  stays: 'manage',
  stayMembers: 'manage',
  groups: 'plan',
  meals: 'plan',
  stock: 'keep',
  shopLists: 'keep',
  register: 'keep',
};

/**
 * Whether the user may put back (or remove) this row: their own, or a row of a stay that its
 * owner owns and where the user holds the right its table needs (issue 32). A meal's private
 * menu goes with its meal: `menuStays` holds the stays of the meals that use each menu.
 */
async function mayRestore(
  ctx: MutationContext,
  table: RestorableTable,
  row: { id: Id; owner: Id | null },
  menuStays: ReadonlyMap<Id, readonly Id[]>,
): Promise<boolean> {
  if (row.owner === ctx.userId) return true;
  if (row.owner === null) return false;
  if (table === 'menus') {
    if ((row as Menu).isFavorite) return false;
    for (const stayId of menuStays.get(row.id) ?? []) {
      if (await holds(ctx, stayId, row.owner, 'plan')) return true;
    }
    return false;
  }
  const right = RESTORE_RIGHT[table];
  const stayId = right === undefined ? null : stayIdOf(table, row as never);
  return stayId !== null && holds(ctx, stayId, row.owner, right!);
}

async function holds(ctx: MutationContext, stayId: Id, owner: Id, right: StayRight) {
  const stay = await ctx.store.get('stays', stayId);
  return (
    stay !== undefined && stay.owner === owner && mayOnStay(ctx.store, stay, ctx.userId, right)
  );
}

/** The stays of the meals that use each menu: those of the undo and those of the store. */
async function menuStaysOf(
  ctx: MutationContext,
  put: readonly RestoredRow[],
  remove: RestoreSnapshotArgs['remove'],
): Promise<Map<Id, Id[]>> {
  const stays = new Map<Id, Id[]>();
  const add = (menuId: Id, stayId: Id) => stays.set(menuId, [...(stays.get(menuId) ?? []), stayId]);
  for (const p of put) if (p.table === 'meals') add(p.row.menuId, p.row.stayId);
  const menuIds = [
    ...put.filter((p) => p.table === 'menus').map((p) => p.row.id),
    ...remove.filter((r) => r.table === 'menus').map((r) => r.id),
  ];
  for (const menuId of menuIds) {
    for (const meal of await ctx.store.where('meals', 'menuId', menuId)) add(menuId, meal.stayId);
  }
  for (const { table, id } of remove) {
    const meal = table === 'meals' ? await ctx.store.get('meals', id) : undefined;
    if (meal) add(meal.menuId, meal.stayId);
  }
  return stays;
}

/** The refusal of an undo that would say another person recorded a register entry. */
export const RESTORE_REWRITES_AUTHOR =
  "Cette annulation changerait l'auteur d'une entrée du registre : elle n'est pas possible.";

/** The refusal of an undo that would move a row to another stay or profile. */
export const RESTORE_MOVES =
  "Cette annulation déplacerait un élément vers un autre séjour ou un autre profil : elle n'est pas possible.";

/**
 * No mutator moves a group, meal, larder entry or list to another stay, nor a supplier to
 * another profile: an undo puts a row that is still there back where it is.
 */
async function checkNotMoved(
  ctx: MutationContext,
  table: 'groups' | 'meals' | 'stock' | 'shopLists' | 'suppliers' | 'stayMembers' | 'register',
  id: Id,
  parent: Id | null,
): Promise<void> {
  const before = await ctx.store.get(table, id);
  if (before === undefined) return;
  const was = 'profileId' in before ? before.profileId : before.stayId;
  if (was !== parent) throw invalid(RESTORE_MOVES);
}

export const restoreSnapshot = defineMutator({
  label: "Annulation d'une action",
  schema: RestoreSnapshotSchema,
  access: anyUser,
  describe: async (a, w) => {
    const put = (Array.isArray(a.put) ? a.put : []).filter(
      (p): p is { table: string; row: DescribedArgs } =>
        typeof p === 'object' && p !== null && typeof (p as DescribedArgs).row === 'object',
    );
    // Rows come with the snapshot: a restored meal's stay may be in it rather than on the device.
    const stays = new Map<Id, Stay>();
    for (const p of put)
      if (p.table === 'stays') stays.set(p.row.id as Id, p.row as unknown as Stay);
    const phrases: string[] = [];
    for (const { table, row } of put) {
      const phrase = await w.restoredRow(table, row, stays);
      if (phrase !== null) phrases.push(phrase);
    }
    const removed = Array.isArray(a.remove) ? a.remove.length : 0;
    if (phrases.length === 0) {
      return removed === 0
        ? "Annulation d'une action"
        : `Annulation d'une action : retrait de ${removed} élément${removed > 1 ? 's' : ''}`;
    }
    const shown = phrases.slice(0, LIST_MAX).map(ofPhrase);
    const rest = phrases.length - shown.length;
    const list =
      rest > 0
        ? `${shown.join(', ')} et de ${rest} autre${rest > 1 ? 's' : ''} élément${rest > 1 ? 's' : ''}`
        : shown.length === 1
          ? shown[0]
          : `${shown.slice(0, -1).join(', ')} et ${shown[shown.length - 1]}`;
    return `Annulation : rétablissement ${list}`;
  },
  undo: null,
  run: async (ctx, { put, remove }) => {
    if (put.length === 0 && remove.length === 0) return;
    // Every row named, to be restored or removed, must be the user's to change, as it was and
    // as it is (never handed to another owner).
    const menuStays = await menuStaysOf(ctx, put, remove);
    for (const { table, row } of put) {
      if (!(await mayRestore(ctx, table, row, menuStays))) throw ownerOnly(table);
      const present = await ctx.store.get(table, row.id);
      if (present === undefined) {
        await ctx.claimRestoredId(table, row.id, row.owner);
      } else if (!(await canReadRow(ctx.store, ctx.userId, table, present))) {
        throw notFound(missingMessage(table));
      } else if ((present as { owner: Id | null }).owner !== row.owner) {
        throw ownerOnly(table);
      }
    }
    const seen = new Set<string>();
    for (const { table, row } of put) {
      const key = `${table}:${row.id}`;
      if (seen.has(key)) throw invalid('Un même identifiant est utilisé deux fois.');
      seen.add(key);
    }

    // A meal's menu it no longer uses, with the meal's owner (whose private menu it may be).
    const replacedMenus = new Map<Id, Id>();
    const removedMenus: Id[] = [];
    for (const { table, id } of remove) {
      const row = await ctx.store.get(table, id);
      if (!row) continue;
      if (!(await canReadRow(ctx.store, ctx.userId, table, row))) {
        throw notFound(missingMessage(table));
      }
      if (table === 'menus' && (row as Menu).isFavorite) {
        throw invalid('Un menu favori ne se supprime pas ainsi.');
      }
      if (!(await mayRestore(ctx, table, row, menuStays))) throw ownerOnly(table);
      if (table === 'menus') {
        removedMenus.push(id);
      } else {
        replacedMenus.set((row as Meal).menuId, (row as Meal).owner);
      }
      await ctx.store.delete(table, id);
    }

    const byTable = (table: RestorableTable) => put.filter((p) => p.table === table);
    const incomingSuppliers = byTable('suppliers').map((p) => p.row as Supplier);
    const staysTouched = new Set<Id>();
    const restoredMealMenus = new Set<Id>();
    for (const table of RESTORE_ORDER) {
      for (const original of byTable(table)) {
        const mended = await mend(ctx, original, incomingSuppliers);
        if (mended === null) continue;
        if (mended.table === 'meals') {
          const before = await ctx.store.get('meals', mended.row.id);
          if (before && before.menuId !== mended.row.menuId) {
            replacedMenus.set(before.menuId, before.owner);
          }
          staysTouched.add(mended.row.stayId);
          restoredMealMenus.add(mended.row.menuId);
        }
        if (mended.table === 'groups' || mended.table === 'stock') {
          staysTouched.add(mended.row.stayId);
        }
        await ctx.store.put(mended.table, mended.row as never);
      }
    }

    for (const stayId of staysTouched) {
      if ((await ctx.store.whereIds('meals', 'stayId', stayId)).length > MAX_MEALS_PER_STAY) {
        throw invalid(`Un séjour ne peut pas compter plus de ${MAX_MEALS_PER_STAY} repas.`);
      }
      if ((await ctx.store.whereIds('groups', 'stayId', stayId)).length > MAX_GROUPS_PER_STAY) {
        throw invalid(`Un séjour ne peut pas avoir plus de ${MAX_GROUPS_PER_STAY} groupes.`);
      }
      await checkStockRoom(ctx, stayId, 0);
    }
    for (const owner of new Set(byTable('shopLists').map((p) => p.row.owner))) {
      await checkShopListRoom(ctx, 0, owner);
    }
    // A private menu belongs to one meal (checked once all meals are back: a swap crosses).
    for (const menuId of restoredMealMenus) {
      const menu = await ctx.store.get('menus', menuId);
      if (
        menu &&
        !menu.isFavorite &&
        (await ctx.store.whereIds('meals', 'menuId', menuId)).length > 1
      ) {
        throw invalid('Le menu de ce repas appartient déjà à un autre repas.');
      }
    }
    for (const menuId of removedMenus) {
      if ((await ctx.store.whereIds('meals', 'menuId', menuId)).length > 0) {
        throw invalid('Ce menu est encore utilisé par un repas.');
      }
    }
    // A private menu no meal uses any more goes, as after any change of a meal's menu.
    for (const [menuId, owner] of replacedMenus) await collectPrivateMenu(ctx, menuId, owner);
  },
});
