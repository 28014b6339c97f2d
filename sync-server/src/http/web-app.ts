/**
 * Serves the built web app: its files, and index.html for any other GET outside the server's
 * own paths so that the router of the single-page app handles deep links (/agenda, /library…).
 */
import { basename } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from './errors.js';

/** Paths answered by the server itself, never by the web app. */
export const SERVER_PATH_PREFIXES = ['/api', '/sync', '/import-sejour'] as const;

// Files that must be revalidated at each load, or an installed app would never see an update.
const REVALIDATED = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
const ONE_YEAR_S = 365 * 24 * 3600;

export async function registerWebApp(app: FastifyInstance, webRoot: string | null): Promise<void> {
  if (webRoot !== null) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: ['index.html'],
      // The headers below replace send's default `public, max-age=0`.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        void reply.header('cache-control', cacheControlFor(filePath));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => notFound(request, reply, webRoot));
}

/** Cache-Control for a file of the built app, from its path on disk. */
export function cacheControlFor(filePath: string): string {
  const normalized = filePath.replace(/\\/gu, '/');
  if (REVALIDATED.has(basename(normalized)) || /\/workbox-[^/]*\.js$/u.test(normalized)) {
    return 'no-cache';
  }
  // Vite puts content-hashed files under assets/: their content never changes.
  if (normalized.includes('/assets/')) return `public, max-age=${ONE_YEAR_S}, immutable`;
  return 'no-cache';
}

export function isServerPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return SERVER_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

async function notFound(
  request: FastifyRequest,
  reply: FastifyReply,
  webRoot: string | null,
): Promise<FastifyReply> {
  const isPage = request.method === 'GET' || request.method === 'HEAD';
  if (webRoot !== null && isPage && !isServerPath(request.url) && !looksLikeFile(request.url)) {
    return reply.sendFile('index.html');
  }
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send({ message: MESSAGES.notFound });
}

// A missing /assets/x.js must answer 404, not index.html, or the browser runs HTML as script.
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return path.startsWith('/assets/') || /\.[a-z0-9]+$/iu.test(last);
}
