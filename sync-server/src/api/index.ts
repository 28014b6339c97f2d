/**
 * The REST contract of the specification (section 7.2 to 7.5) under /api: thin adapters from
 * the contract's PascalCase shapes to the domain's mutators and read rules. Registered once by
 * app.ts with the /api prefix.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_CSV_BYTES } from '@popote/domain';
import { acceptEmptyBodies } from '../http/body-parsers.js';
import { filesRoutes } from './files-routes.js';
import { libraryRoutes } from './library-routes.js';
import { mealsRoutes } from './meals-routes.js';
import { menuItemsRoutes } from './menu-items-routes.js';
import { collectRoute, openApiDocument, type DocumentedRoute } from './openapi.js';
import { ordersRoutes } from './orders-routes.js';
import { recipesCsvRoutes } from './recipes-csv-routes.js';
import { staysRoutes } from './stays-routes.js';
import { shopSessionApiRoutes } from '../shop-session/routes.js';
import { teamRoutes } from '../team/routes.js';
import { userDataRoutes } from './user-data-routes.js';
import { recipeImportRoutes } from '../recipe-import/routes.js';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (options) => collectRoute(routes, options));
  // The original clients send a Content-Type without a body on the calls that create rows.
  acceptEmptyBodies(app);
  // One file per request, and no more than the CSV reader accepts.
  await app.register(multipart, { limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 10 } });

  await app.register(staysRoutes);
  await app.register(mealsRoutes);
  await app.register(libraryRoutes);
  await app.register(menuItemsRoutes);
  await app.register(recipesCsvRoutes);
  await app.register(ordersRoutes);
  await app.register(filesRoutes);
  // The old phone app's shared list (no bearer needed to read and tick it).
  await app.register(shopSessionApiRoutes);
  // A stay's team (issue 32): invitations, joining, members.
  await app.register(teamRoutes);
  // 'Télécharger mes données' and 'Importer des données' (issue 33).
  await app.register(userDataRoutes);
  // 'Importer depuis un lien' (issue 34): a recipe read from a page's address.
  await app.register(recipeImportRoutes);

  let document: Record<string, unknown> | null = null;
  // Public: it describes the contract and holds no data.
  app.get('/openapi.json', { config: { undocumented: true } }, async () => {
    document ??= openApiDocument(routes);
    return document;
  });
}
