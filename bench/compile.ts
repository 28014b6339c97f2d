/**
 * Compile benchmarks (issue 9, bench 1): every day of the 60-day stay of bench/data.ts
 * (300 meals for 300 people, menus of 6 recipes of 10 ingredients: 18,000 recipe lines).
 * In Node: compileIngredients on plain rows, beside the loaders reading the same rows from a
 * MemoryStore. In Chromium: loadCompileInput + compileIngredients over the app's Dexie store,
 * beside a raw Dexie read of the same rows (bench/probe/compile-probe.ts).
 */
import {
  compileIngredients,
  loadCompileInput,
  MemoryStore,
  type CompileInput,
  type Ingredient,
  type Recipe,
} from '@popote/domain';
import { browserBench } from './browser-app';
import { makeLibrary, makeStay, type BigStay } from './data';
import { figure, time, type Figure } from './measure';
import { buildProbe, PROBE_GLOBAL } from './probe/build';
import type { measureCompile } from './probe/compile-probe';

const OWNER = 1;
const ALL_DAYS = Array.from({ length: 60 }, (_, day) => day);

export async function benchCompile(runs: number): Promise<Figure[]> {
  return [...(await benchCompileNode(runs)), ...(await benchCompileBrowser(runs))];
}

async function benchCompileNode(runs: number): Promise<Figure[]> {
  const library = makeLibrary(OWNER, 1000);
  const big = makeStay(OWNER, 100_000, library);
  const store = await memoryStoreOf(library.ingredients, library.recipes, big);
  let input: CompileInput | undefined;
  const read = figure(
    'Node : lecture des mêmes lignes (loaders, MemoryStore)',
    await time(runs, async () => {
      input = await loadCompileInput(store, big.stay.id, ALL_DAYS);
    }),
  );
  const rows = input!;
  check(compileIngredients(rows).ingredients.length > 0, 'the Node compile found no ingredient');
  return [
    figure(
      `Node : compileIngredients, 60 jours (${rows.meals.length} repas, ${lines(rows)} lignes de recette)`,
      await time(runs, () => compileIngredients(rows)),
      'ms',
      read,
    ),
    read,
  ];
}

async function benchCompileBrowser(runs: number): Promise<Figure[]> {
  const bench = await browserBench();
  const code = await buildProbe('compile-probe');
  await bench.page.evaluate(code);
  type Probe = { measureCompile: typeof measureCompile };
  const samples = await bench.page.evaluate(
    ([global, userId, stayId, days, n]: readonly [string, number, number, number[], number]) =>
      (window as unknown as Record<string, Probe>)[global]!.measureCompile(userId, stayId, days, n),
    [PROBE_GLOBAL, bench.userId, bench.stay.stay.id, ALL_DAYS, runs] as const,
  );
  // The device must hold the whole stay, or the figures would compile less than they say.
  const expected = expectedRows(bench.stay);
  check(
    samples.rows.meals === expected.meals &&
      samples.rows.menus === expected.menus &&
      samples.rows.recipes === expected.recipes,
    `the browser read ${JSON.stringify(samples.rows)}, expected ${JSON.stringify(expected)}`,
  );
  const raw = figure('Chromium : lecture Dexie brute des mêmes lignes', samples.rawRead);
  const { meals, menus, recipes, ingredients } = samples.rows;
  return [
    figure(
      `Chromium : loadCompileInput + compileIngredients (Dexie), 60 jours (${meals} repas, ${menus} menus, ${recipes} recettes, ${ingredients} ingrédients)`,
      samples.loadAndCompile,
      'ms',
      raw,
    ),
    figure('Chromium : compileIngredients seul (lignes déjà lues)', samples.compileOnly, 'ms', raw),
    raw,
  ];
}

async function memoryStoreOf(
  ingredients: readonly Ingredient[],
  recipes: readonly Recipe[],
  big: BigStay,
): Promise<MemoryStore> {
  const store = new MemoryStore();
  await store.put('stays', big.stay);
  for (const row of ingredients) await store.put('ingredients', row);
  for (const row of recipes) await store.put('recipes', row);
  for (const row of big.groups) await store.put('groups', row);
  for (const row of big.menus) await store.put('menus', row);
  for (const row of big.meals) await store.put('meals', row);
  return store;
}

function expectedRows(big: BigStay): { meals: number; menus: number; recipes: number } {
  return {
    meals: big.meals.length,
    menus: big.menus.length,
    recipes: new Set(big.menus.flatMap((m) => m.recipeIds)).size,
  };
}

const lines = (input: CompileInput): number => {
  const recipes = new Map(input.recipes.map((r) => [r.id, r]));
  return input.meals.reduce((sum, meal) => {
    const menu = input.menus.find((m) => m.id === meal.menuId);
    return (
      sum +
      (menu?.ingredients.length ?? 0) +
      (menu?.recipeIds ?? []).reduce((n, id) => n + (recipes.get(id)?.ingredients.length ?? 0), 0)
    );
  }, 0);
};

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`[bench compile] ${message}`);
}
