/**
 * GET /import-sejour?id=<secret>: the public export of a stay for the companion phone app
 * (reference page, "The stay export link"). No login: the secret in the link is the only
 * credential, and the owner revokes it by clearing or replacing it (setStayExportSecret).
 */
import type { FastifyInstance } from 'fastify';
import {
  EXPORT_LINK_PATH,
  buildStayExport,
  hiddenRecipe,
  isExportSecret,
  readableBy,
  type StayExportInput,
} from '@popote/domain';
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
      return buildStayExport(await asOwnerReads(app, input));
    },
  );
}

/**
 * The export shows what the stay's owner may read, as their pull does (issue 30): a recipe of
 * a menu that the owner may not read (another user's, unpublished since it was put in that
 * menu) becomes the placeholder, without its text nor its quantities. The rows are the export's
 * snapshot; the decision is the reader's view, on the committed data of now.
 */
async function asOwnerReads(
  app: FastifyInstance,
  input: StayExportInput,
): Promise<StayExportInput> {
  const view = readableBy(app.popote.store.rows.reads, input.stay.owner);
  const ids = input.recipes.map((r) => r.id);
  const readable = new Set((await view.getMany('recipes', ids)).map((r) => r.id));
  return {
    ...input,
    recipes: input.recipes.map((r) => (readable.has(r.id) ? r : hiddenRecipe(r.id))),
  };
}
