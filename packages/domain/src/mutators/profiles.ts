/** Mutators of supplier profiles, their suppliers and their mapping. */
import { Type } from '@sinclair/typebox';
import type { IngredientKind } from '../enums.js';
import type { Id } from '../entities.js';
import { mapIngredients, mapKinds, removeSupplierFromProfile, tidyProfile } from '../suppliers.js';
import { owned, readable, requiredName } from './access.js';
import { defineMutator } from './define.js';
import { IdSchema, KindSchema, NameSchema, SupplierRefSchema } from './schemas.js';

/** The name a new supplier gets (spec 9). */
export const NEW_SUPPLIER_NAME = 'Fournisseur';

export const createProfile = defineMutator(
  "Création d'un profil de fournisseurs",
  Type.Object({ id: IdSchema, name: NameSchema }),
  async (ctx, { id, name }) => {
    await ctx.claimId('profiles', id);
    await ctx.store.put('profiles', {
      id,
      owner: ctx.userId,
      name: requiredName(name, 'du profil'),
      ingredientLinks: [],
      kindLinks: [],
    });
  },
);

export const renameProfile = defineMutator(
  "Modification d'un profil de fournisseurs",
  Type.Object({ id: IdSchema, name: NameSchema }),
  async (ctx, { id, name }) => {
    const profile = await owned(ctx, 'profiles', id);
    await ctx.store.put('profiles', { ...profile, name: requiredName(name, 'du profil') });
  },
);

/** Deletes the profile and all its suppliers; stays that used it as default lose it. */
export const deleteProfile = defineMutator(
  "Suppression d'un profil de fournisseurs",
  Type.Object({ id: IdSchema }),
  async (ctx, { id }) => {
    await owned(ctx, 'profiles', id);
    for (const supplierId of await ctx.store.whereIds('suppliers', 'profileId', id)) {
      await ctx.store.delete('suppliers', supplierId);
    }
    for (const stay of await ctx.store.where('stays', 'profileId', id)) {
      await ctx.store.put('stays', { ...stay, profileId: null });
    }
    await ctx.store.delete('profiles', id);
  },
);

export const createSupplier = defineMutator(
  "Ajout d'un fournisseur",
  Type.Object({ id: IdSchema, profileId: IdSchema, name: Type.Optional(NameSchema) }),
  async (ctx, { id, profileId, name }) => {
    const profile = await owned(ctx, 'profiles', profileId);
    await ctx.claimId('suppliers', id);
    await ctx.store.put('suppliers', {
      id,
      profileId,
      owner: profile.owner,
      name: name === undefined ? NEW_SUPPLIER_NAME : requiredName(name, 'du fournisseur'),
    });
  },
);

export const renameSupplier = defineMutator(
  "Modification d'un fournisseur",
  Type.Object({ id: IdSchema, name: NameSchema }),
  async (ctx, { id, name }) => {
    const supplier = await owned(ctx, 'suppliers', id);
    await ctx.store.put('suppliers', { ...supplier, name: requiredName(name, 'du fournisseur') });
  },
);

export const deleteSupplier = defineMutator(
  "Suppression d'un fournisseur",
  Type.Object({ id: IdSchema }),
  async (ctx, { id }) => {
    const supplier = await owned(ctx, 'suppliers', id);
    const profile = await owned(ctx, 'profiles', supplier.profileId);
    await ctx.store.put('profiles', removeSupplierFromProfile(profile, id));
    await ctx.store.delete('suppliers', id);
  },
);

export const mapProfileIngredients = defineMutator(
  "Association d'ingrédients à un fournisseur",
  Type.Object({
    profileId: IdSchema,
    ingredientIds: Type.Array(IdSchema, { maxItems: 10_000 }),
    supplierId: SupplierRefSchema,
  }),
  async (ctx, { profileId, ingredientIds, supplierId }) => {
    const profile = await owned(ctx, 'profiles', profileId);
    for (const ingredientId of new Set(ingredientIds)) {
      await readable(ctx, 'ingredients', ingredientId);
    }
    const suppliers = await ctx.store.where('suppliers', 'profileId', profileId);
    await ctx.store.put('profiles', mapIngredients(profile, ingredientIds, supplierId, suppliers));
  },
);

export const mapProfileKinds = defineMutator(
  'Association de catégories à un fournisseur',
  Type.Object({
    profileId: IdSchema,
    kinds: Type.Array(KindSchema, { maxItems: 7 }),
    supplierId: SupplierRefSchema,
  }),
  async (ctx, { profileId, kinds, supplierId }) => {
    const profile = await owned(ctx, 'profiles', profileId);
    const suppliers = await ctx.store.where('suppliers', 'profileId', profileId);
    await ctx.store.put(
      'profiles',
      mapKinds(profile, kinds as IngredientKind[], supplierId, suppliers),
    );
  },
);

export const tidyProfileMapping = defineMutator(
  'Simplification des associations',
  Type.Object({ profileId: IdSchema }),
  async (ctx, { profileId }) => {
    const profile = await owned(ctx, 'profiles', profileId);
    const ids: Id[] = profile.ingredientLinks.map((l) => l.ingredientId);
    const ingredients = await ctx.store.getMany('ingredients', ids);
    await ctx.store.put(
      'profiles',
      tidyProfile(profile, new Map(ingredients.map((i) => [i.id, i]))),
    );
  },
);
