/** The file of 'Télécharger mes données' and what importing it does (issue 33). */
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { Plat, Unite } from '../enums.js';
import { isDomainError } from '../errors.js';
import { readableBy } from '../reader-view.js';
import { runMutation } from '../mutators/index.js';
import { ALICE, BOB, NOW, World } from '../../test/mutators-world.js';
import type { ColdUnit, Id, Meal, Stay } from '../entities.js';
import { collectUserData } from './collect.js';
import { USER_DATA_VERSION, type UserData } from './format.js';
import { planUserDataImport } from './plan.js';
import { MANIFEST_ENTRY, packUserData, readUserData, tableEntry } from './zip.js';

const ORIGIN = { mail: 'alice@popote.test', pseudo: 'Alice', syncSchema: 3, now: NOW };

/** Alice's data on a first server, with Bob's published recipe and a shared stay of Bob's. */
async function source(): Promise<World> {
  const w = await World.create();
  const farine = await w.ingredient(null, { name: 'Farine' });
  const tomate = await w.ingredient(ALICE, { name: 'Tomate cerise', kind: 2, fresh: true });
  const secret = await w.ingredient(BOB, { name: 'Épice de Bob' });
  const q = { val: 200, unite: Unite.G, forPeople: 4 };
  const bobs = await w.recipe(BOB, {
    name: 'Gratin de Bob',
    isPublished: true,
    ingredients: [{ ingredientId: secret.id, quantity: q }],
  });
  await w.recipe(BOB, { name: 'Recette privée de Bob' });
  const tarte = await w.recipe(ALICE, {
    name: 'Tarte',
    description: 'Au four',
    ingredients: [
      { ingredientId: farine.id, quantity: q },
      { ingredientId: tomate.id, quantity: q },
    ],
  });
  const profile = await w.profile(ALICE, { name: 'Mon profil' });
  const supplier = await w.supplier(profile, { name: 'Primeur' });
  await w.store.put('profiles', {
    ...profile,
    ingredientLinks: [{ ingredientId: tomate.id, supplierId: supplier.id }],
  });
  const stay = await w.stay(ALICE, { name: 'Camp été', exportSecret: 'x'.repeat(43) });
  const group = await w.group(stay, { size: 12 });
  const menu = await w.menu(ALICE, {
    isFavorite: false,
    recipeIds: [tarte.id, bobs.id],
    ingredients: [{ ingredientId: farine.id, quantity: q, plat: Plat.Dessert }],
  });
  const meal = await w.meal(stay, { menuId: menu.id, groupIds: [group.id] });
  await w.shopList(stay, { share: { token: 'partage-secret-de-la-liste', created: NOW } });
  await w.stock(stay, tomate);
  await register(w, stay, meal, farine.id);
  await w.store.put('purchases', {
    id: w.nextId(),
    owner: ALICE,
    ingredientId: farine.id,
    pack: { name: 'sac', size: 1, unite: Unite.Kg },
    prices: [
      { supplierId: null, amount: 1.5, per: 'pack', date: '2024-05-01' },
      { supplierId: supplier.id, amount: 1.2, per: 'pack', date: '2024-05-01' },
    ],
  });
  // Bob's own stay, where Alice is a member: none of it is hers.
  const bobStay = await w.stay(BOB, { name: 'Séjour de Bob' });
  await w.group(bobStay);
  await w.member(bobStay, ALICE, 'plan');
  return w;
}

/**
 * The kitchen's register of Alice's stay (issue 35): its cold units, a dated larder entry, the
 * sample of its meal (thrown away), a reading out of range with its corrective action by Bob
 * (a member 'Cuisine'), a delivery refused and one stored in the larder, and a sample whose
 * meal is gone.
 */
async function register(w: World, stay: Stay, meal: Meal, farine: Id): Promise<void> {
  await w.member(stay, BOB, 'keep');
  const units: ColdUnit[] = [
    { key: 'chambre', name: 'Chambre froide', min: 0, max: 3, checks: ['matin'] },
  ];
  await w.run(ALICE, 'setColdUnits', { stayId: stay.id, units });
  await w.run(ALICE, 'addStock', {
    id: w.nextId(),
    stayId: stay.id,
    ingredientId: farine,
    unite: Unite.Kg,
    val: 2,
    useBy: '2025-07-20',
    dateKind: 'ddm',
    lot: 'F-12',
  });
  const sample = w.nextId();
  await w.run(ALICE, 'takeSample', {
    id: sample,
    mealId: meal.id,
    time: '12:30',
    dishes: ['Tarte'],
  });
  await w.run(ALICE, 'discardSample', { id: sample, at: NOW });
  await w.run(BOB, 'addReading', {
    id: w.nextId(),
    stayId: stay.id,
    unit: 'chambre',
    day: 1,
    time: '07:45',
    value: 6.5,
    note: '',
    action: 'Thermostat réglé',
  });
  const delivery = {
    stayId: stay.id,
    day: 0,
    time: '10:00',
    supplier: 'Primeur',
    ingredientId: farine,
    val: 5,
    unite: Unite.Kg,
    lot: 'L-7',
    dateKind: 'dlc' as const,
    date: '2025-07-04',
    storage: 'chilled' as const,
    temperature: 3,
  };
  const stored = w.nextId();
  await w.run(ALICE, 'addDelivery', { id: stored, ...delivery, accepted: true, reason: '' });
  await w.run(ALICE, 'storeDelivery', { id: stored, stockId: w.nextId() });
  await w.run(ALICE, 'addDelivery', {
    id: w.nextId(),
    ...delivery,
    storage: 'ambient',
    temperature: null,
    accepted: false,
    reason: 'Emballage abîmé',
  });
  const gone = await w.meal(stay, { day: 2 });
  await w.registerEntry(stay, {}, gone);
  await w.store.delete('meals', gone.id);
}

async function exported(w: World): Promise<UserData> {
  return readUserData(packUserData(await collectUserData(w.store, ALICE, ORIGIN)));
}

async function importInto(w: World, data: UserData) {
  const view = readableBy(w.store, ALICE);
  const preview = await planUserDataImport(data, view, ALICE, null);
  const plan = await planUserDataImport(data, view, ALICE, {
    first: 50_000 + w.nextId() * 1000,
    count: preview.idCount,
  });
  for (const call of plan.calls) await runMutation(w.as(ALICE), call.name, call.args);
  return plan;
}

describe('the file of a user’s data', () => {
  it('holds what the user owns, without secrets, others’ rows or the team', async () => {
    const data = await exported(await source());
    expect(data.manifest).toMatchObject({ format: 'popote-donnees', version: 2, syncSchema: 3 });
    expect(data.manifest.user).toEqual({ mail: 'alice@popote.test', pseudo: 'Alice' });
    expect(data.tables.ingredients.map((i) => i.name)).toEqual(['Tomate cerise']);
    expect(data.tables.recipes.map((r) => r.name)).toEqual(['Tarte']);
    expect(data.tables.stays.map((s) => [s.name, s.exportSecret])).toEqual([['Camp été', null]]);
    expect(data.tables.shopLists.map((l) => l.share)).toEqual([null]);
    expect(data.tables.groups).toHaveLength(1);
    for (const table of Object.values(data.tables)) {
      for (const row of table) expect(row.owner).toBe(ALICE);
    }
    // Others' rows are named, never carried: the catalogue's flour and Bob's published recipe.
    expect(data.references.ingredients.map((i) => i.name)).toEqual(['Farine']);
    expect(data.references.recipes.map((r) => r.name)).toEqual(['Gratin de Bob']);
    const text = JSON.stringify(data);
    for (const secret of ['Épice de Bob', 'Recette privée de Bob', 'Séjour de Bob', 'partage-'])
      expect(text).not.toContain(secret);
  });

  it('imports into another server once: ids remapped, names matched, nothing twice', async () => {
    const data = await exported(await source());
    const target = await World.create();
    await target.ingredient(null, { name: 'farine' });
    await target.recipe(BOB, { name: 'Gratin de Bob', isPublished: true });
    const first = await importInto(target, data);
    expect(first.report.ingredients).toMatchObject({ created: 1, matched: 1 });
    expect(first.report.recipes).toMatchObject({ created: 1, matched: 1 });
    expect(first.report.stays.created).toBe(1);
    expect(first.report.purchases.created).toBe(1);
    const snap = target.snapshot();
    const stay = snap.stays.find((s) => s.owner === ALICE)!;
    expect(stay.name).toBe('Camp été');
    const meal = snap.meals.find((m) => m.stayId === stay.id)!;
    const menu = snap.menus.find((m) => m.id === meal.menuId)!;
    const tarte = snap.recipes.find((r) => r.name === 'Tarte')!;
    const gratin = snap.recipes.find((r) => r.name === 'Gratin de Bob')!;
    expect(menu.recipeIds).toEqual([tarte.id, gratin.id]);
    expect(tarte.description).toBe('Au four');
    expect(meal.groupIds).toEqual([snap.groups.find((g) => g.stayId === stay.id)!.id]);
    const purchase = snap.purchases.find((p) => p.owner === ALICE)!;
    const supplier = snap.suppliers.find((s) => s.owner === ALICE)!;
    expect(purchase.prices.map((p) => p.supplierId)).toEqual([null, supplier.id]);
    // No id of the file is kept.
    expect(stay.id).not.toBe(data.tables.stays[0]!.id);

    const again = await importInto(target, data);
    expect(again.calls).toEqual([]);
    expect(again.idCount).toBe(0);
    expect(again.report.stays).toMatchObject({ created: 0, matched: 1 });
    expect(target.snapshot()).toEqual(snap);
  });

  it("carries a stay's register, cold units and dated larder (issue 35), recorded by the importer", async () => {
    const data = await exported(await source());
    expect(data.manifest.counts.register).toBe(5);
    expect(data.tables.stays[0]!.coldUnits?.map((u) => u.name)).toEqual(['Chambre froide']);
    // Bob's reading in Alice's stay is hers: the stay's row, with who recorded it.
    expect(data.tables.register.map((e) => [e.kind, e.owner, e.by])).toEqual([
      ['sample', ALICE, ALICE],
      ['reading', ALICE, BOB],
      ['delivery', ALICE, ALICE],
      ['delivery', ALICE, ALICE],
      ['sample', ALICE, ALICE],
    ]);

    const target = await World.create();
    await target.ingredient(null, { name: 'Farine' });
    const plan = await importInto(target, data);
    expect(plan.report.register).toMatchObject({ created: 5, skipped: 0 });
    const snap = target.snapshot();
    const stay = snap.stays.find((s) => s.owner === ALICE)!;
    expect(stay.coldUnits).toEqual(data.tables.stays[0]!.coldUnits);
    const farine = snap.ingredients.find((i) => i.name === 'Farine')!;
    const stock = snap.stock.filter((s) => s.stayId === stay.id);
    const dated = stock.filter((s) => s.useBy !== undefined);
    expect(dated.map((s) => [s.ingredientId, s.val, s.useBy, s.dateKind, s.lot])).toEqual([
      [farine.id, 2, '2025-07-20', 'ddm', 'F-12'],
      [farine.id, 5, '2025-07-04', 'dlc', 'L-7'],
    ]);
    const entries = snap.register.filter((e) => e.stayId === stay.id);
    expect(entries.every((e) => e.owner === ALICE && e.by === ALICE)).toBe(true);
    const [sample, reading, stored, refused, orphan] = entries;
    const meal = snap.meals.find((m) => m.stayId === stay.id)!;
    expect(sample).toMatchObject({
      kind: 'sample',
      mealId: meal.id,
      dishes: ['Tarte'],
      discarded: NOW,
    });
    expect(reading).toMatchObject({
      kind: 'reading',
      unit: 'chambre',
      value: 6.5,
      action: 'Thermostat réglé',
    });
    expect(stored).toMatchObject({
      kind: 'delivery',
      ingredientId: farine.id,
      stockId: dated[1]!.id,
      accepted: true,
    });
    expect(refused).toMatchObject({
      kind: 'delivery',
      accepted: false,
      reason: 'Emballage abîmé',
      stockId: null,
    });
    // A sample of a meal gone names no meal of the target either.
    expect(orphan!.kind === 'sample' && snap.meals.some((m) => m.id === orphan!.mealId)).toBe(
      false,
    );
    // The rules read them back: the meal's sample taken, the delivery already in the larder.
    await expect(
      runMutation(target.as(ALICE), 'takeSample', {
        id: 9_999_999,
        mealId: meal.id,
        time: '12:00',
        dishes: [],
      }),
    ).rejects.toThrow('déjà prélevé');

    const again = await importInto(target, data);
    expect(again.calls).toEqual([]);
  });

  it('still reads a file of version 1 (no register, no dates): it imports as it did', async () => {
    const good = packUserData(await collectUserData((await source()).store, ALICE, ORIGIN));
    const files = (await import('fflate')).unzipSync(good);
    // The same data as version 1 wrote it: no register, no cold units, no dates or lots.
    const read = (name: string) => JSON.parse(new TextDecoder().decode(files[name]));
    const { register: _none, ...counts } = read(MANIFEST_ENTRY).counts;
    files[MANIFEST_ENTRY] = strToU8(
      JSON.stringify({ ...read(MANIFEST_ENTRY), version: 1, syncSchema: 2, counts }),
    );
    delete files[tableEntry('register')];
    const stays = read(tableEntry('stays')) as Record<string, unknown>[];
    files[tableEntry('stays')] = strToU8(
      JSON.stringify(stays.map(({ coldUnits: _c, ...stay }) => stay)),
    );
    const stock = read(tableEntry('stock')) as Record<string, unknown>[];
    files[tableEntry('stock')] = strToU8(
      JSON.stringify(stock.map(({ useBy: _u, dateKind: _d, lot: _l, ...item }) => item)),
    );
    const data = readUserData(zipSync(files));
    expect(data.manifest.version).toBe(1);
    expect(data.tables.register).toEqual([]);
    const plan = await importInto(await World.create(), data);
    expect(plan.report.stays.created).toBe(1);
    expect(plan.report.register.created).toBe(0);
    // A version 1 file knew no register.
    files[tableEntry('register')] = strToU8('[]');
    expect(() => readUserData(zipSync(files))).toThrow('tables/register.json');
  });

  it('matches an ingredient by its exact name only, never by a close spelling', async () => {
    const data = await exported(await source());
    data.tables.ingredients.push(
      { id: 900_001, name: 'Pomme de Mamie', kind: 1, owner: ALICE },
      { id: 900_002, name: 'FARINE', kind: 1, owner: ALICE },
    );
    const target = await World.create();
    await target.ingredient(null, { name: 'Pomme' });
    await target.ingredient(null, { name: 'Tomates cerises' });
    await target.ingredient(null, { name: 'Farine' });
    const plan = await planUserDataImport(data, readableBy(target.store, ALICE), ALICE, null);
    const created = plan.calls
      .flatMap((c) => (c.name === 'restoreSnapshot' ? c.args.put : []))
      .filter((p) => p.table === 'ingredients')
      .map((p) => p.row.name);
    // 'Farine' of the references and 'FARINE' of hers are the catalogue's; the others are new.
    expect(created).toEqual(['Tomate cerise', 'Pomme de Mamie']);
    expect(plan.report.ingredients).toMatchObject({ created: 2, matched: 2 });
  });

  it.each([
    ['not a zip', strToU8('bonjour'), "n'est pas une archive zip"],
    ['no manifest', zipSync({ 'tables/stays.json': strToU8('[]') }), 'manifest.json'],
    [
      'a newer version',
      zipSync({
        [MANIFEST_ENTRY]: strToU8(JSON.stringify({ format: 'popote-donnees', version: 99 })),
      }),
      `plus récent que celui que ce serveur sait lire (${USER_DATA_VERSION})`,
    ],
    ['malformed JSON', zipSync({ [MANIFEST_ENTRY]: strToU8('{"format":') }), 'pas un JSON'],
  ])('refuses %s in French', (_what, bytes, message) => {
    expect(() => readUserData(bytes)).toThrow(message);
  });

  it('refuses rows of the wrong shape and unknown entries, naming where', async () => {
    const good = packUserData(await collectUserData((await source()).store, ALICE, ORIGIN));
    const files = (await import('fflate')).unzipSync(good);
    const stays = JSON.parse(new TextDecoder().decode(files[tableEntry('stays')]));
    stays[0].start = 42;
    files[tableEntry('stays')] = strToU8(JSON.stringify(stays));
    let error: unknown;
    try {
      readUserData(zipSync(files));
    } catch (e) {
      error = e;
    }
    expect(isDomainError(error)).toBe(true);
    expect((error as Error).message).toContain('élément 1, champ start');
    expect(() => readUserData(zipSync({ ...files, 'autre.txt': strToU8('x') }))).toThrow(
      'il contient « autre.txt »',
    );
  });
});
