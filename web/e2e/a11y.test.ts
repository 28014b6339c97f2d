/**
 * Accessibility (issue 13): axe-core, the standard rule engine, run in Chromium on the main
 * screens with seeded data, on a touch tablet. No 'serious' or 'critical' violation may remain;
 * a failure lists each rule with the elements it found.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { createAccount, PHONE, startApp, TABLET } from './harness.js';
import type { RunningApp } from './harness.js';
import { loginWithActiveStay, openPage } from './pages.js';
import { Seeder } from './seed.js';
import { activeStay, sizeChip } from './walk.js';
import { GROUP_COLORS } from '../src/screens/stays/stay-helpers.js';
import { loginSeeded, mainScreens, openScreen, SCREEN_PROFILE, seedScreens } from './screens.js';
import type { MainScreen, SeededAccount } from './screens.js';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');
const MAIL = 'accessible@exemple.fr';

let app: RunningApp;
let account: SeededAccount;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  account = await seedScreens(app, MAIL);
  // The app's Content-Security-Policy would refuse the injected engine.
  context = await app.newContext({ ...TABLET, bypassCSP: true });
  page = await openPage(context);
});
afterAll(async () => {
  await app?.close();
});

/** axe-core on the page as it is now, injected from node_modules (never downloaded). */
async function runAxe(target: Page): Promise<Result[]> {
  // Colours are measured once what is appearing (a dialog, a drawer, a row's data) has faded
  // in: a frame for transitions to start, then each running animation to its end.
  await target.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
  const loaded = await target.evaluate(() => 'axe' in window);
  if (!loaded) await target.addScriptTag({ path: AXE_PATH });
  const results = await target.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
      resultTypes: ['violations'],
    }),
  );
  return results.violations;
}

const GRAVE = new Set(['serious', 'critical']);

/** One line per serious or critical rule, with its elements (and the contrast figures). */
function describeGrave(violations: Result[]): string[] {
  return violations
    .filter((v) => GRAVE.has(v.impact ?? ''))
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => {
          const data = n.any[0]?.data as { contrastRatio?: number } | undefined;
          const ratio = data?.contrastRatio ? ` (${data.contrastRatio}:1)` : '';
          return `${n.target.join(' ')}${ratio}`;
        })
        .join(' | ');
      return `${v.impact} ${v.id} ×${v.nodes.length}: ${nodes}`;
    });
}

async function expectNoGraveViolation(where: string): Promise<void> {
  const grave = describeGrave(await runAxe(page));
  expect(grave, `${where}:\n${grave.join('\n')}`).toEqual([]);
}

describe('accessibility (axe-core)', () => {
  it('login screen', async () => {
    await page.getByTestId('login-form').waitFor();
    await expectNoGraveViolation('connexion');
  });

  it('logs in', async () => {
    await loginSeeded(page, account.mail);
  });

  // Filled in by describe time: the screen list only needs the seeded ids at run time.
  const names = ['séjours', 'agenda semaine', 'agenda jour', 'bibliothèque', 'recette', 'menu'];
  const register = ['registre', 'registre températures', 'registre réceptions'];
  for (const name of [
    ...names,
    'commande',
    'cuisine',
    ...register,
    'courses',
    'journal',
    'préférences',
  ]) {
    it(`${name} screen`, async () => {
      const screen = mainScreens(account).find((s) => s.name === name) as MainScreen;
      await openScreen(page, screen);
      await expectNoGraveViolation(name);
    });
  }

  it("the register's dialogs: a reading out of range, a delivery, the cold units (issue 35)", async () => {
    await page.goto('/registre?jour=1&partie=temperatures');
    await page.getByRole('button', { name: 'Ajouter un relevé' }).click();
    let dialog = page.getByRole('dialog', { name: 'Ajouter un relevé' });
    await dialog.getByLabel('Température (°C)').fill('9');
    await dialog.getByLabel('Action corrective').waitFor();
    // Saved without its action: the field's error shows, in a readable red.
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText("Indiquez l'action corrective.").waitFor();
    await expectNoGraveViolation('dialogue Ajouter un relevé');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Modifier les enceintes' }).click();
    dialog = page.getByRole('dialog', { name: 'Enceintes froides' });
    await dialog.getByRole('button', { name: 'Ajouter une enceinte' }).click();
    await expectNoGraveViolation('dialogue Enceintes froides');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto('/registre?jour=1&partie=receptions');
    await page.getByRole('button', { name: 'Ajouter une réception' }).click();
    dialog = page.getByRole('dialog', { name: 'Ajouter une réception' });
    await dialog.getByLabel('Température à réception (°C)').fill('8');
    await dialog.getByTestId('delivery-too-warm').waitFor();
    await dialog.getByText('Refusée', { exact: true }).click();
    await dialog.getByLabel('Motif du refus').waitFor();
    await expectNoGraveViolation('dialogue Ajouter une réception');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("the settings' account deletion dialog (issue 33)", async () => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Supprimer mon compte…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
    await dialog.waitFor();
    await expectNoGraveViolation('suppression du compte');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("a shopping list, its share dialog and the helpers' page", async () => {
    await page.goto('/order?jours=1');
    await page.getByRole('button', { name: 'Créer une liste de courses' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Créer une liste de courses' })
      .click();
    await page.getByTestId('shop-line').first().waitFor();
    await expectNoGraveViolation('liste de courses');
    await page.getByRole('button', { name: 'Partager la liste' }).click();
    await page.getByTestId('share-qr').waitFor();
    await expectNoGraveViolation('partage de la liste');
    const link = await page.getByTestId('share-link').inputValue();
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).last().click();

    const guest = await context.newPage();
    try {
      // The link works once this device has sent the share.
      await expect
        .poll(
          async () => {
            await guest.goto(link);
            await guest.waitForTimeout(500);
            return guest.getByTestId('shop-line').count();
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      const grave = describeGrave(await runAxe(guest));
      expect(grave, `page des aides:\n${grave.join('\n')}`).toEqual([]);
    } finally {
      await guest.close();
    }
  });

  it('the library list on its second page', async () => {
    await page.goto('/library');
    await page.getByTestId('library-list').waitFor();
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await page.getByRole('button', { name: 'Page précédente' }).waitFor();
    await expectNoGraveViolation('bibliothèque, page 2');
  });

  const DIALOGS = [
    { path: '/', open: 'Modifier le séjour', dialog: 'Modifier le séjour' },
    { path: '/library', open: 'Liste des ingrédients', dialog: 'Liste des ingrédients' },
    { path: '/order', open: 'Fournisseurs', dialog: 'Fournisseurs' },
    { path: '/', open: 'Modifier le budget', dialog: 'Budget du séjour' },
  ];
  for (const { path, open, dialog } of DIALOGS) {
    it(`the dialog ${dialog}`, async () => {
      await page.goto(path);
      await page.getByRole('button', { name: open, exact: true }).click();
      const shown = page.getByRole('dialog', { name: dialog });
      await shown.waitFor();
      await expectNoGraveViolation(`dialogue ${dialog}`);
      await shown.getByRole('button', { name: 'Fermer' }).first().click();
      await shown.waitFor({ state: 'hidden' });
    });
  }

  it("an ingredient's prices and pack, with a supplier's price", async () => {
    await page.goto('/library');
    await page.getByRole('button', { name: 'Liste des ingrédients', exact: true }).click();
    const list = page.getByRole('dialog', { name: 'Liste des ingrédients' });
    await list
      .getByRole('button', { name: /^Prix et paquet de/u })
      .first()
      .click();
    const shown = page.getByRole('dialog', { name: /^Prix et paquet :/u });
    await shown.getByRole('checkbox', { name: 'Vendu par paquet' }).click();
    await shown.getByRole('button', { name: "Ajouter le prix d'un fournisseur" }).click();
    await shown.getByTestId('supplier-price').waitFor();
    await expectNoGraveViolation('dialogue Prix et paquet');
    await shown.getByRole('button', { name: 'Annuler' }).click();
    await shown.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
  });

  it('the costs of the export screen, with a price and days over budget', async () => {
    const order = mainScreens(account).find((s) => s.name === 'commande')!;
    await openScreen(page, order);
    // Spaghetti are counted in kg: 100 € per kg puts every day over a budget of 1 cent.
    await page.getByRole('button', { name: 'Prix et paquet de « Spaghetti »' }).click();
    const price = page.getByRole('dialog', { name: /^Prix et paquet :/u });
    await price.getByLabel('Prix (€)').fill('100');
    await price.getByRole('button', { name: 'Enregistrer' }).click();
    await price.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Modifier le budget' }).click();
    const budget = page.getByRole('dialog', { name: 'Budget du séjour' });
    await budget.getByLabel('Budget par personne et par jour (€)').fill('0,01');
    await budget.getByRole('button', { name: 'Enregistrer' }).click();
    await budget.waitFor({ state: 'hidden' });
    await page.getByTestId('cost-day-over').first().waitFor();
    await page.getByTestId('export-packs').first().waitFor();
    await expectNoGraveViolation('commande, coûts et budget');
  });

  it('announces a keyboard drag in French, naming what moves and where', async () => {
    await page.goto('/order');
    await page.getByRole('button', { name: 'Fournisseurs', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Fournisseurs' })
      .getByRole('button', { name: SCREEN_PROFILE, exact: true })
      .click();
    const mapping = page.getByRole('dialog', {
      name: `Associations du profil « ${SCREEN_PROFILE} »`,
    });
    const kind = mapping
      .getByTestId('supplier-column')
      .first()
      .getByRole('button', { name: 'Fruits et légumes' });
    await kind.waitFor();
    // @hello-pangea/dnd's live region and the instructions it points the handles to.
    const announced = () =>
      page.evaluate(
        () => document.querySelector('[id^="rfd-announcement"]')?.textContent?.trim() ?? '',
      );
    const instructions = await page.evaluate(() => {
      const handle = document.querySelector('[data-rfd-drag-handle-draggable-id]');
      const id = handle?.getAttribute('aria-describedby') ?? '';
      return document.getElementById(id)?.textContent ?? '';
    });
    expect(instructions).toMatch(/^Appuyez sur Espace pour saisir l'élément/u);

    await kind.focus();
    await page.keyboard.press('Space');
    await expect
      .poll(announced)
      .toBe(
        'Vous avez saisi la catégorie « Fruits et légumes », dans la colonne du fournisseur « Sans fournisseur ». Flèches pour le déplacer, Espace pour le déposer, Échap pour annuler.',
      );
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(announced)
      .toBe(
        'La catégorie « Fruits et légumes » : au-dessus de la colonne du fournisseur « Primeur ».',
      );
    // Escape cancels the drag, and only the drag: the dialog stays open.
    await page.keyboard.press('Escape');
    await expect
      .poll(announced)
      .toBe('Déplacement annulé : la catégorie « Fruits et légumes » reste à sa place.');
    expect(await mapping.isVisible()).toBe(true);
    await kind.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect
      .poll(announced)
      .toBe(
        'Vous avez déposé la catégorie « Fruits et légumes » dans la colonne du fournisseur « Primeur ».',
      );
    await mapping.getByRole('button', { name: 'Fermer' }).last().click();
    await mapping.waitFor({ state: 'hidden' });
  });

  it("the team dialog with a link's QR code, and the page of that link on a phone", async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Équipe', exact: true }).click();
    const team = page.getByRole('dialog', { name: 'Équipe du séjour' });
    await team.getByRole('button', { name: "Lien d'invitation" }).click();
    await team.getByTestId('team-link-qr').waitFor();
    const link = new URL(await team.getByTestId('team-link-link').inputValue());
    await expectNoGraveViolation('équipe du séjour');
    await team.getByRole('button', { name: 'Fermer' }).last().click();
    await team.waitFor({ state: 'hidden' });
    await page.getByTestId('sync-indicator').getByText('À jour').waitFor();

    const phone = await openPage(
      await app.newContext({ ...PHONE, bypassCSP: true }),
      link.pathname + link.search,
    );
    await phone.getByTestId('join-preview').getByText('vous invite').waitFor();
    const grave = describeGrave(await runAxe(phone));
    expect(grave, `invitation (téléphone):\n${grave.join('\n')}`).toEqual([]);
  });

  it('the navigation drawer of a phone', async () => {
    const phone = await openPage(await app.newContext({ ...PHONE, bypassCSP: true }));
    await loginSeeded(phone, account.mail);
    await phone.getByRole('button', { name: 'Ouvrir la navigation' }).click();
    await phone.getByTestId('nav-panel').waitFor();
    const grave = describeGrave(await runAxe(phone));
    expect(grave, `navigation (téléphone):\n${grave.join('\n')}`).toEqual([]);
  });
});

/**
 * Text on a colour the user chose (issue 30, case 8): a stay of one group shows its size on the
 * group's colour. One stay for each colour the app offers, and one of a light colour typed as a
 * hex code: each must read (axe's colour-contrast, 4.5:1).
 */
describe('text on group colours (axe-core)', () => {
  const mail = 'couleurs@exemple.fr';
  const colours = [...GROUP_COLORS, '#FFF3A0'];
  const stayName = (colour: string) => `Camp ${colour}`;

  it('the size chip of a stay of one group reads on every colour', async () => {
    await createAccount(app, { mail, password: 'Couleurs-2025', pseudo: 'Couleurs' });
    const seed = await Seeder.open(app, mail, 'Couleurs-2025');
    for (const colour of colours) {
      const stayId = seed.add('createStay', {
        id: seed.id(),
        name: stayName(colour),
        start: '2025-07-07',
      }).id;
      seed.add('createGroup', {
        id: seed.id(),
        stayId,
        name: 'Louveteaux',
        color: colour,
        size: 20,
      });
    }
    await seed.flush();

    const colourContext = await app.newContext({ ...TABLET, bypassCSP: true });
    const tablet = await openPage(colourContext);
    await loginWithActiveStay(tablet, mail, 'Couleurs-2025');
    const failures: string[] = [];
    for (const colour of colours) {
      await activeStay(tablet).click();
      await tablet.getByRole('option', { name: stayName(colour), exact: true }).click();
      await expect.poll(() => activeStay(tablet).inputValue()).toBe(stayName(colour));
      await expect.poll(() => sizeChip(tablet).textContent()).toContain('20 personnes');
      expect(
        await sizeChip(tablet).evaluate((chip) => getComputedStyle(chip).backgroundColor),
      ).not.toBe('rgba(0, 0, 0, 0)');
      failures.push(...describeGrave(await runAxe(tablet)).map((v) => `${colour}: ${v}`));
    }
    expect(failures).toEqual([]);
  });
});
