/** /api files: the cook sheets (PDF) and the shopping spreadsheet (xlsx) of a stay. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { XLSX_MIME } from '@popote/exports';
// Test aids of the exports package (not part of its public API).
import { readPdfPages, readXlsxSheets } from '@popote/exports/readers';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { attachment } from './content-disposition.js';
import type {
  CompileIngredientsOut,
  GroupOut,
  IngredientOut,
  Out,
  SupplierOut,
  StayExtOut,
} from './schemas.js';
import { apiClient, newProfile, putMeal, type ApiClient } from '../../test/api-client.js';

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let stayId: number;
let pain: Out<typeof IngredientOut>;
let lait: Out<typeof IngredientOut>;

const bytesOf = (body: string | Buffer) => new Uint8Array(body as Buffer);

beforeEach(async () => {
  server = await startTestServer();
  alice = apiClient(server, await server.signUp('alice@popote.test', 'motdepasse-solide', 'Alice'));
  bob = apiClient(server, await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob'));
  stayId = (await alice.ok<Out<typeof StayExtOut>>('PUT', '/sejours')).Sejour.Id;
  await alice.ok('POST', '/sejours', { Id: stayId, Name: 'Séjour été', Start: '2025-07-01' });
  const group = await alice.ok<Out<typeof GroupOut>>('PUT', `/sejours/groups?idSejour=${stayId}`);
  await alice.ok('POST', '/sejours/groups', { Id: group.Id, Name: 'Grands', Size: 12 });
  pain = await alice.ok('PUT', '/library/all-ingredients', { Name: 'Pain test', Kind: 6 });
  lait = await alice.ok('PUT', '/library/all-ingredients', { Name: 'Lait test', Kind: 5 });
  for (const [day, ingredient] of [
    [0, pain],
    [1, lait],
  ] as const) {
    const { Meals } = await putMeal(alice, {
      IdSejour: stayId,
      Day: day,
      Horaire: 0,
    });
    await alice.ok('PUT', '/meals/ingredients', {
      IdSejour: stayId,
      IdIngredient: ingredient.Id,
      IdMenu: Meals[0]!.Menu,
    });
  }
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('cook sheets', () => {
  it('answers a PDF with one page per meal and the file name in Content-Disposition', async () => {
    const answer = await alice.post('/meals/cookbook', { IdSejour: stayId, Days: [0, 1] });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(attachment('Séjour été Fiches cuisine.pdf'));
    expect(answer.headers['content-disposition']).toContain(
      "filename*=UTF-8''S%C3%A9jour%20%C3%A9t%C3%A9%20Fiches%20cuisine.pdf",
    );
    const pages = readPdfPages(answer.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Pour 12 personnes');
    expect(pages[0]).toContain('Pain test');
    expect(pages[1]).toContain('Lait test');

    expect((await bob.post('/meals/cookbook', { IdSejour: stayId, Days: [0] })).statusCode).toBe(
      404,
    );
    expect((await alice.post('/meals/cookbook', { IdSejour: stayId, Days: '0' })).statusCode).toBe(
      400,
    );
  });
});

describe('shopping spreadsheet', () => {
  it('groups by category without a profile', async () => {
    const answer = await alice.post('/order/export', {
      IdSejour: stayId,
      Data: { DayOffsets: [0, 1] },
      Mapping: null,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(XLSX_MIME);
    expect(answer.headers['content-disposition']).toBe(attachment('Ingrédients Séjour été.xlsx'));
    const sheets = await readXlsxSheets(bytesOf(answer.rawPayload));
    expect(sheets[0]?.name).toBe('Ingrédients');
    expect(sheets[0]?.rows[0]).toEqual(['Catégorie', 'Ingrédient', 'Quantité', 'Unité']);
    // Compile order: Laitages (5) before Boulangerie (6).
    expect(sheets[0]?.values.slice(1)).toEqual([
      ['Laitages', 'Lait test', 12, 'pièces'],
      ['Boulangerie', 'Pain test', 12, 'pièces'],
    ]);
    expect(sheets.map((s) => s.name)).toEqual(expect.arrayContaining(['Laitages', 'Boulangerie']));
  });

  it("uses the stay's profile and the user's choices, from the compiled ingredients sent back", async () => {
    const profileId = (await newProfile(alice)).Profile.Id;
    const baker = (
      await alice.ok<Out<typeof SupplierOut>>('PUT', '/order/profile/suppliers', {
        IdProfile: profileId,
        Name: 'Boulanger',
      })
    ).Id;
    await alice.ok('POST', '/order/profile/default', { IdProfile: profileId, IdSejour: stayId });
    const compiled = await alice.ok<Out<typeof CompileIngredientsOut>>(
      'POST',
      '/order/ingredients',
      {
        IdSejour: stayId,
        DayOffsets: [0, 1],
      },
    );
    const answer = await alice.post('/order/export', {
      IdSejour: stayId,
      Data: compiled,
      Mapping: { [pain.Id]: baker },
    });
    expect(answer.statusCode).toBe(200);
    const sheets = await readXlsxSheets(bytesOf(answer.rawPayload));
    expect(sheets.map((s) => s.name).slice(0, 3)).toEqual([
      'Ingrédients',
      'Sans fournisseur',
      'Boulanger',
    ]);
    expect(sheets[2]?.rows.slice(1).map((r) => r[0])).toEqual(['Pain test']);

    const foreign = await alice.post('/order/export', {
      IdSejour: stayId,
      Data: { DayOffsets: [0] },
      Mapping: { [pain.Id]: 987_654 },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      message: "Le fournisseur 987654 n'appartient pas au profil « Nouveau profil ».",
    });
    const noProfile = await alice.post('/order/export', {
      IdSejour: stayId,
      Data: { DayOffsets: [0] },
      Mapping: null,
      IdProfile: null,
    });
    expect((await readXlsxSheets(bytesOf(noProfile.rawPayload))).map((s) => s.name)).not.toContain(
      'Sans fournisseur',
    );
    expect(
      (
        await bob.post('/order/export', {
          IdSejour: stayId,
          Data: { DayOffsets: [0] },
          Mapping: null,
        })
      ).statusCode,
    ).toBe(404);
  });
});
