/**
 * Seeds the starting catalogue of ingredients once per installation, on the first start. A
 * meta key remembers it, so that a restart never writes a second copy and an administrator who
 * removes catalogue rows does not see them come back.
 *
 * What the catalogue says about its ingredients grows: a second meta key holds the version of
 * that content the installation's catalogue rows have. On a start that finds it behind, the
 * catalogue rows (owner null) that lack what the new version brings receive it, once, through
 * the same versioned writes as the seeding, so that devices get the change by sync.
 */
import { normalizeSearchText, type Ingredient } from '@popote/domain';
import type { PopoteServices } from '../services.js';
import { CATALOGUE_INGREDIENTS, type CatalogueIngredient } from './ingredients.js';

/** Meta key set once the catalogue has been written. */
export const CATALOGUE_SEEDED_KEY = 'catalogue_seeded';

/** Meta key: the version of the catalogue's content that its rows hold (absent: 1). */
export const CATALOGUE_VERSION_KEY = 'catalogue_version';

/**
 * The version of the catalogue's content. 1: names and categories; 2: allergens and diet
 * facts (issue 20).
 */
export const CATALOGUE_VERSION = 2;

type SeedServices = Pick<PopoteServices, 'store' | 'sync' | 'now'>;

/**
 * Writes the catalogue unless it was already seeded; returns the number of ingredients added.
 * A name already taken (an installation that ran before the catalogue existed, or a start
 * interrupted half-way) is skipped, since ingredient names are unique; a catalogue row found
 * there receives its facts if it has none. An installation seeded before is brought up to the
 * current version instead (catalogueFacts).
 */
export async function seedCatalogue(
  services: SeedServices,
  catalogue: readonly CatalogueIngredient[] = CATALOGUE_INGREDIENTS,
): Promise<number> {
  const { store, sync, now } = services;
  if ((await store.getMeta(CATALOGUE_SEEDED_KEY)) !== null) {
    await catalogueFacts(services, catalogue);
    return 0;
  }
  const missing: CatalogueIngredient[] = [];
  const taken: CatalogueIngredient[] = [];
  for (const item of catalogue) {
    const ids = await store.rows.reads.whereIds(
      'ingredients',
      'nameKey',
      normalizeSearchText(item.name),
    );
    (ids.length === 0 ? missing : taken).push(item);
  }
  if (missing.length > 0) {
    const first = await store.write((tx) => tx.allocateIds(missing.length));
    for (const [index, item] of missing.entries()) {
      const row: Ingredient = {
        id: first + index,
        name: item.name,
        kind: item.kind,
        owner: null,
        ...rowFacts(item),
      };
      await sync.putSystemRow('ingredients', row);
    }
  }
  await store.write((tx) => tx.setMeta(CATALOGUE_SEEDED_KEY, new Date(now()).toISOString()));
  // The rows just written hold the current version; only those found there may lack facts.
  await fillFacts(services, taken);
  await store.write((tx) => tx.setMeta(CATALOGUE_VERSION_KEY, CATALOGUE_VERSION));
  return missing.length;
}

/**
 * Gives the catalogue rows the allergens and diet facts of the catalogue (version 2), unless
 * the installation's catalogue is already at that version; returns the number of rows changed.
 * Running it again after an interruption changes only what is still missing.
 */
export async function catalogueFacts(
  services: SeedServices,
  catalogue: readonly CatalogueIngredient[] = CATALOGUE_INGREDIENTS,
): Promise<number> {
  const { store } = services;
  const version = await store.getMeta(CATALOGUE_VERSION_KEY);
  if (version !== null && Number(version) >= CATALOGUE_VERSION) return 0;
  const changed = await fillFacts(services, catalogue);
  await store.write((tx) => tx.setMeta(CATALOGUE_VERSION_KEY, CATALOGUE_VERSION));
  return changed;
}

/**
 * Writes the items' facts into the rows of their names that are the catalogue's (owned by no
 * one) and have no allergen nor diet fact yet: a user's ingredient of the same name, and a
 * catalogue row whose facts were already set, are left as they are. Each change is a
 * versioned write, like the seeding's, so that devices receive it by sync.
 */
async function fillFacts(
  { store, sync }: SeedServices,
  items: readonly CatalogueIngredient[],
): Promise<number> {
  let changed = 0;
  for (const item of items) {
    const facts = rowFacts(item);
    if (facts.allergens === undefined && facts.diet === undefined) continue;
    const ids = await store.rows.reads.whereIds(
      'ingredients',
      'nameKey',
      normalizeSearchText(item.name),
    );
    for (const row of await store.rows.reads.getMany('ingredients', ids)) {
      if (row.owner !== null || row.allergens !== undefined || row.diet !== undefined) continue;
      await sync.putSystemRow('ingredients', { ...row, ...facts });
      changed += 1;
    }
  }
  return changed;
}

/** The item's allergens and diet facts as a row holds them: fresh arrays, absent when none. */
function rowFacts(item: CatalogueIngredient): Pick<Ingredient, 'allergens' | 'diet'> {
  return {
    ...(item.allergens && item.allergens.length > 0 ? { allergens: [...item.allergens] } : {}),
    ...(item.diet && item.diet.length > 0 ? { diet: [...item.diet] } : {}),
  };
}
