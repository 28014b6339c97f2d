/**
 * Regression (found by the fuzz suite, issue 15): a body refused for its Content-Length before
 * it was read still streamed into the depth scanner, whose refusal then had no listener and
 * ended the process. An anonymous POST /api/loggin could stop the server.
 */
import { request } from 'node:http';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { JsonDepthScanner, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './json-depth.js';

let server: TestServer;
let origin: string;

beforeEach(async () => {
  server = await startTestServer();
  origin = await server.app.listen({ host: '127.0.0.1', port: 0 });
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

/** Announces `length` bytes, sends `sent`, and resolves with the status (never sends more). */
function postPartly(path: string, length: number, sent: string): Promise<number> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(length) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(sent);
  });
}

it('answers 413 to a too-deep body over the size limit, and keeps serving', async () => {
  const errors: unknown[] = [];
  const record = (e: unknown) => errors.push(e);
  process.on('uncaughtException', record);
  try {
    const status = await postPartly('/api/loggin', 2_000_000, '['.repeat(40) + ' '.repeat(60_000));
    expect(status).toBe(413);
    // The scanner sees the bytes that were already sent after the answer: give it the time.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    process.off('uncaughtException', record);
  }
  expect(errors).toEqual([]);
  const health = await fetch(`${origin}/health`);
  expect(health.status).toBe(200);
});

it('refuses a too-deep body whatever its JSON type: parsed as JSON, or scanned as it streams', async () => {
  const deep = `{"Mail":${'['.repeat(MAX_JSON_DEPTH + 1)}0${']'.repeat(MAX_JSON_DEPTH + 1)}}`;
  for (const type of [
    'application/json',
    'Application/JSON; charset=utf-8',
    'application/merge-patch+json',
    'text/plain',
  ]) {
    const res = await server.inject({
      method: 'POST',
      url: '/api/loggin',
      headers: { 'content-type': type },
      payload: deep,
    });
    expect(res.statusCode, type).toBe(400);
    expect(res.json(), type).toMatchObject({ message: TOO_DEEP_MESSAGE });
  }
  // Within the bound, brackets in strings and accents do not count.
  const scanner = new JsonDepthScanner(2);
  scanner.feed('{"é[[[":"\\"[[[ç","b":[');
  expect(() => scanner.feed('[1]]}')).toThrow(TOO_DEEP_MESSAGE);
});
