/**
 * A recipe the device cannot read (issue 15, ARCHITECTURE.md 'Who may read and write what'):
 * Alice's recipe, unpublished after Bruno put it in his published menu, stays readable to Bruno
 * but not to Chloé, who reads Bruno's menu (and whose meal uses it). Chloé's screens show the
 * recipe's place as 'Recette non publiée', never its name or content: in the menu view, in the
 * week view's meal title and in the day view's meal card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createAccount, startApp, type RunningApp } from './harness.js';
import { Seeder } from './seed.js';
import { STEP_TIMEOUT_MS, loginThroughUi, openPage, visibleText } from './pages.js';

const PASSWORD = 'Pot-au-feu-2025';
const ALICE = { mail: 'alice.np@exemple.fr', password: PASSWORD, pseudo: 'Alice' };
const BRUNO = { mail: 'bruno.np@exemple.fr', password: PASSWORD, pseudo: 'Bruno' };
const CHLOE = { mail: 'chloe.np@exemple.fr', password: PASSWORD, pseudo: 'Chloé' };
const SECRET = 'Tarte secrète';
const PLACEHOLDER = 'Recette non publiée';
const NOW = '2026-01-10T10:00:00.000Z';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: STEP_TIMEOUT_MS });

let app: RunningApp;
let context: BrowserContext;
let chloe: Page;
let menuId: number;

beforeAll(async () => {
  app = await startApp();
  for (const account of [ALICE, BRUNO, CHLOE]) await createAccount(app, account);

  // Alice publishes a recipe; Bruno puts it and one of his own in a menu he publishes.
  const alice = await Seeder.open(app, ALICE.mail, PASSWORD);
  const secret = alice.add('createRecipe', { id: alice.id(), name: SECRET, plat: 3, now: NOW });
  alice.add('setRecipePublished', { id: secret.id, isPublished: true, now: NOW });
  await alice.flush();
  const bruno = await Seeder.open(app, BRUNO.mail, PASSWORD);
  const soup = bruno.add('createRecipe', {
    id: bruno.id(),
    name: 'Soupe au pistou',
    plat: 1,
    now: NOW,
  });
  menuId = bruno.add('createFavoriteMenu', { id: bruno.id(), now: NOW }).id;
  bruno.add('addMenuRecipe', { menuId, recipeId: soup.id, now: NOW });
  bruno.add('addMenuRecipe', { menuId, recipeId: secret.id, now: NOW });
  bruno.add('setMenuPublished', { id: menuId, isPublished: true, now: NOW });
  await bruno.flush();
  // Alice unpublishes it: Bruno's own menu keeps it for him, not for a third user.
  alice.add('setRecipePublished', { id: secret.id, isPublished: false, now: NOW });
  await alice.flush();

  // Chloé's only stay has a meal on its first day that uses Bruno's menu.
  const seeder = await Seeder.open(app, CHLOE.mail, PASSWORD);
  const stay = seeder.add('createStay', { id: seeder.id(), name: 'Camp', start: '2026-07-06' });
  const meal = seeder.add('createMeal', {
    id: seeder.id(),
    menuId: seeder.id(),
    stayId: stay.id,
    day: 0,
    slot: 1,
    now: NOW,
  });
  seeder.add('setMealMenu', { mealId: meal.id, menuId });
  await seeder.flush();

  context = await app.newContext();
  chloe = await openPage(context);
  await loginThroughUi(chloe, CHLOE.mail, PASSWORD);
  // The stays screen makes the only stay the active one.
  await chloe.getByTestId('stays-card').waitFor();
  await chloe.getByTestId('sync-indicator').getByText('À jour').waitFor({ timeout: 30_000 });
});
afterAll(async () => {
  await context?.close();
  await app?.close();
});

describe("another user's unpublished recipe in a menu Chloé reads", () => {
  it("shows in the menu view as 'Recette non publiée', without its name", async () => {
    await chloe.goto(`/library?id-menu=${menuId}`);
    await chloe.getByRole('heading', { name: 'Détails du menu' }).waitFor();
    const placeholder = chloe.getByTestId('menu-item-unpublished');
    expect(await visibleText(placeholder)).toBe(PLACEHOLDER);
    expect(await chloe.getByTestId('menu-item').allInnerTexts()).toEqual([
      expect.stringContaining('Soupe au pistou'),
    ]);
    expect(await visibleText(chloe.getByTestId('menu-title'))).toBe(
      `Soupe au pistou, ${PLACEHOLDER}`,
    );
    // Read-only for her: nothing to remove.
    expect(await placeholder.getByRole('button').count()).toBe(0);
    expect(await chloe.getByText(SECRET).count()).toBe(0);
  });

  it('shows in the week view and the day view of her meal', async () => {
    await chloe.goto('/agenda');
    const title = chloe.getByTestId('week-meal-title').filter({ hasText: 'Soupe au pistou' });
    await poll(() => visibleText(title)).toBe(`Soupe au pistou, ${PLACEHOLDER}`);

    await chloe.goto('/agenda?dayOffset=1');
    const meal = chloe.getByTestId('day-meal');
    await meal.getByTestId('menu-item-chip').getByText('Soupe au pistou').waitFor();
    expect(await visibleText(meal.getByTestId('menu-item-unpublished'))).toBe(PLACEHOLDER);
    expect(await chloe.getByText(SECRET).count()).toBe(0);
  });
});
