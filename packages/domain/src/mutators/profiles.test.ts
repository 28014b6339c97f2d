import { beforeEach, describe, expect, it } from 'vitest';
import { NO_SUPPLIER } from '../entities.js';
import { IngredientKind } from '../enums.js';
import { NEW_SUPPLIER_NAME } from './index.js';
import { ALICE, BOB, FRESH, World } from '../../test/mutators-world.js';

let w: World;
beforeEach(async () => {
  w = await World.create();
});

describe('createProfile, renameProfile', () => {
  it('creates an empty profile and renames it, names trimmed', async () => {
    await w.run(ALICE, 'createProfile', { id: FRESH, name: ' Grossistes ' });
    expect(await w.get('profiles', FRESH)).toEqual({
      id: FRESH,
      owner: ALICE,
      name: 'Grossistes',
      ingredientLinks: [],
      kindLinks: [],
    });
    await w.run(ALICE, 'renameProfile', { id: FRESH, name: 'Marché ' });
    expect((await w.get('profiles', FRESH))?.name).toBe('Marché');
  });

  it('refuses an empty name and a profile of another user', async () => {
    const empty = await w.refusal(ALICE, 'createProfile', { id: FRESH, name: '' });
    expect(empty.error.code).toBe('invalid');
    expect(empty.error.message).toBe('Le nom du profil ne peut pas être vide.');
    expect(empty.after).toEqual(empty.before);
    const bobs = await w.profile(BOB);
    const other = await w.refusal(ALICE, 'renameProfile', { id: bobs.id, name: 'À moi' });
    expect(other.error.code).toBe('forbidden');
    expect(other.error.message).toBe('Seul son propriétaire peut modifier ce profil.');
    expect(other.after).toEqual(other.before);
  });
});

describe('deleteProfile', () => {
  it("deletes the profile and its suppliers, and clears it from stays, other users' too", async () => {
    const profile = await w.profile(ALICE);
    const kept = await w.profile(ALICE);
    await w.supplier(profile);
    await w.supplier(profile);
    const keptSupplier = await w.supplier(kept);
    const aliceStay = await w.stay(ALICE, { profileId: profile.id });
    const bobStay = await w.stay(BOB, { profileId: profile.id });
    const otherStay = await w.stay(ALICE, { profileId: kept.id });

    await w.run(ALICE, 'deleteProfile', { id: profile.id });

    expect(w.ids('profiles')).toEqual([kept.id]);
    expect(w.ids('suppliers')).toEqual([keptSupplier.id]);
    expect(await w.get('stays', aliceStay.id)).toEqual({ ...aliceStay, profileId: null });
    expect(await w.get('stays', bobStay.id)).toEqual({ ...bobStay, profileId: null });
    expect(await w.get('stays', otherStay.id)).toEqual(otherStay);
  });

  it('refuses a profile of another user', async () => {
    const bobs = await w.profile(BOB);
    await w.supplier(bobs);
    const { error, before, after } = await w.refusal(ALICE, 'deleteProfile', { id: bobs.id });
    expect(error.code).toBe('forbidden');
    expect(after).toEqual(before);
  });
});

describe('suppliers', () => {
  it(`creates a supplier named '${NEW_SUPPLIER_NAME}' by default, or with the name given`, async () => {
    const profile = await w.profile(ALICE);
    await w.run(ALICE, 'createSupplier', { id: FRESH, profileId: profile.id });
    await w.run(ALICE, 'createSupplier', {
      id: FRESH + 1,
      profileId: profile.id,
      name: ' Boucher ',
    });
    expect(w.store.snapshot('suppliers')).toEqual([
      { id: FRESH, profileId: profile.id, owner: ALICE, name: 'Fournisseur' },
      { id: FRESH + 1, profileId: profile.id, owner: ALICE, name: 'Boucher' },
    ]);
  });

  it('renames a supplier, refusing an empty name', async () => {
    const supplier = await w.supplier(await w.profile(ALICE));
    await w.run(ALICE, 'renameSupplier', { id: supplier.id, name: 'Primeur' });
    expect(await w.get('suppliers', supplier.id)).toEqual({ ...supplier, name: 'Primeur' });
    const { error, before, after } = await w.refusal(ALICE, 'renameSupplier', {
      id: supplier.id,
      name: '  ',
    });
    expect(error.code).toBe('invalid');
    expect(error.message).toBe('Le nom du fournisseur ne peut pas être vide.');
    expect(after).toEqual(before);
  });

  it('deletes a supplier and every link to it', async () => {
    const profile = await w.profile(ALICE);
    const boucher = await w.supplier(profile);
    const primeur = await w.supplier(profile);
    await w.store.put('profiles', {
      ...profile,
      ingredientLinks: [
        { ingredientId: 500, supplierId: boucher.id },
        { ingredientId: 501, supplierId: primeur.id },
      ],
      kindLinks: [
        { kind: IngredientKind.ViandesPoissons, supplierId: boucher.id },
        { kind: IngredientKind.FruitsLegumes, supplierId: primeur.id },
      ],
    });
    await w.run(ALICE, 'deleteSupplier', { id: boucher.id });
    expect(w.ids('suppliers')).toEqual([primeur.id]);
    expect(await w.get('profiles', profile.id)).toEqual({
      ...profile,
      ingredientLinks: [{ ingredientId: 501, supplierId: primeur.id }],
      kindLinks: [{ kind: IngredientKind.FruitsLegumes, supplierId: primeur.id }],
    });
  });

  it("refuses every supplier change on another user's profile", async () => {
    const bobs = await w.profile(BOB);
    const supplier = await w.supplier(bobs);
    const attempts: [string, unknown][] = [
      ['createSupplier', { id: FRESH, profileId: bobs.id }],
      ['renameSupplier', { id: supplier.id, name: 'X' }],
      ['deleteSupplier', { id: supplier.id }],
    ];
    for (const [name, args] of attempts) {
      const { error, before, after } = await w.refusal(ALICE, name, args);
      expect(error.code, name).toBe('forbidden');
      expect(after, name).toEqual(before);
    }
  });
});

describe('mapping', () => {
  it("links ingredients to a supplier, and to 'Sans fournisseur' with the supplier -1", async () => {
    const profile = await w.profile(ALICE);
    const boucher = await w.supplier(profile);
    const steak = await w.ingredient(null, { kind: 3 });
    const poulet = await w.ingredient(BOB, { kind: 3 });
    await w.run(ALICE, 'mapProfileIngredients', {
      profileId: profile.id,
      ingredientIds: [steak.id, poulet.id, steak.id],
      supplierId: boucher.id,
    });
    expect((await w.get('profiles', profile.id))?.ingredientLinks).toEqual([
      { ingredientId: steak.id, supplierId: boucher.id },
      { ingredientId: poulet.id, supplierId: boucher.id },
    ]);
    await w.run(ALICE, 'mapProfileIngredients', {
      profileId: profile.id,
      ingredientIds: [steak.id],
      supplierId: NO_SUPPLIER,
    });
    expect((await w.get('profiles', profile.id))?.ingredientLinks).toEqual([
      { ingredientId: poulet.id, supplierId: boucher.id },
      { ingredientId: steak.id, supplierId: NO_SUPPLIER },
    ]);
  });

  it('links kinds to a supplier and unlinks them', async () => {
    const profile = await w.profile(ALICE);
    const primeur = await w.supplier(profile);
    await w.run(ALICE, 'mapProfileKinds', {
      profileId: profile.id,
      kinds: [1, 6],
      supplierId: primeur.id,
    });
    expect((await w.get('profiles', profile.id))?.kindLinks).toEqual([
      { kind: 1, supplierId: primeur.id },
      { kind: 6, supplierId: primeur.id },
    ]);
    await w.run(ALICE, 'mapProfileKinds', { profileId: profile.id, kinds: [6], supplierId: -1 });
    expect((await w.get('profiles', profile.id))?.kindLinks).toEqual([
      { kind: 1, supplierId: primeur.id },
    ]);
  });

  it('refuses a supplier of another profile and a missing ingredient', async () => {
    const profile = await w.profile(ALICE, { name: 'Marché' });
    const other = await w.profile(ALICE);
    const foreign = await w.supplier(other);
    const steak = await w.ingredient(null);
    const byIngredient = await w.refusal(ALICE, 'mapProfileIngredients', {
      profileId: profile.id,
      ingredientIds: [steak.id],
      supplierId: foreign.id,
    });
    expect(byIngredient.error.code).toBe('invalid');
    expect(byIngredient.error.message).toBe(
      `Le fournisseur ${foreign.id} n'appartient pas au profil « Marché ».`,
    );
    expect(byIngredient.after).toEqual(byIngredient.before);
    const byKind = await w.refusal(ALICE, 'mapProfileKinds', {
      profileId: profile.id,
      kinds: [1],
      supplierId: foreign.id,
    });
    expect(byKind.error.code).toBe('invalid');
    expect(byKind.after).toEqual(byKind.before);
    const missing = await w.refusal(ALICE, 'mapProfileIngredients', {
      profileId: profile.id,
      ingredientIds: [999],
      supplierId: -1,
    });
    expect(missing.error.code).toBe('not_found');
    expect(missing.after).toEqual(missing.before);
  });

  it('tidies the ingredient links that their kind already implies', async () => {
    const profile = await w.profile(ALICE);
    const boucher = await w.supplier(profile);
    const primeur = await w.supplier(profile);
    const steak = await w.ingredient(null, { kind: 3 });
    const pomme = await w.ingredient(null, { kind: 1 });
    await w.store.put('profiles', {
      ...profile,
      kindLinks: [{ kind: 3, supplierId: boucher.id }],
      ingredientLinks: [
        { ingredientId: steak.id, supplierId: boucher.id },
        { ingredientId: pomme.id, supplierId: primeur.id },
        { ingredientId: 999, supplierId: boucher.id },
      ],
    });
    await w.run(ALICE, 'tidyProfileMapping', { profileId: profile.id });
    expect((await w.get('profiles', profile.id))?.ingredientLinks).toEqual([
      { ingredientId: pomme.id, supplierId: primeur.id },
      { ingredientId: 999, supplierId: boucher.id },
    ]);
  });

  it("refuses mapping changes on another user's profile", async () => {
    const bobs = await w.profile(BOB);
    const attempts: [string, unknown][] = [
      ['mapProfileIngredients', { profileId: bobs.id, ingredientIds: [], supplierId: -1 }],
      ['mapProfileKinds', { profileId: bobs.id, kinds: [1], supplierId: -1 }],
      ['tidyProfileMapping', { profileId: bobs.id }],
    ];
    for (const [name, args] of attempts) {
      const { error, before, after } = await w.refusal(ALICE, name, args);
      expect(error.code, name).toBe('forbidden');
      expect(after, name).toEqual(before);
    }
  });
});
