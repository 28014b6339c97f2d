/**
 * Seeds the starting catalogue of ingredients once per installation, on the first start. A
 * meta key remembers it, so that a restart never writes a second copy and an administrator who
 * removes catalogue rows does not see them come back.
 */
import { normalizeSearchText, type Ingredient } from '@popote/domain';
import type { PopoteServices } from '../services.js';
import { CATALOGUE_INGREDIENTS, type CatalogueIngredient } from './ingredients.js';

/** Meta key set once the catalogue has been written. */
export const CATALOGUE_SEEDED_KEY = 'catalogue_seeded';

/**
 * Writes the catalogue unless it was already seeded; returns the number of ingredients added.
 * A name already taken (an installation that ran before the catalogue existed, or a start
 * interrupted half-way) is skipped, since ingredient names are unique.
 */
export async function seedCatalogue(
  services: Pick<PopoteServices, 'store' | 'sync' | 'now'>,
  catalogue: readonly CatalogueIngredient[] = CATALOGUE_INGREDIENTS,
): Promise<number> {
  const { store, sync, now } = services;
  if ((await store.getMeta(CATALOGUE_SEEDED_KEY)) !== null) return 0;
  const missing: CatalogueIngredient[] = [];
  for (const item of catalogue) {
    const taken = await store.rows.reads.whereIds(
      'ingredients',
      'nameKey',
      normalizeSearchText(item.name),
    );
    if (taken.length === 0) missing.push(item);
  }
  if (missing.length > 0) {
    const first = await store.write((tx) => tx.allocateIds(missing.length));
    for (const [index, item] of missing.entries()) {
      const row: Ingredient = { id: first + index, name: item.name, kind: item.kind, owner: null };
      await sync.putSystemRow('ingredients', row);
    }
  }
  await store.write((tx) => tx.setMeta(CATALOGUE_SEEDED_KEY, new Date(now()).toISOString()));
  return missing.length;
}
