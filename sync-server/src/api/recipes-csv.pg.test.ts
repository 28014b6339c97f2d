/**
 * /api CSV import and export of recipes: the multipart upload and its limits, the preview,
 * the confirmation through importRecipes, and the short-lived single-purpose download link.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRecipesCsv } from '@popote/domain';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { attachment } from './content-disposition.js';
import type { RecipeImportPreviewOut, IngredientOut, Out, RecipeExtOut } from './schemas.js';
import { apiClient, multipartFile, type ApiClient, type Session } from '../../test/api-client.js';

type Preview = Out<typeof RecipeImportPreviewOut>;

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let aliceSession: Session;
let bobSession: Session;

const FILE = [
  'Recettes,,',
  'Salade de yuzu,entree,4',
  'Yuzu test,6,',
  'Huile de noix test,"1,5",cl',
  ',,',
  'Crumble test,dessert,6',
  'Pomme reinette test,1,kg',
  'Yuzu TEST,2,',
].join('\n');

async function upload(client: Session | null, name: string, content: string | Buffer) {
  const { payload, headers } = multipartFile(name, content);
  return server.inject({
    method: 'POST',
    url: '/api/library/receipes/import',
    payload,
    headers: { ...headers, ...(client ? { authorization: `Bearer ${client.token}` } : {}) },
  });
}

beforeEach(async () => {
  server = await startTestServer();
  aliceSession = await server.signUp('alice@popote.test', 'motdepasse-solide', 'Alice');
  bobSession = await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob');
  alice = apiClient(server, aliceSession);
  bob = apiClient(server, bobSession);
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

describe('import', () => {
  it('previews a file: proposed ingredients (Id 0 = new) and the recipes read', async () => {
    const noix = await bob.ok<Out<typeof IngredientOut>>('PUT', '/library/all-ingredients', {
      Name: 'Huile de noix test',
      Kind: 4,
    });
    const answer = await upload(aliceSession, 'recettes.csv', FILE);
    expect(answer.statusCode).toBe(200);
    const preview = answer.json<Preview>();
    expect(preview.Map).toEqual({
      'Yuzu test': { Id: 0, Name: 'Yuzu test', Kind: 0, Owner: 0 },
      'Huile de noix test': noix,
      'Pomme reinette test': { Id: 0, Name: 'Pomme reinette test', Kind: 0, Owner: 0 },
      'Yuzu TEST': { Id: 0, Name: 'Yuzu test', Kind: 0, Owner: 0 },
    });
    expect(preview.Receipes).toEqual([
      {
        Name: 'Salade de yuzu',
        Plat: 3,
        For: 4,
        Ingredients: [
          { Name: 'Yuzu test', Quantity: 6, Unite: 0 },
          { Name: 'Huile de noix test', Quantity: 1.5, Unite: 4 },
        ],
      },
      {
        Name: 'Crumble test',
        Plat: 1,
        For: 6,
        Ingredients: [
          { Name: 'Pomme reinette test', Quantity: 1, Unite: 1 },
          { Name: 'Yuzu TEST', Quantity: 2, Unite: 0 },
        ],
      },
    ]);
  });

  it('reads a Windows-1252 file as spreadsheets save it', async () => {
    const latin1 = Buffer.from('Gâteau test,dessert,4\nCrème test,1,L\n', 'latin1');
    const preview = (await upload(aliceSession, 'recettes.csv', latin1)).json<Preview>();
    expect(preview.Receipes[0]?.Name).toBe('Gâteau test');
    expect(Object.keys(preview.Map)).toEqual(['Crème test']);
  });

  it('refuses no token, no multipart, an unreadable file, and a file above 5 MB', async () => {
    expect((await upload(null, 'recettes.csv', FILE)).statusCode).toBe(401);

    const json = await alice.post('/library/receipes/import', { file: FILE });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({
      message: 'Envoyez le fichier CSV dans un formulaire multipart/form-data (champ « file »).',
    });

    const unreadable = await upload(
      aliceSession,
      'recettes.csv',
      'Salade,entree,beaucoup\nTomate,1,',
    );
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json<{ message: string }>().message).toMatch(/^Ligne 1 : /u);

    const huge = await upload(aliceSession, 'recettes.csv', 'x,,\n'.repeat(1_400_000));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'Le fichier est trop volumineux : 5 Mo au plus.' });
  });

  it('imports the confirmed choices in one mutation, numbering a taken recipe name', async () => {
    const noix = await bob.ok<Out<typeof IngredientOut>>('PUT', '/library/all-ingredients', {
      Name: 'Huile de noix test',
      Kind: 4,
    });
    await alice.ok('POST', '/library/receipes', {
      Id: (await alice.ok<{ ID: number }>('PUT', '/library/receipes')).ID,
      Name: 'Crumble test',
    });
    const preview = (await upload(aliceSession, 'recettes.csv', FILE)).json<Preview>();
    // The user picks a category for the new yuzu.
    preview.Map['Yuzu test'] = { ...preview.Map['Yuzu test']!, Kind: 1 };
    preview.Map['Yuzu TEST'] = { ...preview.Map['Yuzu TEST']!, Kind: 1 };
    // The recipes created, with their ingredients (ReceipeExt[]).
    const done = await alice.ok<Out<typeof RecipeExtOut>[]>(
      'PUT',
      '/library/receipes/import',
      preview,
    );
    expect(done.map((r) => r.Receipe.Name)).toEqual(['Salade de yuzu', 'Crumble test 2']);
    const created = done
      .flatMap((r) => r.Ingredients)
      .filter((i) => i.Owner === aliceSession.id)
      .map((i) => [i.Name, i.Kind, i.Owner]);
    // Each new ingredient once (one may be in several recipes).
    expect([...new Map(created.map((c) => [c[0], c])).values()]).toEqual([
      ['Yuzu test', 1, aliceSession.id],
      ['Pomme reinette test', 0, aliceSession.id],
    ]);
    const salad = done.find((r) => r.Receipe.Name === 'Salade de yuzu')!;
    const yuzu = salad.Ingredients.find((i) => i.Name === 'Yuzu test')!;
    const ext = await alice.ok<{ Ingredients: { Id: number; Quantity: unknown }[] }>(
      'GET',
      `/library/receipes?idReceipe=${salad.Receipe.Id}`,
    );
    expect(ext.Ingredients).toEqual(salad.Ingredients);
    expect(ext.Ingredients.map((i) => [i.Id, i.Quantity])).toEqual([
      [yuzu.Id, { Val: 6, Unite: 0, For_: 4 }],
      [noix.Id, { Val: 1.5, Unite: 4, For_: 4 }],
    ]);

    const missing = await alice.put('/library/receipes/import', {
      Map: { Lait: { Id: 987_654_321, Name: 'Lait', Kind: 5 } },
      Receipes: [
        { Name: 'R', Plat: 0, For: 2, Ingredients: [{ Name: 'Lait', Quantity: 1, Unite: 3 }] },
      ],
    });
    expect(missing.statusCode).toBe(404);
    const unchosen = await alice.put('/library/receipes/import', {
      Map: {},
      Receipes: [
        { Name: 'R', Plat: 0, For: 2, Ingredients: [{ Name: 'Lait', Quantity: 1, Unite: 3 }] },
      ],
    });
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json()).toEqual({ message: "Aucun ingrédient n'est choisi pour « Lait »." });
    const longKey = await alice.put('/library/receipes/import', {
      Map: { ['x'.repeat(201)]: { Id: 0, Name: 'x', Kind: 0 } },
      Receipes: [],
    });
    expect(longKey.statusCode).toBe(400);
  });
});

describe('export', () => {
  it('downloads the own recipes as CSV through a 5-minute link, or the session token the original clients use', async () => {
    const preview = (await upload(aliceSession, 'recettes.csv', FILE)).json<Preview>();
    await alice.ok('PUT', '/library/receipes/import', preview);
    await bob.ok('PUT', '/library/receipes');

    const link = await alice.ok<{ Token: string; Url: string; ExpiresAt: string }>(
      'GET',
      '/library/receipes/export-token',
    );
    expect(link.Url).toBe(`http://popote.test/api/library/receipes/export?token=${link.Token}`);
    expect(link.ExpiresAt).toBe('2025-06-01T08:05:00.000Z');

    const download = await server.inject({
      method: 'GET',
      url: new URL(link.Url).pathname + new URL(link.Url).search,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(attachment('Mes recettes.csv'));
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Mes recettes.csv"; filename*=UTF-8''Mes%20recettes.csv`,
    );
    // What was exported re-imports as the same recipes.
    const again = parseRecipesCsv(download.body);
    expect(again.map((r) => r.name)).toEqual(['Crumble test', 'Salade de yuzu']);

    // The original clients put their session token in the link: accepted too.
    const withSession = await server.inject({
      method: 'GET',
      url: `/api/library/receipes/export?token=${aliceSession.token}`,
    });
    expect(withSession.statusCode).toBe(200);
    expect(withSession.body).toBe(download.body);
    // The download token is no session.
    const asBearer = await server.inject({
      method: 'GET',
      url: '/api/sejours',
      headers: { authorization: `Bearer ${link.Token}` },
    });
    expect(asBearer.statusCode).toBe(401);

    server.clock.now += 5 * 60_000 + 1000;
    const late = await server.inject({
      method: 'GET',
      url: `/api/library/receipes/export?token=${link.Token}`,
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      message:
        "Ce lien de téléchargement a expiré ou n'est pas valable. Merci de relancer l'export.",
    });
    expect(
      (await server.inject({ method: 'GET', url: '/api/library/receipes/export' })).statusCode,
    ).toBe(400);
    expect((await apiClient(server, null).get('/library/receipes/export-token')).statusCode).toBe(
      401,
    );
  });
});

describe('content disposition', () => {
  it('keeps accents in filename* and gives an ASCII fallback', () => {
    expect(attachment('Ingrédients Séjour "été".xlsx')).toBe(
      `attachment; filename="Ingredients Sejour _ete_.xlsx"; filename*=UTF-8''Ingr%C3%A9dients%20S%C3%A9jour%20%22%C3%A9t%C3%A9%22.xlsx`,
    );
  });
});
