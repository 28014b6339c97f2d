/**
 * Runs inside the app's page (bundled by bench/probe/build.ts, evaluated by bench/compile.ts):
 * the compile of the export screen over the app's own Dexie store, beside a raw Dexie read of
 * the same rows, on the database the app synced. Timing loops run in the page, so that no
 * round trip to the test driver is counted.
 */
import { compileIngredients, loadCompileInput, type Id } from '@popote/domain';
import { LocalDb, dbNameForUser, type StoredRow, DexieStore } from '@popote/sync-client';

export interface CompileSamples {
  /** loadCompileInput + compileIngredients, as the export screen runs them. */
  loadAndCompile: number[];
  /** compileIngredients alone, on rows already read. */
  compileOnly: number[];
  /** The same rows read with plain Dexie calls, index fields and all. */
  rawRead: number[];
  /** Sizes, to check that both read the same rows. */
  rows: { meals: number; menus: number; recipes: number; ingredients: number };
  compiledIngredients: number;
}

const unique = <V>(values: readonly V[]): V[] => [...new Set(values)];

async function timed(fn: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** The rows loadCompileInput reads, in the same dependent order, without the domain's store. */
async function rawRead(db: LocalDb, stayId: Id, days: ReadonlySet<number>) {
  const [stayMeals, groups] = await Promise.all([
    db.entityTable('meals').where('_ix_stayId').equals(stayId).toArray(),
    db.entityTable('groups').where('_ix_stayId').equals(stayId).toArray(),
  ]);
  const meals = stayMeals.filter((m) => days.has(m.day as number));
  const menus = (
    await db.entityTable('menus').bulkGet(unique(meals.map((m) => m.menuId as Id)))
  ).filter((r): r is StoredRow => r !== undefined);
  const recipes = (
    await db.entityTable('recipes').bulkGet(unique(menus.flatMap((m) => m.recipeIds as Id[])))
  ).filter((r): r is StoredRow => r !== undefined);
  type Line = { ingredientId: Id };
  const ingredientIds = unique([
    ...menus.flatMap((m) => (m.ingredients as Line[]).map((i) => i.ingredientId)),
    ...recipes.flatMap((r) => (r.ingredients as Line[]).map((i) => i.ingredientId)),
  ]);
  const ingredients = await db.entityTable('ingredients').bulkGet(ingredientIds);
  return { meals, groups, menus, recipes, ingredients };
}

export async function measureCompile(
  userId: Id,
  stayId: Id,
  days: number[],
  runs: number,
): Promise<CompileSamples> {
  const db = new LocalDb(dbNameForUser(userId));
  await db.open();
  try {
    const store = new DexieStore(db);
    const wanted = new Set(days);
    const samples: CompileSamples = {
      loadAndCompile: [],
      compileOnly: [],
      rawRead: [],
      rows: { meals: 0, menus: 0, recipes: 0, ingredients: 0 },
      compiledIngredients: 0,
    };
    // Warm-up (JIT, Dexie's first transactions), then alternate so that drift hits both alike.
    const input = await loadCompileInput(store, stayId, days);
    samples.compiledIngredients = compileIngredients(input).ingredients.length;
    const raw = await rawRead(db, stayId, wanted);
    samples.rows = {
      meals: raw.meals.length,
      menus: raw.menus.length,
      recipes: raw.recipes.length,
      ingredients: raw.ingredients.length,
    };
    for (let i = 0; i < runs; i++) {
      samples.rawRead.push(await timed(() => rawRead(db, stayId, wanted)));
      samples.loadAndCompile.push(
        await timed(async () => compileIngredients(await loadCompileInput(store, stayId, days))),
      );
      samples.compileOnly.push(await timed(() => compileIngredients(input)));
    }
    return samples;
  } finally {
    db.close();
  }
}
