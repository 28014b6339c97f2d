/**
 * The team routes (issue 32) on SQLite and PostgreSQL: invitations by mail and by link, the
 * page of a link (no account needed), joining, the invitations shown to their address, the
 * team, roles, removal and leaving; with the owner, a member, a former member, a stranger and
 * no session.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkIn, startTestServer, type TestServer } from '../../test/test-server.js';
import { apiClient, type ApiClient, type Session } from '../../test/api-client.js';

let server: TestServer;
let alice: ApiClient;
let carol: ApiClient;
let bob: ApiClient;
let anonymous: ApiClient;
let carolSession: Session;
let stayId: number;

const CLOSED = "Cette invitation n'est plus valable : demandez-en une nouvelle.";

beforeEach(async () => {
  server = await startTestServer();
  alice = apiClient(server, await server.signUp('alice@popote.test', 'motdepasse-solide', 'Alice'));
  carolSession = await server.signUp('carol@popote.test', 'motdepasse-solide', 'Carol');
  carol = apiClient(server, carolSession);
  bob = apiClient(server, await server.signUp('bob@popote.test', 'motdepasse-solide', 'Bob'));
  anonymous = apiClient(server, null);
  stayId = (await alice.ok<{ Sejour: { Id: number } }>('PUT', '/sejours')).Sejour.Id;
  await alice.ok('POST', '/sejours', { Id: stayId, Name: 'Colo des Glières' });
});

afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const tokenOf = (link: string) => new URL(link).searchParams.get('invitation')!;
const stayIds = async (client: ApiClient) =>
  (await client.ok<{ Sejour: { Id: number } }[]>('GET', '/sejours')).map((s) => s.Sejour.Id);

describe('invitations by mail', () => {
  it('mails the link; the address sees it in the app, joins once, and is on the team', async () => {
    const sent = await alice.ok<{ id: number; link: string; expires: string }>(
      'POST',
      '/team/invitations',
      { stayId, role: 'plan', mail: ' Carol@Popote.test ' },
    );
    const mail = server.lastMail();
    expect(mail).toContain('Alice vous invite à rejoindre l');
    expect(mail).toContain('Colo des Gli');
    expect(linkIn(mail)).toBe(sent.link);
    const token = tokenOf(sent.link);

    // The page of the link, without an account.
    expect(await anonymous.ok('GET', `/team/invitation?token=${token}`)).toEqual({
      stay: 'Colo des Glières',
      invitedBy: 'Alice',
      role: 'plan',
      expires: sent.expires,
    });
    // Carol's app lists it; Bob's does not.
    expect(await carol.ok('GET', '/team/invitations/mine')).toEqual([
      { token, stay: 'Colo des Glières', invitedBy: 'Alice', role: 'plan', expires: sent.expires },
    ]);
    expect(await bob.ok('GET', '/team/invitations/mine')).toEqual([]);

    expect(await carol.ok('POST', '/team/join', { token })).toEqual({ stayId });
    expect(await stayIds(carol)).toEqual([stayId]);
    const team = await carol.ok<{ members: { pseudo: string; role: string }[]; you: string }>(
      'GET',
      `/team?stayId=${stayId}`,
    );
    expect(team).toMatchObject({
      owner: { pseudo: 'Alice' },
      members: [{ pseudo: 'Carol', role: 'plan' }],
      you: 'plan',
    });
    // Used once: nobody else joins with it, and it no longer shows.
    const again = await bob.post('/team/join', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: CLOSED });
    expect(await carol.ok('GET', '/team/invitations/mine')).toEqual([]);
    expect((await anonymous.get(`/team/invitation?token=${token}`)).statusCode).toBe(404);
  });

  it("is the owner's alone to send, and refuses what is not an address", async () => {
    const notOwner = await bob.post('/team/invitations', { stayId, role: 'plan', mail: 'x@y.fr' });
    expect(notOwner.statusCode).toBe(404);
    const noSession = await anonymous.post('/team/invitations', {
      stayId,
      role: 'plan',
      mail: null,
    });
    expect(noSession.statusCode).toBe(401);
    const bad = await alice.post('/team/invitations', {
      stayId,
      role: 'plan',
      mail: 'pas-une-adresse',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "L'adresse mail n'est pas valide." });
    const wrongRole = await alice.post('/team/invitations', { stayId, role: 'chef', mail: null });
    expect(wrongRole.statusCode).toBe(400);
    expect(server.mails().filter((m) => m.includes('vous invite'))).toEqual([]);
  });
});

describe('invitation links', () => {
  it('opens the stay to whoever holds it until withdrawn, with the role chosen', async () => {
    const { id, link } = await alice.ok<{ id: number; link: string }>('POST', '/team/invitations', {
      stayId,
      role: 'keep',
      mail: null,
    });
    const token = tokenOf(link);
    await carol.ok('POST', '/team/join', { token });
    await bob.ok('POST', '/team/join', { token });
    const team = await alice.ok<{ members: { pseudo: string; role: string }[]; you: string }>(
      'GET',
      `/team?stayId=${stayId}`,
    );
    expect(team.members.map((m) => [m.pseudo, m.role])).toEqual([
      ['Carol', 'keep'],
      ['Bob', 'keep'],
    ]);
    expect(team.you).toBe('owner');
    // Joining twice says so; the owner cannot join their own stay.
    const twice = await carol.post('/team/join', { token });
    expect(twice.statusCode).toBe(409);
    expect((await alice.post('/team/join', { token })).statusCode).toBe(400);
    // Withdrawn: it opens nothing more. A member may not withdraw it (nor see it).
    expect((await carol.del(`/team/invitations?id=${id}`)).statusCode).toBe(404);
    await alice.ok('DELETE', `/team/invitations?id=${id}`);
    const dave = apiClient(
      server,
      await server.signUp('dave@popote.test', 'motdepasse-solide', 'Dave'),
    );
    expect((await dave.post('/team/join', { token })).statusCode).toBe(404);
    expect((await anonymous.post('/team/join', { token })).statusCode).toBe(401);
  });

  it('stops after 7 days', async () => {
    const { link } = await alice.ok<{ link: string }>('POST', '/team/invitations', {
      stayId,
      role: 'read',
      mail: null,
    });
    server.clock.now += 7 * 24 * 3600 * 1000 + 1000;
    const late = await carol.post('/team/join', { token: tokenOf(link) });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ message: CLOSED });
  });
});

describe('the team', () => {
  async function joinAs(client: ApiClient, role: string): Promise<void> {
    const { link } = await alice.ok<{ link: string }>('POST', '/team/invitations', {
      stayId,
      role,
      mail: null,
    });
    await client.ok('POST', '/team/join', { token: tokenOf(link) });
  }
  const memberId = async () =>
    (await alice.ok<{ members: { id: number }[] }>('GET', `/team?stayId=${stayId}`)).members[0]!.id;

  it('lets the owner change a role and remove a member; a member may only leave', async () => {
    await joinAs(carol, 'plan');
    const id = await memberId();
    expect((await carol.post('/team/members', { id, role: 'read' })).statusCode).toBe(403);
    await alice.ok('POST', '/team/members', { id, role: 'read' });
    const refused = await carol.put('/meals/details', { IdSejour: stayId, Day: 0, Horaire: 1 });
    expect(refused.statusCode).toBe(403);
    expect((await carol.del(`/team/members?id=${id}`)).statusCode).toBe(403);
    await alice.ok('DELETE', `/team/members?id=${id}`);
    expect(await stayIds(carol)).toEqual([]);
    expect((await carol.get(`/team?stayId=${stayId}`)).statusCode).toBe(404);

    await joinAs(carol, 'keep');
    await carol.ok('POST', '/team/leave', { stayId });
    expect(await stayIds(carol)).toEqual([]);
    const notMember = await bob.post('/team/leave', { stayId });
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json()).toEqual({
      message: "Ce séjour n'existe pas ou vous n'en faites pas partie.",
    });
    // A stranger sees no team.
    expect((await bob.get(`/team?stayId=${stayId}`)).statusCode).toBe(404);
  });

  it("gives the stay to a member ('Transférer le séjour'): the former owner plans, no more", async () => {
    await joinAs(carol, 'keep');
    const id = await memberId();
    const { link } = await alice.ok<{ link: string }>('POST', '/team/invitations', {
      stayId,
      role: 'read',
      mail: null,
    });
    // Only the owner gives the stay; a stranger learns nothing.
    const byMember = await carol.post('/team/transfer', { memberId: id });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({
      message: 'Seul le responsable du séjour peut faire cette modification.',
    });
    expect((await bob.post('/team/transfer', { memberId: id })).statusCode).toBe(404);
    expect((await anonymous.post('/team/transfer', { memberId: id })).statusCode).toBe(401);

    await alice.ok('POST', '/team/transfer', { memberId: id });
    const team = await carol.ok<{ owner: { pseudo: string }; members: unknown[]; you: string }>(
      'GET',
      `/team?stayId=${stayId}`,
    );
    expect(team).toMatchObject({
      owner: { pseudo: 'Carol' },
      members: [{ pseudo: 'Alice', role: 'plan' }],
      you: 'owner',
    });
    expect(await stayIds(carol)).toEqual([stayId]);
    expect(await stayIds(alice)).toEqual([stayId]);
    // The former owner's link opens nothing any more; they manage nothing now.
    const closed = await bob.post('/team/join', { token: tokenOf(link) });
    expect(closed.statusCode).toBe(404);
    const notOwner = await alice.post('/team/invitations', { stayId, role: 'read', mail: null });
    expect(notOwner.statusCode).toBe(403);
    // Carol leaves nothing behind: she may remove Alice, who then no longer sees the stay.
    await carol.ok('DELETE', `/team/members?id=${id}`);
    expect(await stayIds(alice)).toEqual([]);
  });
});

describe('a mailed invitation that could not be sent', () => {
  it('answers 502 and leaves no invitation open', async () => {
    const { mailer } = server.app.popote;
    const send = mailer.send.bind(mailer);
    mailer.send = () => Promise.reject(new Error('SMTP injoignable'));
    const failed = await alice.post('/team/invitations', {
      stayId,
      role: 'plan',
      mail: 'carol@popote.test',
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      message: "L'invitation n'a pas pu être envoyée : réessayez plus tard.",
    });
    expect(await carol.ok('GET', '/team/invitations/mine')).toEqual([]);
    mailer.send = send;
    await alice.ok('POST', '/team/invitations', {
      stayId,
      role: 'plan',
      mail: 'carol@popote.test',
    });
    expect(await carol.ok('GET', '/team/invitations/mine')).toHaveLength(1);
  });
});

describe("an invitation's page and joining, per client address", () => {
  it('are limited: a guesser is answered 429 in French', async () => {
    const limited = await startTestServer({ teamLinkRateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const guess = () =>
        limited.inject({ method: 'GET', url: '/api/team/invitation?token=devine' });
      for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(404);
      const refused = await guess();
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(/^Trop de tentatives/u);
    } finally {
      expect(await limited.close()).toEqual([]);
    }
  });
});
