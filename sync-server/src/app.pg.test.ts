import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { conflict } from '@popote/domain';
import { buildServer } from './app.js';
import { loadConfig } from './config.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { cacheControlFor, isServerPath } from './http/web-app.js';

const INDEX = '<!doctype html><title>Popote</title><div id="root"></div>';
let webRoot: string;

beforeAll(() => {
  webRoot = mkdtempSync(join(tmpdir(), 'popote-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), INDEX);
  writeFileSync(join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(webRoot, 'manifest.webmanifest'), '{"name":"Popote"}');
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(webRoot, 'assets', 'index-3f2a1b.js'), 'console.log(1);');
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe('the web app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webRoot });
  });
  afterAll(async () => {
    expect(await server.close()).toEqual([]);
  });
  const get = (url: string) => server.inject({ method: 'GET', url });

  test('serves index.html at / without caching', async () => {
    const answer = await get('/');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(INDEX);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  test.each(['/agenda', '/library?id-menu=12', '/order/', '/settings'])(
    'answers the deep link %s with index.html',
    async (url) => {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(INDEX);
      expect(answer.headers['cache-control']).toBe('no-cache');
    },
  );

  test('caches hashed assets for good, and revalidates the worker and manifest', async () => {
    const asset = await get('/assets/index-3f2a1b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  test('a missing file is a 404, not the app', async () => {
    for (const url of ['/assets/gone-123.js', '/robots.txt']) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Ressource introuvable.' });
    }
  });

  test('server paths never fall back to the app', async () => {
    for (const url of ['/api/nothing', '/sync/nothing', '/import-sejour', '/api']) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Ressource introuvable.' });
    }
    const post = await server.inject({ method: 'POST', url: '/agenda', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  test('sends a Content-Security-Policy that lets the PWA run', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp.split(';')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self' data: blob:",
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]);
    expect((await get('/api/nothing')).headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('startup as main.ts does it', () => {
  test('loadConfig, buildServer and listen on a free port serve the app over HTTP', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'popote-main-'));
    const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, WEB_ROOT: webRoot, LOG: '0' });
    const app = await buildServer(config);
    try {
      const address = await app.listen({ host: config.host, port: config.port });
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/u);
      const page = await fetch(`${address}/library`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(INDEX);
      const api = await fetch(`${address}/api/loggin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Mail: 'a@exemple.fr', Password: 'tartiflette' }),
      });
      expect(await api.json()).toEqual({
        Error: "Cette adresse mail n'est pas utilisée.",
        IsPasswordError: false,
        Id: 0,
        Token: '',
        Pseudo: '',
      });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('the JWT secret generated on first start is kept in the data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'popote-secret-'));
    try {
      const first = await startTestServer({}, dataDir);
      const { token } = await first.signUp('anne@exemple.fr', 'tartiflette');
      await first.app.close();
      const second = await startTestServer({}, dataDir);
      const answer = await second.inject({
        method: 'GET',
        url: '/api/settings',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(200);
      expect(await second.close()).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('errors', () => {
  let server: TestServer;
  afterEach(async () => {
    expect(await server.close()).toEqual([]);
  });

  test('an unexpected error answers 500 without its details; a DomainError keeps its status', async () => {
    server = await startTestServer();
    server.app.get('/api/test-boom', () => {
      throw new Error('détail interne secret');
    });
    server.app.get('/api/test-conflict', () => {
      throw conflict('Ce nom est déjà pris.');
    });
    const boom = await server.inject({ method: 'GET', url: '/api/test-boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ message: 'Erreur interne du serveur.' });
    const domain = await server.inject({ method: 'GET', url: '/api/test-conflict' });
    expect(domain.statusCode).toBe(409);
    expect(domain.json()).toEqual({ message: 'Ce nom est déjà pris.' });
  });

  test('without a web root, pages are 404 JSON', async () => {
    server = await startTestServer({ webRoot: null });
    const answer = await server.inject({ method: 'GET', url: '/' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'Ressource introuvable.' });
  });
});

describe('helpers', () => {
  test('cacheControlFor', () => {
    expect(cacheControlFor('/srv/web/index.html')).toBe('no-cache');
    expect(cacheControlFor('/srv/web/workbox-5e8a3c1f.js')).toBe('no-cache');
    expect(cacheControlFor('/srv/web/assets/app-1a2b.css')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  test('isServerPath', () => {
    expect(isServerPath('/api/loggin')).toBe(true);
    expect(isServerPath('/sync?x=1')).toBe(true);
    expect(isServerPath('/import-sejour?id=abc')).toBe(true);
    expect(isServerPath('/apiculture')).toBe(false);
    expect(isServerPath('/agenda')).toBe(false);
  });
});
