/** The shell in a real browser: drawer entries, their tooltips, and the title of each route. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createAccount, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginThroughUi, openPage, topBarTitle, visibleText } from './pages.js';

const MAIL = 'navigation@exemple.fr';
const PASSWORD = 'Blanquette-2025';

let app: RunningApp;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Guide' });
  context = await app.newContext();
  page = await openPage(context);
  await loginThroughUi(page, MAIL, PASSWORD);
});
afterAll(async () => {
  await app?.close();
});

const ENTRIES = [
  {
    label: 'Agenda',
    tooltip: 'Organisation du séjour en cours',
    path: '/agenda',
    title: "Organisation d'un séjour",
  },
  {
    label: 'Bibliothèque',
    tooltip: 'Menus favoris et recettes',
    path: '/library',
    title: 'Bibliothèque de menus favoris et recettes',
  },
  {
    label: 'Export',
    tooltip: 'Ingrédients nécessaires et commandes',
    path: '/order',
    title: 'Bilan des ingrédients et commandes',
  },
  {
    label: 'Cuisine',
    tooltip: 'Les repas du jour et leurs quantités',
    path: '/kitchen',
    title: 'En cuisine',
  },
  {
    label: 'Registre',
    tooltip: 'Plats témoins, températures et réceptions de la cuisine',
    path: '/registre',
    title: 'Registre de la cuisine',
  },
  {
    label: 'Courses',
    tooltip: 'Listes de courses à cocher et réserve du camp',
    path: '/courses',
    title: 'Courses et réserve',
  },
  {
    label: 'Préférences',
    tooltip: 'Réglages du compte',
    path: '/settings',
    title: 'Préférences',
  },
  {
    label: 'Séjours',
    tooltip: "Vue d'ensemble des séjours et des groupes",
    path: '/',
    title: 'Séjours et groupes',
  },
];

describe('shell', () => {
  it('shows a tooltip on each drawer entry and the title of its route', async () => {
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const entry of ENTRIES) {
      const link = nav.getByRole('link', { name: entry.label, exact: true });
      await link.hover();
      expect(await visibleText(page.getByRole('tooltip', { name: entry.tooltip }))).toBe(
        entry.tooltip,
      );
      await link.click();
      await page.waitForURL((url) => url.pathname === entry.path);
      await expect.poll(() => visibleText(topBarTitle(page))).toBe(entry.title);
      expect(await link.getAttribute('data-active')).toBe('true');
    }
  });

  it('places each tooltip beside what it names, inside the window', async () => {
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const link = nav.getByRole('link', { name: 'Courses', exact: true });
    await link.hover();
    const tip = page.getByRole('tooltip', {
      name: 'Listes de courses à cocher et réserve du camp',
    });
    await tip.waitFor();
    const [linkBox, tipBox] = [(await link.boundingBox())!, (await tip.boundingBox())!];
    // The rail's labels go to its right, level with the entry.
    expect(tipBox.x).toBeGreaterThanOrEqual(linkBox.x + linkBox.width);
    expect(Math.abs(tipBox.y + tipBox.height / 2 - (linkBox.y + linkBox.height / 2))).toBeLessThan(
      2,
    );
    // Escape hides it.
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'hidden' });

    // The sync indicator's, in the window's corner: under it, kept inside the window.
    const indicator = page.getByTestId('sync-indicator');
    await indicator.hover();
    const last = page.getByRole('tooltip', { name: /^Dernière synchronisation : / });
    await last.waitFor();
    const [badge, lastBox] = [(await indicator.boundingBox())!, (await last.boundingBox())!];
    expect(lastBox.y).toBeGreaterThanOrEqual(badge.y + badge.height);
    expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.mouse.move(600, 400);
    await last.waitFor({ state: 'hidden' });
  });

  it('widens the drawer on hover to show the labels, the pseudonym and the version', async () => {
    const drawer = page.getByTestId('nav-drawer');
    await page.mouse.move(600, 400);
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(60);
    await drawer.hover();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(260);
    expect(await page.getByText('Version 0.3.1').isVisible()).toBe(true);
    expect(await visibleText(page.getByTestId('drawer-pseudo'))).toBe('Guide');
    expect(await page.getByRole('button', { name: 'Se déconnecter' }).isVisible()).toBe(true);
  });

  it('opens a deep link directly on its screen', async () => {
    await page.goto('/order');
    await expect
      .poll(() => visibleText(topBarTitle(page)))
      .toBe('Bilan des ingrédients et commandes');
    await page.goto('/nulle-part');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => visibleText(topBarTitle(page))).toBe('Séjours et groupes');
  });
});
