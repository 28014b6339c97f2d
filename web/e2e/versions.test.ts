/**
 * Versions (issue 33), in real browsers against the real server: a device whose app is newer
 * than the server keeps its changes, says so, still receives the others' changes and sends its
 * own once the server is updated; an update of the app itself never drops a pending change,
 * and its prompt says what waits for it.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { SYNC_MESSAGES, SYNC_SCHEMA } from '@popote/sync-protocol';
import { copyOfWebApp, createAccount, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginWithActiveStay, openPage, topBarTitle, visibleText } from './pages.js';
import { Seeder } from './seed.js';
import { activeStay, editActiveStay, groupCard, poll } from './walk.js';

const PASSWORD = 'Tartiflette-2025';
const STAY = 'Camp des Bauges';
const TOO_OLD = 'Le serveur Popote doit être mis à jour';

let app: RunningApp;
/** The served copy of the built app, which the tests publish new versions in. */
let webRoot: string;

beforeAll(async () => {
  webRoot = await copyOfWebApp();
  app = await startApp({ webRoot });
});
afterAll(async () => {
  await app?.close();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

const indicator = (page: Page): Locator => page.getByTestId('sync-indicator');

/** An account with one stay (a group of 12), seeded through /sync by another device. */
async function accountWithStay(mail: string): Promise<Seeder> {
  await createAccount(app, { mail, password: PASSWORD, pseudo: 'Intendant' });
  const other = await Seeder.open(app, mail, PASSWORD);
  other.stayWithGroup(STAY, '2025-07-07', 'Louveteaux', 12);
  await other.flush();
  return other;
}

async function signedIn(
  mail: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext(options);
  const page = await openPage(context);
  await loginWithActiveStay(page, mail, PASSWORD);
  await poll(() => activeStay(page).inputValue()).not.toBe('');
  return { context, page };
}

/** The names of the user's stays on the server, as any other device of theirs would pull them. */
const serverStays = async (other: Seeder): Promise<string[]> =>
  (await other.rowsOf<{ name: string }>('stays')).map((s) => s.name).sort();

/**
 * Makes the page's app speak a synced schema one above the server's: its pushes say so, and
 * the real server answers them 409. Answers a function that removes the rewrite.
 */
async function newerThanServer(page: Page): Promise<() => Promise<void>> {
  const pattern = '**/sync/push';
  await page.route(pattern, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, schema: SYNC_SCHEMA + 1 }) });
  });
  return () => page.unroute(pattern);
}

/**
 * The server has been updated: after its restart, each device's hint stream reopens and the
 * device syncs at once. The same hint, without the restart.
 */
const serverUpdated = () => app.server.popote.sync.notify(null);

/** The indicator and the title side by side in the top bar, both on screen, nothing cut. */
async function expectIndicatorFits(page: Page, where: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const badge = (await indicator(page).boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  const title = (await topBarTitle(page).boundingBox())!;
  expect(badge.x, `${where}: indicator starts off screen`).toBeGreaterThanOrEqual(0);
  expect(badge.x + badge.width, `${where}: indicator ends off screen`).toBeLessThanOrEqual(
    viewport.width + 0.5,
  );
  expect(badge.y, `${where}: indicator above the top bar`).toBeGreaterThanOrEqual(header.y - 0.5);
  expect(badge.y + badge.height, `${where}: indicator below the top bar`).toBeLessThanOrEqual(
    header.y + header.height + 0.5,
  );
  expect(title.x + title.width, `${where}: title under the indicator`).toBeLessThanOrEqual(
    badge.x + 0.5,
  );
  // No part of its text clipped or ellipsed.
  const clipped = await indicator(page).evaluate((element) =>
    [element, ...Array.from(element.querySelectorAll('*'))]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
      .map(
        (e) =>
          `${e.className}: ${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight}`,
      ),
  );
  expect(clipped, `${where}: indicator text cut`).toEqual([]);
}

describe('a device newer than the server', () => {
  const MAIL = 'plus-recent@exemple.fr';
  let other: Seeder;
  beforeAll(async () => {
    other = await accountWithStay(MAIL);
  });

  it('keeps its change pending and says so, still receives the others, sends it once the server is updated', async () => {
    const { page } = await signedIn(MAIL, { viewport: { width: 1280, height: 800 } });
    const refusals: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/sync/push') && response.status() === 409) {
        void response.json().then((answer: { message?: string }) => {
          refusals.push(answer.message ?? '');
        });
      }
    });
    const serverIsUpdated = await newerThanServer(page);

    await editActiveStay(page, { name: 'Camp des Bauges (version récente)' });
    await poll(() => visibleText(indicator(page))).toBe(`${TOO_OLD} · 1 modification en attente`);
    expect(await activeStay(page).inputValue()).toBe('Camp des Bauges (version récente)');
    await poll(() => refusals).toContain(SYNC_MESSAGES.serverTooOld);
    expect(await serverStays(other)).toEqual([STAY]);
    await expectIndicatorFits(page, 'computer');

    // Another device's change arrives all the same; the pending one stays on top of it.
    const stay = (await other.rowsOf<{ id: number }>('stays'))[0]!.id;
    other.add('createGroup', {
      id: other.id(),
      stayId: stay,
      name: 'Pionniers',
      color: '#0000AA',
      size: 6,
    });
    await other.flush();
    await groupCard(page, 'Pionniers').waitFor();
    expect(await activeStay(page).inputValue()).toBe('Camp des Bauges (version récente)');
    expect(await visibleText(indicator(page))).toBe(`${TOO_OLD} · 1 modification en attente`);
    expect(await serverStays(other)).toEqual([STAY]);

    await serverIsUpdated();
    serverUpdated();
    await poll(() => visibleText(indicator(page))).toBe('À jour');
    expect(await serverStays(other)).toEqual(['Camp des Bauges (version récente)']);
    await page.context().close();
  });

  for (const [device, options] of [
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const) {
    it(`says it whole in the top bar of a ${device}`, async () => {
      const { context, page } = await signedIn(MAIL, options);
      const serverIsUpdated = await newerThanServer(page);
      const name = `Camp des Bauges (${device})`;
      await editActiveStay(page, { name });
      await poll(() => visibleText(indicator(page))).toBe(`${TOO_OLD} · 1 modification en attente`);
      await expectIndicatorFits(page, device);
      await serverIsUpdated();
      serverUpdated();
      await poll(() => visibleText(indicator(page))).toBe('À jour');
      expect(await serverStays(other)).toEqual([name]);
      await context.close();
    });
  }
});

/**
 * Publishes a new version of the app in the served folder: index.html says `version` in a meta
 * tag, and the worker's precache lists it under a new revision (so the worker script differs).
 */
async function publishVersion(version: number): Promise<void> {
  const index = join(webRoot, 'index.html');
  const html = (await readFile(index, 'utf8')).replace(
    /<meta name="popote-e2e-version"[^>]*>/u,
    '',
  );
  await writeFile(
    index,
    html.replace('<head>', `<head><meta name="popote-e2e-version" content="${version}">`),
  );
  const sw = join(webRoot, 'sw.js');
  const script = await readFile(sw, 'utf8');
  await writeFile(
    sw,
    script.replace(
      /\{url:"index\.html",revision:"[^"]*"\}/u,
      `{url:"index.html",revision:"e2e-version-${version}"}`,
    ),
  );
}

const servedVersion = (page: Page): Promise<string | null> =>
  page.evaluate(
    () =>
      document.querySelector('meta[name="popote-e2e-version"]')?.getAttribute('content') ?? null,
  );

const controlled = (page: Page): Promise<boolean> =>
  page.evaluate(() => navigator.serviceWorker.controller !== null);

const updatePrompt = (page: Page): Locator =>
  page.getByRole('alertdialog', { name: 'Une nouvelle version est disponible.' });

/** The update prompt on screen below the top bar, its button inside it, none of its text cut. */
async function expectPromptFits(page: Page, where: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const prompt = updatePrompt(page);
  const box = (await prompt.boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  const button = (await prompt.getByRole('button', { name: 'Mettre à jour' }).boundingBox())!;
  expect(box.x, `${where}: prompt starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: prompt ends off screen`).toBeLessThanOrEqual(
    viewport.width + 0.5,
  );
  expect(box.y, `${where}: prompt over the top bar`).toBeGreaterThanOrEqual(
    header.y + header.height - 0.5,
  );
  expect(box.y + box.height, `${where}: prompt below the screen`).toBeLessThanOrEqual(
    viewport.height + 0.5,
  );
  expect(button.x + button.width, `${where}: button out of the prompt`).toBeLessThanOrEqual(
    box.x + box.width + 0.5,
  );
  expect(button.y + button.height, `${where}: button out of the prompt`).toBeLessThanOrEqual(
    box.y + box.height + 0.5,
  );
  const clipped = await prompt.evaluate((element) =>
    Array.from(element.querySelectorAll('p'))
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
      .map((e) => e.textContent),
  );
  expect(clipped, `${where}: prompt text cut`).toEqual([]);
}

/** Asks the browser to look for a new worker now, as it does by itself on navigations. */
const checkForUpdate = (page: Page): Promise<void> =>
  page.evaluate(() =>
    navigator.serviceWorker.getRegistration().then((r) => r?.update().then(() => undefined)),
  );

describe('an update of the app', () => {
  const MAIL = 'mise-a-jour@exemple.fr';
  let other: Seeder;
  beforeAll(async () => {
    other = await accountWithStay(MAIL);
  });

  it('keeps a change made offline through the update, and sends it back online', async () => {
    const { context, page } = await signedIn(MAIL, { viewport: { width: 1280, height: 800 } });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    expect(await servedVersion(page)).toBeNull();
    // The visit that installed the app: no worker controls this page (see switchToNewVersion).
    expect(await controlled(page)).toBe(false);

    // A device learns of a new version while it has a network…
    await publishVersion(2);
    await checkForUpdate(page);
    const prompt = updatePrompt(page);
    await prompt.waitFor();
    expect(await prompt.getByTestId('update-pending').count()).toBe(0);

    // …and may lose it before the user updates: a change is made offline meanwhile.
    await context.setOffline(true);
    await indicator(page).getByText('Hors ligne').waitFor();
    await editActiveStay(page, { name: 'Camp des Bauges (hors ligne)' });
    await poll(() => visibleText(indicator(page))).toBe('Hors ligne · 1 modification en attente');
    expect(await visibleText(prompt.getByTestId('update-pending'))).toBe(
      'Votre modification en attente est gardée : elle sera envoyée après la mise à jour.',
    );
    expect(await prompt.getByTestId('update-held-back').count()).toBe(0);

    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Mettre à jour' }).click(),
    ]);
    await poll(() => servedVersion(page)).toBe('2');
    expect(await prompt.count()).toBe(0);
    await poll(() => activeStay(page).inputValue()).toBe('Camp des Bauges (hors ligne)');
    await poll(() => visibleText(indicator(page))).toBe('Hors ligne · 1 modification en attente');
    expect(await serverStays(other)).toEqual([STAY]);

    await context.setOffline(false);
    await poll(() => visibleText(indicator(page))).toBe('À jour');
    expect(await serverStays(other)).toEqual(['Camp des Bauges (hors ligne)']);
    await context.close();
  });

  let version = 2;
  for (const [device, options] of [
    ['computer', { viewport: { width: 1280, height: 800 } }],
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const) {
    it(`says that data waits for the update on a ${device}, and reloads into it`, async () => {
      const { context, page } = await signedIn(MAIL, options);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // The server is newer than this app: its pulls say so.
      await page.route('**/sync/pull', async (route) => {
        const response = await route.fetch();
        const answer = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...answer, serverSchema: SYNC_SCHEMA + 1 } });
      });
      // The app opened again: the installed worker controls it now.
      await page.reload();
      await indicator(page).getByText('À jour').waitFor();
      expect(await controlled(page)).toBe(true);

      await publishVersion(++version);
      await checkForUpdate(page);
      const prompt = updatePrompt(page);
      expect(await visibleText(prompt.getByTestId('update-held-back'))).toBe(
        "Des données de vos séjours attendent cette mise à jour pour s'afficher sur cet appareil.",
      );
      expect(await prompt.getByTestId('update-pending').count()).toBe(0);
      await expectPromptFits(page, device);

      await Promise.all([
        page.waitForEvent('load'),
        prompt.getByRole('button', { name: 'Mettre à jour' }).click(),
      ]);
      await poll(() => servedVersion(page)).toBe(String(version));
      await indicator(page).getByText('À jour').waitFor();
      // A pull may still be on its way: its rewrite must not outlive the page.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    });
  }
});
