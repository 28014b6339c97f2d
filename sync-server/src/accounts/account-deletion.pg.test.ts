/**
 * 'Supprimer mon compte' (issue 33): POST /api/account/delete. The owner with the right
 * password erases everything of theirs; a wrong password, another user or no session changes
 * nothing; afterwards no table of the database (enumerated from the schema itself) holds a row
 * referring to the user; other users' devices pull the deletions (a shared stay goes, a menu
 * using the user's published recipe shows the placeholder); the old token answers the distinct
 * 401. Run on SQLite and on PostgreSQL.
 */
import Sqlite from 'better-sqlite3';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  hiddenRecipeIds,
  type Id,
  type Menu,
  type Recipe,
  type RegisterEntry,
  type StayJournalEntry,
  type TableName,
} from '@popote/domain';
import { SYNC_SCHEMA, type PatchOp } from '@popote/sync-protocol';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { joinStay, NOW, post, pullAll, storedRows, type Device } from '../../test/sync-device.js';
import {
  pushApplied,
  seedShared,
  seedStay,
  signUpTeam,
  type Shared,
  type SeededStay,
  type Team,
} from '../../test/team-stay.js';
import { DATABASE_FILE } from '../store/sqlite/database.js';
import { ACCOUNT_DELETED_CODE, MESSAGES } from '../http/errors.js';
import { ACCOUNT_MESSAGES } from './messages.js';

const PASSWORD = 'motdepasse-solide';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const deleteAccount = (d: Device | null, Password: string) =>
  server.inject({
    method: 'POST',
    url: '/api/account/delete',
    payload: { Password },
    ...(d ? { headers: { authorization: `Bearer ${d.token}` } } : {}),
  });

interface World {
  team: Team;
  shared: Shared;
  stay: SeededStay;
  /** P's favourite menu holding O's published recipe. */
  pMenu: Id;
  /** P's own stay, a meal of which uses O's published menu. */
  pStay: Id;
  pMeal: Id;
  /**
   * S's stay, of which O is an 'Organisation' member who changed a meal, took its sample and
   * read the fridge.
   */
  sStay: Id;
  sMeal: Id;
}

/**
 * O owns a library (a published recipe and menu), a stay run with P, K and R; P uses O's
 * recipe in a menu, O's menu on a meal and O's ingredient in a recipe; O plans S's stay.
 */
async function world(): Promise<World> {
  const team = await signUpTeam(server);
  const shared = await seedShared(server, team);
  const stay = await seedStay(server, team, shared);
  const { O, P, S } = team;
  const pMenu = P.next++;
  const pStay = P.next++;
  const pMeal = P.next++;
  const pMealMenu = P.next++;
  await pushApplied(server, P, [
    { name: 'createFavoriteMenu', args: { id: pMenu, now: NOW } },
    { name: 'addMenuRecipe', args: { menuId: pMenu, recipeId: shared.recipe, now: NOW } },
    { name: 'createStay', args: { id: pStay, name: 'Séjour de P', start: '2025-08-01' } },
    {
      name: 'createMeal',
      args: { id: pMeal, menuId: pMealMenu, stayId: pStay, day: 0, slot: 1, now: NOW },
    },
    { name: 'setMealMenu', args: { mealId: pMeal, menuId: shared.menu } },
    {
      name: 'addRecipeIngredient',
      args: { recipeId: shared.ownRecipes.P, ingredientId: shared.ingredient.id, now: NOW },
    },
  ]);
  const sStay = S.next++;
  const sMeal = S.next++;
  await pushApplied(server, S, [
    { name: 'createStay', args: { id: sStay, name: 'Séjour de S', start: '2025-09-01' } },
    {
      name: 'createMeal',
      args: { id: sMeal, menuId: S.next++, stayId: sStay, day: 0, slot: 1, now: NOW },
    },
  ]);
  await joinStay(server, S, O, sStay, 'plan');
  await pushApplied(server, O, [
    { name: 'updateMeal', args: { id: sMeal, additionalPeople: 3 } },
    // The meal's sample and a reading in S's kitchen register (issue 35), recorded by O.
    { name: 'takeSample', args: { id: O.next++, mealId: sMeal, time: '12:15', dishes: [] } },
    {
      name: 'addReading',
      args: {
        id: O.next++,
        stayId: sStay,
        unit: 'refrigerateur',
        day: 0,
        time: '08:00',
        value: 3,
        note: '',
        action: '',
      },
    },
  ]);
  return { team, shared, stay, pMenu, pStay, pMeal, sStay, sMeal };
}

/** Every row of every table of the database, read with the engine's own catalogue. */
async function allTables(): Promise<Map<string, Record<string, unknown>[]>> {
  const tables = new Map<string, Record<string, unknown>[]>();
  const url = server.app.popote.config.databaseUrl;
  if (url) {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const names = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      );
      for (const { table_name } of names.rows) {
        const rows = await client.query(`SELECT * FROM "${table_name}"`);
        tables.set(table_name, rows.rows as Record<string, unknown>[]);
      }
    } finally {
      await client.end();
    }
    return tables;
  }
  const db = new Sqlite(join(server.dataDir, DATABASE_FILE), { readonly: true });
  try {
    const names = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .pluck()
      .all() as string[];
    for (const name of names) {
      tables.set(name, db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]);
    }
  } finally {
    db.close();
  }
  return tables;
}

/**
 * For each table of the schema, the columns that may hold a user id, and the text columns that
 * may hold a user's address or keys made of it. A table missing here fails the test: a new
 * table must say what of a user it can hold.
 */
const USER_COLUMNS: Record<string, { ids: string[]; texts: string[] }> = {
  meta: { ids: [], texts: ['key', 'value'] },
  migrations: { ids: [], texts: [] },
  accounts: { ids: ['id'], texts: ['mail'] },
  pending_registrations: { ids: [], texts: ['mail'] },
  auth_attempts: { ids: [], texts: ['key'] },
  sessions: { ids: ['user_id'], texts: [] },
  mail_changes: { ids: ['user_id'], texts: ['new_mail'] },
  // Synced rows: owner and author columns, and the user ids inside their JSON (below).
  rows: { ids: ['owner', 'author'], texts: ['data'] },
  row_index: { ids: [], texts: ['value'] },
  sync_clients: { ids: ['user_id'], texts: [] },
  client_progress: { ids: [], texts: ['client_id'] },
  id_leases: { ids: ['user_id'], texts: ['client_id'] },
  rejections: { ids: ['user_id'], texts: ['client_id'] },
  user_usage: { ids: ['user_id'], texts: [] },
  rate_limits: { ids: [], texts: ['key'] },
};

/** The keys of a synced row's JSON that name a user. */
const JSON_USER_KEYS = new Set(['id', 'owner', 'userId', 'usedBy', 'by']);

function jsonNames(value: unknown, userId: Id, table: string): boolean {
  if (value === null || typeof value !== 'object') return false;
  for (const [key, v] of Object.entries(value)) {
    // A row's own id is a user id only in the pseudonyms' table.
    if (key === 'id' && table !== 'users') continue;
    if (JSON_USER_KEYS.has(key) && v === userId) return true;
    if (jsonNames(v, userId, table)) return true;
  }
  return false;
}

/** Every row of the database referring to the user, as 'table: row' lines. */
async function rowsReferringTo(user: {
  id: Id;
  mail: string;
  clients: string[];
}): Promise<string[]> {
  const found: string[] = [];
  const tables = await allTables();
  expect([...tables.keys()].filter((t) => !(t in USER_COLUMNS))).toEqual([]);
  for (const [table, rows] of tables) {
    const { ids, texts } = USER_COLUMNS[table]!;
    for (const row of rows) {
      const hit =
        ids.some((c) => row[c] !== null && Number(row[c]) === user.id) ||
        texts.some((c) => {
          const text = row[c];
          if (typeof text !== 'string') return false;
          if (text.includes(user.mail)) return true;
          if (user.clients.some((client) => text === client)) return true;
          // Keys made of the user's id ('settings:<id>', 'POST /sync/push user <id>').
          if (new RegExp(`(?:settings:|user )${user.id}$`, 'u').test(text)) return true;
          if (table === 'rows' && c === 'data') {
            return jsonNames(JSON.parse(text), user.id, String(row.tbl));
          }
          if (table === 'row_index')
            return (
              text === String(user.id) ||
              text.startsWith(`${user.id}:`) ||
              text.endsWith(`:${user.id}`)
            );
          return false;
        });
      if (hit) found.push(`${table}: ${JSON.stringify(row)}`);
    }
  }
  return found;
}

type Op =
  { op: 'put'; table: TableName; row: { id: Id } } | { op: 'del'; table: TableName; id: Id };
const decoded = (patch: readonly (string | PatchOp)[]): Op[] =>
  patch.map((op) => (typeof op === 'string' ? JSON.parse(op) : op) as Op);

describe('POST /api/account/delete', () => {
  test('a wrong password, another user or no session changes nothing', async () => {
    const w = await world();
    const { O, P } = w.team;
    const before = await storedRows(server);

    const anonymous = await deleteAccount(null, PASSWORD);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: MESSAGES.sessionExpired });

    const wrong = await deleteAccount(O, 'pas-le-bon');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.wrongCurrentPassword });

    // P's session with O's password deletes nothing: the password checked is P's own.
    const other = await deleteAccount(P, 'mot-de-passe-de-o');
    expect(other.statusCode).toBe(403);

    expect(await storedRows(server)).toEqual(before);
    expect(await server.app.popote.store.accounts.getAccount(O.userId)).toBeDefined();
    expect(await server.app.popote.store.accounts.getAccount(P.userId)).toBeDefined();
    const settings = await server.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { authorization: `Bearer ${O.token}` },
    });
    expect(settings.statusCode).toBe(200);
  });

  test('wrong passwords are limited like the settings’ current password', async () => {
    await server.close();
    server = await startTestServer({
      authRateLimit: { max: 10_000, perAddressMax: 2, windowMs: 60_000 },
    });
    const o = (await signUpTeam(server)).O;
    expect((await deleteAccount(o, 'faux-1')).statusCode).toBe(403);
    expect((await deleteAccount(o, 'faux-2')).statusCode).toBe(403);
    expect((await deleteAccount(o, PASSWORD)).statusCode).toBe(429);
    expect(await server.app.popote.store.accounts.getAccount(o.userId)).toBeDefined();
  });

  test('the owner erases everything of theirs; no table keeps a row referring to them', async () => {
    const w = await world();
    const { O, P, K, S } = w.team;
    // Other devices' state before the deletion.
    for (const d of [P, K, S]) await pullAll(server, d, { schema: 2 });
    // O's second device (another tablet), and a device that never pulled.
    const tablet = { ...O, clientId: 'tablette-de-o' };
    expect(
      (await post(server, tablet, '/sync/ids', { clientId: tablet.clientId })).statusCode,
    ).toBe(200);
    const mail = 'o@popote.test';
    expect(await rowsReferringTo({ id: O.userId, mail, clients: [O.clientId] })).not.toEqual([]);

    const res = await deleteAccount(O, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(true);

    expect(
      await rowsReferringTo({ id: O.userId, mail, clients: [O.clientId, tablet.clientId] }),
    ).toEqual([]);
    // Writes that passed their session check just before the deletion and run after it are
    // refused inside their transaction: nothing of O comes back.
    const { sync } = server.app.popote;
    const late = [
      () =>
        sync.push(O.userId, O.clientId, [
          {
            id: O.mutationId + 1,
            name: 'createStay',
            args: { id: O.next++, name: 'Trop tard', start: '2025-07-01' },
          },
        ]),
      () => sync.push(O.userId, 'appareil-neuf-de-o', []),
      () => sync.leaseIds(O.userId, 'appareil-neuf-de-o'),
      () => sync.reserveIdsFor(O.userId, 3),
      () => sync.mutate(O.userId, async () => {}),
    ];
    for (const attempt of late) {
      await expect(attempt()).rejects.toMatchObject({
        statusCode: 401,
        code: ACCOUNT_DELETED_CODE,
      });
    }
    expect(
      await rowsReferringTo({
        id: O.userId,
        mail,
        clients: [O.clientId, tablet.clientId, 'appareil-neuf-de-o'],
      }),
    ).toEqual([]);

    // What is left of O: tombstones without data nor owner, so that devices are told of the
    // deletions; the pseudonym's tombstone keeps the id it was deleted under (ids are never
    // reused), as every tombstone does.
    const pseudonym = (await storedRows(server)).find(
      (r) => r.tbl === 'users' && r.id === O.userId,
    );
    expect(pseudonym).toMatchObject({ data: null, owner: null, author: null });

    // The old token, on each device, answers the distinct 401 everywhere.
    for (const d of [O, tablet]) {
      for (const [method, url, payload] of [
        ['GET', '/api/settings', undefined],
        ['GET', '/api/library/all-ingredients', undefined],
        ['POST', '/sync/ids', { clientId: d.clientId }],
        ['POST', '/sync/push', { clientId: d.clientId, mutations: [] }],
        ['POST', '/sync/pull', { clientId: d.clientId, cookie: null }],
        ['POST', '/api/account/delete', { Password: PASSWORD }],
      ] as const) {
        const answer = await server.inject({
          method,
          url,
          headers: { authorization: `Bearer ${d.token}` },
          ...(payload ? { payload } : {}),
        });
        expect(answer.statusCode, url).toBe(401);
        expect(answer.json(), url).toEqual({
          message: 'Ce compte a été supprimé.',
          code: ACCOUNT_DELETED_CODE,
        });
      }
    }
    // Logging in again: the address is unknown.
    const login = await server.inject({
      method: 'POST',
      url: '/api/loggin',
      payload: { Mail: mail, Password: PASSWORD },
    });
    expect(login.json<{ Error: string }>().Error).toBe(ACCOUNT_MESSAGES.unknownMail);

    // K, a member of O's stay: the membership goes, so the device drops the stay.
    const kPull = decoded((await pullAll(server, K, { schema: 2 })).patch);
    expect(kPull).toContainEqual({ op: 'del', table: 'stayMembers', id: w.stay.members.K });
    expect(kPull).toContainEqual({ op: 'del', table: 'users', id: O.userId });
    const kFull = decoded((await pullAll(server, { ...K, cookie: null }, { schema: 2 })).patch);
    expect(
      kFull.some((op) => op.op === 'put' && op.table === 'stays' && op.row.id === w.stay.id),
    ).toBe(false);

    // P: O's published recipe and menu are told deleted; P's menu keeps the recipe's id, shown
    // as the placeholder; P's meal has its own copy of O's menu; O's ingredient that P's recipe
    // uses stays, in the shared catalogue.
    const pPull = decoded((await pullAll(server, P, { schema: 2 })).patch);
    expect(pPull).toContainEqual({ op: 'del', table: 'recipes', id: w.shared.recipe });
    expect(pPull).toContainEqual({ op: 'del', table: 'menus', id: w.shared.menu });
    const pFull = decoded((await pullAll(server, { ...P, cookie: null }, { schema: 2 })).patch);
    const rowsOf = <T>(table: TableName) =>
      pFull
        .filter((op) => op.op === 'put' && op.table === table)
        .map((op) => (op as { row: unknown }).row as T);
    const pMenu = rowsOf<Menu>('menus').find((m) => m.id === w.pMenu)!;
    const recipes = new Map(rowsOf<Recipe>('recipes').map((r) => [r.id, r]));
    expect(hiddenRecipeIds(pMenu, recipes)).toEqual([w.shared.recipe]);
    const pMeal = rowsOf<{ id: Id; menuId: Id }>('meals').find((m) => m.id === w.pMeal)!;
    const copy = rowsOf<Menu>('menus').find((m) => m.id === pMeal.menuId)!;
    expect(copy).toMatchObject({ owner: P.userId, isFavorite: false, isPublished: false });
    expect(copy.recipeIds).toEqual([w.shared.recipe]);
    expect(hiddenRecipeIds(copy, recipes)).toEqual([w.shared.recipe]);
    const ingredient = rowsOf<{ id: Id; owner: Id | null }>('ingredients').find(
      (i) => i.id === w.shared.ingredient.id,
    );
    expect(ingredient).toMatchObject({ owner: null });

    // S: O's membership goes; O's change stays in the journal, by nobody's id.
    const sFull = decoded(
      (await pullAll(server, { ...S, cookie: null }, { schema: SYNC_SCHEMA })).patch,
    );
    const journal = sFull
      .filter((op) => op.op === 'put' && op.table === 'stayJournal')
      .map((op) => (op as { row: unknown }).row as StayJournalEntry);
    expect(journal.length).toBeGreaterThan(0);
    expect(journal.some((e) => e.userId === 0)).toBe(true);
    expect(journal.every((e) => e.userId !== O.userId)).toBe(true);
    expect(sFull.some((op) => op.op === 'put' && op.table === 'stayMembers')).toBe(false);
    // O's sample and reading stay in S's kitchen register, recorded by no one (issue 35).
    const register = sFull
      .filter((op) => op.op === 'put' && op.table === 'register')
      .map((op) => (op as { row: unknown }).row as RegisterEntry);
    expect(register.map((e) => [e.kind, e.by])).toEqual([
      ['sample', 0],
      ['reading', 0],
    ]);

    // The helpers' link of O's shared shopping list ends.
    const helper = await server.inject({
      method: 'GET',
      url: `/shop-session/list?sessionID=${w.stay.shareToken}`,
    });
    expect(helper.statusCode).not.toBe(200);
  });
});
