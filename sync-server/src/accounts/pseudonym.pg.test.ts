/**
 * A pseudonym is a synced row every user reads (the owner lock shows it): its change must
 * reach the other devices at once, through the same hint as any other change, not on the
 * devices' 60 s timer (issue 17).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { isSettleMarker, startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

it('hints every device when a pseudonym is created or changed', async () => {
  const hints: (number | null)[] = [];
  // The start's own hints (the catalogue's seeding) are heard before listening.
  await server.settleChanges();
  server.app.popote.sync.onChange((userId) => {
    if (!isSettleMarker(userId)) hints.push(userId);
  });
  const { token } = await server.signUp('anne@exemple.fr', 'motdepasse-solide', 'Anne');
  await server.settleChanges();
  expect(hints).toEqual([null]);
  const res = await server.inject({
    method: 'POST',
    url: '/api/settings',
    headers: { authorization: `Bearer ${token}` },
    payload: { Mail: 'anne@exemple.fr', Password: '', Pseudo: 'Anne la cheffe' },
  });
  expect(res.statusCode).toBe(200);
  await server.settleChanges();
  expect(hints).toEqual([null, null]);
  // Saving the same pseudonym again changes nothing others read.
  await server.inject({
    method: 'POST',
    url: '/api/settings',
    headers: { authorization: `Bearer ${token}` },
    payload: { Mail: 'anne@exemple.fr', Password: '', Pseudo: 'Anne la cheffe' },
  });
  await server.settleChanges();
  expect(hints).toEqual([null, null]);
});
