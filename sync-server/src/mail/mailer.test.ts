import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { linkIn, pathOf, startTestServer, type TestServer } from '../../test/test-server.js';
import { defaultSender } from './mailer.js';
import { escapeHtml, newPasswordMail, registrationMail } from './account-mails.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on a free port, keeping what it receives. */
async function startSmtp(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

describe('mail delivery', () => {
  let server: TestServer;
  afterEach(async () => {
    expect(await server.close()).toEqual([]);
  });

  test('without SMTP, mails are .eml files with the link whole on one line', async () => {
    server = await startTestServer({ publicUrl: 'https://popote.example.org' });
    await server.inject({
      method: 'POST',
      url: '/api/inscription',
      payload: { Mail: 'zoe@exemple.fr', Password: 'tartiflette', Pseudo: 'Zoé' },
    });
    const [eml] = server.mails();
    expect(eml).toContain('From: Popote <popote@popote.example.org>');
    expect(eml).toContain('Content-Transfer-Encoding: 8bit');
    expect(eml).toContain('Bonjour Zoé,');
    expect(linkIn(eml ?? '')).toMatch(
      /^https:\/\/popote\.example\.org\/api\/inscription\/confirm\?token=[\w-]{43}$/u,
    );
  });

  test('with SMTP, mails reach a real SMTP server and the link works', async () => {
    const smtp = await startSmtp();
    try {
      server = await startTestServer({ smtpUrl: `${smtp.url}?from=cuisine@exemple.org` });
      const answer = await server.inject({
        method: 'POST',
        url: '/api/inscription',
        payload: { Mail: 'zoe@exemple.fr', Password: 'tartiflette', Pseudo: 'Zoé' },
      });
      expect(answer.json()).toEqual({ Error: '', IsPasswordError: false });
      expect(server.mails()).toEqual([]);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from).toBe('cuisine@exemple.org');
      expect(mail?.to).toEqual(['zoe@exemple.fr']);
      expect(mail?.data).toContain('Subject: Popote : confirmez votre inscription');
      const confirmed = await server.inject({
        method: 'POST',
        url: pathOf(linkIn(mail?.data ?? '')),
      });
      expect(confirmed.statusCode).toBe(303);

      await server.inject({ method: 'GET', url: '/api/reset?mail=zoe@exemple.fr' });
      await server.app.popote.accounts.settled();
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received[1]?.data).toContain('Subject: Popote : votre nouveau mot de passe');
      const password = /^Votre nouveau mot de passe : (\S+)$/mu.exec(
        smtp.received[1]?.data ?? '',
      )?.[1];
      const login = await server.inject({
        method: 'POST',
        url: '/api/loggin',
        payload: { Mail: 'zoe@exemple.fr', Password: password },
      });
      expect(login.json()).toMatchObject({ Error: '', Pseudo: 'Zoé' });
    } finally {
      await smtp.close();
    }
  });

  test('an unreachable SMTP server answers 503 with a French message', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const answer = await server.inject({
      method: 'POST',
      url: '/api/inscription',
      payload: { Mail: 'zoe@exemple.fr', Password: 'tartiflette', Pseudo: 'Zoé' },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      message: "Le mail n'a pas pu être envoyé. Merci de réessayer plus tard.",
    });
  });
});

describe('mail contents', () => {
  test('escape the pseudonym in HTML', () => {
    const mail = registrationMail(
      'a@b.fr',
      '<b>Zoé</b>',
      'http://x.fr/api/inscription/confirm?token=t',
    );
    expect(mail.html).toContain('Bonjour &lt;b&gt;Zoé&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Zoé</b>');
    expect(mail.text).toContain('Bonjour <b>Zoé</b>,');
    expect(mail.subject).toBe('Popote : confirmez votre inscription');
  });

  test('the new password mail names the password and the app', () => {
    const mail = newPasswordMail('a@b.fr', 'Zoé', 'radis-cumin-poire-nougat-42', 'http://x.fr');
    expect(mail.subject).toBe('Popote : votre nouveau mot de passe');
    expect(mail.text).toContain('Votre nouveau mot de passe : radis-cumin-poire-nougat-42\n');
    expect(mail.text).toContain('Se connecter : http://x.fr/');
    expect(mail.html).toContain('radis-cumin-poire-nougat-42');
    expect(mail.link).toBe('http://x.fr/');
  });

  test('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  test('the default sender uses the public host name when it is a domain', () => {
    expect(defaultSender('https://popote.example.org')).toBe(
      '"Popote" <popote@popote.example.org>',
    );
    expect(defaultSender('http://127.0.0.1:8080')).toBe('"Popote" <popote@localhost>');
    expect(defaultSender('http://localhost:8080')).toBe('"Popote" <popote@localhost>');
  });
});
