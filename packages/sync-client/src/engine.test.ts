/**
 * The engine without a browser: a device database on fake-indexeddb and a scripted server.
 * Push in order, going on from a partial answer; pull applied with pending changes replayed on
 * top; an offline push keeps everything for the next sync.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Stay } from '@popote/domain';
import {
  REJECTION_ARGS_NOT_KEPT,
  SYNC_MESSAGES,
  SYNC_SCHEMA,
  type IdBlock,
  type Mutation,
  type PullRequest,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '@popote/sync-protocol';
import { LocalDb } from './db.js';
import { fromStored } from './dexie-store.js';
import { SyncEngine, type SyncState } from './engine.js';
import { SYNC_STATE } from './light.js';
import { mutateLocal } from './local-mutate.js';
import { TransportError, type SyncTransport } from './transport.js';

const USER = 7;
const FIRST_ID = 1_000;

/** A server that applies nothing: it acknowledges pushes as told and answers scripted pulls. */
class ScriptedServer implements SyncTransport {
  readonly pushes: number[][] = [];
  readonly pushRequests: PushRequest[] = [];
  /** The last mutation id it says it processed. */
  processed = 0;
  /** How many mutations of each push it takes (Infinity: all). */
  takePerPush = Infinity;
  offline = false;
  /** The next push fails with this, once (the server's 429, say). */
  pushFailure: TransportError | null = null;
  nextPull: Partial<PullResponse> = {};
  /** Answers of the next pulls, in order, before nextPull. */
  queuedPulls: Partial<PullResponse>[] = [];
  readonly pulls: PullRequest[] = [];

  async ids(): Promise<IdBlock> {
    return { first: FIRST_ID, count: 2 ** 20 };
  }

  async push(request: PushRequest): Promise<PushResponse> {
    if (this.offline) throw new TransportError('offline', 'Aucune réponse du serveur.');
    const failure = this.pushFailure;
    this.pushFailure = null;
    if (failure) throw failure;
    this.pushes.push(request.mutations.map((m: Mutation) => m.id));
    this.pushRequests.push(request);
    const fresh = request.mutations.filter((m) => m.id > this.processed);
    const taken = fresh.slice(0, this.takePerPush);
    if (taken.length > 0) this.processed = taken[taken.length - 1]!.id;
    return { lastMutationId: this.processed };
  }

  async pull(request: PullRequest): Promise<PullResponse> {
    if (this.offline) throw new TransportError('offline', 'Aucune réponse du serveur.');
    this.pulls.push(request);
    const queued = this.queuedPulls.shift();
    if (queued) {
      return {
        cookie: 1,
        lastMutationId: this.processed,
        patch: [],
        rejections: [],
        more: false,
        cursor: null,
        ...queued,
      };
    }
    const page: PullResponse = {
      cookie: 1,
      lastMutationId: this.processed,
      patch: [],
      rejections: [],
      more: false,
      cursor: null,
      ...this.nextPull,
    };
    this.nextPull = {};
    return page;
  }
}

let db: LocalDb;
let server: ScriptedServer;
let engine: SyncEngine;

beforeEach(async () => {
  db = new LocalDb(`engine-test-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  server = new ScriptedServer();
  engine = new SyncEngine(db, USER, server);
  await engine.sync(); // leases the first id block, as a device's first sync does
});

afterEach(() => db.close());

const createStay = (name: string) =>
  mutateLocal(db, USER, 'createStay', (ids) => ({ id: ids.next(), name, start: '2026-07-01' }));

const state = async () => (await db.meta.get(SYNC_STATE))?.value as SyncState;

describe('SyncEngine', () => {
  it('pushes the outbox in order and forgets what the server processed', async () => {
    for (const name of ['Un', 'Deux', 'Trois']) await createStay(name);
    await engine.sync();
    expect(server.pushes).toEqual([[1, 2, 3]]);
    expect(await db.outbox.count()).toBe(0);
    expect((await state()).status).toBe('idle');
  });

  it('goes on from the last mutation the server processed when it stops early', async () => {
    for (const name of ['Un', 'Deux', 'Trois', 'Quatre']) await createStay(name);
    server.takePerPush = 1;
    await engine.sync();
    expect(server.pushes).toEqual([[1, 2, 3, 4], [2, 3, 4], [3, 4], [4]]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps every change when the network is gone, and sends them at the next sync', async () => {
    await createStay('Hors ligne');
    server.offline = true;
    await expect(engine.sync()).rejects.toBeInstanceOf(TransportError);
    expect((await state()).status).toBe('offline');
    expect(await db.outbox.count()).toBe(1);
    server.offline = false;
    await engine.sync();
    expect(server.pushes).toEqual([[1]]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("replays a pending change on top of another device's change to the same row", async () => {
    const { id } = await createStay('Camp');
    const synced = fromStored((await db.entityTable('stays').get(id))!) as Stay;
    // The server applied it and sends it back.
    server.nextPull = { patch: [{ op: 'put', table: 'stays', row: synced }] };
    await engine.sync();
    // Offline, this device renames the stay; meanwhile another device moved its start.
    server.offline = true;
    await mutateLocal(db, USER, 'updateStay', { id, name: 'Camp d’été' });
    await expect(engine.sync()).rejects.toBeInstanceOf(TransportError);
    server.offline = false;
    server.takePerPush = 0; // the rename reaches the server only after this pull
    server.nextPull = {
      cookie: 2,
      patch: [{ op: 'put', table: 'stays', row: { ...synced, start: '2026-08-01' } }],
    };
    await engine.sync();
    const row = fromStored((await db.entityTable('stays').get(id))!) as Stay;
    expect(row).toMatchObject({ name: 'Camp d’été', start: '2026-08-01' });
    expect(await db.outbox.count()).toBe(1);
  });

  it("takes the server's limit on pushes for 'try later': keeps every change, refuses none", async () => {
    await createStay('Pressé');
    await createStay('Encore');
    const message = 'Trop de tentatives. Merci de réessayer dans quelques minutes.';
    server.pushFailure = new TransportError('busy', message);
    const error = await engine.sync().catch((e: unknown) => e);
    expect((error as TransportError).failure).toBe('busy');
    expect(await db.outbox.count()).toBe(2);
    expect(await db.rejected.count()).toBe(0);
    expect(await state()).toMatchObject({ status: 'error', error: message });
    // The next round (the leader's, after its pause) sends them.
    await engine.sync();
    expect(server.pushes).toEqual([[1, 2]]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rejected.count()).toBe(0);
  });

  it('shows a refusal with its own arguments when the server did not keep them', async () => {
    await createStay('Un nom très long');
    const own = (await db.outbox.get(1))!.args;
    server.queuedPulls = [
      {
        cookie: 4,
        lastMutationId: 1,
        rejections: [
          {
            mutationId: 1,
            name: 'createStay',
            args: REJECTION_ARGS_NOT_KEPT,
            argsTruncated: true,
            message: 'Modification refusée.',
            at: '2026-06-01T10:00:00.000Z',
          },
        ],
      },
    ];
    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    const kept = await db.rejected.get(1);
    expect(kept).toEqual({
      mutationId: 1,
      name: 'createStay',
      args: own,
      message: 'Modification refusée.',
      at: '2026-06-01T10:00:00.000Z',
    });
  });

  it('pulls again from the new cookie while the server left refusals for later', async () => {
    for (const name of ['Un', 'Deux', 'Trois']) await createStay(name);
    const refusal = (mutationId: number) => ({
      mutationId,
      name: 'createStay',
      args: {},
      message: 'Modification refusée.',
      at: '2026-06-01T10:00:00.000Z',
    });
    server.pulls.length = 0;
    server.queuedPulls = [
      { cookie: 5, lastMutationId: 1, rejections: [refusal(1)], rejectionsLeft: true },
      { cookie: 6, lastMutationId: 2, rejections: [refusal(2)], rejectionsLeft: true },
      { cookie: 9, lastMutationId: 3, rejections: [refusal(3)] },
    ];
    await engine.sync();
    expect(server.pulls.map((p) => p.cookie)).toEqual([1, 5, 6]);
    expect((await db.rejected.toArray()).map((r) => r.mutationId)).toEqual([1, 2, 3]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.meta.get('cookie'))?.value).toBe(9);
  });
});

describe('a stay run by a team (issue 32)', () => {
  const OWNER = 8;
  const stay = {
    id: 50,
    owner: OWNER,
    name: 'Colo',
    start: '2026-07-01',
    profileId: null,
    exportSecret: null,
  };
  const meal = {
    id: 51,
    stayId: 50,
    owner: OWNER,
    menuId: 52,
    day: 0,
    slot: 1,
    additionalPeople: 0,
    groupIds: [],
  };
  const menu = {
    id: 52,
    owner: OWNER,
    isFavorite: false,
    isPublished: false,
    updated: '2026-06-01T10:00:00.000Z',
    recipeIds: [],
    ingredients: [],
  };
  const membership = {
    id: 53,
    stayId: 50,
    owner: OWNER,
    userId: USER,
    role: 'plan',
    since: '2026-06-01T10:00:00.000Z',
  };
  /** A purchase row (packs and prices) of `owner`, for an ingredient of its own. */
  const price = (id: number, owner: number) => ({
    id,
    owner,
    ingredientId: 100 + id,
    pack: null,
    prices: [],
  });

  it("drops the stay, its rows and its meals' menus once the membership goes", async () => {
    server.nextPull = {
      patch: [
        { op: 'put', table: 'stays', row: stay },
        { op: 'put', table: 'meals', row: meal },
        { op: 'put', table: 'menus', row: menu },
        { op: 'put', table: 'stayMembers', row: membership },
      ],
    };
    await engine.sync();
    expect(await db.entityTable('meals').count()).toBe(1);
    // Removed by the owner: the pull names the membership only.
    server.nextPull = { cookie: 2, patch: [{ op: 'del', table: 'stayMembers', id: 53 }] };
    await engine.sync();
    for (const table of ['stays', 'meals', 'menus', 'stayMembers'] as const) {
      expect(await db.entityTable(table).count(), table).toBe(0);
    }
  });

  it("drops the owner's prices with their last stay the user was in, never the user's own", async () => {
    const otherStay = { ...stay, id: 60 };
    const otherMembership = { ...membership, id: 61, stayId: 60 };
    server.nextPull = {
      patch: [
        { op: 'put', table: 'stays', row: stay },
        { op: 'put', table: 'stays', row: otherStay },
        { op: 'put', table: 'stayMembers', row: membership },
        { op: 'put', table: 'stayMembers', row: otherMembership },
        { op: 'put', table: 'purchases', row: price(70, OWNER) },
        { op: 'put', table: 'purchases', row: price(71, USER) },
      ],
    };
    await engine.sync();
    // Out of one of the owner's stays: the prices still count the other's costs.
    server.nextPull = { cookie: 2, patch: [{ op: 'del', table: 'stayMembers', id: 53 }] };
    await engine.sync();
    expect(await db.entityTable('purchases').count()).toBe(2);
    server.nextPull = { cookie: 3, patch: [{ op: 'del', table: 'stayMembers', id: 61 }] };
    await engine.sync();
    const left = await db.entityTable('purchases').toArray();
    expect(left.map((p) => (p as { id: number }).id)).toEqual([71]);
  });

  it("drops the former owner's prices once the stay is given to someone else", async () => {
    const NEW_OWNER = OWNER + 100;
    server.nextPull = {
      patch: [
        { op: 'put', table: 'stays', row: stay },
        { op: 'put', table: 'stayMembers', row: membership },
        { op: 'put', table: 'purchases', row: price(70, OWNER) },
      ],
    };
    await engine.sync();
    // The stay goes to another member: the user's membership now names the new owner, whose
    // prices come along; the former owner's are no longer the stay's.
    server.nextPull = {
      cookie: 2,
      patch: [
        { op: 'put', table: 'stays', row: { ...stay, owner: NEW_OWNER } },
        { op: 'put', table: 'stayMembers', row: { ...membership, owner: NEW_OWNER } },
        { op: 'put', table: 'purchases', row: price(71, NEW_OWNER) },
      ],
    };
    await engine.sync();
    const left = await db.entityTable('purchases').toArray();
    expect(left.map((p) => (p as { id: number }).id)).toEqual([71]);
  });

  it('keeps the stay when the member was removed and invited again between two pulls', async () => {
    server.nextPull = {
      patch: [
        { op: 'put', table: 'stays', row: stay },
        { op: 'put', table: 'meals', row: meal },
        { op: 'put', table: 'menus', row: menu },
        { op: 'put', table: 'stayMembers', row: membership },
      ],
    };
    await engine.sync();
    // One page: the old membership went, a new one came (with the stay sent again).
    server.nextPull = {
      cookie: 2,
      patch: [
        { op: 'del', table: 'stayMembers', id: 53 },
        { op: 'put', table: 'stayMembers', row: { ...membership, id: 54, role: 'read' } },
        { op: 'put', table: 'stays', row: stay },
        { op: 'put', table: 'meals', row: meal },
        { op: 'put', table: 'menus', row: menu },
      ],
    };
    await engine.sync();
    for (const table of ['stays', 'meals', 'menus', 'stayMembers'] as const) {
      expect(await db.entityTable(table).count(), table).toBe(1);
    }
  });

  it('says its schema on every pull, and catches up once after an update', async () => {
    expect(server.pulls.every((p) => p.schema === SYNC_SCHEMA && p.catchUpFrom === undefined)).toBe(
      true,
    );
    // A device whose last pull was made by the previous app version (no schema kept).
    await db.meta.delete('schema');
    server.pulls.length = 0;
    server.queuedPulls = [
      { cookie: 99, patch: [{ op: 'put', table: 'stayMembers', row: membership }] },
    ];
    await engine.sync();
    expect(server.pulls.map((p) => [p.cookie, p.catchUpFrom])).toEqual([
      [1, 1],
      [1, undefined],
    ]);
    expect(await db.entityTable('stayMembers').count()).toBe(1);
    // The catch-up did not move the cookie; the usual pull did.
    expect((await db.meta.get('cookie'))?.value).toBe(1);
    server.pulls.length = 0;
    await engine.sync();
    expect(server.pulls.map((p) => p.catchUpFrom)).toEqual([undefined]);
  });

  it('notes the schema of changes an older app left, and sends it with them', async () => {
    // An app of the first synced schema left a change, and never kept a schema.
    await db.meta.delete('schema');
    await db.outbox.add({
      id: 1,
      name: 'updateStay',
      args: { id: FIRST_ID, name: 'Ancien' },
      at: '2026-06-01T10:00:00.000Z',
    });
    await db.meta.put({ key: 'nextMutationId', value: 2 });
    await createStay('Nouveau');
    const updated = new SyncEngine(db, USER, server);
    server.pushFailure = new TransportError('offline', 'Aucune réponse du serveur.');
    await expect(updated.sync()).rejects.toBeInstanceOf(TransportError);
    expect((await db.outbox.toArray()).map((e) => e.schema)).toEqual([1, SYNC_SCHEMA]);
    await updated.sync();
    const [push] = server.pushRequests;
    expect(push?.schema).toBe(SYNC_SCHEMA);
    expect(push?.mutations.map((m) => [m.id, m.schema])).toEqual([
      [1, 1],
      [2, undefined],
    ]);
  });

  it('keeps its changes when the server is older than the app, and still pulls', async () => {
    const { id } = await createStay('En attente');
    server.pushFailure = new TransportError('serverTooOld', SYNC_MESSAGES.serverTooOld);
    const pulls = server.pulls.length;
    server.nextPull = {
      patch: [
        {
          op: 'put',
          table: 'stays',
          row: { id: 99, owner: USER, name: 'Autre', start: '2026-07-01', profileId: null },
        },
      ],
    };
    await engine.sync();
    expect(server.pulls.length).toBe(pulls + 1);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.entityTable('stays').get(id)).toBeDefined();
    expect(await db.entityTable('stays').get(99)).toBeDefined();
    expect(await state()).toMatchObject({
      status: 'serverTooOld',
      error: 'Le serveur Popote doit être mis à jour',
    });
    // The server updated: the change goes, as typed.
    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    expect((await state()).status).toBe('idle');
  });

  it('remembers that the server holds data back for a newer app', async () => {
    server.nextPull = { serverSchema: SYNC_SCHEMA + 1 };
    await engine.sync();
    expect((await state()).serverSchema).toBe(SYNC_SCHEMA + 1);
    server.nextPull = { serverSchema: SYNC_SCHEMA };
    await engine.sync();
    expect((await state()).serverSchema).toBeNull();
  });
});
