/**
 * A stay run by a team (issue 32), for the role matrices: its owner O, an 'Organisation'
 * member P, a 'Cuisine' member K, a 'Lecture' member R, a former member F (added, then removed)
 * and a stranger S, each with a sync device; a stay seeded by O in one push (groups, meals with
 * menus and recipes, an alternative, a ticked and shared shopping list, the larder, an open
 * invitation), a library for any of them, and the store read around a call: the rows it wrote
 * and the refusals it recorded.
 */
import { expect } from 'vitest';
import type { Id, MemberRole, TableName } from '@popote/domain';
import type { RawRow, StoredRejection } from '../src/store/ports.js';
import type { TestServer } from './test-server.js';
import { NOW, joinStay, newDevice, post, type Device } from './sync-device.js';

export const ACTORS = ['O', 'P', 'K', 'R', 'F', 'S'] as const;
export type ActorName = (typeof ACTORS)[number];

/** Who each actor is, for the test names. */
export const ACTOR_NAMES: Readonly<Record<ActorName, string>> = {
  O: 'the owner',
  P: "'Organisation'",
  K: "'Cuisine'",
  R: "'Lecture'",
  F: 'a former member',
  S: 'a stranger',
};

/** The member role of each actor in the seeded stay (F's was 'plan' before removal). */
export const ROLE_OF: Readonly<Partial<Record<ActorName, MemberRole>>> = {
  P: 'plan',
  K: 'keep',
  R: 'read',
};

export type Team = Record<ActorName, Device>;

export interface Library {
  ingredient: Id;
  /** An ingredient that nothing uses. */
  spareIngredient: Id;
  recipe: Id;
  /** A favourite menu holding `ingredient`. */
  menu: Id;
  profile: Id;
  supplier: Id;
}

/** What every seeded stay refers to: O's published menu and recipe, O's ingredient. */
export interface Shared {
  ingredient: { id: Id; name: string; kind: number };
  recipe: Id;
  menu: Id;
  profile: Id;
  /** A recipe of each actor's own (an alternative of a meal must be its maker's recipe). */
  ownRecipes: Record<ActorName, Id>;
}

export interface SeededStay {
  id: Id;
  groups: [Id, Id];
  /** Two meals on day 0 (lunch, dinner), both eaten by both groups. */
  meals: [Id, Id];
  /** Their private menus; the first holds the shared ingredient and recipe. */
  menus: [Id, Id];
  /** A list of the stay with one line (key `lineKey`), ticked, shared with `shareToken`. */
  list: Id;
  lineKey: string;
  shareToken: string;
  stock: Id;
  /** The kitchen register (issue 35): the first meal's sample, a reading, a delivery. */
  sample: Id;
  reading: Id;
  delivery: Id;
  /** An open link invitation ('Lecture'), with its token. */
  invitation: Id;
  invitationToken: string;
  /** The memberships of P, K and R, and F's former one (removed). */
  members: Record<'P' | 'K' | 'R' | 'F', Id>;
}

let serial = 0;
/** A fresh URL-safe token of 43 characters (share links, invitations, export secrets). */
export function freshToken(): string {
  serial++;
  const base = `t${serial.toString(36)}${Date.now().toString(36)}`;
  return (base + 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq0123456789').slice(0, 43);
}

export async function signUpTeam(server: TestServer): Promise<Team> {
  const team = {} as Team;
  for (const name of ACTORS) {
    team[name] = await newDevice(
      server,
      `${name.toLowerCase()}@popote.test`,
      `device-${name.toLowerCase()}-1`,
      `Acteur ${name}`,
    );
  }
  return team;
}

/** Pushes mutations of a device in one push; each must be applied (not refused). */
export async function pushApplied(
  server: TestServer,
  d: Device,
  mutations: { name: string; args: unknown }[],
): Promise<void> {
  const first = d.mutationId + 1;
  const { refusals } = await pushed(server, d, mutations);
  expect(refusals, `seed refused from mutation ${first}`).toEqual([]);
}

/**
 * Pushes mutations of a device in one push (which must answer 200); answers the rows it wrote
 * (any table, any user, tombstones included) and the French refusals it recorded.
 */
export async function pushed(
  server: TestServer,
  d: Device,
  mutations: { name: string; args: unknown }[],
): Promise<{ rows: RawRow[]; refusals: string[] }> {
  const batch = mutations.map((m) => ({ id: ++d.mutationId, ...m }));
  const ids = new Set(batch.map((m) => m.id));
  let refusals: StoredRejection[] = [];
  const rows = await writtenBy(server, async (from) => {
    const res = await post(server, d, '/sync/push', { clientId: d.clientId, mutations: batch });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ lastMutationId: number }>().lastMutationId).toBe(d.mutationId);
    refusals = await server.app.popote.store.rows.snapshot((s) =>
      s.rejectionsFor(d.clientId, from, Number.MAX_SAFE_INTEGER),
    );
  });
  return { rows, refusals: refusals.filter((r) => ids.has(r.mutationId)).map((r) => r.message) };
}

/**
 * The rows that `act` wrote: the rows above the store's version, before and after it. The
 * version is a horizon below every transaction still open (on PostgreSQL, in the whole
 * cluster), so rows written just before may lie above it: they are told apart by their version.
 */
export async function writtenBy(
  server: TestServer,
  act: (from: number) => Promise<void>,
): Promise<RawRow[]> {
  const from = await server.app.popote.store.rows.snapshot((s) => s.version());
  const key = (r: RawRow) => `${r.tbl}:${r.id}:${r.version}`;
  const before = new Set((await rowsAbove(server, from)).map(key));
  await act(from);
  return (await rowsAbove(server, from)).filter((r) => !before.has(key(r)));
}

const rowsAbove = (server: TestServer, version: number): Promise<RawRow[]> =>
  server.app.popote.store.rows.snapshot((s) =>
    s.changedSince(version, Number.MAX_SAFE_INTEGER, { version, tbl: '', id: 0 }, 100_000),
  );

/** The tables of the rows written, without the journal (written with any stay's change). */
export const tablesOf = (rows: readonly RawRow[]): TableName[] =>
  [...new Set(rows.map((r) => r.tbl))].filter((t) => t !== 'stayJournal').sort();

/** O's rows that every stay refers to, and a recipe of each actor, made once. */
export async function seedShared(server: TestServer, team: Team): Promise<Shared> {
  const o = team.O;
  const ownRecipes = {} as Record<ActorName, Id>;
  for (const name of ACTORS) {
    const d = team[name];
    ownRecipes[name] = d.next++;
    await pushApplied(server, d, [
      {
        name: 'createRecipe',
        args: { id: ownRecipes[name], name: `Salade de ${name}`, plat: 1, now: NOW },
      },
    ]);
  }
  const ingredient = { id: o.next++, name: 'Farine du séjour', kind: 1 };
  const recipe = o.next++;
  const menu = o.next++;
  const profile = o.next++;
  await pushApplied(server, o, [
    { name: 'createIngredient', args: ingredient },
    { name: 'createRecipe', args: { id: recipe, name: 'Pain du séjour', plat: 2, now: NOW } },
    {
      name: 'addRecipeIngredient',
      args: { recipeId: recipe, ingredientId: ingredient.id, now: NOW },
    },
    { name: 'setRecipePublished', args: { id: recipe, isPublished: true, now: NOW } },
    { name: 'createFavoriteMenu', args: { id: menu, now: NOW } },
    { name: 'addMenuRecipe', args: { menuId: menu, recipeId: recipe, now: NOW } },
    { name: 'setMenuPublished', args: { id: menu, isPublished: true, now: NOW } },
    { name: 'createProfile', args: { id: profile, name: 'Grossiste du séjour' } },
  ]);
  return { ingredient, recipe, menu, profile, ownRecipes };
}

let stays = 0;

/** A new stay of O's with its team (P, K, R members, F removed), in one push of O's. */
export async function seedStay(
  server: TestServer,
  team: Team,
  shared: Shared,
): Promise<SeededStay> {
  const o = team.O;
  const n = ++stays;
  const id = o.next++;
  const groups: [Id, Id] = [o.next++, o.next++];
  const meals: [Id, Id] = [o.next++, o.next++];
  const menus: [Id, Id] = [o.next++, o.next++];
  const list = o.next++;
  const stock = o.next++;
  const [sample, reading, delivery] = [o.next++, o.next++, o.next++];
  const invitation = o.next++;
  const ing = shared.ingredient;
  const lineKey = String(ing.id);
  const kg = { pieces: 0, grams: 1000, centiliters: 0 };
  const none = { pieces: 0, grams: 0, centiliters: 0 };
  const line = {
    key: lineKey,
    ingredientId: ing.id,
    name: ing.name,
    kind: ing.kind,
    supplier: '',
    day: null,
    need: kg,
    inStock: none,
    toBuy: kg,
    uses: [],
  };
  const shareToken = freshToken();
  const invitationToken = freshToken();
  await pushApplied(server, o, [
    { name: 'createStay', args: { id, name: `Colo ${n}`, start: '2025-07-01' } },
    ...groups.map((g, i) => ({
      name: 'createGroup',
      args: { id: g, stayId: id, name: i === 0 ? 'Petits' : 'Grands', color: '#123456', size: 10 },
    })),
    ...meals.map((m, i) => ({
      name: 'createMeal',
      args: { id: m, menuId: menus[i], stayId: id, day: 0, slot: i === 0 ? 1 : 3, now: NOW },
    })),
    { name: 'addMenuIngredient', args: { menuId: menus[0], ingredientId: ing.id, now: NOW } },
    { name: 'addMenuRecipe', args: { menuId: menus[0], recipeId: shared.recipe, now: NOW } },
    {
      name: 'setMealAlternative',
      args: { mealId: meals[0], kind: 'allergen', code: 4, people: 2, recipeIds: [shared.recipe] },
    },
    {
      name: 'createShopList',
      args: { id: list, stayId: id, name: 'Courses', now: NOW, items: [line] },
    },
    { name: 'tickShopItem', args: { id: list, key: lineKey, checked: true, now: NOW } },
    { name: 'shareShopList', args: { id: list, token: shareToken, now: NOW } },
    {
      name: 'addStock',
      args: { id: stock, stayId: id, ingredientId: ing.id, unite: 2, val: 500 },
    },
    { name: 'takeSample', args: { id: sample, mealId: meals[0], time: '12:30', dishes: ['Riz'] } },
    {
      name: 'addReading',
      args: {
        id: reading,
        stayId: id,
        unit: 'refrigerateur',
        day: 0,
        time: '08:10',
        value: 3,
        note: '',
        action: '',
      },
    },
    {
      name: 'addDelivery',
      args: {
        id: delivery,
        stayId: id,
        day: 0,
        time: '09:00',
        supplier: 'Ferme',
        ingredientId: ing.id,
        val: 2,
        unite: 1,
        lot: 'L42',
        dateKind: 'dlc',
        date: '2025-07-04',
        storage: 'chilled',
        temperature: 3,
        accepted: true,
        reason: '',
      },
    },
    {
      name: 'inviteToStay',
      args: {
        id: invitation,
        stayId: id,
        role: 'read',
        mail: null,
        token: invitationToken,
        now: NOW,
      },
    },
  ]);
  // The team joins by links, as people do; F joins and is removed.
  const members = {} as Record<'P' | 'K' | 'R' | 'F', Id>;
  const roles: [keyof typeof members, MemberRole][] = [
    ['P', 'plan'],
    ['K', 'keep'],
    ['R', 'read'],
    ['F', 'plan'],
  ];
  for (const [who, role] of roles) members[who] = await joinStay(server, o, team[who], id, role);
  await pushApplied(server, o, [{ name: 'removeStayMember', args: { id: members.F } }]);
  return {
    id,
    groups,
    meals,
    menus,
    list,
    lineKey,
    shareToken,
    stock,
    sample,
    reading,
    delivery,
    invitation,
    invitationToken,
    members,
  };
}

let libraries = 0;

/** A library of the device's user: an ingredient, a recipe and a favourite menu using it, a profile with a supplier. */
export async function seedLibrary(server: TestServer, d: Device): Promise<Library> {
  const n = ++libraries;
  const lib: Library = {
    ingredient: d.next++,
    spareIngredient: d.next++,
    recipe: d.next++,
    menu: d.next++,
    profile: d.next++,
    supplier: d.next++,
  };
  await pushApplied(server, d, [
    {
      name: 'createIngredient',
      args: { id: lib.ingredient, name: `Sel de la bibliothèque ${n}`, kind: 1 },
    },
    {
      name: 'createIngredient',
      args: { id: lib.spareIngredient, name: `Poivre de la bibliothèque ${n}`, kind: 1 },
    },
    {
      name: 'createRecipe',
      args: { id: lib.recipe, name: `Recette de la bibliothèque ${n}`, plat: 1, now: NOW },
    },
    {
      name: 'addRecipeIngredient',
      args: { recipeId: lib.recipe, ingredientId: lib.ingredient, now: NOW },
    },
    { name: 'createFavoriteMenu', args: { id: lib.menu, now: NOW } },
    {
      name: 'addMenuIngredient',
      args: { menuId: lib.menu, ingredientId: lib.ingredient, now: NOW },
    },
    { name: 'createProfile', args: { id: lib.profile, name: `Profil ${n}` } },
    { name: 'createSupplier', args: { id: lib.supplier, profileId: lib.profile, name: 'Halles' } },
  ]);
  return lib;
}
