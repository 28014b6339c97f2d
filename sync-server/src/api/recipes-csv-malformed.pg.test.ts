/**
 * Regression (found by the fuzz suite, issue 15): a malformed CSV upload (a multipart
 * Content-Type without its boundary, or a form cut short) answered 500; it is the sender's
 * fault, answered 400 in French, and the import still works after it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { CSV_MESSAGES } from './recipes-csv-routes.js';
import { multipartFile, type Session } from '../../test/api-client.js';

let server: TestServer;
let alice: Session;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.signUp('alice@popote.test', 'motdepasse-solide');
});

afterAll(async () => {
  expect(await server.close()).toEqual([]);
});

const upload = (contentType: string, payload: string) =>
  server.inject({
    method: 'POST',
    url: '/api/library/receipes/import',
    headers: { authorization: `Bearer ${alice.token}`, 'content-type': contentType },
    payload,
  });

const PART =
  'Content-Disposition: form-data; name="file"; filename="recettes.csv"\r\n' +
  'Content-Type: text/csv\r\n\r\nRecettes,,\r\nTarte,dessert,6\r\n';

it('answers 400 to a multipart body without its boundary', async () => {
  const res = await upload('multipart/form-data', `--x\r\n${PART}\r\n--x--\r\n`);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: CSV_MESSAGES.malformed });
});

it('answers 400 to a form cut short', async () => {
  const res = await upload('multipart/form-data; boundary=x', `--x\r\n${PART}`);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: CSV_MESSAGES.malformed });
});

it('still reads a well-formed upload', async () => {
  const form = multipartFile('recettes.csv', 'Recettes,,\nTarte,dessert,6\nFarine,250,g\n');
  const res = await server.inject({
    method: 'POST',
    url: '/api/library/receipes/import',
    headers: { authorization: `Bearer ${alice.token}`, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ Receipes: { Name: string }[] }>().Receipes.map((r) => r.Name)).toEqual([
    'Tarte',
  ]);
});
