/**
 * The routes the fuzz suite drives: the 67 calls of the original contract's table (the
 * contract test's own list), the import's first step, and the routes beyond the contract
 * (account links, logout, the export link, /sync, the phone app's link, the shared shopping
 * list, a stay's team, a user's data, a recipe read from a link), each with what it reads in the table's notation. `registeredRoutes` lists what the
 * server really serves, so that a new route cannot escape the fuzz suite unnoticed.
 *
 * And whole hostile requests for one route: who sends it (the owner, another user, nobody, a
 * forged token), its query, its Content-Type and its body. Generated without the live tokens,
 * which the test puts in when it sends (a fuzzed logout or password change replaces them).
 */
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { multipartFile } from '../api-client.js';
import {
  contractArb,
  fieldsOf,
  hostileBody,
  hostileString,
  objectOf,
  type IdPools,
  jsonText,
  Pairs,
  Raw,
} from './hostile-values.js';
import { contractCalls } from '../original-contract.js';

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface FuzzRoute {
  name: string;
  method: Method;
  path: string;
  /** The query's fields, `{ a: T; b: U }`, or null. */
  query: string | null;
  /**
   * The JSON body's type, 'multipart' (a CSV file), 'zip' (a data file of 'Importer des
   * données'), or null (no body expected).
   */
  body: string | null;
}

/** The contract's `sends` cell: a query object, a body type, or nothing. */
function fromContract(): FuzzRoute[] {
  return contractCalls().map((c) => {
    const query = /^(\{.*\})(; empty body \(null\))?$/u.exec(c.sends)?.[1] ?? null;
    const body =
      query !== null || c.sends === '' || c.sends.startsWith('empty body') ? null : c.sends;
    return { name: c.name, method: c.method, path: c.path, query, body };
  });
}

const TOKEN = '{ token: string }';
const SETTINGS_WITH_PASSWORD =
  '{ Id: IdUser; IsAdmin: boolean; Mail: string; Password: string; Pseudo: string; CurrentPassword: string }';

const SESSION = '{ sessionID: string }';
/** A line of the old phone app's shared list (reference page, "The shared shopping session"). */
const OLD_SHOP_ITEM =
  '{ Ingredient: Ingredient; Quantites: { Quantite: number; Unite: Int; Origin: { MealDate: Time; MealName: string; ReceipeName: string } | null }[] | null; Checked: boolean }';

/** Routes beyond the contract table. */
const EXTRA: FuzzRoute[] = [
  {
    name: 'LibraryImportReceipes1',
    method: 'POST',
    path: '/api/library/receipes/import',
    query: null,
    body: 'multipart',
  },
  {
    name: 'InscriptionPage',
    method: 'GET',
    path: '/api/inscription/confirm',
    query: TOKEN,
    body: null,
  },
  {
    name: 'InscriptionConfirm',
    method: 'POST',
    path: '/api/inscription/confirm',
    query: TOKEN,
    body: null,
  },
  {
    name: 'InscriptionResend',
    method: 'POST',
    path: '/api/inscription/renvoi',
    query: null,
    body: 'LogginIn',
  },
  { name: 'Logout', method: 'POST', path: '/api/logout', query: null, body: null },
  {
    name: 'AccountDelete',
    method: 'POST',
    path: '/api/account/delete',
    query: null,
    body: '{ Password: string }',
  },
  {
    name: 'SettingsWithPassword',
    method: 'POST',
    path: '/api/settings',
    query: null,
    body: SETTINGS_WITH_PASSWORD,
  },
  {
    name: 'MailChangePage',
    method: 'GET',
    path: '/api/settings/mail/confirm',
    query: TOKEN,
    body: null,
  },
  {
    name: 'MailChangeConfirm',
    method: 'POST',
    path: '/api/settings/mail/confirm',
    query: TOKEN,
    body: null,
  },
  {
    name: 'RecipesExportToken',
    method: 'GET',
    path: '/api/library/receipes/export-token',
    query: null,
    body: null,
  },
  {
    name: 'RecipesExport',
    method: 'GET',
    path: '/api/library/receipes/export',
    query: TOKEN,
    body: null,
  },
  { name: 'OpenApi', method: 'GET', path: '/api/openapi.json', query: null, body: null },
  { name: 'SyncIds', method: 'POST', path: '/sync/ids', query: null, body: '{ clientId: string }' },
  {
    name: 'SyncPull',
    method: 'POST',
    path: '/sync/pull',
    query: null,
    body: '{ clientId: string; cookie: Int | null; cursor: string | null }',
  },
  {
    name: 'SyncPush',
    method: 'POST',
    path: '/sync/push',
    query: null,
    body: '{ clientId: string; mutations: { id: Int; name: string; args: Unknown }[] }',
  },
  {
    name: 'StayExportLink',
    method: 'GET',
    path: '/import-sejour',
    query: '{ id: string }',
    body: null,
  },
  {
    name: 'ShopSessionCreate',
    method: 'PUT',
    path: '/api/shop-session',
    query: null,
    body: `${OLD_SHOP_ITEM}[] | null`,
  },
  { name: 'ShopSessionRead', method: 'GET', path: '/api/shop-session', query: SESSION, body: null },
  {
    name: 'ShopSessionTick',
    method: 'POST',
    path: '/api/shop-session',
    query: SESSION,
    body: '{ Id: IdIngredient; Checked: boolean }',
  },
  { name: 'GuestList', method: 'GET', path: '/shop-session/list', query: SESSION, body: null },
  {
    name: 'GuestTicks',
    method: 'POST',
    path: '/shop-session/ticks',
    query: SESSION,
    body: '{ ticks: { key: string; checked: boolean; now: Time }[] }',
  },
  // A stay's team (issue 32).
  {
    name: 'TeamInvite',
    method: 'POST',
    path: '/api/team/invitations',
    query: null,
    body: '{ stayId: IdSejour; role: string; mail: string | null }',
  },
  {
    name: 'TeamInvitationRevoke',
    method: 'DELETE',
    path: '/api/team/invitations',
    query: '{ id: Int }',
    body: null,
  },
  {
    name: 'TeamInvitationPage',
    method: 'GET',
    path: '/api/team/invitation',
    query: TOKEN,
    body: null,
  },
  { name: 'TeamJoin', method: 'POST', path: '/api/team/join', query: null, body: TOKEN },
  { name: 'TeamMine', method: 'GET', path: '/api/team/invitations/mine', query: null, body: null },
  { name: 'Team', method: 'GET', path: '/api/team', query: '{ stayId: IdSejour }', body: null },
  {
    name: 'TeamRole',
    method: 'POST',
    path: '/api/team/members',
    query: null,
    body: '{ id: Int; role: string }',
  },
  {
    name: 'TeamRemove',
    method: 'DELETE',
    path: '/api/team/members',
    query: '{ id: Int }',
    body: null,
  },
  {
    name: 'TeamTransfer',
    method: 'POST',
    path: '/api/team/transfer',
    query: null,
    body: '{ memberId: Int }',
  },
  {
    name: 'TeamLeave',
    method: 'POST',
    path: '/api/team/leave',
    query: null,
    body: '{ stayId: IdSejour }',
  },
  { name: 'UserDataExport', method: 'GET', path: '/api/user-data/export', query: null, body: null },
  {
    name: 'UserDataImportPreview',
    method: 'POST',
    path: '/api/user-data/import/preview',
    query: null,
    body: 'zip',
  },
  {
    name: 'UserDataImport',
    method: 'POST',
    path: '/api/user-data/import',
    query: null,
    body: 'zip',
  },
  {
    name: 'RecipeReadingLink',
    method: 'POST',
    path: '/api/library/recipe-reading/link',
    query: null,
    body: '{ Url: string }',
  },
];

export const FUZZ_ROUTES: FuzzRoute[] = [...fromContract(), ...EXTRA];

/**
 * Served routes left out, and why: the probe's own route, and the hint stream (it never ends;
 * it reads no body and only checks the token, as every /sync route does).
 */
export const NOT_FUZZED = ['GET /health', 'GET /sync/events'];

/** `METHOD /path` of every route the server serves (HEAD left out: it is GET's handler). */
export function registeredRoutes(printed: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/u.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + m[2]!;
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(', ').filter((x) => x !== '' && x !== 'HEAD')) {
      routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

export type Who = 'alice' | 'bob' | 'anonymous' | 'forged';

export interface FuzzRequest {
  who: Who;
  /** The Authorization header when `who` is 'forged'. */
  forged: string;
  url: string;
  contentType: string | null;
  payload: string | Buffer | undefined;
  /** Headers beyond Authorization and Content-Type. */
  headers: Record<string, string>;
}

/** Headers a careless server might act on: encodings it does not decode, a spoofed client. */
const extraHeaders = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { 'content-encoding': 'gzip' },
      { 'content-encoding': 'br' },
      { 'content-encoding': 'deflate, identity' },
      { accept: 'text/html' },
      { 'x-forwarded-for': `1.2.3.4, ${'9'.repeat(3000)}` },
      { 'accept-language': 'x'.repeat(5000) },
    ),
  },
);

const PART =
  'Content-Disposition: form-data; name="file"; filename="recettes.csv"\r\n' +
  'Content-Type: text/csv\r\n\r\nRecettes,,\r\nTarte,dessert,6\r\n';

/** Forms a browser never sends: no boundary, cut short, two files, a part without a name. */
const malformedForm = fc.constantFrom<[string, string]>(
  ['multipart/form-data', `--zz\r\n${PART}\r\n--zz--\r\n`],
  ['multipart/form-data; boundary=zz', `--zz\r\n${PART}`],
  ['multipart/form-data; boundary=autre', `--zz\r\n${PART}\r\n--zz--\r\n`],
  ['multipart/form-data; boundary=zz', `--zz\r\n${PART}\r\n--zz\r\n${PART}\r\n--zz--\r\n`],
  ['multipart/form-data; boundary=zz', ''],
  ['multipart/form-data; boundary=zz', '--zz--\r\n'],
  [
    'multipart/form-data; boundary=zz',
    '--zz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--zz--\r\n',
  ],
  ['multipart/form-data; boundary="', `--zz\r\n${PART}`],
);

const FORGED = [
  'Bearer x.y.z',
  'Bearer ',
  'Basic YWxpY2U6bW90ZGVwYXNzZQ==',
  `Bearer ${'a'.repeat(10_000)}.b.c`,
  // alg "none", sub 1, no signature.
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwiSWRVc2VyIjoxLCJzaWQiOiJ4In0.',
  'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiSWRVc2VyIjoxLCJzaWQiOiJ4In0.c2lnbmF0dXJl',
];

const who: fc.Arbitrary<Who> = fc.oneof(
  { weight: 10, arbitrary: fc.constant<Who>('alice') },
  { weight: 3, arbitrary: fc.constant<Who>('bob') },
  { weight: 1, arbitrary: fc.constant<Who>('anonymous') },
  { weight: 1, arbitrary: fc.constant<Who>('forged') },
);

const JSON_TYPES = fc.oneof(
  { weight: 14, arbitrary: fc.constant<string | null>('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | null>(
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=zz',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'application/json; charset=utf-16',
      null,
    ),
  },
);

/** Bodies that are not JSON, or barely: truncated, binary, too large, a BOM. */
const garbage = fc.constantFrom<string | Buffer>(
  '',
  ' ',
  '{',
  '{"a":',
  'nul',
  '\u0000',
  'a=b&c=d',
  '['.repeat(40),
  '\ufeff{}',
  '"texte"',
  '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
  Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
  ' '.repeat(1_100_000),
);

const CSV =
  'Recettes,,\nGratin dauphinois,platPrincipal,8\nPommes de terre,2,kg\nAil des ours,3,\n';

const csvContent = fc.oneof(
  fc.constant(CSV),
  fc.string({ maxLength: 400 }),
  fc.array(fc.string({ maxLength: 30 }), { maxLength: 30 }).map((cells) => cells.join(',')),
  hostileString.map((s) => `Recettes,,\n${String(s)},dessert,4\n${String(s)},1,kg\n`),
  fc.constant(`Recettes,,\n${'Gratin,dessert,4\nFarine,1,kg\n'.repeat(3000)}`),
  fc.constant(`\ufeffRecettes;;\r\nTarte;entrée;-1\r\nOeufs;1e309;kg\r\n`),
);

const ZIP_TYPES = fc.constantFrom<string | null>(
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
  'application/json',
  null,
);

/** A manifest of the data file's own shape, so that the tables behind it are read too. */
const MANIFEST = {
  format: 'popote-donnees',
  version: 1,
  exportedAt: '2025-06-01T08:00:00.000Z',
  syncSchema: 2,
  user: { mail: 'alice@popote.test', pseudo: 'Alice' },
  counts: {},
};

const zipOf = (entries: Record<string, string>): Buffer =>
  Buffer.from(
    zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)]))),
  );

/** Data files a user never saved: bytes, a hostile manifest, hostile tables, odd entry names. */
const dataFile = fc.oneof(
  fc.uint8Array({ maxLength: 600 }).map((bytes) => Buffer.from(bytes)),
  hostileBody.map((manifest) => zipOf({ 'manifest.json': jsonText(manifest) })),
  fc
    .tuple(
      fc.constantFrom('ingredients', 'recipes', 'menus', 'stays', 'meals', 'purchases', 'autre'),
      hostileBody,
    )
    .map(([table, rows]) =>
      zipOf({
        'manifest.json': JSON.stringify(MANIFEST),
        [`tables/${table}.json`]: jsonText(rows),
      }),
    ),
  fc
    .constantFrom('../manifest.json', '/etc/passwd', 'tables/../../x.json', 'a'.repeat(300))
    .map((name) => zipOf({ 'manifest.json': JSON.stringify(MANIFEST), [name]: '[]' })),
);

/** A query string from generated fields: arrays repeat their key, objects go as JSON. */
function queryOf(value: unknown): string {
  const pairs = value instanceof Pairs ? value.pairs : [];
  const parts: string[] = [];
  for (const [key, v] of pairs) {
    for (const item of Array.isArray(v) ? v : [v]) {
      const text =
        item instanceof Raw
          ? item.text
          : typeof item === 'string'
            ? item
            : item instanceof Pairs || (item !== null && typeof item === 'object')
              ? jsonText(item)
              : String(item);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  }
  return parts.join('&');
}

const rawQuery = fc.constantFrom(
  '%',
  'a[b]=1',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'a=1&'.repeat(3000),
  `id=${'9'.repeat(400)}`,
);

export function requestArb(route: FuzzRoute, pools: IdPools): fc.Arbitrary<FuzzRequest> {
  const query = route.query
    ? fc.oneof(
        {
          weight: 12,
          arbitrary: objectOf(
            fieldsOf(route.query.slice(1, -1)).map(([k, t]) => [k, contractArb(t, pools), false]),
          ).map(queryOf),
        },
        { weight: 1, arbitrary: rawQuery },
      )
    : fc.oneof({ weight: 12, arbitrary: fc.constant('') }, { weight: 1, arbitrary: rawQuery });
  const anyBody = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(JSON_TYPES, hostileBody.map(jsonText)) },
    { weight: 2, arbitrary: fc.tuple(JSON_TYPES, garbage) },
  );
  let body: fc.Arbitrary<[string | null, string | Buffer | undefined]>;
  if (route.body === 'multipart') {
    body = fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .tuple(
            fc.constantFrom('recettes.csv', '../../x.csv', ''),
            csvContent,
            fc.constantFrom('file', 'autre'),
          )
          .map(([name, content, field]): [string, Buffer] => {
            const form = multipartFile(name, content, field);
            return [form.headers['content-type']!, form.payload];
          }),
      },
      { weight: 3, arbitrary: malformedForm },
      { weight: 2, arbitrary: anyBody },
    );
  } else if (route.body === 'zip') {
    body = fc.oneof(
      { weight: 8, arbitrary: fc.tuple(ZIP_TYPES, dataFile) },
      { weight: 2, arbitrary: anyBody },
    );
  } else if (route.body) {
    body = fc.oneof(
      { weight: 10, arbitrary: fc.tuple(JSON_TYPES, contractArb(route.body, pools).map(jsonText)) },
      { weight: 2, arbitrary: anyBody },
    );
  } else {
    // The original clients send a form Content-Type and no body on these calls.
    body = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.constantFrom<[string | null, undefined]>(
          [null, undefined],
          ['application/x-www-form-urlencoded', undefined],
          ['application/json', undefined],
        ),
      },
      { weight: 2, arbitrary: anyBody },
    );
  }
  return fc
    .record({ who, forged: fc.constantFrom(...FORGED), query, body, headers: extraHeaders })
    .map(({ who, forged, query, body: [contentType, payload], headers }) => ({
      who,
      forged,
      url: query === '' ? route.path : `${route.path}?${query}`,
      contentType,
      payload,
      headers,
    }));
}

/** A short description of a request for failure messages. */
export function describeRequest(route: FuzzRoute, r: FuzzRequest): string {
  const body =
    r.payload === undefined
      ? '(sans corps)'
      : typeof r.payload === 'string'
        ? r.payload.slice(0, 600) + (r.payload.length > 600 ? `… (${r.payload.length} car.)` : '')
        : `(${r.payload.length} octets)`;
  const extra =
    Object.keys(r.headers).length > 0 ? ` ${JSON.stringify(r.headers).slice(0, 100)}` : '';
  return `${route.method} ${r.url.slice(0, 300)} par ${r.who} [${r.contentType ?? 'sans type'}]${extra} ${body}`;
}
