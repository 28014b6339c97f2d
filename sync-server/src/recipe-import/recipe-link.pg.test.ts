/**
 * 'Importer depuis un lien' through /api (issue 34): `POST /api/library/recipe-reading/link`
 * reads a page served on 127.0.0.1 (allowed by RECIPE_IMPORT_ALLOW_HOSTS), refuses anonymous
 * callers, private addresses and hostile bodies in French, and is limited per user.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Plat, Unite, type ReadRecipe } from '@popote/domain';
import { apiClient, type ApiClient } from '../../test/api-client.js';
import { recipePage, startRecipeSite, type RecipeSite } from '../../test/recipe-site.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { RECIPE_FETCH_MESSAGES as M } from './fetch-page.js';

const HTML = 'text/html; charset=utf-8';
let site: RecipeSite;
let base: string;
let server: TestServer;
let alice: ApiClient;

beforeAll(async () => {
  site = await startRecipeSite({
    '/tarte': { type: HTML, body: recipePage('jsonld-graph') },
    '/frigo': { type: HTML, body: recipePage('no-recipe') },
    '/photo': { type: 'image/jpeg', body: 'JFIF' },
    '/vers-prive': { redirect: 'http://169.254.169.254/latest/meta-data/' },
  });
  base = site.base;
});
afterAll(() => site.close());

beforeEach(async () => {
  server = await startTestServer({ recipeImportAllowHosts: ['127.0.0.1'] });
  alice = apiClient(
    server,
    await server.signUp('alice@example.org', 'mot-de-passe-alice', 'Alice'),
  );
});
afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const read = (client: ApiClient, Url: unknown) =>
  client.post('/library/recipe-reading/link', { Url });

describe('POST /api/library/recipe-reading/link', () => {
  it('refuses an anonymous caller before reading anything', async () => {
    const res = await read(apiClient(server, null), `${base}/tarte`);
    expect(res.statusCode).toBe(401);
  });

  it('answers the recipe a page holds, as written and as read in French', async () => {
    const res = await read(alice, `${base}/tarte`);
    expect(res.statusCode, res.body).toBe(200);
    const { source } = res.json<{ source: Record<string, unknown> }>();
    expect(source).toMatchObject({
      name: 'Tarte au citron meringuée',
      yieldText: '8 parts',
      categoryText: 'Dessert',
      url: `${base}/tarte`,
    });
    expect(source.ingredientLines).toContain('250 g de farine');
    expect(source.steps).toContain('La pâte sablée :');
    const { recipe } = res.json<{ recipe: ReadRecipe }>();
    expect(recipe).toMatchObject({
      name: 'Tarte au citron meringuée',
      forPeople: 8,
      plat: Plat.Dessert,
      url: `${base}/tarte`,
    });
    expect(recipe.lines).toContainEqual({
      text: '250 g de farine',
      status: 'read',
      quantity: { val: 250, unite: Unite.G },
      name: 'farine',
      note: null,
    });
    expect(recipe.description).toContain(`Source : ${base}/tarte`);
    expect(Object.keys(res.json<object>())).toEqual(['source', 'recipe']);
  });

  it('refuses private addresses, directly or by a redirect, in French with the failure’s code', async () => {
    for (const url of [
      'http://10.0.0.1/recette',
      'http://[::ffff:127.0.0.2]/',
      'http://[::1]:1/',
      `${base}/vers-prive`,
    ]) {
      const res = await read(alice, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: M.refused, code: 'refused' });
    }
  });

  it('says why a page cannot be read', async () => {
    const cases: [string, number, string][] = [
      [`${base}/frigo`, 422, M.noRecipe],
      [`${base}/photo`, 422, M.notHtml],
      [`${base}/absente`, 422, M.notFound],
      ['ftp://recettes.example.fr/', 400, M.notHttp],
      ['recette de crêpes', 400, M.invalid],
    ];
    for (const [url, status, message] of cases) {
      const res = await read(alice, url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json<{ message: string }>().message, url).toBe(message);
    }
  });

  it('refuses hostile bodies in French, never with 500', async () => {
    const bodies: unknown[] = [
      {},
      { Url: 42 },
      { Url: '' },
      { Url: null },
      { Url: ['http://a'] },
      { Url: `https://recettes.example.fr/${'a'.repeat(3_000)}` },
    ];
    for (const body of bodies) {
      const res = await alice.post('/library/recipe-reading/link', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^Requête invalide/u);
    }
    // Not JSON.
    expect(
      (await alice.post('/library/recipe-reading/link', 'http://recettes.example.fr/')).statusCode,
    ).toBe(415);
    const huge = await server.inject({
      method: 'POST',
      url: '/api/library/recipe-reading/link',
      headers: {
        authorization: `Bearer ${(await server.signUp('bob@example.org', 'mot-de-passe-bob', 'Bob')).token}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ Url: 'x'.repeat(100_000) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('limits each user, not everyone', async () => {
    const limited = await startTestServer({
      recipeImportAllowHosts: ['127.0.0.1'],
      recipeLinkRateLimit: { max: 2, windowMs: 60_000 },
    });
    try {
      const a = apiClient(limited, await limited.signUp('a@example.org', 'mot-de-passe-a', 'A'));
      const b = apiClient(limited, await limited.signUp('b@example.org', 'mot-de-passe-b', 'B'));
      expect((await read(a, `${base}/tarte`)).statusCode).toBe(200);
      expect((await read(a, `${base}/frigo`)).statusCode).toBe(422);
      const third = await read(a, `${base}/tarte`);
      expect(third.statusCode).toBe(429);
      expect(third.json<{ message: string }>().message).toMatch(/^Trop de tentatives/u);
      expect((await read(b, `${base}/tarte`)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
