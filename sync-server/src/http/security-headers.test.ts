import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, registerSecurityHeaders } from './security-headers.js';

describe('security headers', () => {
  it('are what helmet itself sets, on every response (a route, a 404)', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/ok', async () => ({ ok: true }));
    // helmet run as a middleware, the way it was before its work was recorded once.
    const reference = Fastify();
    const middleware = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    });
    reference.addHook('onRequest', (request, reply, done) => {
      middleware(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
    reference.get('/ok', async () => ({ ok: true }));
    const securityHeaders = (headers: Record<string, unknown>) => {
      const kept = { ...headers };
      for (const name of ['date', 'content-length', 'content-type', 'connection'])
        delete kept[name];
      return kept;
    };
    for (const url of ['/ok', '/missing']) {
      const got = await app.inject({ url });
      const expected = await reference.inject({ url });
      expect(got.statusCode).toBe(expected.statusCode);
      expect(securityHeaders(got.headers)).toEqual(securityHeaders(expected.headers));
    }
    expect(String((await app.inject({ url: '/ok' })).headers['content-security-policy'])).toMatch(
      /frame-ancestors 'none'/u,
    );
    await app.close();
    await reference.close();
  });
});
