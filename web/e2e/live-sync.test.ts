/**
 * Live sync after an offline stretch (issue 13, item 13): once the network comes back, a
 * device reopens its hint channel (/sync/events) and pulls at once, so that a change made on
 * another device shows within seconds, with or without a reload while offline.
 *
 * Why a timer cannot pass this test: the device waits until it is 'À jour' after coming back,
 * that is until a sync has succeeded. From then on its only timer is the idle one (60 s,
 * IDLE_MS in src/sync/leader.ts); the other device's change is made after that and must show
 * within RENAME_SHOWN_WITHIN_MS. Only a hint from the server (or the network coming back,
 * which is already past) can make the device pull that soon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createAccount, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginThroughUi, openPage } from './pages.js';
import { activeStay, createBlankStay, editActiveStay, poll } from './walk.js';

const MAIL = 'en-direct@exemple.fr';
const PASSWORD = 'Ratatouille-2025';
/** The bound; the requirement is 2 s, measured and reported below. */
const RENAME_SHOWN_WITHIN_MS = 5_000;
/** Longer than a failed sync's first backoff steps, so that the loop has backed off. */
const OFFLINE_MS = 7_000;

let app: RunningApp;
let contextA: BrowserContext;
let pageA: Page;
let pageB: Page;

const indicator = (page: Page) => page.getByTestId('sync-indicator');

async function device(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext();
  const page = await openPage(context);
  await loginThroughUi(page, MAIL, PASSWORD);
  await indicator(page).getByText('À jour').waitFor();
  return { context, page };
}

async function renameOnB(name: string): Promise<void> {
  await pageB.getByRole('button', { name: 'Modifier le séjour' }).click();
  const dialog = pageB.getByRole('dialog', { name: 'Modifier le séjour' });
  await dialog.getByLabel('Nom').fill(name);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** B renames the active stay; answers how long A took to show the new name. */
async function renameOnBSeenOnA(name: string): Promise<number> {
  await pageB.getByRole('button', { name: 'Modifier le séjour' }).click();
  const dialog = pageB.getByRole('dialog', { name: 'Modifier le séjour' });
  await dialog.getByLabel('Nom').fill(name);
  const start = Date.now();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await poll(() => activeStay(pageA).inputValue(), RENAME_SHOWN_WITHIN_MS).toBe(name);
  return Date.now() - start;
}

async function backOnline(): Promise<void> {
  await contextA.setOffline(false);
  // A sync has succeeded since the network came back: the next timer is 60 s away.
  await indicator(pageA).getByText('À jour').waitFor();
}

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, { mail: MAIL, password: PASSWORD, pseudo: 'Direct' });
  ({ context: contextA, page: pageA } = await device());
  ({ page: pageB } = await device());
  // The worker precaches the app on the first visit, so that it reloads with no network.
  await pageA.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
});
afterAll(async () => {
  await app?.close();
});

describe('live sync after an offline stretch', () => {
  it('an online device gets the other device’s change by a hint', async () => {
    await createBlankStay(pageB);
    await editActiveStay(pageB, { name: 'Camp de base' });
    await poll(() => activeStay(pageA).inputValue()).toBe('Camp de base');
    expect(await renameOnBSeenOnA('Camp en ligne')).toBeLessThan(RENAME_SHOWN_WITHIN_MS);
  });

  it('after going offline and reloading offline, the device is live again at once', async () => {
    await contextA.setOffline(true);
    await indicator(pageA).getByText('Hors ligne').waitFor();
    await pageA.reload();
    await poll(() => activeStay(pageA).inputValue()).toBe('Camp en ligne');
    await indicator(pageA).getByText('Hors ligne').waitFor();
    await pageA.waitForTimeout(OFFLINE_MS);
    // A change made meanwhile shows as soon as the network is back.
    await renameOnB('Camp pendant la coupure');
    await pageA.waitForTimeout(1_000);
    expect(await activeStay(pageA).inputValue()).toBe('Camp en ligne');

    const back = Date.now();
    await contextA.setOffline(false);
    await poll(() => activeStay(pageA).inputValue(), RENAME_SHOWN_WITHIN_MS).toBe(
      'Camp pendant la coupure',
    );
    console.info(`Change made during the cut seen ${Date.now() - back} ms after reconnecting`);

    await backOnline();
    const elapsed = await renameOnBSeenOnA('Camp après rechargement');
    console.info(`Rename seen after an offline reload: ${elapsed} ms`);
    expect(elapsed).toBeLessThan(RENAME_SHOWN_WITHIN_MS);
  });

  it('after going offline without a reload, the device is live again at once', async () => {
    await contextA.setOffline(true);
    await indicator(pageA).getByText('Hors ligne').waitFor();
    await pageA.waitForTimeout(OFFLINE_MS);

    await backOnline();
    const elapsed = await renameOnBSeenOnA('Camp sans rechargement');
    console.info(`Rename seen after going offline without a reload: ${elapsed} ms`);
    expect(elapsed).toBeLessThan(RENAME_SHOWN_WITHIN_MS);
  });
});
