/**
 * A bound on the nesting depth of JSON request bodies (issue 15): a body nested thousands deep
 * would make recursive code (validation, serialisation) overflow its stack and answer 500. The
 * body is scanned before it is parsed, so nothing runs on it: past MAX_JSON_DEPTH levels of
 * objects and arrays the request answers a French 400. An `application/json` body (every
 * request of the app and of the /api contract) is scanned by its parser, once it is read
 * (within its route's size limit), just before JSON.parse (checkedJsonParser); any other type
 * that may hold JSON is scanned as it streams in (limitJsonDepth).
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** Far above any body of the app or of the /api contract (a push of an undo is about 10). */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `Requête refusée : le JSON est imbriqué sur plus de ${MAX_JSON_DEPTH} niveaux.`;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Follows the depth of JSON text fed in pieces (bytes of UTF-8: the structural characters are
 * ASCII and never occur inside a multi-byte character). Throws once it exceeds the maximum.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max = MAX_JSON_DEPTH) {}

  feed(chunk: Uint8Array | string): void {
    // In a string, the structural characters are single UTF-16 code units as well.
    const length = chunk.length;
    for (let i = 0; i < length; i++) {
      const byte = typeof chunk === 'string' ? chunk.charCodeAt(i) : chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        if (++this.depth > this.max) throw new HttpError(400, TOO_DEEP_MESSAGE);
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        this.depth--;
      }
    }
  }
}

const isJson = (request: FastifyRequest): boolean =>
  /^application\/(?:[\w.+-]*\+)?json\b/iu.test(request.headers['content-type'] ?? '') ||
  /^text\/plain\b/iu.test(request.headers['content-type'] ?? '');

/** The media type whose parsers scan the body themselves (checkedJsonParser). */
const PARSED_AS_JSON = /^application\/json\s*(?:;|$)/iu;

type Done = (error: Error | null, body?: unknown) => void;
type TextParser = (request: FastifyRequest, body: string, done: Done) => void;

/**
 * A JSON parser (`parseAs: 'string'`) that refuses a body nested too deep before `parse` runs
 * on it. A stream scanning every body as it came in cost a tenth of an empty pull's server
 * time (issue 36); the body of such a route is bounded by its size limit anyway.
 */
export function checkedJsonParser(parse: TextParser, max = MAX_JSON_DEPTH): TextParser {
  return (request, body, done) => {
    try {
      new JsonDepthScanner(max).feed(body);
    } catch (e) {
      done(e as Error);
      return;
    }
    parse(request, body, done);
  };
}

/**
 * Scans every JSON body of the app (the hook is global: call it on the root instance), and
 * makes the root's `application/json` parser scan its bodies (the plugins that install their
 * own, acceptEmptyBodies, wrap theirs in checkedJsonParser too).
 */
export function limitJsonDepth(app: FastifyInstance, max = MAX_JSON_DEPTH): void {
  const json = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    checkedJsonParser((request, body, done) => json(request, body, done), max),
  );
  app.addHook('preParsing', async (request, _reply, payload) => {
    const type = request.headers['content-type'] ?? '';
    if (!isJson(request) || PARSED_AS_JSON.test(type)) return payload;
    const scanner = new JsonDepthScanner(max);
    const checked = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
        try {
          scanner.feed(chunk);
          done(null, chunk);
        } catch (e) {
          done(e as Error);
        }
      },
    });
    // Bytes pass through unchanged: Fastify's length checks count them as they come out.
    payload.on('error', (e) => checked.destroy(e));
    // Fastify listens for this stream's errors only while it reads the body. A body it
    // refused without reading (a Content-Length over the limit) still flows in here until the
    // request ends: without a listener of our own, a too-deep body would then be an
    // unhandled 'error' event, which ends the whole process. The answer is Fastify's (413).
    checked.on('error', () => payload.unpipe(checked));
    return payload.pipe(checked);
  });
}
