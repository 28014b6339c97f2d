/**
 * Every kind of change has its French name and sentence in 'Modifications refusées' (issue 31):
 * one change of each topic, sent for rows the user cannot touch (they do not exist, or the
 * arguments are wrong), is refused by the server; the list shows each with the label declared
 * beside its mutator and the sentence describing it, never a raw identifier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, startApp } from './harness.js';
import type { RunningApp } from './harness.js';
import { STEP_TIMEOUT_MS, loginThroughUi, openPage, visibleText } from './pages.js';

const CAMILLE = { mail: 'camille.labels@exemple.fr', password: 'Clafoutis-2025', pseudo: 'C' };
const NOW = '2024-05-01T10:00:00.000Z';
const GONE = 900_001;

/** One change of each topic, with the sentence and the label it must show. */
const CHANGES: { name: string; args: unknown; words: string; label: string }[] = [
  {
    name: 'deleteStay',
    args: { id: GONE },
    words: "Suppression d'un séjour supprimé",
    label: "Suppression d'un séjour",
  },
  {
    name: 'setGroupNeeds',
    args: { id: GONE },
    words: "Régimes et allergies d'un groupe supprimé",
    label: "Régimes et allergies d'un groupe",
  },
  {
    name: 'deleteMeal',
    args: { id: GONE },
    words: "Suppression d'un repas supprimé",
    label: "Suppression d'un repas",
  },
  {
    name: 'deleteMenu',
    args: { id: GONE },
    words: "Suppression d'un menu qui n'est plus disponible",
    label: "Suppression d'un menu",
  },
  {
    name: 'deleteRecipe',
    args: { id: GONE },
    words: "Suppression d'une recette qui n'est plus disponible",
    label: "Suppression d'une recette",
  },
  {
    name: 'deleteIngredient',
    args: { id: GONE },
    words: "Suppression d'un ingrédient supprimé",
    label: "Suppression d'un ingrédient",
  },
  {
    name: 'deleteProfile',
    args: { id: GONE },
    words: "Suppression d'un profil de fournisseurs supprimé",
    label: "Suppression d'un profil de fournisseurs",
  },
  {
    name: 'deleteShopList',
    args: { id: GONE },
    words: "Suppression d'une liste supprimée",
    label: "Suppression d'une liste de courses",
  },
  {
    name: 'deleteStock',
    args: { id: GONE },
    words: "Retrait d'une entrée supprimée de la réserve",
    label: "Retrait d'une entrée de la réserve",
  },
  {
    name: 'setPurchase',
    args: {
      id: GONE,
      ingredientId: GONE,
      pack: null,
      prices: [{ supplierId: null, amount: 2, per: 1, date: '2024-05-01' }],
    },
    words: "Prix et paquet d'un ingrédient supprimé : sans paquet, 2,00\u00a0€ par kg",
    label: "Prix et paquet d'un ingrédient",
  },
  {
    name: 'restoreSnapshot',
    args: { put: 'x', now: NOW },
    words: "Annulation d'une action",
    label: "Annulation d'une action",
  },
];

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
  await createAccount(app, CAMILLE);
});
afterAll(async () => {
  await app?.close();
});

/** Puts the changes in the device's outbox, as if made offline before a restart. */
async function queue(page: Page): Promise<void> {
  await page.evaluate(
    async ({ changes, now }) => {
      let name: string | undefined;
      for (let tries = 0; name === undefined && tries < 100; tries++) {
        const names = (await indexedDB.databases()).map((d) => d.name ?? '');
        name = names.find((n) => n.startsWith('popote-u'));
        if (name === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (name === undefined) throw new Error('no device database');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      // A fresh device: its mutations are numbered from 1, in order, with no gap.
      const tx = db.transaction(['outbox', 'meta'], 'readwrite');
      changes.forEach((c, i) => tx.objectStore('outbox').put({ id: i + 1, ...c, at: now }));
      tx.objectStore('meta').put({ key: 'nextMutationId', value: changes.length + 1 });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { changes: CHANGES.map(({ name, args }) => ({ name, args })), now: NOW },
  );
}

describe('refused change labels', () => {
  it('names every refused change in French, with its sentence', async () => {
    const context = await app.newContext();
    const page = await openPage(context);
    await loginThroughUi(page, CAMILLE.mail, CAMILLE.password);
    await page.getByTestId('sync-indicator').getByText('À jour').waitFor();
    await queue(page);
    // A device sends its outbox when it starts.
    await page.reload();

    const button = page.getByRole('button', { name: `${CHANGES.length} modifications refusées` });
    await button.waitFor({ timeout: 30_000 });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Modifications refusées' });
    const cards = dialog.getByTestId('refused-change');
    await expect.poll(() => cards.count(), { timeout: STEP_TIMEOUT_MS }).toBe(CHANGES.length);
    const seen: { text: string; words: string }[] = [];
    for (let i = 0; i < CHANGES.length; i++) {
      const card = cards.nth(i);
      seen.push({
        text: await visibleText(card),
        words: await visibleText(card.getByTestId('refused-change-words')),
      });
    }
    CHANGES.forEach((change, i) => {
      expect(seen[i]?.text).toContain(change.label);
      expect(seen[i]?.text).not.toContain(change.name);
      expect(seen[i]?.words).toBe(change.words);
    });
  });
});
