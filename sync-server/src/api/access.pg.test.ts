/**
 * Every route of spec 7.2 to 7.5, called without a token, as another user, with bad input
 * derived from its own schema (missing fields, wrong types, huge strings), then as the owner.
 * The route list is checked against the OpenAPI document, so a new route cannot skip this.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import type { GroupOut, IngredientOut, Out, StayExtOut } from './schemas.js';
import {
  apiClient,
  putMeal,
  multipartFile,
  type ApiClient,
  type Method,
  type Session,
} from '../../test/api-client.js';
import { recipePage, startRecipeSite, type RecipeSite } from '../../test/recipe-site.js';

interface Case {
  method: Method;
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Bob's body when it must differ (a name Alice's call takes). */
  otherBody?: unknown;
  /** Bob's status: 404 for what he may not read, 403 for what he may read but not change. */
  other: number;
  /** The upload of the CSV import (multipart, not JSON). */
  multipart?: boolean;
  /** Answers a file, not JSON. */
  file?: string;
}

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  patternProperties?: Record<string, JsonSchema>;
  maxLength?: number;
}

interface Operation {
  security: unknown[];
  parameters: { name: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

let server: TestServer;
let recipeSite: RecipeSite;
let alice: ApiClient;
let bob: ApiClient;
let anonymous: ApiClient;
let aliceSession: Session;
let bobSession: Session;
let doc: { paths: Record<string, Record<string, Operation>> };
let cases: Case[];

const url = (c: Case, query = c.query) =>
  query
    ? `${c.path}?${Object.entries(query)
        .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
        .join('&')}`
    : c.path;

async function send(client: ApiClient, session: Session | null, c: Case, body = c.body) {
  if (c.multipart) {
    const { payload, headers } = multipartFile(
      'recettes.csv',
      'Pain test,autre,4\nFarine test,1,kg\n',
    );
    return server.inject({
      method: 'POST',
      url: `/api${c.path}`,
      payload,
      headers: { ...headers, ...(session ? { authorization: `Bearer ${session.token}` } : {}) },
    });
  }
  return client.call(c.method, url(c), body);
}

/** Builds Alice's rows that the cases point at. */
async function fixture(): Promise<Case[]> {
  const ok = alice.ok.bind(alice);
  const stay = (await ok<Out<typeof StayExtOut>>('PUT', '/sejours')).Sejour.Id;
  const group = (await ok<Out<typeof GroupOut>>('PUT', `/sejours/groups?idSejour=${stay}`)).Id;
  const group2 = (await ok<Out<typeof GroupOut>>('PUT', `/sejours/groups?idSejour=${stay}`)).Id;
  const meal = async (Horaire: number) =>
    (await putMeal(alice, { IdSejour: stay, Day: 0, Horaire })).Meals[0]!;
  const m1 = await meal(1);
  const m2 = await meal(3);
  const m3 = await meal(0);
  const ingredient = async (Name: string) =>
    (await ok<Out<typeof IngredientOut>>('PUT', '/library/all-ingredients', { Name })).Id;
  const ing = await ingredient('Accès test');
  const ing2 = await ingredient('Accès test 2');
  const recipe = async () => (await ok<{ ID: number }>('PUT', '/library/receipes')).ID;
  const r = await recipe();
  const r2 = await recipe();
  const favourite = async () => (await ok<{ ID: number }>('PUT', '/library/menus')).ID;
  const f = await favourite();
  const f2 = await favourite();
  const profile = async () => (await ok<{ Id: number }>('PUT', '/order/profiles')).Id;
  const p = await profile();
  const p2 = await profile();
  const supplier = async () => {
    return (await ok<{ Id: number }>('PUT', '/order/profile/suppliers', { IdProfile: p })).Id;
  };
  const s = await supplier();
  const s2 = await supplier();
  await ok('PUT', '/meals/ingredients', { IdSejour: stay, IdIngredient: ing, IdMenu: m1.Menu });
  await ok('PUT', '/library/menus/ingredients', { IdMenu: f, IdIngredient: ing });
  await ok('PUT', '/library/receipes/ingredients', { IdReceipe: r, IdIngredient: ing });
  const quantity = { Val: 2, Unite: 1, For_: 4 };
  // A stay's team (issue 32): Carol joins Alice's stay; Bob's stay has a link Alice will use.
  const tokenOf = (link: string) => new URL(link).searchParams.get('invitation')!;
  const linkTo = async (client: ApiClient, stayId: number) =>
    client.ok<{ id: number; link: string }>('POST', '/team/invitations', {
      stayId,
      role: 'plan',
      mail: null,
    });
  const carol = apiClient(
    server,
    await server.signUp('carol@popote.test', 'motdepasse-solide', 'Carol'),
  );
  const aliceLink = await linkTo(alice, stay);
  await carol.ok('POST', '/team/join', { token: tokenOf(aliceLink.link) });
  const member = (await ok<{ members: { id: number }[] }>('GET', `/team?stayId=${stay}`))
    .members[0]!.id;
  // A second stay of Alice's with Carol in its team, for the transfer (it leaves Alice's hands).
  const spare = (await ok<Out<typeof StayExtOut>>('PUT', '/sejours')).Sejour.Id;
  await carol.ok('POST', '/team/join', { token: tokenOf((await linkTo(alice, spare)).link) });
  const spareMember = (await ok<{ members: { id: number }[] }>('GET', `/team?stayId=${spare}`))
    .members[0]!.id;
  const bobsStay = (await bob.ok<Out<typeof StayExtOut>>('PUT', '/sejours')).Sejour.Id;
  const bobsLink = tokenOf((await linkTo(bob, bobsStay)).link);

  // Reads and edits first, then what moves menus around, deletions last.
  return [
    { method: 'GET', path: '/sejours', other: 200 },
    { method: 'PUT', path: '/sejours', other: 200 },
    {
      method: 'POST',
      path: '/sejours',
      body: { Id: stay, Name: 'Camp', Start: '2025-07-01' },
      other: 404,
    },
    { method: 'GET', path: '/sejours/duplicate', query: { idSejour: stay }, other: 404 },
    { method: 'PUT', path: '/sejours/groups', query: { idSejour: stay }, other: 404 },
    {
      method: 'POST',
      path: '/sejours/groups',
      body: { Id: group, Name: 'Grands', Color: '#123456', Size: 8 },
      other: 404,
    },
    { method: 'GET', path: '/meals', query: { idSejour: stay, day: 0 }, other: 404 },
    { method: 'GET', path: '/meals-all', query: { idSejour: stay }, other: 404 },
    {
      method: 'PUT',
      path: '/meals/wizzard',
      body: {
        IdSejour: stay,
        DaysNumber: 1,
        Excursions: {},
        WithGouter: false,
        GroupsForCinquieme: [],
        DeleteExisting: false,
      },
      other: 404,
    },
    { method: 'GET', path: '/meals/search', query: { search: 'acces' }, other: 200 },
    { method: 'GET', path: '/meals/quantities', query: { idMeal: m1.Id }, other: 404 },
    {
      method: 'PUT',
      path: '/meals/details',
      body: { IdSejour: stay, Day: 1, Horaire: 2 },
      other: 404,
    },
    {
      method: 'POST',
      path: '/meals/details',
      body: { Id: m1.Id, Jour: 0, Horaire: 1, AdditionalPeople: 2 },
      other: 404,
    },
    {
      method: 'POST',
      path: '/meals/groups',
      body: { Group: group, From: m1.Id, To: m2.Id },
      other: 404,
    },
    {
      method: 'PUT',
      path: '/meals/ingredients',
      body: { IdSejour: stay, IdIngredient: ing, IdMenu: m2.Menu },
      other: 404,
    },
    {
      method: 'POST',
      path: '/meals/ingredients',
      body: { IdMenu: m1.Menu, IdIngredient: ing, Quantity: quantity, Plat: 2 },
      other: 404,
    },
    { method: 'PUT', path: '/meals/receipes', body: { IdReceipe: r, IdMenu: m2.Menu }, other: 404 },
    {
      method: 'POST',
      path: '/meals/remove',
      body: { IdMenu: m2.Menu, ID: r, IsReceipe: true },
      other: 404,
    },
    { method: 'GET', path: '/library/all-ingredients', other: 200 },
    {
      method: 'PUT',
      path: '/library/all-ingredients',
      body: { Name: 'Accès test 3', Kind: 1 },
      otherBody: { Name: 'Accès test de Bob', Kind: 1 },
      other: 200,
    },
    {
      method: 'POST',
      path: '/library/all-ingredients',
      body: { Id: ing, Name: 'Accès test', Kind: 4 },
      other: 403,
    },
    { method: 'GET', path: '/library/all-receipes', other: 200 },
    { method: 'GET', path: '/library/menus', other: 200 },
    { method: 'GET', path: '/library/menus', query: { idMenu: f }, other: 404 },
    { method: 'PUT', path: '/library/menus', other: 200 },
    { method: 'POST', path: '/library/menus', body: { Id: f, IsPublished: false }, other: 404 },
    { method: 'GET', path: '/library/receipes', query: { idReceipe: r }, other: 404 },
    { method: 'PUT', path: '/library/receipes', other: 200 },
    {
      method: 'POST',
      path: '/library/receipes',
      body: { Id: r, Name: 'Accès recette', Plat: 2, Description: 'Mélanger.', IsPublished: false },
      other: 404,
    },
    { method: 'POST', path: '/library/receipes/import', multipart: true, other: 200 },
    {
      method: 'PUT',
      path: '/library/receipes/import',
      body: { Map: {}, Receipes: [] },
      other: 200,
    },
    { method: 'GET', path: '/library/receipes/export-token', other: 200 },
    {
      method: 'PUT',
      path: '/library/receipes/ingredients',
      body: { IdReceipe: r2, IdIngredient: ing, InitialFor: 4 },
      other: 404,
    },
    {
      method: 'POST',
      path: '/library/receipes/ingredients',
      body: { IdReceipe: r, IdIngredient: ing, Quantity: quantity },
      other: 404,
    },
    {
      method: 'PUT',
      path: '/library/menus/ingredients',
      body: { IdMenu: f2, IdIngredient: ing },
      other: 404,
    },
    {
      method: 'POST',
      path: '/library/menus/ingredients',
      body: { IdMenu: f, IdIngredient: ing, Quantity: quantity, Plat: 1 },
      other: 404,
    },
    {
      method: 'PUT',
      path: '/library/menus/receipes',
      body: { IdMenu: f2, IdReceipe: r },
      other: 404,
    },
    { method: 'GET', path: '/order/days', query: { idSejour: stay }, other: 404 },
    {
      method: 'POST',
      path: '/order/ingredients',
      body: { IdSejour: stay, DayOffsets: [0, 1] },
      other: 404,
    },
    { method: 'GET', path: '/order/profiles', other: 200 },
    { method: 'PUT', path: '/order/profiles', other: 200 },
    { method: 'POST', path: '/order/profiles', body: { Id: p, Name: 'Grossiste' }, other: 403 },
    { method: 'GET', path: '/order/profile/suppliers', query: { idProfile: p }, other: 200 },
    {
      method: 'PUT',
      path: '/order/profile/suppliers',
      body: { IdProfile: p, Name: 'Halles' },
      other: 403,
    },
    {
      method: 'POST',
      path: '/order/profile/suppliers',
      body: { Id: s, Name: 'Primeur' },
      other: 403,
    },
    {
      method: 'POST',
      path: '/order/profile/map-ing',
      body: { IdProfile: p, Ingredients: [ing], NewSupplier: s },
      other: 403,
    },
    {
      method: 'POST',
      path: '/order/profile/map-kind',
      body: { IdProfile: p, Kinds: [1, 2], Supplier: s },
      other: 403,
    },
    { method: 'POST', path: '/order/profile/tidy', body: { Id: p }, other: 403 },
    {
      method: 'POST',
      path: '/order/profile/default-map',
      body: { Profile: p, Ingredients: [ing, ing2] },
      other: 200,
    },
    {
      method: 'POST',
      path: '/order/profile/default',
      body: { IdProfile: p, IdSejour: stay },
      other: 404,
    },
    {
      method: 'POST',
      path: '/meals/cookbook',
      body: { IdSejour: stay, Days: [0] },
      other: 404,
      file: 'application/pdf',
    },
    {
      method: 'POST',
      path: '/order/export',
      body: { IdSejour: stay, Data: { DayOffsets: [0] }, Mapping: { [ing]: s }, IdProfile: p },
      other: 404,
      file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    { method: 'POST', path: '/meals/menus', body: { IdMeal: m3.Id, IdMenu: f }, other: 404 },
    { method: 'POST', path: '/meals/swap', body: { IdMeal1: m1.Id, IdMeal2: m2.Id }, other: 404 },
    {
      method: 'DELETE',
      path: '/library/receipes/ingredients',
      query: { idReceipe: r, idIngredient: ing },
      other: 404,
    },
    {
      method: 'DELETE',
      path: '/library/menus/ingredients',
      query: { idMenu: f, idIngredient: ing },
      other: 404,
    },
    {
      method: 'DELETE',
      path: '/library/menus/receipes',
      query: { idMenu: f2, idReceipe: r },
      other: 404,
    },
    { method: 'DELETE', path: '/library/menus', query: { idMenu: f2 }, other: 404 },
    { method: 'DELETE', path: '/library/receipes', query: { idReceipe: r2 }, other: 404 },
    {
      method: 'DELETE',
      path: '/library/all-ingredients',
      query: { idIngredient: ing2 },
      other: 403,
    },
    { method: 'DELETE', path: '/order/profile/suppliers', query: { id: s2 }, other: 403 },
    { method: 'DELETE', path: '/order/profiles', query: { id: p2 }, other: 403 },
    { method: 'DELETE', path: '/meals/details', query: { idMeal: m2.Id }, other: 404 },
    { method: 'DELETE', path: '/sejours/groups', query: { idGroup: group2 }, other: 404 },
    { method: 'GET', path: '/team', query: { stayId: stay }, other: 404 },
    {
      method: 'POST',
      path: '/team/invitations',
      body: { stayId: stay, role: 'keep', mail: null },
      other: 404,
    },
    { method: 'GET', path: '/team/invitations/mine', other: 200 },
    // Each user's own data (issue 33): another user downloads theirs, nothing of Alice's.
    { method: 'GET', path: '/user-data/export', other: 200, file: 'application/zip' },
    // A recipe read from a link (issue 34): any user reads any page, nothing of anyone's.
    {
      method: 'POST',
      path: '/library/recipe-reading/link',
      body: { Url: `${recipeSite.base}/mousse` },
      other: 200,
    },
    {
      method: 'POST',
      path: '/team/join',
      body: { token: bobsLink },
      otherBody: { token: 'aucune-invitation-de-ce-nom' },
      other: 404,
    },
    { method: 'POST', path: '/team/leave', body: { stayId: bobsStay }, other: 404 },
    { method: 'POST', path: '/team/members', body: { id: member, role: 'read' }, other: 404 },
    { method: 'DELETE', path: '/team/members', query: { id: member }, other: 404 },
    { method: 'DELETE', path: '/team/invitations', query: { id: aliceLink.id }, other: 404 },
    { method: 'POST', path: '/team/transfer', body: { memberId: spareMember }, other: 404 },
    { method: 'DELETE', path: '/sejours', query: { id: stay }, other: 404 },
  ];
}

const operationOf = (c: Case): Operation => {
  const op = doc.paths[`/api${c.path}`]?.[c.method.toLowerCase()];
  if (!op) throw new Error(`${c.method} ${c.path} absent de openapi.json`);
  return op;
};

/** A value of the wrong JSON type for a schema. */
function wrongType(schema: JsonSchema): unknown {
  if (schema.anyOf || schema.type === 'array' || schema.type === 'object') return 'x';
  if (schema.type === 'string') return 12;
  if (schema.type === 'boolean') return 'oui';
  return '12';
}

/** Bad variants of a case's query and body, each one fault at a time. */
function badVariants(c: Case): { label: string; query?: Case['query']; body?: unknown }[] {
  const op = operationOf(c);
  const variants: { label: string; query?: Case['query']; body?: unknown }[] = [];
  for (const param of op.parameters) {
    const rest = { ...c.query };
    delete rest[param.name];
    if (param.required) variants.push({ label: `sans ${param.name}`, query: rest, body: c.body });
    const huge =
      param.schema.type === 'string'
        ? 'a'.repeat((param.schema.maxLength ?? 10_000) + 1)
        : '9'.repeat(5000);
    variants.push({
      label: `${param.name} énorme`,
      query: { ...c.query, [param.name]: huge },
      body: c.body,
    });
    if (param.schema.type !== 'string') {
      variants.push({
        label: `${param.name} pas un nombre`,
        query: { ...c.query, [param.name]: 'abc' },
        body: c.body,
      });
    }
  }
  const schema = op.requestBody?.content['application/json']?.schema;
  if (schema && typeof c.body === 'object' && c.body !== null) {
    const body = c.body as Record<string, unknown>;
    variants.push({ label: 'corps en tableau', query: c.query, body: [] });
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (schema.required?.includes(name)) {
        const rest = { ...body };
        delete rest[name];
        variants.push({ label: `sans ${name}`, query: c.query, body: rest });
      }
      variants.push({
        label: `${name} mal typé`,
        query: c.query,
        body: { ...body, [name]: wrongType(property) },
      });
      if (property.type === 'string') {
        variants.push({
          label: `${name} énorme`,
          query: c.query,
          body: { ...body, [name]: 'x'.repeat((property.maxLength ?? 100_000) + 1) },
        });
      }
    }
  }
  return variants;
}

beforeAll(async () => {
  recipeSite = await startRecipeSite({
    '/mousse': { type: 'text/html', body: recipePage('two-blocks-one-broken') },
  });
  // The recipe site on 127.0.0.1, as an operator's RECIPE_IMPORT_ALLOW_HOSTS allows it.
  server = await startTestServer({ recipeImportAllowHosts: ['127.0.0.1'] });
  aliceSession = await server.signUp('alice@popote.test', 'motdepasse-solide', 'Alice');
  bobSession = await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob');
  alice = apiClient(server, aliceSession);
  bob = apiClient(server, bobSession);
  anonymous = apiClient(server, null);
  doc = (await server.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  cases = await fixture();
});

afterAll(async () => {
  expect(await server.close()).toEqual([]);
  await recipeSite.close();
});

describe('every /api route', () => {
  it('is in this list, and every route of the list is documented', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const listed = new Set(cases.map((c) => `${c.method} /api${c.path}`));
    // The download link authenticates with its own token (recipes-csv.test.ts).
    listed.add('GET /api/library/receipes/export');
    // The old phone app's shared list: read and ticked with its session id, without a bearer;
    // made with one (shop-session/*.test.ts).
    for (const method of ['GET', 'PUT', 'POST']) listed.add(`${method} /api/shop-session`);
    // The page of an invitation's link is read without an account (team/routes.test.ts).
    listed.add('GET /api/team/invitation');
    // A data file's import and its preview take a zip, not JSON: the session, other users and
    // hostile files are tested in user-data.pg.test.ts.
    listed.add('POST /api/user-data/import');
    listed.add('POST /api/user-data/import/preview');
    expect([...new Set(documented)].sort()).toEqual([...listed].sort());
  });

  it('bounds every string of every request schema', () => {
    const unbounded: string[] = [];
    const walk = (schema: JsonSchema | undefined, where: string) => {
      if (!schema) return;
      if (schema.type === 'string' && schema.maxLength === undefined) unbounded.push(where);
      for (const [k, v] of Object.entries(schema.properties ?? {})) walk(v, `${where}.${k}`);
      for (const v of Object.values(schema.patternProperties ?? {})) walk(v, `${where}[*]`);
      for (const v of schema.anyOf ?? []) walk(v, where);
      walk(schema.items, `${where}[]`);
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters) walk(p.schema, `${method} ${path} ?${p.name}`);
        walk(op.requestBody?.content['application/json']?.schema, `${method} ${path} body`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('answers 401 without a token, before reading the body', async () => {
    for (const c of cases) {
      const answer = await send(anonymous, null, c);
      expect(answer.statusCode, `${c.method} ${c.path}`).toBe(401);
      expect(answer.json()).toEqual({
        message: 'Votre session a expiré. Merci de vous reconnecter.',
      });
      expect(operationOf(c).security).toEqual([{ bearer: [] }]);
    }
    const garbage = await server.inject({
      method: 'GET',
      url: '/api/sejours',
      headers: { authorization: 'Bearer pas.un.jeton' },
    });
    expect(garbage.statusCode).toBe(401);
  });

  it('refuses bad input with 400 and a French message that names the field', async () => {
    let tried = 0;
    for (const c of cases) {
      for (const variant of badVariants(c)) {
        tried++;
        const answer = await alice.call(c.method, url(c, variant.query), variant.body);
        const where = `${c.method} ${c.path} (${variant.label})`;
        expect(answer.statusCode, where).toBe(400);
        expect(answer.json<{ message: string }>().message, where).toMatch(/^Requête invalide/u);
      }
    }
    // Guards the derivation itself: a schema change that yields no variants would pass silently.
    expect(tried).toBeGreaterThan(250);
  });

  it('gives another user 404 for rows they may not read and 403 for rows they may not change', async () => {
    for (const c of cases) {
      const answer = await send(bob, bobSession, c, c.otherBody ?? c.body);
      expect(answer.statusCode, `${c.method} ${c.path}: ${answer.body}`).toBe(c.other);
      if (c.other !== 200)
        expect(answer.json<{ message: string }>().message).toMatch(/^(Ce|Cet|Cette|Seul)/u);
    }
  });

  it('lets the owner call every route', async () => {
    for (const c of cases) {
      const answer = await send(alice, aliceSession, c);
      expect(answer.statusCode, `${c.method} ${c.path}: ${answer.body}`).toBe(200);
      expect(answer.headers['content-type']).toBe(c.file ?? 'application/json; charset=utf-8');
    }
  });
});
