/**
 * Issue 30, cases 4 and 5: a stranger's reset requests can neither lock the owner out nor fill
 * the owner's mailbox, and the answer's time does not tell whether the address has an account.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import type { OutgoingMail } from '../mail/mailer.js';

const TOO_MANY = { message: 'Trop de tentatives. Merci de réessayer dans quelques minutes.' };
const WINDOW = 15 * 60_000;
const STRANGER = '203.0.113.7';
const OWNER = '198.51.100.20';

let server: TestServer;
afterEach(async () => {
  expect(await server.close()).toEqual([]);
});

const reset = (mail: string, remoteAddress: string) =>
  server.inject({
    method: 'GET',
    url: `/api/reset?mail=${encodeURIComponent(mail)}`,
    remoteAddress,
  });
const login = async (Mail: string, Password: string) =>
  (
    await server.inject({
      method: 'POST',
      url: '/api/loggin',
      payload: { Mail, Password },
      remoteAddress: OWNER,
    })
  ).json<{ Error: string }>().Error;
const sentResetMails = () =>
  server.mails().filter((m) => m.includes('Subject: Popote : votre nouveau mot de passe'));
/** The reset mails, once the work started so far has ended (it runs after the answer). */
const resetMails = async () => {
  await server.app.popote.accounts.settled();
  return sentResetMails();
};
const passwordIn = (eml: string | undefined) =>
  /^Votre nouveau mot de passe : (\S+)$/mu.exec(eml ?? '')?.[1] ?? 'pas de mot de passe';

describe('case 4: a stranger cannot block the owner’s reset', () => {
  test('ten requests from one network: that network is limited, the owner elsewhere is not', async () => {
    server = await startTestServer({
      authRateLimit: { max: 1000, perAddressMax: 10, windowMs: WINDOW },
    });
    await server.signUp('anne@exemple.fr', 'tartiflette');
    for (let i = 0; i < 10; i++) {
      expect((await reset('anne@exemple.fr', STRANGER)).json()).toBe(true);
    }
    const refused = await reset('anne@exemple.fr', STRANGER);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);

    const owner = await reset('Anne@exemple.fr', OWNER);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toBe(true);
    // The mailbox got at most the per-address budget; its newest mail opens the account.
    const mails = await resetMails();
    expect(mails).toHaveLength(10);
    expect(await login('anne@exemple.fr', passwordIn(mails.at(-1)))).toBe('');
  });

  test('strangers on many networks send at most the budget of mails; the newest one works', async () => {
    server = await startTestServer({
      authRateLimit: { max: 1000, perAddressMax: 3, windowMs: WINDOW },
    });
    await server.signUp('anne@exemple.fr', 'tartiflette');
    for (let network = 1; network <= 4; network++) {
      for (let i = 0; i < 3; i++) {
        expect((await reset('anne@exemple.fr', `203.0.113.${network}`)).statusCode).toBe(200);
      }
      // Repeated abuse from one network is still refused.
      expect((await reset('anne@exemple.fr', `203.0.113.${network}`)).statusCode).toBe(429);
    }
    expect((await reset('anne@exemple.fr', OWNER)).json()).toBe(true);
    const mails = await resetMails();
    expect(mails).toHaveLength(3);
    const newest = passwordIn(mails.at(-1));
    // No new password replaced the mailed one once the budget was spent: it still works.
    expect(await login('anne@exemple.fr', newest)).toBe('');

    // The next window has a new budget.
    server.clock.now += WINDOW + 1;
    expect((await reset('anne@exemple.fr', OWNER)).json()).toBe(true);
    const later = await resetMails();
    expect(later).toHaveLength(4);
    expect(passwordIn(later.at(-1))).not.toBe(newest);
  });

  test('with no mailed password waiting, the owner gets one though the budget is spent', async () => {
    server = await startTestServer({
      authRateLimit: { max: 1000, perAddressMax: 2, windowMs: WINDOW },
    });
    await server.signUp('anne@exemple.fr', 'tartiflette');
    await reset('anne@exemple.fr', '203.0.113.1');
    await reset('anne@exemple.fr', '203.0.113.2');
    expect(await resetMails()).toHaveLength(2);
    // Logging in with the old password throws the mailed one away.
    expect(await login('anne@exemple.fr', 'tartiflette')).toBe('');

    expect((await reset('anne@exemple.fr', OWNER)).json()).toBe(true);
    const mails = await resetMails();
    expect(mails).toHaveLength(3);
    expect(await login('anne@exemple.fr', passwordIn(mails.at(-1)))).toBe('');
  });

  test('a mail that cannot be sent is logged, not answered; it does not spend the budget', async () => {
    server = await startTestServer({
      authRateLimit: { max: 1000, perAddressMax: 1, windowMs: WINDOW },
    });
    await server.signUp('anne@exemple.fr', 'tartiflette');
    const { mailer } = server.app.popote;
    const send = mailer.send.bind(mailer);
    mailer.send = () => Promise.reject(new Error('SMTP injoignable'));
    const answer = await reset('anne@exemple.fr', STRANGER);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toBe(true);
    expect(await resetMails()).toHaveLength(0);

    mailer.send = send;
    expect((await reset('anne@exemple.fr', OWNER)).json()).toBe(true);
    const mails = await resetMails();
    expect(mails).toHaveLength(1);
    expect(await login('anne@exemple.fr', passwordIn(mails[0]))).toBe('');
  });
});

describe('case 5: the answer’s time does not tell whether the address has an account', () => {
  const NO_ANSWER = 'pas de réponse';
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([
      promise,
      new Promise<typeof NO_ANSWER>((resolve) => setTimeout(() => resolve(NO_ANSWER), ms)),
    ]);

  test('the answer comes before the hashing and the mail', async () => {
    server = await startTestServer();
    await server.signUp('anne@exemple.fr', 'tartiflette');
    const { mailer } = server.app.popote;
    const send = mailer.send.bind(mailer);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    mailer.send = async (mail: OutgoingMail) => {
      await gate;
      await send(mail);
    };
    try {
      // A mailer that never finishes: the answer does not wait for it.
      const answer = await within(reset('anne@exemple.fr', STRANGER), 3000);
      expect(answer === NO_ANSWER ? answer : answer.json()).toBe(true);
      expect(sentResetMails()).toHaveLength(0);
    } finally {
      open();
    }
    expect(await resetMails()).toHaveLength(1);
  });

  test('a known and an unknown address answer in about the same time', async () => {
    server = await startTestServer();
    await server.signUp('anne@exemple.fr', 'tartiflette');
    // A slow mail server, as SMTP can be (the old answer waited for it, and for the hashing).
    const { mailer } = server.app.popote;
    const send = mailer.send.bind(mailer);
    mailer.send = async (mail: OutgoingMail) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await send(mail);
    };
    const timed = async (mail: string, i: number) => {
      const start = performance.now();
      expect((await reset(mail, `10.0.0.${i}`)).json()).toBe(true);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed('anne@exemple.fr', i));
      unknown.push(await timed('personne@exemple.fr', i));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    expect(median(known)).toBeLessThan(3 * median(unknown) + 50);
  });
});
