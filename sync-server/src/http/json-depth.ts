/**
 * A bound on the nesting depth of JSON request bodies (issue 15): a body nested thousands deep
 * would make recursive code (validation, serialisation) overflow its stack and answer 500. The
 * body is scanned as it streams in, before it is parsed, so nothing runs on it: past
 * MAX_JSON_DEPTH levels of objects and arrays the request answers a French 400.
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

  feed(chunk: Uint8Array): void {
    for (const byte of chunk) {
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

/** Scans every JSON body of the app (the hook is global: call it on the root instance). */
export function limitJsonDepth(app: FastifyInstance, max = MAX_JSON_DEPTH): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isJson(request)) return payload;
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
