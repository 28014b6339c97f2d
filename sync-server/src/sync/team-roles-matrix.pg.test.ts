/**
 * Every mutation of the registry, pushed through /sync/push by each of six actors of a stay run
 * by a team (issue 32): its owner, an 'Organisation', a 'Cuisine' and a 'Lecture' member, a
 * former member and a stranger; on SQLite and PostgreSQL. Exactly the actors its declared
 * access allows (ROLE_RIGHTS) get it applied; every other one gets a French refusal (never the
 * server's 'ne sait pas la traiter') and the store writes no row at all.
 *
 * The arguments come from a `Record<MutationName, Case>`: a new mutator without its case does
 * not compile (and the first test fails). A case acts on the shared stay (seeded by its owner)
 * or on the actor's own library. The refused actors share one seeded stay (a refusal changes
 * nothing, which is checked); each change applied is followed by a fresh one.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import {
  MUTATORS,
  ROLE_RIGHTS,
  SERVER_ONLY_REFUSAL,
  type Id,
  type MutationName,
  type Row,
  type StayRight,
  type TableName,
} from '@popote/domain';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import type { Device } from '../../test/sync-device.js';
import {
  ACTORS,
  ACTOR_NAMES,
  ROLE_OF,
  freshToken,
  pushed,
  seedLibrary,
  seedShared,
  seedStay,
  signUpTeam,
  tablesOf,
  type ActorName,
  type Library,
  type SeededStay,
  type Shared,
  type Team,
} from '../../test/team-stay.js';
import { SYNC_UNEXPECTED_REFUSAL } from './push.js';

/** What a case's arguments are built from. */
interface World {
  actor: ActorName;
  device: Device;
  team: Team;
  shared: Shared;
  /** The shared stay (cases `on: 'stay'`). */
  stay: SeededStay;
  /** The actor's own library (cases `on: 'library'`). */
  lib: Library;
  /** A fresh id leased to the actor. */
  fresh(): Id;
  /** The first of `count` fresh ids leased to the actor. */
  range(count: number): { first: Id; count: number };
  /** The server's time now (each push happens a minute after the previous one). */
  now: string;
  /** A row as the server stores it. */
  row<T extends TableName>(table: T, id: Id): Promise<Row<T>>;
}

interface Case {
  /** What must exist: the shared stay, the actor's library, or nothing. */
  on: 'stay' | 'library' | 'none';
  args(w: World): unknown;
  /** Tables that an applied change writes rows of (one at least). */
  writes: readonly TableName[];
  /**
   * Who may run it, where the declared access does not say it by itself (a mutation of any
   * user that acts on the stay's rows), with why.
   */
  allowed?: readonly ActorName[];
  /** The refusals that the declared access does not say by itself. */
  refusals?: Partial<Record<ActorName, RegExp>>;
}

const quantity = { val: 2, unite: 1, forPeople: 4 };

const MISSING = /^(Ce|Cet|Cette) .+ n'existe pas ou n'est plus disponible\.$/u;
const OWNER_ONLY = /^Seul son propriétaire peut modifier (ce|cet|cette) .+\.$/u;
const SERVER_ONLY = new RegExp(
  `^${SERVER_ONLY_REFUSAL.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}$`,
  'u',
);

const CASES: Record<MutationName, Case> = {
  // ---- Stays and groups ----
  createStay: {
    on: 'none',
    args: (w) => ({ id: w.fresh(), name: 'Camp', start: '2025-08-01' }),
    writes: ['stays'],
  },
  updateStay: {
    on: 'stay',
    args: (w) => ({ id: w.stay.id, name: 'Colo renommée' }),
    writes: ['stays'],
  },
  deleteStay: { on: 'stay', args: (w) => ({ id: w.stay.id }), writes: ['stays'] },
  duplicateStay: {
    on: 'stay',
    args: (w) => ({ id: w.stay.id, ids: w.range(200), now: w.now }),
    writes: ['stays', 'meals'],
  },
  setStayProfile: {
    on: 'stay',
    args: (w) => ({ stayId: w.stay.id, profileId: w.shared.profile }),
    writes: ['stays'],
  },
  setStayExportSecret: {
    on: 'stay',
    args: (w) => ({ stayId: w.stay.id, secret: freshToken() }),
    writes: ['stays'],
  },
  setStayBudget: {
    on: 'stay',
    args: (w) => ({ stayId: w.stay.id, budget: 6.5 }),
    writes: ['stays'],
  },
  createGroup: {
    on: 'stay',
    args: (w) => ({ id: w.fresh(), stayId: w.stay.id, name: 'Moyens', color: '#654321', size: 5 }),
    writes: ['groups'],
  },
  updateGroup: {
    on: 'stay',
    args: (w) => ({ id: w.stay.groups[0], size: 12 }),
    writes: ['groups'],
  },
  setGroupNeeds: {
    on: 'stay',
    args: (w) => ({
      id: w.stay.groups[0],
      needs: { diets: { 0: 2 }, allergies: {}, notes: 'Deux végétariens' },
    }),
    writes: ['groups'],
  },
  deleteGroup: { on: 'stay', args: (w) => ({ id: w.stay.groups[1] }), writes: ['groups'] },

  // ---- Meals ----
  createMeal: {
    on: 'stay',
    args: (w) => ({
      id: w.fresh(),
      menuId: w.fresh(),
      stayId: w.stay.id,
      day: 1,
      slot: 1,
      now: w.now,
    }),
    writes: ['meals', 'menus'],
  },
  updateMeal: {
    on: 'stay',
    args: (w) => ({ id: w.stay.meals[0], additionalPeople: 4 }),
    writes: ['meals'],
  },
  deleteMeal: { on: 'stay', args: (w) => ({ id: w.stay.meals[1] }), writes: ['meals'] },
  moveMealGroup: {
    on: 'stay',
    args: (w) => ({
      groupId: w.stay.groups[0],
      fromMealId: w.stay.meals[0],
      toMealId: w.stay.meals[1],
    }),
    writes: ['meals'],
  },
  runMealWizard: {
    on: 'stay',
    args: (w) => ({
      stayId: w.stay.id,
      daysNumber: 2,
      excursions: {},
      withGouter: false,
      groupsForCinquieme: [],
      deleteExisting: false,
      ids: w.range(100),
      now: w.now,
    }),
    writes: ['meals', 'menus'],
  },
  setMealMenu: {
    on: 'stay',
    args: (w) => ({ mealId: w.stay.meals[1], menuId: w.shared.menu }),
    writes: ['meals'],
  },
  swapMealMenus: {
    on: 'stay',
    args: (w) => ({ mealId1: w.stay.meals[0], mealId2: w.stay.meals[1] }),
    writes: ['meals'],
  },
  saveMealMenuAsFavorite: {
    on: 'stay',
    args: (w) => ({ mealId: w.stay.meals[0], now: w.now }),
    writes: ['menus'],
  },
  setMealAlternative: {
    on: 'stay',
    args: (w) => ({
      mealId: w.stay.meals[1],
      kind: 'allergen',
      code: 4,
      people: 3,
      recipeIds: [w.shared.ownRecipes[w.actor]],
    }),
    writes: ['meals'],
  },
  removeMealAlternative: {
    on: 'stay',
    args: (w) => ({ mealId: w.stay.meals[0], kind: 'allergen', code: 4 }),
    writes: ['meals'],
  },

  // ---- Menus: a meal's own menu is edited by whoever plans its stay ----
  addMenuIngredient: {
    on: 'stay',
    args: (w) => ({
      menuId: w.stay.menus[1],
      ingredientId: w.shared.ingredient.id,
      now: w.now,
    }),
    writes: ['menus'],
  },
  addMenuRecipe: {
    on: 'stay',
    args: (w) => ({ menuId: w.stay.menus[1], recipeId: w.shared.recipe, now: w.now }),
    writes: ['menus'],
  },
  updateMenuIngredient: {
    on: 'stay',
    args: (w) => ({
      menuId: w.stay.menus[0],
      ingredientId: w.shared.ingredient.id,
      quantity,
      plat: 1,
      now: w.now,
    }),
    writes: ['menus'],
  },
  removeMenuItem: {
    on: 'stay',
    args: (w) => ({
      menuId: w.stay.menus[0],
      itemId: w.shared.ingredient.id,
      isRecipe: false,
      now: w.now,
    }),
    writes: ['menus'],
  },
  setMenuPublished: {
    on: 'stay',
    args: (w) => ({ id: w.stay.menus[0], isPublished: true, now: w.now }),
    writes: ['menus'],
  },
  createFavoriteMenu: {
    on: 'none',
    args: (w) => ({ id: w.fresh(), now: w.now }),
    writes: ['menus'],
  },
  deleteMenu: {
    // A meal's menu is never deleted (its meal uses it): a favourite of the actor's own.
    on: 'library',
    args: (w) => ({ id: w.lib.menu }),
    writes: ['menus'],
    allowed: ACTORS,
  },

  // ---- The actor's own library ----
  createRecipe: {
    on: 'none',
    args: (w) => {
      const id = w.fresh();
      return { id, name: `Recette ${id}`, plat: 1, now: w.now };
    },
    writes: ['recipes'],
  },
  updateRecipe: {
    on: 'library',
    args: (w) => ({ id: w.lib.recipe, description: 'Pétrir.', now: w.now }),
    writes: ['recipes'],
  },
  setRecipePublished: {
    on: 'library',
    args: (w) => ({ id: w.lib.recipe, isPublished: true, now: w.now }),
    writes: ['recipes'],
  },
  deleteRecipe: { on: 'library', args: (w) => ({ id: w.lib.recipe }), writes: ['recipes'] },
  addRecipeIngredient: {
    on: 'library',
    args: (w) => ({ recipeId: w.lib.recipe, ingredientId: w.shared.ingredient.id, now: w.now }),
    writes: ['recipes'],
  },
  updateRecipeIngredient: {
    on: 'library',
    args: (w) => ({
      recipeId: w.lib.recipe,
      ingredientId: w.lib.ingredient,
      quantity,
      now: w.now,
    }),
    writes: ['recipes'],
  },
  removeRecipeIngredient: {
    on: 'library',
    args: (w) => ({ recipeId: w.lib.recipe, ingredientId: w.lib.ingredient, now: w.now }),
    writes: ['recipes'],
  },
  createIngredient: {
    on: 'none',
    args: (w) => {
      const id = w.fresh();
      return { id, name: `Poivre ${id}`, kind: 1 };
    },
    writes: ['ingredients'],
  },
  updateIngredient: {
    on: 'library',
    args: (w) => ({ id: w.lib.ingredient, name: `Sel fin ${w.lib.ingredient}` }),
    writes: ['ingredients'],
  },
  deleteIngredient: {
    on: 'library',
    args: (w) => ({ id: w.lib.spareIngredient }),
    writes: ['ingredients'],
  },
  importRecipes: {
    on: 'none',
    args: (w) => {
      const ingredient = w.fresh();
      const recipe = w.fresh();
      return {
        newIngredients: [{ id: ingredient, name: `Beurre ${ingredient}`, kind: 1 }],
        recipes: [
          {
            id: recipe,
            name: `Brioche ${recipe}`,
            plat: 2,
            ingredients: [{ ingredientId: ingredient, quantity }],
          },
        ],
        now: w.now,
      };
    },
    writes: ['ingredients', 'recipes'],
  },
  createProfile: {
    on: 'none',
    args: (w) => {
      const id = w.fresh();
      return { id, name: `Profil ${id}` };
    },
    writes: ['profiles'],
  },
  renameProfile: {
    on: 'library',
    args: (w) => ({ id: w.lib.profile, name: 'Grossiste' }),
    writes: ['profiles'],
  },
  deleteProfile: { on: 'library', args: (w) => ({ id: w.lib.profile }), writes: ['profiles'] },
  createSupplier: {
    on: 'library',
    args: (w) => ({ id: w.fresh(), profileId: w.lib.profile, name: 'Primeur' }),
    writes: ['suppliers'],
  },
  renameSupplier: {
    on: 'library',
    args: (w) => ({ id: w.lib.supplier, name: 'Marché' }),
    writes: ['suppliers'],
  },
  deleteSupplier: { on: 'library', args: (w) => ({ id: w.lib.supplier }), writes: ['suppliers'] },
  mapProfileIngredients: {
    on: 'library',
    args: (w) => ({
      profileId: w.lib.profile,
      ingredientIds: [w.lib.ingredient],
      supplierId: w.lib.supplier,
    }),
    writes: ['profiles'],
  },
  mapProfileKinds: {
    on: 'library',
    args: (w) => ({ profileId: w.lib.profile, kinds: [1], supplierId: w.lib.supplier }),
    writes: ['profiles'],
  },
  tidyProfileMapping: {
    on: 'library',
    args: (w) => ({ profileId: w.lib.profile }),
    writes: ['profiles'],
  },
  setPurchase: {
    on: 'none',
    args: (w) => ({
      id: w.fresh(),
      ingredientId: w.shared.ingredient.id,
      pack: null,
      prices: [{ supplierId: null, amount: 2, per: 2, date: '2025-06-01' }],
    }),
    writes: ['purchases'],
  },

  // ---- Undo ----
  restoreSnapshot: {
    // The undo of a change of the stay's first group (its name as it was).
    on: 'stay',
    args: async (w) => ({
      put: [
        {
          table: 'groups',
          row: { ...(await w.row('groups', w.stay.groups[0])), name: 'Tout petits' },
        },
      ],
      remove: [],
    }),
    writes: ['groups'],
    // A group is put back by whoever may plan the stay (restore.ts, RESTORE_RIGHT): the owner
    // and 'Organisation'; for anyone else the row is the owner's.
    allowed: ['O', 'P'],
    refusals: { K: OWNER_ONLY, R: OWNER_ONLY, F: OWNER_ONLY, S: OWNER_ONLY },
  },

  // ---- Lists and larder ----
  createShopList: {
    on: 'stay',
    args: (w) => ({ id: w.fresh(), stayId: w.stay.id, name: 'Courses 2', now: w.now, items: [] }),
    writes: ['shopLists'],
  },
  deleteShopList: { on: 'stay', args: (w) => ({ id: w.stay.list }), writes: ['shopLists'] },
  tickShopItem: {
    on: 'stay',
    args: (w) => ({ id: w.stay.list, key: w.stay.lineKey, checked: false, now: w.now }),
    writes: ['shopLists'],
  },
  tickShopItems: {
    on: 'stay',
    args: (w) => ({
      id: w.stay.list,
      ticks: [{ key: w.stay.lineKey, checked: false, now: w.now }],
    }),
    writes: ['shopLists'],
  },
  setShopItemBought: {
    on: 'stay',
    args: (w) => ({
      id: w.stay.list,
      key: w.stay.lineKey,
      bought: { pieces: 0, grams: 800, centiliters: 0 },
      now: w.now,
    }),
    writes: ['shopLists'],
  },
  shareShopList: {
    on: 'stay',
    args: (w) => ({ id: w.stay.list, token: freshToken(), now: w.now }),
    writes: ['shopLists'],
  },
  stopSharingShopList: { on: 'stay', args: (w) => ({ id: w.stay.list }), writes: ['shopLists'] },
  addPurchasesToStock: {
    on: 'stay',
    args: (w) => ({ id: w.stay.list, keys: [w.stay.lineKey], ids: w.range(10) }),
    writes: ['stock'],
  },
  addStock: {
    on: 'stay',
    args: (w) => ({
      id: w.fresh(),
      stayId: w.stay.id,
      ingredientId: w.shared.ingredient.id,
      unite: 0,
      val: 3,
    }),
    writes: ['stock'],
  },
  updateStock: { on: 'stay', args: (w) => ({ id: w.stay.stock, val: 750 }), writes: ['stock'] },
  deleteStock: { on: 'stay', args: (w) => ({ id: w.stay.stock }), writes: ['stock'] },

  // ---- The kitchen's register (issue 35) ----
  setColdUnits: {
    on: 'stay',
    args: (w) => ({
      stayId: w.stay.id,
      units: [{ key: 'chambre', name: 'Chambre froide', min: 0, max: 3, checks: ['matin'] }],
    }),
    writes: ['stays'],
  },
  takeSample: {
    on: 'stay',
    args: (w) => ({ id: w.fresh(), mealId: w.stay.meals[1], time: '19:45', dishes: ['Soupe'] }),
    writes: ['register'],
  },
  discardSample: {
    on: 'stay',
    args: (w) => ({ id: w.stay.sample, at: w.now }),
    writes: ['register'],
  },
  addReading: {
    on: 'stay',
    args: (w) => ({
      id: w.fresh(),
      stayId: w.stay.id,
      unit: 'congelateur',
      day: 0,
      time: '19:00',
      value: -12,
      note: '',
      action: 'Porte refermée, relevé refait à 20 h',
    }),
    writes: ['register'],
  },
  updateReading: {
    on: 'stay',
    args: (w) => ({ id: w.stay.reading, value: 5, action: 'Réglage du thermostat' }),
    writes: ['register'],
  },
  addDelivery: {
    on: 'stay',
    args: (w) => ({
      id: w.fresh(),
      stayId: w.stay.id,
      day: 0,
      time: '10:00',
      supplier: 'Boucherie',
      ingredientId: w.shared.ingredient.id,
      val: 3,
      unite: 1,
      lot: 'B7',
      dateKind: 'dlc',
      date: null,
      storage: 'chilled',
      temperature: 9,
      accepted: false,
      reason: 'Température trop haute',
    }),
    writes: ['register'],
  },
  updateDelivery: {
    on: 'stay',
    args: (w) => ({ id: w.stay.delivery, lot: 'L43' }),
    writes: ['register'],
  },
  storeDelivery: {
    on: 'stay',
    args: (w) => ({ id: w.stay.delivery, stockId: w.fresh() }),
    writes: ['register', 'stock'],
  },
  deleteRegisterEntry: {
    on: 'stay',
    args: (w) => ({ id: w.stay.reading }),
    writes: ['register'],
  },

  // ---- The team ----
  setStayMemberRole: {
    on: 'stay',
    args: (w) => ({ id: w.stay.members.K, role: 'plan' }),
    writes: ['stayMembers'],
  },
  transferStay: {
    on: 'stay',
    args: (w) => ({ memberId: w.stay.members.P, userId: w.team.P.userId, now: w.now }),
    writes: ['stays', 'stayMembers', 'groups', 'meals'],
  },
  removeStayMember: {
    on: 'stay',
    args: (w) => ({ id: w.stay.members.R }),
    writes: ['stayMembers'],
  },
  leaveStay: {
    // Each member leaves with their own membership; the others try P's (the owner has none,
    // F's is gone).
    on: 'stay',
    args: (w) => ({
      id: w.actor === 'K' || w.actor === 'R' ? w.stay.members[w.actor] : w.stay.members.P,
    }),
    writes: ['stayMembers'],
    allowed: ['P', 'K', 'R'],
    refusals: { O: /^Seul ce membre peut quitter le séjour : le responsable peut le retirer\.$/u },
  },
  inviteToStay: {
    on: 'stay',
    args: (w) => ({
      id: w.fresh(),
      stayId: w.stay.id,
      role: 'keep',
      mail: null,
      token: freshToken(),
      now: w.now,
    }),
    writes: ['stayInvitations'],
  },
  revokeStayInvitation: {
    on: 'stay',
    args: (w) => ({ id: w.stay.invitation }),
    writes: ['stayInvitations'],
  },
  joinWithInvitation: {
    // Run by the server on the owner's behalf once a link is followed (POST /api/team/join):
    // no device may push it, not even the owner's (no one is put in a stay unasked).
    on: 'stay',
    args: (w) => ({
      id: w.fresh(),
      invitationId: w.stay.invitation,
      userId: w.team.S.userId,
      now: w.now,
    }),
    writes: ['stayMembers'],
    allowed: [],
    refusals: {
      O: SERVER_ONLY,
      P: SERVER_ONLY,
      K: SERVER_ONLY,
      R: SERVER_ONLY,
      F: SERVER_ONLY,
      S: SERVER_ONLY,
    },
  },
};

const holds = (actor: ActorName, right: StayRight): boolean => {
  if (actor === 'O') return true;
  const role = ROLE_OF[actor];
  return role !== undefined && ROLE_RIGHTS[role].includes(right);
};

/** The actors a mutation's declared access lets run its case. */
function allowedActors(name: MutationName, c: Case): readonly ActorName[] {
  if (c.allowed) return c.allowed;
  const access = MUTATORS[name].access;
  switch (access.kind) {
    case 'any-user':
      if (c.on === 'stay') throw new Error(`${name}: say who may run it on the stay`);
      return ACTORS;
    case 'owner':
      // A row of the stay is its owner's; a row of the library is the actor's own.
      return c.on === 'stay' ? ['O'] : ACTORS;
    case 'menu':
      // The case edits a meal's own menu: whoever may plan the stay.
      return ACTORS.filter((a) => holds(a, 'plan'));
    case 'stay':
      return ACTORS.filter((a) => holds(a, access.right));
  }
}

/** The refusal each refused actor should read. */
function refusalOf(name: MutationName, c: Case, actor: ActorName): RegExp {
  const stated = c.refusals?.[actor];
  if (stated) return stated;
  const access = MUTATORS[name].access;
  // Whoever is not in the team reads that the row does not exist (no leak).
  if (actor === 'F' || actor === 'S') return MISSING;
  // Members do not read the invitations (their tokens open the stay): missing to them.
  if (access.kind === 'stay' && access.table === 'stayInvitations') return MISSING;
  if (access.kind === 'stay' && access.right === 'manage') {
    return /^Seul le responsable du séjour peut faire cette modification\.$/u;
  }
  // A row of the stay, or a meal's menu: the member reads why their role does not allow it.
  if (access.kind === 'stay' || access.kind === 'menu') {
    return ROLE_OF[actor] === 'read'
      ? /^Votre rôle dans ce séjour ne permet que de le consulter\./u
      : /^Votre rôle dans ce séjour ne permet pas de modifier son organisation\./u;
  }
  return OWNER_ONLY;
}

let server: TestServer;
let team: Team;
let shared: Shared;
let pushes = 0;

beforeAll(async () => {
  server = await startTestServer();
  team = await signUpTeam(server);
  shared = await seedShared(server, team);
});

afterAll(async () => {
  expect(await server.close()).toEqual([]);
});

describe('every mutation as the owner, each role, a former member and a stranger', () => {
  it('has a case for every mutation of the registry', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(MUTATORS).sort());
  });

  it.for(Object.keys(MUTATORS) as MutationName[])('%s', async (name) => {
    const c = CASES[name];
    const allowed = new Set(allowedActors(name, c));
    // Refused actors first, on one stay: a refusal changes nothing, so they may share it.
    const order = [
      ...ACTORS.filter((a) => !allowed.has(a)),
      ...ACTORS.filter((a) => allowed.has(a)),
    ];
    let stay: SeededStay | null = null;
    for (const actor of order) {
      const device = team[actor];
      if (c.on === 'stay' && stay === null) stay = await seedStay(server, team, shared);
      const lib = c.on === 'library' ? await seedLibrary(server, device) : null;
      server.clock.now += 60_000;
      pushes++;
      const w: World = {
        actor,
        device,
        team,
        shared,
        get stay() {
          return stay!;
        },
        get lib() {
          return lib!;
        },
        fresh: () => device.next++,
        range: (count) => {
          const first = device.next;
          device.next += count;
          return { first, count };
        },
        now: new Date(server.clock.now).toISOString(),
        row: async (table, id) => {
          const row = await server.app.popote.store.rows.snapshot((s) => s.get(table, id));
          if (!row) throw new Error(`${table} ${id} absent`);
          return row;
        },
      };
      const { rows, refusals } = await pushed(server, device, [{ name, args: await c.args(w) }]);
      const who = `${name} as ${ACTOR_NAMES[actor]}`;
      if (allowed.has(actor)) {
        expect.soft(refusals, `${who} is applied`).toEqual([]);
        expect.soft(tablesOf(rows), `${who} writes`).toEqual(expect.arrayContaining([...c.writes]));
      } else {
        expect.soft(refusals, `${who} is refused`).toHaveLength(1);
        expect.soft(refusals[0], `${who}: no unforeseen failure`).not.toBe(SYNC_UNEXPECTED_REFUSAL);
        expect
          .soft(refusals[0] ?? '', `${who}: the French refusal`)
          .toMatch(refusalOf(name, c, actor));
        expect.soft(rows, `${who} writes nothing`).toEqual([]);
      }
      // Anything written spoils the stay for the next actor: a fresh one then.
      if (rows.length > 0) stay = null;
    }
  });

  it('pushed each mutation as each of the six actors', () => {
    expect(pushes).toBe(Object.keys(MUTATORS).length * ACTORS.length);
  });
});
