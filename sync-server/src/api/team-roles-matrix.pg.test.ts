/**
 * Every route of /api (the OpenAPI document's list: a new route without its case fails), called
 * by each of six actors of a stay run by a team (issue 32) and anonymously, on SQLite and
 * PostgreSQL: its owner, an 'Organisation', a 'Cuisine' and a 'Lecture' member, a former member
 * and a stranger. Every member reads the stay's views and files; a change follows the role; the
 * former member and the stranger read that the row does not exist; every refusal is a French
 * message and the store writes no row at all.
 *
 * The routes act on the shared stay's ids (its meals' menus included) or, for a user's library,
 * on the caller's own rows (another user's are access.pg.test.ts's). The refused callers share
 * one seeded stay; each call that wrote something is followed by a fresh one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { apiClient, multipartFile, type Method } from '../../test/api-client.js';
import { recipePage, startRecipeSite, type RecipeSite } from '../../test/recipe-site.js';
import {
  ACTORS,
  ACTOR_NAMES,
  seedLibrary,
  seedShared,
  seedStay,
  signUpTeam,
  writtenBy,
  type ActorName,
  type Library,
  type SeededStay,
  type Shared,
  type Team,
} from '../../test/team-stay.js';

type Caller = ActorName | 'anon';
const CALLERS: readonly Caller[] = ['anon', ...ACTORS];

interface World {
  actor: Caller;
  team: Team;
  shared: Shared;
  stay: SeededStay;
  /** The caller's own library (cases `on: 'library'`). */
  lib: Library;
  /** The caller's session token (the recipes' download link accepts it). */
  token: string;
}

/**
 * Who gets what: 'view' every member reads (the stay's views and files); 'plan' and 'manage'
 * change it by the role's rights; 'anyone' is every signed-in user (their own rows, public
 * lists); or each caller's status.
 */
type Who = 'view' | 'plan' | 'manage' | 'anyone' | Record<Caller, number>;

interface RouteCase {
  method: Method;
  path: string;
  on: 'stay' | 'library' | 'none';
  who: Who;
  query?(w: World): Record<string, string | number>;
  body?(w: World): unknown;
  /** An accepted call writes rows (checked); a read never writes any. */
  writes?: boolean;
  /** Answers a file, not JSON. */
  file?: boolean;
  /** The CSV upload of the import (multipart). */
  multipart?: boolean;
  /** Sends the caller's own data file ('Importer des données'), as just downloaded. */
  zip?: boolean;
}

const UNAUTHENTICATED = 401;
const BY_ROLE: Record<'view' | 'plan' | 'manage' | 'anyone', Record<Caller, number>> = {
  view: { anon: UNAUTHENTICATED, O: 200, P: 200, K: 200, R: 200, F: 404, S: 404 },
  plan: { anon: UNAUTHENTICATED, O: 200, P: 200, K: 403, R: 403, F: 404, S: 404 },
  manage: { anon: UNAUTHENTICATED, O: 200, P: 403, K: 403, R: 403, F: 404, S: 404 },
  anyone: { anon: UNAUTHENTICATED, O: 200, P: 200, K: 200, R: 200, F: 200, S: 200 },
};
const statusOf = (c: RouteCase, caller: Caller): number =>
  (typeof c.who === 'string' ? BY_ROLE[c.who] : c.who)[caller];

const quantity = { Val: 2, Unite: 1, For_: 4 };
let names = 0;
const unique = (name: string) => `${name} ${++names}`;

const CASES: RouteCase[] = [
  // ---- Stays and groups (7.2) ----
  { method: 'GET', path: '/sejours', on: 'stay', who: 'anyone' },
  { method: 'PUT', path: '/sejours', on: 'none', who: 'anyone', writes: true },
  {
    method: 'POST',
    path: '/sejours',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ Id: w.stay.id, Name: 'Colo renommée' }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/sejours',
    on: 'stay',
    who: 'manage',
    query: (w) => ({ id: w.stay.id }),
    writes: true,
  },
  {
    method: 'GET',
    path: '/sejours/duplicate',
    on: 'stay',
    who: 'plan',
    query: (w) => ({ idSejour: w.stay.id }),
    writes: true,
  },
  {
    method: 'PUT',
    path: '/sejours/groups',
    on: 'stay',
    who: 'plan',
    query: (w) => ({ idSejour: w.stay.id }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/sejours/groups',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ Id: w.stay.groups[0], Name: 'Grands', Color: '#123456', Size: 8 }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/sejours/groups',
    on: 'stay',
    who: 'plan',
    query: (w) => ({ idGroup: w.stay.groups[1] }),
    writes: true,
  },

  // ---- Meals (7.3) ----
  {
    method: 'GET',
    path: '/meals',
    on: 'stay',
    who: 'view',
    query: (w) => ({ idSejour: w.stay.id, day: 0 }),
  },
  {
    method: 'GET',
    path: '/meals-all',
    on: 'stay',
    who: 'view',
    query: (w) => ({ idSejour: w.stay.id }),
  },
  {
    method: 'PUT',
    path: '/meals/wizzard',
    on: 'stay',
    who: 'plan',
    body: (w) => ({
      IdSejour: w.stay.id,
      DaysNumber: 2,
      Excursions: {},
      WithGouter: false,
      GroupsForCinquieme: [],
      DeleteExisting: false,
    }),
    writes: true,
  },
  {
    method: 'GET',
    path: '/meals/search',
    on: 'stay',
    who: 'anyone',
    query: () => ({ search: 'farine' }),
  },
  {
    method: 'GET',
    path: '/meals/quantities',
    on: 'stay',
    who: 'view',
    query: (w) => ({ idMeal: w.stay.meals[0] }),
  },
  {
    method: 'PUT',
    path: '/meals/details',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ IdSejour: w.stay.id, Day: 1, Horaire: 2 }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/meals/details',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ Id: w.stay.meals[0], AdditionalPeople: 3 }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/meals/details',
    on: 'stay',
    who: 'plan',
    query: (w) => ({ idMeal: w.stay.meals[1] }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/meals/groups',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ Group: w.stay.groups[0], From: w.stay.meals[0], To: w.stay.meals[1] }),
    writes: true,
  },
  {
    method: 'PUT',
    path: '/meals/ingredients',
    on: 'stay',
    who: 'plan',
    body: (w) => ({
      IdSejour: w.stay.id,
      IdIngredient: w.shared.ingredient.id,
      IdMenu: w.stay.menus[1],
    }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/meals/ingredients',
    on: 'stay',
    who: 'plan',
    body: (w) => ({
      IdMenu: w.stay.menus[0],
      IdIngredient: w.shared.ingredient.id,
      Quantity: quantity,
      Plat: 2,
    }),
    writes: true,
  },
  {
    method: 'PUT',
    path: '/meals/receipes',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ IdReceipe: w.shared.recipe, IdMenu: w.stay.menus[1] }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/meals/remove',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ IdMenu: w.stay.menus[0], ID: w.shared.recipe, IsReceipe: true }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/meals/menus',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ IdMeal: w.stay.meals[1], IdMenu: w.shared.menu }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/meals/swap',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ IdMeal1: w.stay.meals[0], IdMeal2: w.stay.meals[1] }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/meals/cookbook',
    on: 'stay',
    who: 'view',
    body: (w) => ({ IdSejour: w.stay.id, Days: [0] }),
    file: true,
  },

  // ---- Library (7.4): a meal's menu is the stay's; the rest the caller's own ----
  { method: 'GET', path: '/library/all-ingredients', on: 'none', who: 'anyone' },
  {
    method: 'PUT',
    path: '/library/all-ingredients',
    on: 'none',
    who: 'anyone',
    body: () => ({ Name: unique('Poivre'), Kind: 1 }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/library/all-ingredients',
    on: 'library',
    who: 'anyone',
    body: (w) => ({ Id: w.lib.ingredient, Name: unique('Sel fin'), Kind: 4 }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/library/all-ingredients',
    on: 'library',
    who: 'anyone',
    query: (w) => ({ idIngredient: w.lib.spareIngredient }),
    writes: true,
  },
  { method: 'GET', path: '/library/all-receipes', on: 'none', who: 'anyone' },
  { method: 'GET', path: '/library/menus', on: 'none', who: 'anyone' },
  {
    method: 'GET',
    path: '/library/menus',
    on: 'stay',
    who: 'view',
    query: (w) => ({ idMenu: w.stay.menus[0] }),
  },
  { method: 'PUT', path: '/library/menus', on: 'none', who: 'anyone', writes: true },
  {
    // 'Enregistrer comme favori' on a meal's menu: it goes to the owner's library, theirs to do.
    method: 'POST',
    path: '/library/menus',
    on: 'stay',
    who: 'manage',
    body: (w) => ({ Id: w.stay.menus[0], IsFavorite: true }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/library/menus',
    on: 'library',
    who: 'anyone',
    query: (w) => ({ idMenu: w.lib.menu }),
    writes: true,
  },
  {
    // The recipe in the stay's menu, published: anyone reads it.
    method: 'GET',
    path: '/library/receipes',
    on: 'none',
    who: 'anyone',
    query: (w) => ({ idReceipe: w.shared.recipe }),
  },
  { method: 'PUT', path: '/library/receipes', on: 'none', who: 'anyone', writes: true },
  {
    method: 'POST',
    path: '/library/receipes',
    on: 'library',
    who: 'anyone',
    body: (w) => ({ Id: w.lib.recipe, Name: unique('Pain'), Plat: 2, Description: 'Pétrir.' }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/library/receipes',
    on: 'library',
    who: 'anyone',
    query: (w) => ({ idReceipe: w.lib.recipe }),
    writes: true,
  },
  { method: 'POST', path: '/library/receipes/import', on: 'none', who: 'anyone', multipart: true },
  {
    method: 'PUT',
    path: '/library/receipes/import',
    on: 'none',
    who: 'anyone',
    body: () => ({
      Map: { [unique('Beurre')]: { Id: 0, Name: unique('Beurre'), Kind: 1 } },
      Receipes: [],
    }),
  },
  { method: 'GET', path: '/library/receipes/export-token', on: 'none', who: 'anyone' },
  {
    // The download link: the caller's session token in the query, no bearer.
    method: 'GET',
    path: '/library/receipes/export',
    on: 'none',
    who: 'anyone',
    query: (w) => ({ token: w.token }),
    file: true,
  },
  {
    method: 'PUT',
    path: '/library/receipes/ingredients',
    on: 'library',
    who: 'anyone',
    body: (w) => ({ IdReceipe: w.lib.recipe, IdIngredient: w.shared.ingredient.id, InitialFor: 4 }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/library/receipes/ingredients',
    on: 'library',
    who: 'anyone',
    body: (w) => ({ IdReceipe: w.lib.recipe, IdIngredient: w.lib.ingredient, Quantity: quantity }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/library/receipes/ingredients',
    on: 'library',
    who: 'anyone',
    query: (w) => ({ idReceipe: w.lib.recipe, idIngredient: w.lib.ingredient }),
    writes: true,
  },
  {
    method: 'PUT',
    path: '/library/menus/ingredients',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ IdMenu: w.stay.menus[1], IdIngredient: w.shared.ingredient.id }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/library/menus/ingredients',
    on: 'stay',
    who: 'plan',
    body: (w) => ({
      IdMenu: w.stay.menus[0],
      IdIngredient: w.shared.ingredient.id,
      Quantity: quantity,
      Plat: 1,
    }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/library/menus/ingredients',
    on: 'stay',
    who: 'plan',
    query: (w) => ({ idMenu: w.stay.menus[0], idIngredient: w.shared.ingredient.id }),
    writes: true,
  },
  {
    method: 'PUT',
    path: '/library/menus/receipes',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ IdMenu: w.stay.menus[1], IdReceipe: w.shared.recipe }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/library/menus/receipes',
    on: 'stay',
    who: 'plan',
    query: (w) => ({ idMenu: w.stay.menus[0], idReceipe: w.shared.recipe }),
    writes: true,
  },

  // ---- Orders (7.5) ----
  {
    method: 'GET',
    path: '/order/days',
    on: 'stay',
    who: 'view',
    query: (w) => ({ idSejour: w.stay.id }),
  },
  {
    method: 'POST',
    path: '/order/ingredients',
    on: 'stay',
    who: 'view',
    body: (w) => ({ IdSejour: w.stay.id, DayOffsets: [0] }),
  },
  { method: 'GET', path: '/order/profiles', on: 'none', who: 'anyone' },
  { method: 'PUT', path: '/order/profiles', on: 'none', who: 'anyone', writes: true },
  {
    method: 'POST',
    path: '/order/profiles',
    on: 'library',
    who: 'anyone',
    body: (w) => ({ Id: w.lib.profile, Name: 'Grossiste' }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/order/profiles',
    on: 'library',
    who: 'anyone',
    query: (w) => ({ id: w.lib.profile }),
    writes: true,
  },
  {
    // The profile the stay may use: profiles are public.
    method: 'GET',
    path: '/order/profile/suppliers',
    on: 'none',
    who: 'anyone',
    query: (w) => ({ idProfile: w.shared.profile }),
  },
  {
    method: 'PUT',
    path: '/order/profile/suppliers',
    on: 'library',
    who: 'anyone',
    body: (w) => ({ IdProfile: w.lib.profile, Name: 'Halles' }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/order/profile/suppliers',
    on: 'library',
    who: 'anyone',
    body: (w) => ({ Id: w.lib.supplier, Name: 'Primeur' }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/order/profile/suppliers',
    on: 'library',
    who: 'anyone',
    query: (w) => ({ id: w.lib.supplier }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/order/profile/map-ing',
    on: 'library',
    who: 'anyone',
    body: (w) => ({
      IdProfile: w.lib.profile,
      Ingredients: [w.lib.ingredient],
      NewSupplier: w.lib.supplier,
    }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/order/profile/map-kind',
    on: 'library',
    who: 'anyone',
    body: (w) => ({ IdProfile: w.lib.profile, Kinds: [1], Supplier: w.lib.supplier }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/order/profile/tidy',
    on: 'library',
    who: 'anyone',
    body: (w) => ({ Id: w.lib.profile }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/order/profile/default-map',
    on: 'none',
    who: 'anyone',
    body: (w) => ({ Profile: w.shared.profile, Ingredients: [w.shared.ingredient.id] }),
  },
  {
    method: 'POST',
    path: '/order/profile/default',
    on: 'stay',
    who: 'plan',
    body: (w) => ({ IdProfile: w.shared.profile, IdSejour: w.stay.id }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/order/export',
    on: 'stay',
    who: 'view',
    body: (w) => ({ IdSejour: w.stay.id, Data: { DayOffsets: [0] }, Mapping: null }),
    file: true,
  },

  // ---- The old phone app's shared list: its session id is the credential ----
  {
    method: 'PUT',
    path: '/shop-session',
    on: 'none',
    who: 'anyone',
    body: (w) => [
      {
        Ingredient: { Id: w.shared.ingredient.id, Name: w.shared.ingredient.name, Kind: 1 },
        Quantites: null,
      },
    ],
    writes: true,
  },
  {
    method: 'GET',
    path: '/shop-session',
    on: 'stay',
    who: { anon: 200, O: 200, P: 200, K: 200, R: 200, F: 200, S: 200 },
    query: (w) => ({ sessionID: w.stay.shareToken }),
  },
  {
    method: 'POST',
    path: '/shop-session',
    on: 'stay',
    who: { anon: 200, O: 200, P: 200, K: 200, R: 200, F: 200, S: 200 },
    query: (w) => ({ sessionID: w.stay.shareToken }),
    body: (w) => ({ Id: w.shared.ingredient.id, Checked: false }),
    writes: true,
  },

  // ---- The team (issue 32) ----
  {
    method: 'GET',
    path: '/team',
    on: 'stay',
    who: 'view',
    query: (w) => ({ stayId: w.stay.id }),
  },
  {
    // The page of a link: whoever holds it, without an account.
    method: 'GET',
    path: '/team/invitation',
    on: 'stay',
    who: { anon: 200, O: 200, P: 200, K: 200, R: 200, F: 200, S: 200 },
    query: (w) => ({ token: w.stay.invitationToken }),
  },
  {
    method: 'POST',
    path: '/team/invitations',
    on: 'stay',
    who: 'manage',
    body: (w) => ({ stayId: w.stay.id, role: 'keep', mail: null }),
    writes: true,
  },
  {
    // Members do not read the invitations (their tokens open the stay): missing to them.
    method: 'DELETE',
    path: '/team/invitations',
    on: 'stay',
    who: { anon: UNAUTHENTICATED, O: 200, P: 404, K: 404, R: 404, F: 404, S: 404 },
    query: (w) => ({ id: w.stay.invitation }),
    writes: true,
  },
  { method: 'GET', path: '/team/invitations/mine', on: 'none', who: 'anyone' },
  {
    // The link is the credential: the former member and the stranger join ('Lecture'); the
    // owner cannot join their own stay (400), a member joins it once (409).
    method: 'POST',
    path: '/team/join',
    on: 'stay',
    who: { anon: UNAUTHENTICATED, O: 400, P: 409, K: 409, R: 409, F: 200, S: 200 },
    body: (w) => ({ token: w.stay.invitationToken }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/team/leave',
    on: 'stay',
    who: { anon: UNAUTHENTICATED, O: 404, P: 200, K: 200, R: 200, F: 404, S: 404 },
    body: (w) => ({ stayId: w.stay.id }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/team/members',
    on: 'stay',
    who: 'manage',
    body: (w) => ({ id: w.stay.members.K, role: 'plan' }),
    writes: true,
  },
  {
    method: 'DELETE',
    path: '/team/members',
    on: 'stay',
    who: 'manage',
    query: (w) => ({ id: w.stay.members.R }),
    writes: true,
  },
  {
    method: 'POST',
    path: '/team/transfer',
    on: 'stay',
    who: 'manage',
    body: (w) => ({ memberId: w.stay.members.P }),
    writes: true,
  },

  // ---- A user's data (issue 33): the caller's own, whatever their roles elsewhere ----
  { method: 'GET', path: '/user-data/export', on: 'none', who: 'anyone', file: true },
  // Their own file, just downloaded: every row is found already there, nothing is written.
  { method: 'POST', path: '/user-data/import/preview', on: 'none', who: 'anyone', zip: true },
  { method: 'POST', path: '/user-data/import', on: 'none', who: 'anyone', zip: true },

  // ---- 'Importer depuis un lien' (issue 34): a page read for the caller, nothing written ----
  {
    method: 'POST',
    path: '/library/recipe-reading/link',
    on: 'none',
    who: 'anyone',
    body: () => ({ Url: `${recipeSite.base}/mousse` }),
  },
];

/** The French refusal a caller reads, by status. */
const REFUSALS: Record<number, RegExp> = {
  400: /^Le responsable du séjour en fait déjà partie\.$/u,
  401: /^Votre session a expiré\. Merci de vous reconnecter\.$|^Ce lien de téléchargement a expiré/u,
  403: /^(Votre rôle dans ce séjour ne permet|Seul le responsable du séjour peut|Seul son propriétaire peut modifier)/u,
  404: /^(Ce|Cet|Cette) .+ n'existe pas ou n'est plus disponible\.$|^Ce séjour n'existe pas ou vous n'en faites pas partie\.$/u,
  409: /^Cette personne fait déjà partie du séjour\.$/u,
};

/** What a role's refusal says (issue 32), for the routes that change the stay's plan. */
const ROLE_REFUSALS: Partial<Record<Caller, RegExp>> = {
  K: /^Votre rôle dans ce séjour ne permet pas de modifier son organisation\./u,
  R: /^Votre rôle dans ce séjour ne permet que de le consulter\./u,
};

const NO_LIBRARY: Library = {
  ingredient: 1,
  spareIngredient: 2,
  recipe: 3,
  menu: 4,
  profile: 5,
  supplier: 6,
};

let server: TestServer;
let recipeSite: RecipeSite;
let team: Team;
let shared: Shared;
let doc: { paths: Record<string, Record<string, unknown>> };
let calls = 0;

beforeAll(async () => {
  recipeSite = await startRecipeSite({
    '/mousse': { type: 'text/html', body: recipePage('two-blocks-one-broken') },
  });
  // The recipe site on 127.0.0.1, as an operator's RECIPE_IMPORT_ALLOW_HOSTS allows it.
  server = await startTestServer({ recipeImportAllowHosts: ['127.0.0.1'] });
  team = await signUpTeam(server);
  shared = await seedShared(server, team);
  doc = (await server.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});

afterAll(async () => {
  expect(await server.close()).toEqual([]);
  await recipeSite.close();
});

const label = (c: RouteCase) => `${c.method} ${c.path}${c.query ? ` ?${'…'}` : ''}`;

async function send(c: RouteCase, caller: Caller, w: World): Promise<LightMyRequestResponse> {
  const session = caller === 'anon' ? null : { token: team[caller].token, id: team[caller].userId };
  const query = c.query?.(w);
  const url = query
    ? `${c.path}?${Object.entries(query)
        .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
        .join('&')}`
    : c.path;
  if (c.multipart) {
    const { payload, headers } = multipartFile('recettes.csv', 'Pain,autre,4\nFarine,1,kg\n');
    return server.inject({
      method: c.method,
      url: `/api${url}`,
      payload,
      headers: { ...headers, ...(session ? { authorization: `Bearer ${session.token}` } : {}) },
    });
  }
  if (c.zip) {
    const file = session
      ? (await apiClient(server, session).call('GET', '/user-data/export')).rawPayload
      : Buffer.from('PK');
    return server.inject({
      method: c.method,
      url: `/api${url}`,
      payload: file,
      headers: {
        'content-type': 'application/zip',
        ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      },
    });
  }
  // The download link and the shared list's routes take their credential in the query.
  const bearer = c.path === '/library/receipes/export' ? null : session;
  return apiClient(server, bearer).call(c.method, url, c.body?.(w));
}

describe('every /api route as the owner, each role, a former member, a stranger and anonymously', () => {
  it('has a case for every documented route', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const listed = CASES.map((c) => `${c.method} /api${c.path}`);
    expect([...new Set(listed)].sort()).toEqual([...new Set(documented)].sort());
  });

  it.for(CASES.map((c) => [label(c), c] as const))('%s', async ([, c]) => {
    // Refused callers first, on one stay: a refusal writes nothing, so they may share it.
    const order = [
      ...CALLERS.filter((a) => statusOf(c, a) !== 200),
      ...CALLERS.filter((a) => statusOf(c, a) === 200),
    ];
    let stay: SeededStay | null = null;
    for (const caller of order) {
      if (c.on === 'stay' && stay === null) stay = await seedStay(server, team, shared);
      // Anonymous calls are refused before their ids are read: any ids will do.
      const lib =
        c.on !== 'library'
          ? null
          : caller === 'anon'
            ? NO_LIBRARY
            : await seedLibrary(server, team[caller]);
      const w: World = {
        actor: caller,
        team,
        shared,
        get stay() {
          return stay!;
        },
        get lib() {
          return lib!;
        },
        token: caller === 'anon' ? '' : team[caller].token,
      };
      let answer: LightMyRequestResponse | undefined;
      calls++;
      const rows = await writtenBy(server, async () => {
        answer = await send(c, caller, w);
      });
      const who = `${c.method} ${c.path} as ${caller === 'anon' ? 'anonymous' : ACTOR_NAMES[caller]}`;
      const expected = statusOf(c, caller);
      expect.soft(answer!.statusCode, `${who}: ${answer!.body.slice(0, 300)}`).toBe(expected);
      if (expected === 200) {
        if (c.file) expect.soft(answer!.headers['content-type'], who).not.toMatch(/json/u);
        if (c.writes) expect.soft(rows.length, `${who} writes`).toBeGreaterThan(0);
        else expect.soft(rows, `${who} writes nothing`).toEqual([]);
      } else {
        const message = answer!.json<{ message?: string }>().message ?? '';
        expect.soft(message, `${who}: the French refusal`).toMatch(REFUSALS[expected]!);
        if (expected === 403 && c.who === 'plan') {
          expect.soft(message, `${who}: the role's refusal`).toMatch(ROLE_REFUSALS[caller]!);
        }
        expect.soft(rows, `${who} writes nothing`).toEqual([]);
      }
      if (rows.length > 0) stay = null;
    }
  });

  it("refuses a 'Lecture' member's change of a meal in French, changing nothing", async () => {
    const stay = await seedStay(server, team, shared);
    const reader = apiClient(server, { token: team.R.token, id: team.R.userId });
    let answer: LightMyRequestResponse | undefined;
    const rows = await writtenBy(server, async () => {
      answer = await reader.post('/meals/details', { Id: stay.meals[0], AdditionalPeople: 7 });
    });
    expect(answer!.statusCode).toBe(403);
    expect(answer!.json()).toEqual({
      message: 'Votre rôle dans ce séjour ne permet que de le consulter.',
    });
    expect(rows).toEqual([]);
  });

  it('called every route as each of the six actors and anonymously', () => {
    expect(calls).toBe(CASES.length * CALLERS.length);
  });
});
