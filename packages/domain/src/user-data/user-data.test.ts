/** The file of 'Télécharger mes données' and what importing it does (issue 33). */
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { Plat, Unite } from '../enums.js';
import { isDomainError } from '../errors.js';
import { readableBy } from '../reader-view.js';
import { runMutation } from '../mutators/index.js';
import { ALICE, BOB, NOW, World } from '../../test/mutators-world.js';
import { collectUserData } from './collect.js';
import { USER_DATA_VERSION, type UserData } from './format.js';
import { planUserDataImport } from './plan.js';
import { MANIFEST_ENTRY, packUserData, readUserData, tableEntry } from './zip.js';

const ORIGIN = { mail: 'alice@popote.test', pseudo: 'Alice', syncSchema: 2, now: NOW };

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
  await w.meal(stay, { menuId: menu.id, groupIds: [group.id] });
  await w.shopList(stay, { share: { token: 'partage-secret-de-la-liste', created: NOW } });
  await w.stock(stay, tomate);
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
    expect(data.manifest).toMatchObject({ format: 'popote-donnees', version: 1, syncSchema: 2 });
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
