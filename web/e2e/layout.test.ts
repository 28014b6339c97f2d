/**
 * Layouts for phones and tablets (issue 13), in Chromium with seeded data: at 390×844 (phone),
 * 768×1024 (tablet in portrait) and 1024×768 (tablet in landscape), no screen is wider than
 * the viewport, the top bar's title shows, the rail is closed on a phone (a burger opens the
 * navigation in a drawer that closes after navigating), and on these touch screens every
 * visible control of every screen is at least 44×44 px.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expectNoHorizontalOverflow, PHONE, startApp, TABLET, TABLET_PORTRAIT } from './harness.js';
import type { RunningApp } from './harness.js';
import { openPage, topBarTitle } from './pages.js';
import { loginSeeded, mainScreens, openScreen, seedScreens } from './screens.js';
import type { SeededAccount } from './screens.js';

const MIN_TARGET = 44;
/** A folder to save what each device shows (POPOTE_SCREENSHOTS=/tmp/shots), to look at. */
const SHOTS = process.env.POPOTE_SCREENSHOTS;
/** Screens whose every visible control must be a full touch target: all of them. */
const TOUCH_CHECKED = new Set([
  'séjours',
  'agenda semaine',
  'agenda jour',
  'bibliothèque',
  'recette',
  'menu',
  'commande',
  'cuisine',
  'registre',
  'registre températures',
  'registre réceptions',
  'journal',
  'préférences',
]);

let app: RunningApp;
let account: SeededAccount;

beforeAll(async () => {
  app = await startApp();
  account = await seedScreens(app, 'mise-en-page@exemple.fr');
});
afterAll(async () => {
  await app?.close();
});

/** Whether the title is on screen, not hidden, and shows at least some of its text. */
async function expectTitleVisible(page: Page, where: string): Promise<void> {
  const title = topBarTitle(page);
  const box = await title.boundingBox();
  const text = (await title.innerText()).trim();
  const viewport = page.viewportSize();
  expect(box, `${where}: no top bar title`).not.toBeNull();
  expect(text.length, `${where}: empty top bar title`).toBeGreaterThan(0);
  if (box && viewport) {
    expect(box.x, `${where}: title starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${where}: title ends off screen`).toBeLessThanOrEqual(
      viewport.width + 0.5,
    );
    expect(box.width, `${where}: title squeezed to nothing`).toBeGreaterThan(60);
  }
  // The sync indicator, once logged in, is whole and on screen.
  const sync = page.getByTestId('sync-indicator');
  if ((await sync.count()) > 0 && viewport) {
    const badge = await sync.boundingBox();
    expect(badge, `${where}: sync indicator missing`).not.toBeNull();
    if (badge) {
      expect(badge.x + badge.width, `${where}: sync indicator cut`).toBeLessThanOrEqual(
        viewport.width + 0.5,
      );
    }
  }
}

/**
 * The visible interactive controls smaller than 44×44 px, named with their place. A check
 * box or radio counts with its label (a tap on either toggles it).
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="link"]',
      '[role="combobox"]',
      '[tabindex="0"]',
    ].join(',');
    const offenders: string[] = [];
    const seen = new Set<Element>();
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (seen.has(element)) continue;
      seen.add(element);
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      let box = element.getBoundingClientRect();
      // Not drawn, or visually hidden for screen readers only (1 px, clipped).
      if (box.width <= 1 || box.height <= 1 || style.opacity === '0') continue;
      // A password's text field sits inside the drawn box that receives the taps.
      const drawn = element.parentElement?.closest('.mantine-Input-input');
      if (element instanceof HTMLInputElement && drawn && drawn !== element) {
        box = drawn.getBoundingClientRect();
      }
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        const labels = Array.from(element.labels ?? []);
        const parts = [box, ...labels.map((l) => l.getBoundingClientRect())];
        const left = Math.min(...parts.map((p) => p.left));
        const top = Math.min(...parts.map((p) => p.top));
        const right = Math.max(...parts.map((p) => p.right));
        const bottom = Math.max(...parts.map((p) => p.bottom));
        box = new DOMRect(left, top, right - left, bottom - top);
      }
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name =
          element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 30);
        const testId = element.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
        const tag = element.tagName.toLowerCase();
        const type = element.getAttribute('type') ?? element.getAttribute('role') ?? '';
        offenders.push(
          `${tag}${type ? `[${type}]` : ''} «${name}» in ${testId || '?'}: ` +
            `${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return offenders;
  }, MIN_TARGET);
}

const DEVICES: { name: string; options: BrowserContextOptions; phone: boolean }[] = [
  { name: 'phone 390×844', options: PHONE, phone: true },
  { name: 'tablet portrait 768×1024', options: TABLET_PORTRAIT, phone: false },
  { name: 'tablet landscape 1024×768', options: TABLET, phone: false },
];

for (const device of DEVICES) {
  describe(`layout on a ${device.name}`, () => {
    let page: Page;

    beforeAll(async () => {
      const context = await app.newContext(device.options);
      page = await openPage(context);
    });

    it('login screen: no horizontal overflow, the title shows', async () => {
      await page.getByTestId('login-form').waitFor();
      if (SHOTS) {
        const file = `${device.name.split(' ')[0]}-${device.options.viewport?.width}-connexion.png`;
        await page.screenshot({ path: join(SHOTS, file), fullPage: true });
      }
      await expectNoHorizontalOverflow(page, `connexion (${device.name})`);
      await expectTitleVisible(page, `connexion (${device.name})`);
      const small = await smallTargets(page);
      expect(small, `connexion: controls under 44×44 px:\n${small.join('\n')}`).toEqual([]);
      await loginSeeded(page, account.mail);
    });

    for (const name of [
      'séjours',
      'agenda semaine',
      'agenda jour',
      'bibliothèque',
      'recette',
      'menu',
      'commande',
      'registre',
      'registre températures',
      'registre réceptions',
      'journal',
      'préférences',
    ]) {
      it(`${name}: fits the width, title shown${TOUCH_CHECKED.has(name) ? ', 44 px targets' : ''}`, async () => {
        const screen = mainScreens(account).find((s) => s.name === name);
        if (!screen) throw new Error(`No screen ${name}`);
        await openScreen(page, screen);
        const where = `${name} (${device.name})`;
        if (SHOTS) {
          const file = `${device.name.split(' ')[0]}-${device.options.viewport?.width}-${name}`;
          await page.screenshot({ path: join(SHOTS, `${file.replace(/\s+/gu, '-')}.png`) });
        }
        await expectNoHorizontalOverflow(page, where);
        await expectTitleVisible(page, where);
        if (device.phone) {
          expect(await page.getByTestId('nav-drawer').count(), `${where}: rail shown`).toBe(0);
          await page.getByTestId('nav-burger').waitFor();
        } else {
          await page.getByTestId('nav-drawer').waitFor();
        }
        if (TOUCH_CHECKED.has(name)) {
          const small = await smallTargets(page);
          expect(small, `${where}: controls under 44×44 px:\n${small.join('\n')}`).toEqual([]);
        }
      });
    }

    if (device.phone) {
      it('opens the navigation from the burger and closes it after navigating', async () => {
        await page.goto('/');
        await page.getByTestId('group-card').first().waitFor();
        const burger = page.getByRole('button', { name: 'Ouvrir la navigation' });
        await burger.click();
        const panel = page.getByTestId('nav-panel');
        await panel.waitFor();
        const small = await smallTargets(page);
        expect(small, `navigation: controls under 44×44 px:\n${small.join('\n')}`).toEqual([]);
        await panel.getByRole('link', { name: 'Bibliothèque', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/library');
        await panel.waitFor({ state: 'hidden' });
        await page.getByTestId('library-list').waitFor();
        expect(await page.getByTestId('nav-panel').count()).toBe(0);
      });
    }
  });
}
