/**
 * Request bodies as the original service's clients send them. Their HTTP library sets a
 * Content-Type even on calls that send no body (`PUT /api/sejours` with
 * `application/x-www-form-urlencoded` and nothing after it): an empty body is therefore
 * accepted whatever its Content-Type, as no body at all. A non-empty body must still be JSON
 * (or what a route's own parser reads, such as multipart/form-data): anything else answers 415
 * with a French message, and malformed JSON 400, never 500.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, MESSAGES } from './errors.js';
import { checkedJsonParser } from './json-depth.js';

type Done = (error: Error | null, body?: unknown) => void;

const isBlank = (body: string | Buffer): boolean =>
  typeof body === 'string' ? body.trim() === '' : body.toString('utf8').trim() === '';

/**
 * Installs the parsers in this plugin context (and the contexts it registers): JSON as
 * Fastify parses it but with an empty body read as none, and a catch-all for every other type
 * that accepts only an empty body. `__proto__` and `constructor.prototype` keys are removed
 * while parsing (never reaching any object) rather than refusing the body: a push refused as
 * a whole would be retried by its device forever, while without them its mutations are
 * applied or refused one by one as usual.
 */
export function acceptEmptyBodies(app: FastifyInstance): void {
  // Nesting depth checked before parsing (see json-depth.ts).
  const json = checkedJsonParser(app.getDefaultJsonParser('remove', 'remove'));
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body: string | Buffer, done: Done) => {
      if (isBlank(body)) {
        done(null, undefined);
        return;
      }
      json(request, body as string, done);
    },
  );
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body: Buffer, done: Done) => {
    if (isBlank(body)) done(null, undefined);
    else done(new HttpError(415, MESSAGES.unsupportedMediaType));
  });
}
