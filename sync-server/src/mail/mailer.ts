/**
 * Sends mails through SMTP when configured; otherwise writes each one as an .eml file in the
 * outbox folder (and logs its link), so that a single machine works with no mail server and
 * tests can read what was sent.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text; sent unencoded (8bit) so that a link stays whole on its line. */
  text: string;
  html: string;
  /** The link the mail carries, logged when mails go to the outbox (never a password). */
  link?: string;
  /** Short word for the outbox file name, e.g. 'inscription'. */
  kind: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  outboxDir: string;
  /** Sender address; a `from` query parameter of the SMTP URL wins. */
  from: string;
  log: FastifyBaseLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl === null ? outboxMailer(options) : smtpMailer(options.smtpUrl, options);
}

/** "Popote" <popote@host of the public URL>, or popote@localhost for an IP address. */
export function defaultSender(publicUrl: string): string {
  let host = 'localhost';
  try {
    const hostname = new URL(publicUrl).hostname;
    if (/[a-z]/iu.test(hostname) && !hostname.includes(':') && hostname.includes('.'))
      host = hostname;
  } catch {
    // keep localhost
  }
  return `"Popote" <popote@${host}>`;
}

function smtpMailer(smtpUrl: string, options: MailerOptions): Mailer {
  const url = new URL(smtpUrl);
  const from = url.searchParams.get('from') ?? options.from;
  url.searchParams.delete('from');
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send(mail) {
      await transport.sendMail(message(mail, from));
      options.log.info({ to: mail.to, subject: mail.subject }, 'Mail envoyé');
    },
    close: () => transport.close(),
  };
}

function outboxMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail, options.from));
      mkdirSync(options.outboxDir, { recursive: true });
      // Sortable by time; the random part keeps two mails of one millisecond apart.
      const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
      const file = join(
        options.outboxDir,
        `${stamp}-${mail.kind}-${randomBytes(4).toString('hex')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      options.log.info(
        { to: mail.to, subject: mail.subject, file, link: mail.link },
        `Mail écrit dans ${file}${mail.link ? ` ; lien : ${mail.link}` : ''}`,
      );
    },
    close: () => transport.close(),
  };
}

function message(mail: OutgoingMail, from: string): nodemailer.SendMailOptions {
  // A raw part: nodemailer would otherwise pick quoted-printable for accented text and cut
  // long lines (the link) with soft breaks.
  const rawText = {
    raw:
      'Content-Type: text/plain; charset=utf-8\r\n' +
      'Content-Transfer-Encoding: 8bit\r\n\r\n' +
      mail.text.replace(/\r?\n/gu, '\r\n'),
  };
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    // nodemailer accepts { raw } for the text part; its type definitions omit it.
    text: rawText as unknown as string,
    html: mail.html,
  };
}
