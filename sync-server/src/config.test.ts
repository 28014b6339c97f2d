import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DomainError } from '@popote/domain';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  test('defaults', () => {
    const config = loadConfig({ WEB_ROOT: '/srv/popote-web' });
    expect(config).toEqual({
      host: '127.0.0.1',
      port: 8080,
      dataDir: resolve('./data'),
      databaseUrl: null,
      publicUrl: 'http://127.0.0.1:8080',
      smtpUrl: null,
      jwtSecret: null,
      webRoot: '/srv/popote-web',
      logger: true,
      trustProxy: false,
      recipeImportAllowHosts: [],
      authRateLimit: { max: 30, perAddressMax: 10, windowMs: 900_000 },
      syncLimits: {
        work: { mutationRowWrites: 50_000, pushRowWrites: 20_000, sliceMs: 4 },
        quotas: { rows: 200_000, bytes: 100 * 1024 * 1024, stays: 1_000 },
      },
      syncPushRateLimit: { max: 300, windowMs: 60_000 },
    });
  });

  test('reads every variable', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '3000',
      DATA_DIR: '/var/lib/popote',
      DATABASE_URL: 'postgres://popote@db.example.org:5432/popote',
      PUBLIC_URL: 'https://popote.example.org/',
      SMTP_URL: 'smtp://mail.example.org:587',
      JWT_SECRET: 'un-secret-assez-long',
      WEB_ROOT: '/srv/web',
      LOG: 'off',
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT_MAX: '5',
      AUTH_RATE_LIMIT_PER_ADDRESS_MAX: '3',
      AUTH_RATE_LIMIT_WINDOW_MS: '60000',
      QUOTA_ROWS: '5000',
      QUOTA_MEGABYTES: '20',
      QUOTA_STAYS: '50',
      SYNC_PUSH_RATE_LIMIT_MAX: '120',
      RECIPE_IMPORT_ALLOW_HOSTS: 'recettes.intranet, 10.0.0.5,[fd00::5]',
    });
    expect(config).toEqual({
      host: '0.0.0.0',
      port: 3000,
      dataDir: '/var/lib/popote',
      databaseUrl: 'postgres://popote@db.example.org:5432/popote',
      publicUrl: 'https://popote.example.org',
      smtpUrl: 'smtp://mail.example.org:587',
      jwtSecret: 'un-secret-assez-long',
      webRoot: '/srv/web',
      logger: false,
      trustProxy: true,
      recipeImportAllowHosts: ['recettes.intranet', '10.0.0.5', '[fd00::5]'],
      authRateLimit: { max: 5, perAddressMax: 3, windowMs: 60_000 },
      syncLimits: {
        work: { mutationRowWrites: 50_000, pushRowWrites: 20_000, sliceMs: 4 },
        quotas: { rows: 5000, bytes: 20 * 1024 * 1024, stays: 50 },
      },
      syncPushRateLimit: { max: 120, windowMs: 60_000 },
    });
  });

  test('reads TRUST_PROXY as a flag, a hop count or proxy addresses, and refuses the rest', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'oui' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['peut-être', '10.0.0.1; rm', '1000']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(DomainError);
    }
  });

  test('refuses an allow list of recipe hosts that is not names or addresses', () => {
    for (const bad of ['http://intranet', 'a b', 'intranet/recettes', '10.0.0.0/8;x']) {
      expect(() => loadConfig({ RECIPE_IMPORT_ALLOW_HOSTS: bad }), bad).toThrow(DomainError);
    }
  });

  test('builds the public URL from host and port, with brackets for IPv6', () => {
    expect(loadConfig({ HOST: 'localhost', PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ HOST: '::1', PORT: '9000' }).publicUrl).toBe('http://[::1]:9000');
  });

  test('empty variables count as unset', () => {
    const config = loadConfig({ PORT: ' ', SMTP_URL: '', JWT_SECRET: '  ', WEB_ROOT: '/w' });
    expect(config.port).toBe(8080);
    expect(config.smtpUrl).toBeNull();
    expect(config.jwtSecret).toBeNull();
  });

  test.each([
    [
      'PORT',
      'abc',
      'Configuration invalide : PORT doit être un entier entre 0 et 65535 (reçu « abc »).',
    ],
    [
      'PORT',
      '70000',
      'Configuration invalide : PORT doit être un entier entre 0 et 65535 (reçu « 70000 »).',
    ],
    [
      'AUTH_RATE_LIMIT_MAX',
      '0',
      'Configuration invalide : AUTH_RATE_LIMIT_MAX doit être un entier entre 1 et 1000000 (reçu « 0 »).',
    ],
    ['LOG', 'peut-être', 'Configuration invalide : LOG doit valoir 1 ou 0 (reçu « peut-être »).'],
    [
      'PUBLIC_URL',
      'popote.fr',
      'Configuration invalide : PUBLIC_URL doit commencer par http:// ou https:// (reçu « popote.fr »).',
    ],
    [
      'DATABASE_URL',
      'mysql://db/popote',
      'Configuration invalide : DATABASE_URL doit être une adresse PostgreSQL (postgres://…).',
    ],
  ])('refuses %s=%j with a DomainError', (name, value, message) => {
    const run = () => loadConfig({ [name]: value });
    expect(run).toThrow(DomainError);
    expect(run).toThrow(message);
  });
});
