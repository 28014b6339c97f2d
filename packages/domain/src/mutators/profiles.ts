/** Mutators of supplier profiles, their suppliers and their mapping. */
import { Type } from '@sinclair/typebox';
import type { IngredientKind } from '../enums.js';
import type { Id } from '../entities.js';
import { mapIngredients, mapKinds, removeSupplierFromProfile, tidyProfile } from '../suppliers.js';
import { anyUser, owned, ownerOf, readable, requiredName } from './access.js';
import { defineMutator } from './define.js';
import { IdSchema, KindSchema, NameSchema, SupplierRefSchema } from './schemas.js';
import { argText, quoted, argInt, ofPhrase, toPhrase, nameList } from './describe-words.js';
import { INGREDIENT_KIND_NAMES, isIngredientKind } from '../enums.js';
import type { RowRef } from './undo-scope.js';

/** The name a new supplier gets (spec 9). */
export const NEW_SUPPLIER_NAME = 'Fournisseur';

export const createProfile = defineMutator({
  label: "Création d'un profil de fournisseurs",
  schema: Type.Object({ id: IdSchema, name: NameSchema }),
  access: anyUser,
  describe: async (a) => `Création du profil de fournisseurs ${quoted(argText(a, 'name') ?? '')}`,
  undo: null,
  run: async (ctx, { id, name }) => {
    await ctx.claimId('profiles', id);
    await ctx.store.put('profiles', {
      id,
      owner: ctx.userId,
      name: requiredName(name, 'du profil'),
      ingredientLinks: [],
      kindLinks: [],
    });
  },
});

export const renameProfile = defineMutator({
  label: "Modification d'un profil de fournisseurs",
  schema: Type.Object({ id: IdSchema, name: NameSchema }),
  access: ownerOf('profiles', 'id'),
  describe: async (a, w) =>
    `Renommage ${ofPhrase(await w.profile(argInt(a, 'id')))} en ${quoted(argText(a, 'name') ?? '')}`,
  undo: null,
  run: async (ctx, { id, name }) => {
    const profile = await readable(ctx, 'profiles', id);
    await ctx.store.put('profiles', { ...profile, name: requiredName(name, 'du profil') });
  },
});

/** Deletes the profile and all its suppliers; stays that used it as default lose it. */
export const deleteProfile = defineMutator({
  label: "Suppression d'un profil de fournisseurs",
  schema: Type.Object({ id: IdSchema }),
  access: ownerOf('profiles', 'id'),
  describe: async (a, w) => `Suppression ${ofPhrase(await w.profile(argInt(a, 'id')))}`,
  undo: async (store, userId, a) => {
    const suppliers = await store.whereIds('suppliers', 'profileId', a.id);
    const stays = await store.where('stays', 'profileId', a.id);
    return [
      { table: 'profiles', id: a.id },
      ...suppliers.map((id): RowRef => ({ table: 'suppliers', id })),
      ...stays.filter((s) => s.owner === userId).map((s): RowRef => ({ table: 'stays', id: s.id })),
    ];
  },
  run: async (ctx, { id }) => {
    for (const supplierId of await ctx.store.whereIds('suppliers', 'profileId', id)) {
      await ctx.store.delete('suppliers', supplierId);
    }
    for (const stay of await ctx.store.where('stays', 'profileId', id)) {
      await ctx.store.put('stays', { ...stay, profileId: null });
    }
    await ctx.store.delete('profiles', id);
  },
});

export const createSupplier = defineMutator({
  label: "Ajout d'un fournisseur",
  schema: Type.Object({ id: IdSchema, profileId: IdSchema, name: Type.Optional(NameSchema) }),
  access: ownerOf('profiles', 'profileId'),
  describe: async (a, w) => {
    const name = argText(a, 'name');
    const supplier = name === null ? "d'un fournisseur" : `du fournisseur ${quoted(name)}`;
    return `Ajout ${supplier} ${toPhrase(await w.profile(argInt(a, 'profileId')))}`;
  },
  undo: null,
  run: async (ctx, { id, profileId, name }) => {
    const profile = await readable(ctx, 'profiles', profileId);
    await ctx.claimId('suppliers', id);
    await ctx.store.put('suppliers', {
      id,
      profileId,
      owner: profile.owner,
      name: name === undefined ? NEW_SUPPLIER_NAME : requiredName(name, 'du fournisseur'),
    });
  },
});

export const renameSupplier = defineMutator({
  label: "Modification d'un fournisseur",
  schema: Type.Object({ id: IdSchema, name: NameSchema }),
  access: ownerOf('suppliers', 'id'),
  describe: async (a, w) =>
    `Renommage ${ofPhrase(await w.supplier(argInt(a, 'id')))} en ${quoted(argText(a, 'name') ?? '')}`,
  undo: null,
  run: async (ctx, { id, name }) => {
    const supplier = await readable(ctx, 'suppliers', id);
    await ctx.store.put('suppliers', { ...supplier, name: requiredName(name, 'du fournisseur') });
  },
});

export const deleteSupplier = defineMutator({
  label: "Suppression d'un fournisseur",
  schema: Type.Object({ id: IdSchema }),
  access: ownerOf('suppliers', 'id'),
  describe: async (a, w) => {
    const supplier = await w.supplierRow(argInt(a, 'id'));
    const profile = supplier ? ` ${ofPhrase(await w.profile(supplier.profileId))}` : '';
    return `Suppression ${ofPhrase(await w.supplier(argInt(a, 'id')))}${profile}`;
  },
  undo: async (store, _userId, a) => {
    const supplier = await store.get('suppliers', a.id);
    return supplier
      ? [
          { table: 'suppliers', id: supplier.id },
          { table: 'profiles', id: supplier.profileId },
        ]
      : [];
  },
  run: async (ctx, { id }) => {
    const supplier = await readable(ctx, 'suppliers', id);
    const profile = await owned(ctx, 'profiles', supplier.profileId);
    await ctx.store.put('profiles', removeSupplierFromProfile(profile, id));
    await ctx.store.delete('suppliers', id);
  },
});

export const mapProfileIngredients = defineMutator({
  label: "Association d'ingrédients à un fournisseur",
  schema: Type.Object({
    profileId: IdSchema,
    ingredientIds: Type.Array(IdSchema, { maxItems: 10_000 }),
    supplierId: SupplierRefSchema,
  }),
  access: ownerOf('profiles', 'profileId'),
  describe: async (a, w) => {
    const ids = (Array.isArray(a.ingredientIds) ? a.ingredientIds : []).filter(
      (v): v is number => typeof v === 'number',
    );
    const names: string[] = [];
    let missing = 0;
    for (const ingredientId of ids) {
      const name = await w.ingredientName(ingredientId);
      if (name === null) missing++;
      else names.push(name);
    }
    const known = names.length === 0 ? '' : nameList(names);
    const gone =
      missing === 0
        ? ''
        : `${missing} ingrédient${missing > 1 ? 's' : ''} supprimé${missing > 1 ? 's' : ''}`;
    const what = [known, gone].filter((s) => s !== '').join(' et ');
    const noun = ids.length > 1 ? 'des ingrédients' : "de l'ingrédient";
    return `Association ${noun} ${what} ${toPhrase(await w.supplier(argInt(a, 'supplierId')))} ${await w.inProfile(argInt(a, 'profileId'))}`;
  },
  undo: null,
  run: async (ctx, { profileId, ingredientIds, supplierId }) => {
    const profile = await readable(ctx, 'profiles', profileId);
    for (const ingredientId of new Set(ingredientIds)) {
      await readable(ctx, 'ingredients', ingredientId);
    }
    const suppliers = await ctx.store.where('suppliers', 'profileId', profileId);
    await ctx.store.put('profiles', mapIngredients(profile, ingredientIds, supplierId, suppliers));
  },
});

export const mapProfileKinds = defineMutator({
  label: 'Association de catégories à un fournisseur',
  schema: Type.Object({
    profileId: IdSchema,
    kinds: Type.Array(KindSchema, { maxItems: 7 }),
    supplierId: SupplierRefSchema,
  }),
  access: ownerOf('profiles', 'profileId'),
  describe: async (a, w) => {
    const kinds = (Array.isArray(a.kinds) ? a.kinds : []).filter(isIngredientKind);
    const noun = kinds.length > 1 ? 'des catégories' : 'de la catégorie';
    return `Association ${noun} ${nameList(kinds.map((k) => INGREDIENT_KIND_NAMES[k]))} ${toPhrase(
      await w.supplier(argInt(a, 'supplierId')),
    )} ${await w.inProfile(argInt(a, 'profileId'))}`;
  },
  undo: null,
  run: async (ctx, { profileId, kinds, supplierId }) => {
    const profile = await readable(ctx, 'profiles', profileId);
    const suppliers = await ctx.store.where('suppliers', 'profileId', profileId);
    await ctx.store.put(
      'profiles',
      mapKinds(profile, kinds as IngredientKind[], supplierId, suppliers),
    );
  },
});

export const tidyProfileMapping = defineMutator({
  label: 'Simplification des associations',
  schema: Type.Object({ profileId: IdSchema }),
  access: ownerOf('profiles', 'profileId'),
  describe: async (a, w) =>
    `Simplification des associations ${ofPhrase(await w.profile(argInt(a, 'profileId')))}`,
  undo: null,
  run: async (ctx, { profileId }) => {
    const profile = await readable(ctx, 'profiles', profileId);
    const ids: Id[] = profile.ingredientLinks.map((l) => l.ingredientId);
    const ingredients = await ctx.store.getMany('ingredients', ids);
    await ctx.store.put(
      'profiles',
      tidyProfile(profile, new Map(ingredients.map((i) => [i.id, i]))),
    );
  },
});
