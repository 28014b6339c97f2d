/**
 * Security headers (helmet) with a Content-Security-Policy that lets the PWA run: its own
 * scripts and worker, inline styles (Mantine injects them), data: and blob: images (QR code,
 * exports), and nothing loaded from elsewhere.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** What helmet does to a response: the headers it sets and those it removes, in order. */
export type HeaderStep = { set: string; value: string } | { remove: string };

/**
 * helmet's middleware, with its policy as above. Every part of it is static (no nonce, nothing
 * read from the request), so what it does to one response it does to all.
 */
export function securityHeaderSteps(): HeaderStep[] {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      // Explicit list: helmet's defaults add upgrade-insecure-requests, which breaks the app
      // when served over plain http on a local network.
      useDefaults: false,
      directives: CONTENT_SECURITY_POLICY,
    },
  });
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => steps.push({ set: name, value: String(value) }),
    removeHeader: (name: string) => steps.push({ remove: name }),
  };
  let done = false;
  setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error as Error;
    done = true;
  });
  // helmet calls its middlewares one after another, synchronously.
  if (!done) throw new Error('helmet did not finish synchronously.');
  return steps;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  // helmet's work, recorded once and replayed on every response: running its thirteen
  // middlewares for each request cost about 5 % of a push's server time (issue 36). (Before,
  // @fastify/helmet built the middleware again for every request, parsing the policy.)
  const steps = securityHeaderSteps();
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const step of steps) {
      if ('set' in step) res.setHeader(step.set, step.value);
      else res.removeHeader(step.remove);
    }
    done();
  });
}
