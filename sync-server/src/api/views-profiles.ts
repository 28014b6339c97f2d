/**
 * Answers about supplier profiles: the list, one profile with its mapping columns, and the
 * spreadsheet's default supplier of each ingredient (the domain's resolution rules).
 */
import {
  compareFrench,
  defaultMapping,
  supplierColumns,
  type Id,
  type Profile,
} from '@popote/domain';
import { readableRow, type ReadCtx } from './context.js';
import { byIdOut, profileOut, supplierOut } from './mappers.js';
import { loadPseudos } from './owners.js';
import type { IngredientMappingOut, Out, ProfileExtOut, ProfileHeaderOut } from './schemas.js';

type ProfileHeader = Out<typeof ProfileHeaderOut>;

async function headers(ctx: ReadCtx, profiles: readonly Profile[]): Promise<ProfileHeader[]> {
  const pseudos = await loadPseudos(
    ctx,
    profiles.map((p) => p.owner),
  );
  const out: ProfileHeader[] = [];
  for (const profile of profiles) {
    const suppliers = await ctx.store.where('suppliers', 'profileId', profile.id);
    out.push({
      Profile: profileOut(profile),
      Suppliers: byIdOut(suppliers, supplierOut),
      OwnerPseudo: pseudos.of(profile.owner),
    });
  }
  return out;
}

/** Every profile (profiles are readable by everyone), by name. */
export async function profileList(ctx: ReadCtx): Promise<ProfileHeader[]> {
  const profiles = await ctx.store.all('profiles');
  profiles.sort((a, b) => compareFrench(a.name, b.name) || a.id - b.id);
  return headers(ctx, profiles);
}

export async function profileHeader(ctx: ReadCtx, id: Id): Promise<ProfileHeader> {
  const [header] = await headers(ctx, [await readableRow(ctx, 'profiles', id)]);
  return header as ProfileHeader;
}

/**
 * The profile's mapping screen columns over every ingredient ('Sans fournisseur' first), each
 * with its kinds and the ids of the ingredients that resolve to it.
 */
export async function profileExt(ctx: ReadCtx, id: Id): Promise<Out<typeof ProfileExtOut>> {
  const profile = await readableRow(ctx, 'profiles', id);
  const suppliers = await ctx.store.where('suppliers', 'profileId', id);
  const ingredients = await ctx.store.all('ingredients');
  return supplierColumns(profile, suppliers, ingredients).map((column) => ({
    Id: column.id,
    Kinds: column.kinds,
    Ingredients: column.ingredients.map((i) => i.id),
    Name: column.name,
  }));
}

/** Ingredient id → supplier id (-1: 'Sans fournisseur'); every one -1 without a profile. */
export async function defaultMap(
  ctx: ReadCtx,
  profileId: Id | null,
  ingredientIds: readonly Id[],
): Promise<Out<typeof IngredientMappingOut>> {
  const profile = profileId === null ? null : await readableRow(ctx, 'profiles', profileId);
  const ingredients = await ctx.store.getMany('ingredients', [...new Set(ingredientIds)]);
  return defaultMapping(profile, ingredients);
}
