/**
 * GET /import-sejour?id=<secret>: the public export of a stay for the companion phone app
 * (reference page, "The stay export link"). No login: the secret in the link is the only
 * credential, and the owner revokes it by clearing or replacing it (setStayExportSecret).
 */
import type { FastifyInstance } from 'fastify';
import { EXPORT_LINK_PATH, buildStayExport, isExportSecret } from '@popote/domain';
import { HttpError, MESSAGES } from '../http/errors.js';

export const EXPORT_LINK_MESSAGES = {
  unknown:
    "Ce lien d'export n'existe pas ou a été révoqué. Demandez un nouveau lien au propriétaire du séjour.",
} as const;

/**
 * Per address: a phone imports now and then; this bounds the cost of the unindexed secret
 * lookup without ever troubling a real user.
 */
const RATE_LIMIT = { max: 120, timeWindow: 60_000 };

export async function exportLinkRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { id?: unknown } }>(
    EXPORT_LINK_PATH,
    { config: { rateLimit: RATE_LIMIT } },
    async (request, reply) => {
      const { id } = request.query;
      if (id === undefined) throw new HttpError(404, MESSAGES.notFound);
      // A malformed id is answered like an unknown one: there is nothing to tell apart.
      const input = isExportSecret(id)
        ? await app.popote.store.exportLink.readStayExport(id)
        : null;
      if (input === null) throw new HttpError(404, EXPORT_LINK_MESSAGES.unknown);
      // The answer is as secret as the link: no cache may keep it after a revocation.
      void reply.header('cache-control', 'no-store');
      return buildStayExport(input);
    },
  );
}
