/**
 * Security headers (helmet) with a Content-Security-Policy that lets the PWA run: its own
 * scripts and worker, inline styles (Mantine injects them), data: and blob: images (QR code,
 * exports), and nothing loaded from elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

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

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      // Explicit list: helmet's defaults add upgrade-insecure-requests, which breaks the app
      // when served over plain http on a local network.
      useDefaults: false,
      directives: CONTENT_SECURITY_POLICY,
    },
  });
}
