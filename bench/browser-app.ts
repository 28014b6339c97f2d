/**
 * The browser side of the benchmarks: the real server in-process serving the built app, Debian's
 * Chromium (web/e2e/harness.ts), one account holding the data set of bench/data.ts (5,000
 * recipes and the 60-day stay), pushed through /sync as a device would, and one logged-in
 * device that has synced all of it. Built once, shared by the compile, web and exports groups.
 */
import {
  createAccount,
  loginThroughUi,
  openPage,
  Seeder,
  startApp,
  type RunningApp,
} from '@popote/web/e2e';
import { makeLibrary, makeStay, type BigStay, type Library } from './data';

// playwright-core is web's dependency: its types are reached through the harness.
export type BrowserContext = Awaited<ReturnType<RunningApp['newContext']>>;
export type Page = Awaited<ReturnType<BrowserContext['newPage']>>;

export const BENCH_MAIL = 'bench@popote.test';
export const BENCH_PASSWORD = 'Tartiflette-2026';
const NOW = '2026-11-21T10:00:00.000Z';
/** Library ids: 500 ingredients then 5,000 recipes (see makeLibrary). */
const LIBRARY_IDS = 5_500;
/** Stay ids: the stay, 12 groups, then a menu and a meal per slot (see makeStay). */
const STAY_IDS = 1 + 12 + 60 * 5 * 2;

export interface BrowserBench {
  app: RunningApp;
  userId: number;
  library: Library;
  stay: BigStay;
  /** The device that synced everything; its page shows the app, logged in, stay active. */
  context: BrowserContext;
  page: Page;
}

let shared: Promise<BrowserBench> | null = null;

/** The shared browser set-up, built on first use. */
export function browserBench(): Promise<BrowserBench> {
  shared ??= setUp();
  return shared;
}

export async function closeBrowserBench(): Promise<void> {
  if (!shared) return;
  const bench = await shared.catch(() => null);
  shared = null;
  await bench?.app.close();
}

async function setUp(): Promise<BrowserBench> {
  const app = await startApp();
  try {
    await createAccount(app, { mail: BENCH_MAIL, password: BENCH_PASSWORD, pseudo: 'Intendance' });
    const seeder = await Seeder.open(app, BENCH_MAIL, BENCH_PASSWORD);
    const library = makeLibrary(seeder.userId, seeder.range(LIBRARY_IDS).first);
    const stay = makeStay(seeder.userId, seeder.range(STAY_IDS).first, library);
    seedLibrary(seeder, library);
    seedStay(seeder, stay);
    console.error('[bench] envoi du jeu de données au serveur…');
    await seeder.flush();

    // bypassCSP: the compile probe (bench/probe) is evaluated in this page; the app's policy
    // allows only its own scripts. Nothing else in the page changes.
    const context = await app.newContext({
      viewport: { width: 1600, height: 1000 },
      bypassCSP: true,
    });
    const page = await openPage(context);
    await loginThroughUi(page, BENCH_MAIL, BENCH_PASSWORD);
    console.error('[bench] première synchronisation du navigateur…');
    await page.getByTestId('sync-indicator').getByText('À jour').waitFor({ timeout: 180_000 });
    // The stays screen makes the only stay the active one.
    await page.goto('/');
    await page.waitForFunction(
      () =>
        typeof (
          JSON.parse(localStorage.getItem('popote.session') ?? '{}') as { activeStayId?: number }
        ).activeStayId === 'number',
    );
    return { app, userId: seeder.userId, library, stay, context, page };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** The library in three imports (at most 2,000 recipes each), as the CSV import sends it. */
function seedLibrary(seeder: Seeder, library: Library): void {
  const IMPORT_MAX = 2_000;
  for (let from = 0; from < library.recipes.length; from += IMPORT_MAX) {
    seeder.add('importRecipes', {
      newIngredients:
        from === 0 ? library.ingredients.map(({ id, name, kind }) => ({ id, name, kind })) : [],
      recipes: library.recipes.slice(from, from + IMPORT_MAX).map((r) => ({
        id: r.id,
        name: r.name,
        plat: r.plat,
        ingredients: r.ingredients,
      })),
      now: NOW,
    });
  }
  // The cook sheets print descriptions: give every recipe its text, as in the data set.
  for (const r of library.recipes) {
    seeder.add('updateRecipe', { id: r.id, description: r.description, now: NOW });
  }
}

/**
 * The stay with the user's own actions: each meal created on a free slot takes every group
 * (groupsForNewMeal), as makeStay's meals do; then each menu gets its 6 recipes.
 */
function seedStay(seeder: Seeder, { stay, groups, meals, menus }: BigStay): void {
  seeder.add('createStay', { id: stay.id, name: stay.name, start: stay.start });
  for (const g of groups) {
    seeder.add('createGroup', {
      id: g.id,
      stayId: stay.id,
      name: g.name,
      color: g.color,
      size: g.size,
    });
  }
  const menusById = new Map(menus.map((m) => [m.id, m]));
  for (const meal of meals) {
    seeder.add('createMeal', {
      id: meal.id,
      menuId: meal.menuId,
      stayId: stay.id,
      day: meal.day,
      slot: meal.slot,
      now: NOW,
    });
    for (const recipeId of menusById.get(meal.menuId)?.recipeIds ?? []) {
      seeder.add('addMenuRecipe', { menuId: meal.menuId, recipeId, now: NOW });
    }
  }
}
