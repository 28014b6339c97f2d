/**
 * Security headers (helmet) with a Content-Security-Policy that lets the PWA run: its own
 * scripts and worker, inline styles (Mantine injects them), data: and blob: images (QR code,
 * exports), and nothing loaded from elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'data:', 'blob:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  // helmet's middleware, built once. (@fastify/helmet built it again for every request,
  // parsing the policy each time: several percent of the server's time under a push load.)
  const setHeaders = helmet({
    contentSecurityPolicy: {
      // Explicit list: helmet's defaults add upgrade-insecure-requests, which breaks the app
      // when served over plain http on a local network.
      useDefaults: false,
      directives: CONTENT_SECURITY_POLICY,
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
