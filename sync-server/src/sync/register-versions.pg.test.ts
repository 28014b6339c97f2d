/**
 * The kitchen's register (issue 35) and a device of the previous app (synced schema 2), with
 * the real sync engine over HTTP, on SQLite and PostgreSQL: it never receives a register row
 * nor the new fields (a stay's cold units, a larder entry's date and lot); its changes of those
 * rows, by mutations it knows, keep what a newer device set; updated, the same database
 * catches up with everything held back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Id, RegisterEntry, Stay, StockItem } from '@popote/domain';
import { SYNC_SCHEMA } from '@popote/sync-protocol';
import { fromStored, mutateLocal, type LocalDb } from '@popote/sync-client';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { engineDevice, listenForDevices } from '../../test/engine-device.js';
import { joinStay, newDevice, pushOne, type Device } from '../../test/sync-device.js';

/** The schema of the app this one replaces: no register, no dates in the larder. */
const PREVIOUS = 2;

let server: TestServer;
let baseUrl: string;
let alice: Device;
let carol: Device;
let stayId: Id;
let stockId: Id;

const COLD_UNITS = [
  { key: 'chambre', name: 'Chambre froide', min: 0, max: 3, checks: ['matin', 'soir'] },
];

beforeEach(async () => {
  server = await startTestServer();
  baseUrl = await listenForDevices(server);
  alice = await newDevice(server, 'alice@popote.test', 'alice-device-1', 'Alice');
  carol = await newDevice(server, 'carol@popote.test', 'carol-device-1', 'Carol');
  stayId = alice.next++;
  const mealId = alice.next++;
  const ingredientId = alice.next++;
  stockId = alice.next++;
  await pushOne(server, alice, 'createStay', { id: stayId, name: 'Colo', start: '2025-07-01' });
  await pushOne(server, alice, 'createMeal', {
    id: mealId,
    menuId: alice.next++,
    stayId,
    day: 0,
    slot: 1,
    now: '2025-06-01T09:00:00.000Z',
  });
  await pushOne(server, alice, 'createIngredient', { id: ingredientId, name: 'Crème', kind: 3 });
  await joinStay(server, alice, carol, stayId, 'keep');
  // From the newer app: Alice's other device puts a dated entry in the larder (of her own
  // ingredient), Carol ('Cuisine') sets the cold units, takes the meal's sample, reads a fridge.
  await pushOne(server, alice, 'addStock', {
    id: stockId,
    stayId,
    ingredientId,
    unite: 1,
    val: 500,
    useBy: '2025-07-04',
    dateKind: 'dlc',
    lot: 'C-12',
  });
  await pushOne(server, carol, 'setColdUnits', { stayId, units: COLD_UNITS });
  await pushOne(server, carol, 'takeSample', {
    id: carol.next++,
    mealId,
    time: '12:30',
    dishes: ['Gratin'],
  });
  await pushOne(server, carol, 'addReading', {
    id: carol.next++,
    stayId,
    unit: 'chambre',
    day: 0,
    time: '08:00',
    value: 2,
    note: '',
    action: '',
  });
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const rowsOf = async <T>(db: LocalDb, table: 'stays' | 'stock' | 'register'): Promise<T[]> =>
  (await db.entityTable(table).toArray()).map((row) => fromStored(row) as T);

/** The server's rows, as a device of this app reads them. */
const stored = <T extends 'stays' | 'stock'>(table: T, id: Id) =>
  server.app.popote.store.rows.snapshot((s) => s.get(table, id));

describe('the kitchen’s register and a device of the previous app', () => {
  it('holds the register and the new fields back, keeps them through its changes, and catches up once updated', async () => {
    expect(SYNC_SCHEMA).toBeGreaterThan(PREVIOUS);
    const old = engineDevice(
      baseUrl,
      { token: alice.token, userId: alice.userId },
      { schema: PREVIOUS },
    );
    await old.engine.sync();
    const [stay] = await rowsOf<Stay>(old.db, 'stays');
    const [item] = await rowsOf<StockItem>(old.db, 'stock');
    expect(stay).toMatchObject({ id: stayId, name: 'Colo' });
    expect(stay).not.toHaveProperty('coldUnits');
    expect(item).toMatchObject({ id: stockId, val: 500 });
    for (const field of ['useBy', 'dateKind', 'lot']) expect(item).not.toHaveProperty(field);
    expect(await rowsOf(old.db, 'register')).toEqual([]);

    // Its own changes, with mutations it knows: a new name, another quantity. The server's rows
    // keep what the newer device set.
    await mutateLocal(old.db, alice.userId, 'updateStay', { id: stayId, name: 'Colo d’été' });
    await mutateLocal(old.db, alice.userId, 'updateStock', { id: stockId, val: 250 });
    // Meanwhile the kitchen reads the fridge again.
    await pushOne(server, carol, 'addReading', {
      id: carol.next++,
      stayId,
      unit: 'chambre',
      day: 0,
      time: '19:00',
      value: 5,
      note: '',
      action: 'Porte fermée, relevé refait à 19 h 30 : 3 °C',
    });
    await old.engine.sync();
    expect(await old.db.outbox.count()).toBe(0);
    expect(await old.db.rejected.count()).toBe(0);
    expect(await stored('stays', stayId)).toMatchObject({
      name: 'Colo d’été',
      coldUnits: COLD_UNITS,
    });
    expect(await stored('stock', stockId)).toMatchObject({
      val: 250,
      useBy: '2025-07-04',
      dateKind: 'dlc',
      lot: 'C-12',
    });
    // Still nothing of the register or the new fields on the old device.
    expect(await rowsOf(old.db, 'register')).toEqual([]);
    expect((await rowsOf<Stay>(old.db, 'stays'))[0]).not.toHaveProperty('coldUnits');
    expect((await rowsOf<StockItem>(old.db, 'stock'))[0]).toEqual({ ...item, val: 250 });

    // Updated, the same database catches up: the register, the cold units, the dates.
    await old.runAs().sync();
    const register = await rowsOf<RegisterEntry>(old.db, 'register');
    expect(register.map((e) => [e.kind, e.by])).toEqual([
      ['sample', carol.userId],
      ['reading', carol.userId],
      ['reading', carol.userId],
    ]);
    expect((await rowsOf<Stay>(old.db, 'stays'))[0]).toMatchObject({
      name: 'Colo d’été',
      coldUnits: COLD_UNITS,
    });
    expect((await rowsOf<StockItem>(old.db, 'stock'))[0]).toEqual({
      ...item,
      val: 250,
      useBy: '2025-07-04',
      dateKind: 'dlc',
      lot: 'C-12',
    });
  });
});
