/**
 * The account routes of spec 7.1, mounted under /api.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { ServerConfig } from '../config.js';
import { acceptEmptyBodies } from '../http/body-parsers.js';
import { unauthorized } from '../http/errors.js';
import { requireUserHook } from './auth.js';
import { confirmationFailurePage } from './link-pages.js';
import {
  ConfirmQuery,
  InscriptionAnswer,
  InscriptionBody,
  LogginAnswer,
  LogginBody,
  ResendBody,
  ResetQuery,
  SettingsAnswer,
  SettingsBody,
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

  app.post<{ Body: InscriptionBody }>(
    '/inscription',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: perIp,
      schema: { body: InscriptionBody, response: { 200: InscriptionAnswer } },
    },
    (request) => accounts().register(request.body),
  );

  app.get<{ Querystring: ConfirmQuery }>(
    '/inscription/confirm',
    { schema: { querystring: ConfirmQuery } },
    async (request, reply) => {
      const outcome = accounts().confirmRegistration(request.query.token ?? '');
      const appUrl = app.popote.config.publicUrl;
      if (outcome.kind === 'created') {
        return reply.redirect(`${appUrl}/?show-success-inscription=OK`, 302);
      }
      const page = confirmationFailurePage(outcome.kind, appUrl);
      return reply.code(page.statusCode).type('text/html; charset=utf-8').send(page.html);
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

  app.post<{ Body: LogginBody }>(
    '/loggin',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      config: perIp,
      schema: { body: LogginBody, response: { 200: LogginAnswer } },
    },
    (request) => accounts().login(request.body),
  );

  app.get<{ Querystring: ResetQuery }>(
    '/reset',
    { config: perIp, schema: { querystring: ResetQuery, response: { 200: Type.Boolean() } } },
    (request) => accounts().requestNewPassword(request.query.mail),
  );

  // Authentication runs in onRequest, before the body is read: no token, no parsing.
  app.get(
    '/settings',
    { onRequest: requireUserHook, schema: { response: { 200: SettingsAnswer } } },
    async (request) => userAnswer(userOf(request), accounts().settings(userOf(request))),
  );

  app.post<{ Body: SettingsBody }>(
    '/settings',
    {
      bodyLimit: ACCOUNT_BODY_LIMIT,
      onRequest: requireUserHook,
      schema: { body: SettingsBody, response: { 200: SettingsAnswer } },
    },
    async (request) =>
      userAnswer(userOf(request), await accounts().updateSettings(userOf(request), request.body)),
  );
};

/** The contract's User: the password is never returned (see SettingsAnswer). */
const userAnswer = (id: number, settings: { Mail: string; Pseudo: string }) => ({
  Id: id,
  IsAdmin: false,
  Mail: settings.Mail,
  Password: '' as const,
  Pseudo: settings.Pseudo,
});

function userOf(request: FastifyRequest): number {
  if (request.userId === null) throw unauthorized();
  return request.userId;
}
