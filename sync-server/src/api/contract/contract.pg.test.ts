/**
 * The original service's clients work against Popote: every call of the contract table
 * (sync-server/test/original-contract.ts, from ../shared/reference/original-contract.md), in
 * the table's order, sent as
 * that client sends it (its request bodies; no body but a form Content-Type where it sends
 * none), with each answer checked recursively against the table's shape. Each call is also
 * made by another user (refused with a French message where the row is not theirs, or answered
 * in the same shape) and anonymously (401 with a French message, except the account calls).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { multipartFile, type Session } from '../../../test/api-client.js';
import {
  contractCalls,
  contractErrors,
  type ContractCall,
} from '../../../test/original-contract.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Request {
  query?: Record<string, string | number>;
  /** A JSON body; absent: no body, with the form Content-Type the old client's library sets. */
  body?: unknown;
  multipart?: { payload: Buffer; headers: Record<string, string> };
}

type Other = 'ok' | 'denied' | 'either';

interface Step {
  /** The call of the table. */
  call: string;
  /** The request, built from what earlier answers gave (may make setup calls first). */
  request: () => Request | Promise<Request>;
  /** What another user gets for the same request. */
  other: Other;
  /** The other user calls after the owner (default: before, so that the row still exists). */
  otherAfter?: boolean;
  /** Anonymous calls succeed (account calls). */
  public?: boolean;
  /** Reads the owner's answer into the walk's state. */
  then?: (answer: Json, response: LightMyRequestResponse) => void | Promise<void>;
}

const PASSWORD = 'motdepasse-solide';
const CSV = [
  'Recettes,,',
  'Gratin dauphinois,platPrincipal,8',
  'Pommes de terre,2,kg',
  'Crème fraîche,50,cl',
  'Ail des ours,3,',
].join('\n');

let server: TestServer;
let alice: Session;
let bob: Session;

/** The walk's state: ids and rows as the old client would keep them from answers. */
const s = {} as {
  stay: Json;
  stayToDelete: number;
  groups: Json[];
  groupToDelete: number;
  meals: Json[];
  newMeal: Json;
  ingredient: number;
  otherIngredient: number;
  ownIngredient: Json;
  recipe: number;
  recipeToDelete: number;
  newRecipe: Json;
  favorite: number;
  menuToDelete: number;
  menuRow: Json;
  preview: Json;
  compiled: Json;
  profile: Json;
  profileToDelete: number;
  supplier: Json;
  supplierToDelete: number;
  mapping: Json;
  settings: Json;
};

async function send(
  session: Session | null,
  call: Pick<ContractCall, 'method' | 'path'>,
  request: Request,
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const headers: Record<string, string> = session
    ? { authorization: `Bearer ${session.token}` }
    : {};
  let payload: string | Buffer;
  if (request.multipart) {
    Object.assign(headers, request.multipart.headers);
    payload = request.multipart.payload;
  } else if (request.body === undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = '';
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.body);
  }
  return server.inject({
    method: call.method,
    url: call.path + (query ? `?${query}` : ''),
    headers,
    payload,
  });
}

/** A call made outside the table's walk, to prepare rows (the old client's UI would). */
async function setup(method: ContractCall['method'], path: string, request: Request = {}) {
  const answer = await send(alice, { method, path: `/api${path}` }, request);
  if (answer.statusCode !== 200) throw new Error(`${method} ${path} → ${answer.body}`);
  return answer.json<Json>();
}

function expectShape(call: ContractCall, who: string, answer: LightMyRequestResponse): void {
  expect(answer.statusCode, `${call.name} (${who}) : ${answer.body}`).toBe(200);
  if (call.answer === null) return;
  if (call.answer === 'Blob') {
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="/u);
    expect(answer.rawPayload.length).toBeGreaterThan(0);
    return;
  }
  expect(contractErrors(answer.json(), call.answer), `${call.name} (${who})`).toEqual([]);
}

function expectRefused(
  call: ContractCall,
  who: string,
  answer: LightMyRequestResponse,
  statuses: number[],
) {
  expect(statuses, `${call.name} (${who}) : ${answer.statusCode} ${answer.body}`).toContain(
    answer.statusCode,
  );
  expect(answer.headers['content-type']).toMatch(/^application\/json/u);
  const body = answer.json<{ message?: unknown }>();
  expect(typeof body.message, `${call.name} (${who})`).toBe('string');
  // French, ready to show.
  expect(body.message as string).toMatch(/[a-zà-ÿ]/u);
}

function expectOther(call: ContractCall, step: Step, answer: LightMyRequestResponse) {
  if (step.other === 'ok') expectShape(call, 'autre utilisateur', answer);
  else if (step.other === 'denied' || answer.statusCode !== 200) {
    expectRefused(call, 'autre utilisateur', answer, [403, 404, 409]);
  } else expectShape(call, 'autre utilisateur', answer);
}

/** The meal of day 1 (the excursion day) that the group eats. */
const excursionMealOf = (groupId: number) =>
  s.meals.find(
    (m) => m.Jour === 1 && (m.Groups as Json[]).some((g) => g.IdGroup === groupId),
  ) as Json;

const STEPS: Step[] = [
  {
    call: 'AskInscription',
    request: () => ({ body: { Mail: 'carol@popote.test', Password: PASSWORD, Pseudo: 'Carol' } }),
    other: 'ok',
    public: true,
  },
  {
    call: 'Loggin',
    request: () => ({ body: { Mail: 'alice@popote.test', Password: PASSWORD } }),
    other: 'ok',
    public: true,
    then: (a) => expect(a.Token).not.toBe(''),
  },
  {
    call: 'UserResetPassword',
    request: () => ({ query: { mail: 'alice@popote.test' } }),
    other: 'ok',
    public: true,
  },
  {
    call: 'UserGetSettings',
    request: () => ({}),
    other: 'ok',
    then: (a) => {
      expect(a.Password).toBe('');
      expect(a).toMatchObject({ Id: alice.id, Mail: 'alice@popote.test', IsAdmin: false });
      s.settings = a;
    },
  },
  {
    // Sent back as read: the empty Password keeps the current one.
    call: 'UserUpdateSettings',
    request: () => ({ body: { ...s.settings, Pseudo: 'Alice B.' } }),
    other: 'denied',
    otherAfter: true,
  },
  { call: 'SejoursGet', request: () => ({}), other: 'ok' },
  {
    call: 'SejoursCreate',
    request: () => ({}),
    other: 'ok',
    then: async (a) => {
      s.stay = a;
      s.stayToDelete = (await setup('PUT', '/sejours')).Sejour.Id;
    },
  },
  {
    call: 'SejoursUpdate',
    request: () => ({ body: { ...s.stay.Sejour, Name: 'Camp des Glières' } }),
    other: 'denied',
  },
  {
    call: 'SejoursDelete',
    request: () => ({ query: { id: s.stayToDelete } }),
    other: 'denied',
  },
  {
    call: 'SejoursDuplicate',
    request: () => ({ query: { idSejour: s.stay.Sejour.Id } }),
    other: 'denied',
    then: (a) => expect(a.Sejour.Id).not.toBe(s.stay.Sejour.Id),
  },
  {
    call: 'SejoursCreateGroupe',
    request: () => ({ query: { idSejour: s.stay.Sejour.Id } }),
    other: 'denied',
    then: async (a) => {
      s.groups = [
        a,
        await setup('PUT', '/sejours/groups', { query: { idSejour: s.stay.Sejour.Id } }),
      ];
      s.groupToDelete = (
        await setup('PUT', '/sejours/groups', { query: { idSejour: s.stay.Sejour.Id } })
      ).Id;
    },
  },
  {
    call: 'SejoursUpdateGroupe',
    request: () => ({ body: { ...s.groups[0], Name: 'Louveteaux', Size: 12 } }),
    other: 'denied',
    then: async () => {
      await setup('POST', '/sejours/groups', {
        body: { ...s.groups[1], Name: 'Pionniers', Size: 8 },
      });
    },
  },
  {
    call: 'SejoursDeleteGroupe',
    request: () => ({ query: { idGroup: s.groupToDelete } }),
    other: 'denied',
  },
  {
    call: 'MealsLoadDay',
    request: () => ({ query: { idSejour: s.stay.Sejour.Id, day: 0 } }),
    other: 'denied',
  },
  {
    call: 'MealsLoadAll',
    request: () => ({ query: { idSejour: s.stay.Sejour.Id } }),
    other: 'denied',
  },
  {
    call: 'MealsWizzard',
    request: () => ({
      body: {
        IdSejour: s.stay.Sejour.Id,
        DaysNumber: 2,
        Excursions: { 1: [s.groups[1]!.Id] },
        WithGouter: true,
        GroupsForCinquieme: null,
        DeleteExisting: true,
      },
    }),
    other: 'denied',
    then: (a) => {
      s.meals = a.Meals.map((m: Json) => ({ ...m.Meal, Groups: m.Groups }));
      // 2 days of 4 slots, the second with a group out: 4 + 2 × 4.
      expect(s.meals.length).toBe(12);
    },
  },
  { call: 'MealsSearch', request: () => ({ query: { search: ':I' } }), other: 'ok' },
  {
    call: 'MealsPreviewQuantities',
    request: () => ({ query: { idMeal: s.meals[0]!.Id } }),
    other: 'denied',
  },
  {
    call: 'MealsCreate',
    request: () => ({ body: { IdSejour: s.stay.Sejour.Id, Day: 3, Horaire: 4 } }),
    other: 'denied',
    then: (a) => {
      s.newMeal = a.Meal;
    },
  },
  {
    call: 'MealsUpdate',
    request: () => ({ body: { ...s.newMeal, AdditionalPeople: 2 } }),
    other: 'denied',
  },
  {
    call: 'MealsDelete',
    request: () => ({ query: { idMeal: s.newMeal.Id } }),
    other: 'denied',
  },
  {
    call: 'MealsMoveGroup',
    request: () => {
      const from = excursionMealOf(s.groups[1]!.Id);
      const to = s.meals.find(
        (m) => m.Jour === from.Jour && m.Horaire === from.Horaire && m.Id !== from.Id,
      );
      return { body: { Group: s.groups[1]!.Id, From: from.Id, To: to!.Id } };
    },
    other: 'denied',
    then: async () => {
      const ingredients = Object.values(await setup('GET', '/library/all-ingredients')) as Json[];
      s.ingredient = ingredients[0]!.Id;
      s.otherIngredient = ingredients[1]!.Id;
      s.recipe = (await setup('PUT', '/library/receipes')).ID;
      await setup('PUT', '/library/receipes/ingredients', {
        body: { IdReceipe: s.recipe, IdIngredient: s.otherIngredient, InitialFor: 10 },
      });
    },
  },
  {
    call: 'MealsAddIngredient',
    request: () => ({
      body: { IdSejour: s.stay.Sejour.Id, IdMenu: s.meals[0]!.Menu, IdIngredient: s.ingredient },
    }),
    other: 'denied',
  },
  {
    call: 'MealsUpdateMenuIngredient',
    request: () => ({
      body: {
        IdMenu: s.meals[0]!.Menu,
        IdIngredient: s.ingredient,
        Quantity: { Val: 1.5, Unite: 1, For_: 10 },
        Plat: 2,
      },
    }),
    other: 'denied',
  },
  {
    call: 'MealsAddReceipe',
    request: () => ({ body: { IdMenu: s.meals[0]!.Menu, IdReceipe: s.recipe } }),
    other: 'denied',
    then: async () => {
      // Kept in another meal for the quantities, the cook sheets and the order.
      await setup('PUT', '/meals/receipes', {
        body: { IdMenu: s.meals[1]!.Menu, IdReceipe: s.recipe },
      });
    },
  },
  {
    call: 'MealsRemoveItem',
    request: () => ({ body: { IdMenu: s.meals[0]!.Menu, ID: s.recipe, IsReceipe: true } }),
    other: 'denied',
    then: async () => {
      s.favorite = (await setup('PUT', '/library/menus')).ID;
      await setup('PUT', '/library/menus/ingredients', {
        body: { IdMenu: s.favorite, IdIngredient: s.ingredient },
      });
    },
  },
  {
    call: 'MealsSetMenu',
    request: () => ({ body: { IdMeal: s.meals[2]!.Id, IdMenu: s.favorite } }),
    other: 'denied',
    then: (a) => expect(a.Menu.Id).toBe(s.favorite),
  },
  {
    call: 'MealsSwapMenus',
    request: () => ({ body: { IdMeal1: s.meals[2]!.Id, IdMeal2: s.meals[3]!.Id } }),
    other: 'denied',
  },
  {
    call: 'MealsExportCookbook',
    request: () => ({ body: { IdSejour: s.stay.Sejour.Id, Days: [0, 1] } }),
    other: 'denied',
  },
  { call: 'LibraryLoadIngredients', request: () => ({}), other: 'ok' },
  {
    call: 'LibraryCreateIngredient',
    request: () => ({ body: { Id: 0, Name: 'Topinambour', Kind: 1, Owner: alice.id } }),
    // The same name for another user: taken.
    other: 'denied',
    otherAfter: true,
    then: (a) => {
      s.ownIngredient = a;
    },
  },
  { call: 'LibraryLoadReceipes', request: () => ({}), other: 'ok' },
  {
    call: 'LibraryUpdateIngredient',
    request: () => ({ body: { ...s.ownIngredient, Name: 'Topinambours', Kind: 1 } }),
    other: 'denied',
    then: async () => {
      await setup('PUT', '/meals/ingredients', {
        body: {
          IdSejour: s.stay.Sejour.Id,
          IdMenu: s.meals[0]!.Menu,
          IdIngredient: s.ownIngredient.Id,
        },
      });
    },
  },
  {
    call: 'LibraryDeleteIngredient',
    request: () => ({ query: { idIngredient: s.ownIngredient.Id } }),
    other: 'denied',
    then: (a) => {
      expect(a.Deleted).toBe(false);
      expect(a.UsesMenus).toEqual([s.meals[0]!.Menu]);
    },
  },
  {
    call: 'LibraryImportReceipes1',
    request: () => ({ multipart: multipartFile('recettes.csv', CSV) }),
    other: 'ok',
    then: (a) => {
      s.preview = a;
    },
  },
  {
    call: 'LibraryImportReceipes2',
    request: () => ({ body: s.preview }),
    // Its new ingredients are taken by then.
    other: 'either',
    otherAfter: true,
    then: (a) => expect(a).toHaveLength(1),
  },
  {
    call: 'LibraryLoadMenu',
    request: () => ({ query: { idMenu: s.favorite } }),
    other: 'denied',
    then: async (a) => {
      s.menuRow = a.Menu;
      s.menuToDelete = (await setup('PUT', '/library/menus')).ID;
    },
  },
  {
    call: 'LibraryCreateMenu',
    request: () => ({}),
    other: 'ok',
  },
  {
    call: 'LibraryUpdateMenu',
    request: () => ({ body: { ...s.menuRow, IsPublished: true } }),
    other: 'denied',
  },
  {
    call: 'LibraryDeleteMenu',
    request: () => ({ query: { idMenu: s.menuToDelete } }),
    other: 'denied',
  },
  {
    call: 'LibraryLoadReceipe',
    request: () => ({ query: { idReceipe: s.recipe } }),
    other: 'denied',
  },
  {
    call: 'LibraryCreateReceipe',
    request: () => ({}),
    other: 'ok',
    then: async (a) => {
      s.newRecipe = (
        await setup('GET', '/library/receipes', { query: { idReceipe: a.ID } })
      ).Receipe;
      s.recipeToDelete = (await setup('PUT', '/library/receipes')).ID;
    },
  },
  {
    call: 'LibraryUpdateReceipe',
    request: () => ({
      body: { ...s.newRecipe, Name: 'Tartiflette', Plat: 2, Description: 'Au four.' },
    }),
    other: 'denied',
  },
  {
    call: 'LibraryDeleteReceipe',
    request: () => ({ query: { idReceipe: s.recipeToDelete } }),
    other: 'denied',
  },
  {
    call: 'LibraryAddReceipeIngredient',
    // 0: the recipe's ingredients have no common number of people (spec 7.4).
    request: () => ({
      body: { IdReceipe: s.newRecipe.Id, IdIngredient: s.ingredient, InitialFor: 0 },
    }),
    other: 'denied',
  },
  {
    call: 'LibraryUpdateReceipeIngredient',
    request: () => ({
      body: {
        IdReceipe: s.newRecipe.Id,
        IdIngredient: s.ingredient,
        Quantity: { Val: 250, Unite: 2, For_: 4 },
      },
    }),
    other: 'denied',
  },
  {
    call: 'LibraryDeleteReceipeIngredient',
    request: () => ({ query: { idReceipe: s.newRecipe.Id, idIngredient: s.ingredient } }),
    other: 'denied',
  },
  {
    call: 'LibraryAddMenuIngredient',
    request: () => ({ body: { IdMenu: s.favorite, IdIngredient: s.otherIngredient } }),
    other: 'denied',
  },
  {
    call: 'LibraryUpdateMenuIngredient',
    request: () => ({
      body: {
        IdMenu: s.favorite,
        IdIngredient: s.otherIngredient,
        Quantity: { Val: 3, Unite: 0, For_: 1 },
        Plat: 1,
      },
    }),
    other: 'denied',
  },
  {
    call: 'LibraryDeleteMenuIngredient',
    request: () => ({ query: { idMenu: s.favorite, idIngredient: s.otherIngredient } }),
    other: 'denied',
  },
  {
    call: 'LibraryAddMenuReceipe',
    request: () => ({ body: { IdMenu: s.favorite, IdReceipe: s.newRecipe.Id } }),
    other: 'denied',
  },
  {
    call: 'LibraryDeleteMenuReceipe',
    request: () => ({ query: { idMenu: s.favorite, idReceipe: s.newRecipe.Id } }),
    other: 'denied',
  },
  {
    call: 'OrderGetDays',
    request: () => ({ query: { idSejour: s.stay.Sejour.Id } }),
    other: 'denied',
    then: (a) => expect(a).toEqual([0, 1]),
  },
  {
    call: 'OrderCompileIngredients',
    request: () => ({ body: { IdSejour: s.stay.Sejour.Id, DayOffsets: [0, 1] } }),
    other: 'denied',
    then: (a) => {
      s.compiled = a;
      expect(Object.keys(a.Meals)).toHaveLength(12);
    },
  },
  { call: 'OrderGetProfiles', request: () => ({}), other: 'ok' },
  {
    call: 'OrderCreateProfile',
    request: () => ({}),
    other: 'ok',
    then: async (a) => {
      s.profile = a;
      s.profileToDelete = (await setup('PUT', '/order/profiles')).Id;
    },
  },
  {
    call: 'OrderUpdateProfile',
    request: () => ({ body: { ...s.profile, Name: 'Fournisseurs du camp' } }),
    other: 'denied',
  },
  {
    call: 'OrderDeleteProfile',
    request: () => ({ query: { id: s.profileToDelete } }),
    other: 'denied',
  },
  {
    call: 'OrderLoadProfile',
    request: () => ({ query: { idProfile: s.profile.Id } }),
    // Supplier profiles are public.
    other: 'ok',
  },
  {
    call: 'OrderAddSupplier',
    request: () => ({ body: { Id: 0, IdProfile: s.profile.Id, Name: 'Marché' } }),
    other: 'denied',
    then: async (a) => {
      s.supplier = a;
      s.supplierToDelete = (
        await setup('PUT', '/order/profile/suppliers', {
          body: { Id: 0, IdProfile: s.profile.Id, Name: 'Boucherie' },
        })
      ).Id;
    },
  },
  {
    call: 'OrderUpdateSupplier',
    request: () => ({ body: { ...s.supplier, Name: 'Marché couvert' } }),
    other: 'denied',
  },
  {
    call: 'OrderDeleteSupplier',
    request: () => ({ query: { id: s.supplierToDelete } }),
    other: 'denied',
  },
  {
    call: 'OrderUpdateProfileMapIng',
    request: () => ({
      body: { IdProfile: s.profile.Id, Ingredients: [s.ingredient], NewSupplier: s.supplier.Id },
    }),
    other: 'denied',
    then: (a) => {
      const column = (a as unknown as Json[]).find((c) => c.Id === s.supplier.Id);
      expect(column?.Ingredients).toContain(s.ingredient);
    },
  },
  {
    call: 'OrderUpdateProfileMapKind',
    request: () => ({ body: { IdProfile: s.profile.Id, Supplier: s.supplier.Id, Kinds: [1, 5] } }),
    other: 'denied',
  },
  {
    call: 'OrderTidyMapping',
    request: () => ({ body: { Id: s.profile.Id } }),
    other: 'denied',
  },
  {
    call: 'OrderGetDefaultMapping',
    request: () => ({
      body: { Ingredients: [s.ingredient, s.otherIngredient], Profile: s.profile.Id },
    }),
    other: 'ok',
    then: (a) => {
      s.mapping = a;
      expect(a[s.ingredient]).toBe(s.supplier.Id);
    },
  },
  {
    call: 'OrderSetDefaultProfile',
    request: () => ({ body: { IdSejour: s.stay.Sejour.Id, IdProfile: s.profile.Id } }),
    other: 'denied',
  },
  {
    call: 'OrderExportExcel',
    request: () => ({ body: { IdSejour: s.stay.Sejour.Id, Data: s.compiled, Mapping: s.mapping } }),
    other: 'denied',
  },
];

/** The import's first step is not in the table (its notes describe it): placed before step 2. */
const IMPORT_1: ContractCall = {
  name: 'LibraryImportReceipes1',
  method: 'POST',
  path: '/api/library/receipes/import',
  sends: 'multipart',
  answer: 'ImportReceipes1Out',
  emptyBody: false,
};

const table = contractCalls();
const walk: ContractCall[] = table.flatMap((c) =>
  c.name === 'LibraryImportReceipes2' ? [IMPORT_1, c] : [c],
);

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.signUp('alice@popote.test', PASSWORD, 'Alice');
  bob = await server.signUp('bob@popote.test', PASSWORD, 'Bob');
});

afterAll(async () => {
  expect(await server.close()).toEqual([]);
});

describe('the original web client (0.3.1) against Popote', () => {
  it('walks every call of the table in order', () => {
    expect(table).toHaveLength(67);
    expect(STEPS.map((step) => step.call)).toEqual(walk.map((c) => c.name));
  });

  for (const [index, call] of walk.entries()) {
    it(`${index + 1}. ${call.name}: ${call.method} ${call.path} → ${call.answer ?? 'any 2xx'}`, async () => {
      const step = STEPS[index] as Step;
      expect(step.call).toBe(call.name);
      const request = await step.request();
      if (!step.otherAfter) expectOther(call, step, await send(bob, call, request));
      const anonymous = await send(null, call, request);
      if (step.public) expectShape(call, 'anonyme', anonymous);
      else expectRefused(call, 'anonyme', anonymous, [401]);

      const answer = await send(alice, call, request);
      expectShape(call, 'propriétaire', answer);
      if (step.otherAfter) expectOther(call, step, await send(bob, call, request));
      await step.then?.(
        call.answer === null || call.answer === 'Blob' ? {} : answer.json(),
        answer,
      );
    });
  }

  it('answers the reads again in the same shapes now that everything holds data', async () => {
    const reads: [string, Request][] = [
      ['UserGetSettings', {}],
      ['SejoursGet', {}],
      ['MealsLoadDay', { query: { idSejour: s.stay.Sejour.Id, day: 1 } }],
      ['MealsLoadAll', { query: { idSejour: s.stay.Sejour.Id } }],
      ['MealsSearch', { query: { search: 'gratin' } }],
      ['MealsSearch', { query: { search: ':M' } }],
      ['MealsSearch', { query: { search: 'pommes' } }],
      ['MealsPreviewQuantities', { query: { idMeal: s.meals[1]!.Id } }],
      ['LibraryLoadIngredients', {}],
      ['LibraryLoadReceipes', {}],
      ['LibraryLoadMenu', { query: { idMenu: s.favorite } }],
      ['LibraryLoadReceipe', { query: { idReceipe: s.recipe } }],
      ['OrderGetDays', { query: { idSejour: s.stay.Sejour.Id } }],
      ['OrderGetProfiles', {}],
      ['OrderLoadProfile', { query: { idProfile: s.profile.Id } }],
    ];
    for (const [name, request] of reads) {
      const call = table.find((c) => c.name === name) as ContractCall;
      expectShape(call, 'propriétaire', await send(alice, call, request));
    }
    const get = async (name: string, request: Request) =>
      (await send(alice, table.find((c) => c.name === name) as ContractCall, request)).json<Json>();
    // The collections the shapes describe are really there, with their rows.
    const all = await get('MealsLoadAll', { query: { idSejour: s.stay.Sejour.Id } });
    expect(all.Meals[0].Meal).toMatchObject({ Sejour: s.stay.Sejour.Id, Jour: 0, Horaire: 0 });
    expect(all.Meals[0].Groups.length).toBeGreaterThan(0);
    expect(Object.keys(all.Menus).length).toBeGreaterThan(0);
    const search = await get('MealsSearch', { query: { search: 'pommes' } });
    expect(search.Ingredients.length).toBeGreaterThan(0);
    const recipes = await get('MealsSearch', { query: { search: 'gratin' } });
    expect(recipes.Receipes.map((r: Json) => r.Title)).toContain('Gratin dauphinois');
    const quantities = await get('MealsPreviewQuantities', { query: { idMeal: s.meals[1]!.Id } });
    expect(quantities.Quantities.length).toBeGreaterThan(0);
    const stays = await get('SejoursGet', {});
    expect(stays[0].Groups.length).toBeGreaterThan(0);
    expect(stays.find((x: Json) => x.Sejour.Id === s.stay.Sejour.Id).Sejour.IdProfile).toEqual({
      Valid: true,
      IdProfile: s.profile.Id,
    });
    expect(s.compiled.Ingredients.length).toBeGreaterThan(0);
    const profiles = await get('OrderGetProfiles', {});
    const ours = profiles.find((p: Json) => p.Profile.Id === s.profile.Id);
    expect(Object.keys(ours.Suppliers)).toEqual([String(s.supplier.Id)]);
  });

  it('keeps the password unchanged when the settings come back with an empty one', async () => {
    const login = await send(
      alice,
      { method: 'POST', path: '/api/loggin' },
      {
        body: { Mail: 'alice@popote.test', Password: PASSWORD },
      },
    );
    expect(login.json<Json>()).toMatchObject({ Error: '', Pseudo: 'Alice B.' });
  });

  it('serves the recipe export link built with the session token, as the old client opens it', async () => {
    const answer = await server.inject({
      method: 'GET',
      url: `/api/library/receipes/export?token=${alice.token}`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/u);
    expect(answer.body).toContain('Gratin dauphinois');
  });

  it('refuses a non-empty body that is not JSON with a French 415, and bad JSON with a 400', async () => {
    const headers = { authorization: `Bearer ${alice.token}` };
    const form = await server.inject({
      method: 'PUT',
      url: '/api/sejours',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'Name=Camp',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json<Json>().message).toMatch(/^Type de contenu non pris en charge/u);
    const broken = await server.inject({
      method: 'POST',
      url: '/api/sejours',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"Id": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<Json>().message).toMatch(/^Requête invalide/u);
    const empty = await server.inject({
      method: 'POST',
      url: '/api/sejours',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Json>().message).toMatch(/^Requête invalide/u);
  });
});
