/**
 * The account routes of spec 7.1, mounted under /api.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { ServerConfig } from '../config.js';
import { acceptEmptyBodies } from '../http/body-parsers.js';
import { unauthorized } from '../http/errors.js';
import { requireSession, requireUserHook } from './auth.js';
import {
  confirmButtonPage,
  linkFailurePage,
  mailChangedPage,
  mailRestoredPage,
  type LinkPage,
} from './link-pages.js';
import {
  ConfirmQuery,
  SignUpAnswer,
  SignUpBody,
  LoginAnswer,
  LoginBody,
  ResendBody,
  ResetQuery,
  SettingsAnswer,
  SettingsBody,
  DeleteAccountBody,
} from './schemas.js';

/** Account payloads are a few short strings. */
export const ACCOUNT_BODY_LIMIT = 64 * 1024;

export interface AccountRoutesOptions {
  authRateLimit: ServerConfig['authRateLimit'];
}

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  // The original clients send a Content-Type without a body on some calls.
  acceptEmptyBodies(app);
  const perIp = {
    rateLimit: { max: options.authRateLimit.max, timeWindow: options.authRateLimit.windowMs },
  };
  const accounts = () => app.popote.accounts;

  app.post<{ Body: SignUpBody }>(
    '/inscription',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: perIp,
      schema: { body: SignUpBody, response: { 200: SignUpAnswer } },
    },
    (request) => accounts().register(request.body),
  );

  const sendPage = (reply: FastifyReply, page: LinkPage) =>
    reply
      .code(page.statusCode)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page.html);

  // The mailed link opens a page whose button POSTs to the same address: opening the link
  // (a mail scanner, a preview) confirms nothing.
  app.get<{ Querystring: ConfirmQuery }>(
    '/inscription/confirm',
    { schema: { querystring: ConfirmQuery } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const appUrl = app.popote.config.publicUrl;
      const peek = await accounts().peekRegistration(token);
      if (peek.kind !== 'valid')
        return sendPage(reply, linkFailurePage('signUp', peek.kind, appUrl));
      return sendPage(reply, confirmButtonPage('signUp', token, appUrl));
    },
  );

  app.post<{ Querystring: ConfirmQuery }>(
    '/inscription/confirm',
    { bodyLimit: ACCOUNT_BODY_LIMIT, schema: { querystring: ConfirmQuery } },
    async (request, reply) => {
      const outcome = await accounts().confirmRegistration(request.query.token ?? '');
      const appUrl = app.popote.config.publicUrl;
      if (outcome.kind === 'created') {
        return reply.redirect(`${appUrl}/?show-success-inscription=OK`, 303);
      }
      return sendPage(reply, linkFailurePage('signUp', outcome.kind, appUrl));
    },
  );

  // Beyond the contract: the confirmation link again, for a login that answered IsUnconfirmed.
  app.post<{ Body: ResendBody }>(
    '/inscription/renvoi',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: perIp,
      schema: { body: ResendBody, response: { 200: Type.Boolean() } },
    },
    (request) => accounts().resendRegistrationLink(request.body),
  );

  app.post<{ Body: LoginBody }>(
    '/loggin',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: perIp,
      schema: { body: LoginBody, response: { 200: LoginAnswer } },
    },
    (request) => accounts().login(request.body, request.ip),
  );

  app.get<{ Querystring: ResetQuery }>(
    '/reset',
    { config: perIp, schema: { querystring: ResetQuery, response: { 200: Type.Boolean() } } },
    (request) => accounts().requestNewPassword(request.query.mail, request.ip),
  );
  // A reset's work goes on after its answer: the store stays open until it has ended.
  app.addHook('onClose', () => accounts().settled());

  // Authentication runs in onRequest, before the body is read: no token, no parsing.
  app.get(
    '/settings',
    { onRequest: requireUserHook, schema: { response: { 200: SettingsAnswer } } },
    async (request) => userAnswer(userOf(request), await accounts().settings(userOf(request))),
  );

  app.post<{ Body: SettingsBody }>(
    '/settings',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      onRequest: requireUserHook,
      schema: { body: SettingsBody, response: { 200: SettingsAnswer } },
    },
    async (request) => {
      // The session that asks keeps working when a new password ends the others.
      const { userId, sessionId } = await requireSession(request);
      return userAnswer(userId, await accounts().updateSettings(userId, request.body, sessionId));
    },
  );

  app.get<{ Querystring: ConfirmQuery }>(
    '/settings/mail/confirm',
    { schema: { querystring: ConfirmQuery } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const appUrl = app.popote.config.publicUrl;
      const peek = await accounts().peekMailChange(token);
      const kind = peek.revert ? 'mailRestore' : 'mailChange';
      if (peek.kind !== 'valid') return sendPage(reply, linkFailurePage(kind, peek.kind, appUrl));
      return sendPage(reply, confirmButtonPage(kind, token, appUrl, peek.mail));
    },
  );

  app.post<{ Querystring: ConfirmQuery }>(
    '/settings/mail/confirm',
    { bodyLimit: ACCOUNT_BODY_LIMIT, schema: { querystring: ConfirmQuery } },
    async (request, reply) => {
      const outcome = await accounts().confirmMailChange(request.query.token ?? '');
      const appUrl = app.popote.config.publicUrl;
      if (outcome.kind === 'changed') return sendPage(reply, mailChangedPage(outcome.mail, appUrl));
      if (outcome.kind === 'restored') {
        return sendPage(reply, mailRestoredPage(outcome.mail, appUrl));
      }
      const kind = outcome.revert ? 'mailRestore' : 'mailChange';
      return sendPage(reply, linkFailurePage(kind, outcome.kind, appUrl));
    },
  );

  // Beyond the contract: 'Supprimer mon compte' (issue 33). The password is checked (a wrong
  // one answers 403 and counts like a wrong current password in the settings), then the
  // account and everything of it is erased in one transaction.
  app.post<{ Body: DeleteAccountBody }>(
    '/account/delete',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      onRequest: requireUserHook,
      schema: { body: DeleteAccountBody, response: { 200: Type.Boolean() } },
    },
    (request) => accounts().deleteAccount(userOf(request), request.body.Password),
  );

  // Beyond the contract: 'Se déconnecter' ends the session on the server too.
  app.post(
    '/logout',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      onRequest: requireUserHook,
      schema: { response: { 200: Type.Boolean() } },
    },
    async (request) => accounts().logout((await requireSession(request)).sessionId),
  );
};

/** The contract's User: the password is never returned (see SettingsAnswer). */
const userAnswer = (
  id: number,
  settings: { Mail: string; Pseudo: string; PendingMail?: string },
) => ({
  Id: id,
  IsAdmin: false,
  Mail: settings.Mail,
  Password: '' as const,
  Pseudo: settings.Pseudo,
  ...(settings.PendingMail !== undefined ? { PendingMail: settings.PendingMail } : {}),
});

function userOf(request: FastifyRequest): number {
  if (request.userId === null) throw unauthorized();
  return request.userId;
}
