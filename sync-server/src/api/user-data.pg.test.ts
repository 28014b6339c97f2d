/**
 * 'Télécharger mes données' and 'Importer des données' (issue 33): the export holds what its
 * user owns and nothing of anyone else; hostile files are refused in French and change
 * nothing; the preview writes nothing; a second import creates nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { Horaire, Plat, USER_DATA_VERSION, readUserData, type UserData } from '@popote/domain';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import {
  NOW,
  joinStay,
  newDevice,
  pushOne,
  storedRows,
  type Device,
} from '../../test/sync-device.js';

let server: TestServer;
let alice: Device;
let bob: Device;

const bearer = (d: Device) => ({ authorization: `Bearer ${d.token}` });

async function download(d: Device | null) {
  return server.inject({
    method: 'GET',
    url: '/api/user-data/export',
    headers: d === null ? {} : bearer(d),
  });
}

async function exportOf(d: Device): Promise<{ bytes: Buffer; data: UserData }> {
  const res = await download(d);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toContain('popote-donnees-');
  return { bytes: res.rawPayload, data: readUserData(new Uint8Array(res.rawPayload)) };
}

function upload(d: Device | null, bytes: Uint8Array, preview = false) {
  return server.inject({
    method: 'POST',
    url: preview ? '/api/user-data/import/preview' : '/api/user-data/import',
    payload: Buffer.from(bytes),
    headers: { 'content-type': 'application/zip', ...(d === null ? {} : bearer(d)) },
  });
}

interface Kinds {
  Kinds: Record<string, { Created: number; Matched: number; Updated: number; Skipped: number }>;
}
const created = (answer: Kinds) =>
  Object.values(answer.Kinds).reduce((n, k) => n + k.Created + k.Updated, 0);

/** Each user's library and stay; Alice is a member of Bob's stay and uses his recipe. */
async function seed(): Promise<void> {
  const push = (d: Device, name: string, args: Record<string, unknown>) =>
    pushOne(server, d, name, args);
  // Bob: a published recipe, a private one, an ingredient, a stay with a group and prices.
  const bobIngredient = bob.next++;
  await push(bob, 'createIngredient', { id: bobIngredient, name: 'Épice de Bob', kind: 0 });
  const gratin = bob.next++;
  await push(bob, 'createRecipe', {
    id: gratin,
    name: 'Gratin de Bob',
    plat: Plat.PlatPrincipal,
    now: NOW,
  });
  await push(bob, 'addRecipeIngredient', {
    recipeId: gratin,
    ingredientId: bobIngredient,
    now: NOW,
  });
  await push(bob, 'setRecipePublished', { id: gratin, isPublished: true, now: NOW });
  await push(bob, 'createRecipe', { id: bob.next++, name: 'Secret de Bob', plat: 0, now: NOW });
  const bobStay = bob.next++;
  await push(bob, 'createStay', { id: bobStay, name: 'Séjour de Bob', start: '2025-08-01' });
  await push(bob, 'createGroup', {
    id: bob.next++,
    stayId: bobStay,
    name: 'Groupe de Bob',
    color: '#112233',
    size: 7,
  });
  await push(bob, 'setPurchase', {
    id: bob.next++,
    ingredientId: bobIngredient,
    pack: null,
    prices: [{ supplierId: null, amount: 9.99, per: 'kg', date: '2025-06-01' }],
  });
  await joinStay(server, bob, alice, bobStay, 'plan');
  // Alice, in Bob's stay: a meal there is Bob's, not hers.
  await push(alice, 'createMeal', {
    id: alice.next++,
    menuId: alice.next++,
    stayId: bobStay,
    day: 0,
    slot: Horaire.Midi,
    now: NOW,
  });

  // Alice: her ingredient, recipe, profile and supplier, a stay using Bob's recipe, prices.
  const tomate = alice.next++;
  await push(alice, 'createIngredient', { id: tomate, name: 'Tomate d’Alice', kind: 2 });
  const tarte = alice.next++;
  await push(alice, 'createRecipe', {
    id: tarte,
    name: 'Tarte d’Alice',
    plat: Plat.Dessert,
    now: NOW,
  });
  await push(alice, 'addRecipeIngredient', { recipeId: tarte, ingredientId: tomate, now: NOW });
  const profile = alice.next++;
  await push(alice, 'createProfile', { id: profile, name: 'Profil d’Alice' });
  const supplier = alice.next++;
  await push(alice, 'createSupplier', { id: supplier, profileId: profile, name: 'Primeur' });
  const stay = alice.next++;
  await push(alice, 'createStay', { id: stay, name: 'Camp été', start: '2025-07-01' });
  await push(alice, 'createGroup', {
    id: alice.next++,
    stayId: stay,
    name: 'Grands',
    color: '#AF0853',
    size: 12,
  });
  const menu = alice.next++;
  const meal = alice.next++;
  await push(alice, 'createMeal', {
    id: meal,
    menuId: menu,
    stayId: stay,
    day: 1,
    slot: Horaire.Diner,
    now: NOW,
  });
  await push(alice, 'addMenuRecipe', { menuId: menu, recipeId: tarte, now: NOW });
  await push(alice, 'addMenuRecipe', { menuId: menu, recipeId: gratin, now: NOW });
  // Her stay's kitchen register (issue 35): a dated larder entry, the meal's sample, and a
  // reading by Bob, her stay's cook.
  await push(alice, 'setColdUnits', {
    stayId: stay,
    units: [{ key: 'frigo', name: 'Frigo', min: 0, max: 4, checks: ['matin', 'soir'] }],
  });
  await push(alice, 'addStock', {
    id: alice.next++,
    stayId: stay,
    ingredientId: tomate,
    unite: 1,
    val: 500,
    useBy: '2025-07-03',
    dateKind: 'dlc',
    lot: 'T-1',
  });
  await push(alice, 'takeSample', { id: alice.next++, mealId: meal, time: '19:30', dishes: [] });
  await joinStay(server, alice, bob, stay, 'keep');
  await push(bob, 'addReading', {
    id: bob.next++,
    stayId: stay,
    unit: 'frigo',
    day: 1,
    time: '08:00',
    value: 3,
    note: '',
    action: '',
  });
  await push(alice, 'setPurchase', {
    id: alice.next++,
    ingredientId: tomate,
    pack: { name: 'barquette', size: 250, unite: 1 },
    prices: [
      { supplierId: null, amount: 2.5, per: 'pack', date: '2025-06-01' },
      { supplierId: supplier, amount: 2.2, per: 'pack', date: '2025-06-01' },
    ],
  });
}

beforeEach(async () => {
  server = await startTestServer();
  alice = await newDevice(server, 'alice@popote.test', 'alice-device', 'Alice');
  bob = await newDevice(server, 'bob@popote.test', 'bob-device', 'Bob');
  await seed();
});

afterEach(async () => {
  await server.close();
});

describe('Télécharger mes données', () => {
  it('answers 401 without a session', async () => {
    expect((await download(null)).statusCode).toBe(401);
    const { bytes } = await exportOf(alice);
    expect((await upload(null, bytes)).statusCode).toBe(401);
    expect((await upload(null, bytes, true)).statusCode).toBe(401);
  });

  it('holds what the user owns and nothing of another user', async () => {
    const { bytes, data } = await exportOf(alice);
    expect(data.manifest).toMatchObject({
      format: 'popote-donnees',
      version: USER_DATA_VERSION,
      user: { mail: 'alice@popote.test', pseudo: 'Alice' },
    });
    expect(data.tables.stays.map((s) => s.name)).toEqual(['Camp été']);
    expect(data.tables.recipes.map((r) => r.name)).toEqual(['Tarte d’Alice']);
    expect(data.tables.ingredients.map((r) => r.name)).toEqual(['Tomate d’Alice']);
    expect(data.tables.groups.map((g) => g.name)).toEqual(['Grands']);
    expect(data.tables.meals).toHaveLength(1);
    expect(data.tables.purchases).toHaveLength(1);
    // Her stay's register, Bob's reading in it too (the stay's row: its owner is hers).
    expect(data.tables.register.map((e) => [e.kind, e.by])).toEqual([
      ['sample', alice.userId],
      ['reading', bob.userId],
    ]);
    expect(data.tables.stays[0]!.coldUnits?.map((u) => u.key)).toEqual(['frigo']);
    expect(data.tables.stock.map((s) => [s.useBy, s.dateKind, s.lot])).toEqual([
      ['2025-07-03', 'dlc', 'T-1'],
    ]);
    for (const rows of Object.values(data.tables)) {
      for (const row of rows) expect(row.owner).toBe(alice.userId);
    }
    // Every row of the file is, on the server, a live row of hers.
    const stored = new Map((await storedRows(server)).map((r) => [`${r.tbl}:${r.id}`, r]));
    for (const [table, rows] of Object.entries(data.tables)) {
      for (const row of rows) {
        const raw = stored.get(`${table}:${row.id}`);
        expect(raw?.data, `${table} ${row.id}`).toBeTruthy();
        const owner = (JSON.parse(raw!.data!) as { owner: number }).owner;
        expect(owner, `${table} ${row.id}`).toBe(alice.userId);
      }
    }
    // Bob's published recipe that her menu uses: its name only.
    expect(data.references.recipes.map((r) => r.name)).toEqual(['Gratin de Bob']);
    const text = Object.values(unzipSync(new Uint8Array(bytes)))
      .map((entry) => strFromU8(entry))
      .join('\n');
    for (const his of ['Épice de Bob', 'Secret de Bob', 'Séjour de Bob', 'Groupe de Bob', '9.99']) {
      expect(text).not.toContain(his);
    }
    expect(text).not.toContain('lien-de-test');
    expect(text).not.toContain('bob@popote.test');
    // Bob's own export holds nothing of Alice's.
    const bobs = Object.values(unzipSync(new Uint8Array((await exportOf(bob)).bytes)))
      .map((entry) => strFromU8(entry))
      .join('\n');
    for (const hers of ['Tarte d’Alice', 'Camp été', 'Profil d’Alice', 'alice@popote.test']) {
      expect(bobs).not.toContain(hers);
    }
  });
});

describe('Importer des données', () => {
  it('previews without writing, imports once, and a second import creates nothing', async () => {
    const { bytes } = await exportOf(alice);
    const carol = await newDevice(server, 'carol@popote.test', 'carol-device', 'Carol');
    const before = await storedRows(server);
    const preview = await upload(carol, bytes, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const planned = preview.json<Kinds & { DryRun: boolean }>();
    expect(planned.DryRun).toBe(true);
    // Alice's ingredient is readable by everyone: matched, not copied; her recipe is private.
    expect(planned.Kinds.ingredients).toMatchObject({ Created: 0, Matched: 1 });
    expect(planned.Kinds.recipes).toMatchObject({ Created: 1, Matched: 1 });
    expect(planned.Kinds.stays).toMatchObject({ Created: 1 });
    expect(await storedRows(server)).toEqual(before);

    const done = await upload(carol, bytes);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Kinds>().Kinds).toEqual(planned.Kinds);
    const theirs = await exportOf(carol);
    expect(theirs.data.tables.stays.map((s) => s.name)).toEqual(['Camp été']);
    expect(theirs.data.tables.recipes.map((r) => r.name)).toEqual(['Tarte d’Alice']);
    expect(theirs.data.tables.profiles.map((p) => p.name)).toEqual(['Profil d’Alice']);
    expect(theirs.data.tables.purchases[0]!.prices.map((p) => p.amount)).toEqual([2.5, 2.2]);
    // Her stay's register, dates and cold units, recorded by Carol now (issue 35).
    const [carolStay] = theirs.data.tables.stays;
    expect(carolStay!.coldUnits?.map((u) => u.key)).toEqual(['frigo']);
    expect(theirs.data.tables.stock.map((s) => [s.useBy, s.dateKind, s.lot])).toEqual([
      ['2025-07-03', 'dlc', 'T-1'],
    ]);
    expect(theirs.data.tables.register.map((e) => [e.kind, e.stayId, e.by])).toEqual([
      ['sample', carolStay!.id, carol.userId],
      ['reading', carolStay!.id, carol.userId],
    ]);
    const sample = theirs.data.tables.register[0]!;
    expect(sample.kind === 'sample' && sample.mealId).toBe(theirs.data.tables.meals[0]!.id);
    const aliceStay = (await exportOf(alice)).data.tables.stays[0]!;
    expect(theirs.data.tables.stays[0]!.id).not.toBe(aliceStay.id);

    const after = await storedRows(server);
    const again = await upload(carol, bytes);
    expect(again.statusCode, again.body).toBe(200);
    expect(created(again.json<Kinds>())).toBe(0);
    expect(again.json<Kinds>().Kinds.stays).toMatchObject({ Created: 0, Matched: 1 });
    expect(await storedRows(server)).toEqual(after);
  });

  it('refuses hostile files in French with 400 and changes nothing', async () => {
    const { bytes } = await exportOf(alice);
    const files = unzipSync(new Uint8Array(bytes));
    const withEntry = (name: string, content: string) =>
      zipSync({ ...files, [name]: strToU8(content) });
    // An entry whose header says it unpacks to 4 GB.
    const bomb = zipSync({ ...files });
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let i = 0; i + 4 <= bomb.length; i++) {
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 0xf0000000, true);
    }
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Record<string, unknown>;
    const stays = JSON.parse(strFromU8(files['tables/stays.json']!)) as Record<string, unknown>[];
    const cases: [string, Uint8Array, string][] = [
      ['not a zip', strToU8('Nom;Plat\nTarte;Dessert'), 'archive zip'],
      ['a zip bomb', bomb, 'trop volumineux une fois décompressé'],
      [
        'a newer version',
        withEntry('manifest.json', JSON.stringify({ ...manifest, version: USER_DATA_VERSION + 1 })),
        'plus récent',
      ],
      ['malformed JSON', withEntry('tables/recipes.json', '[{"id": 1,'), 'pas un JSON valide'],
      [
        'wrong types',
        withEntry('tables/stays.json', JSON.stringify([{ ...stays[0], name: 12 }])),
        'mal formée (élément 1, champ name)',
      ],
      ['an empty body', new Uint8Array(), 'Envoyez le fichier'],
    ];
    // Well formed, but against a rule the mutators check inside the import's transaction.
    const recipes = JSON.parse(strFromU8(files['tables/recipes.json']!)) as Record<
      string,
      unknown
    >[];
    cases.push([
      'a rule broken',
      withEntry('tables/recipes.json', JSON.stringify([{ ...recipes[0], name: '   ' }])),
      'nom de la recette',
    ]);
    const before = await storedRows(server);
    for (const [what, file, message] of cases) {
      // The preview checks the file and plans; the mutators' rules apply at the import.
      for (const preview of what === 'a rule broken' ? [false] : [true, false]) {
        const res = await upload(bob, file, preview);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
        expect(res.json<{ message: string }>().message, what).toContain(message);
      }
    }
    expect(await storedRows(server)).toEqual(before);
  });
});
