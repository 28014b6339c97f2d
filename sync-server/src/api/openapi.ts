/**
 * The OpenAPI document of /api, generated from the routes' own schemas as they register, so
 * that it cannot drift from what the server validates and answers.
 */
import type { RouteOptions } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { requireUserHook } from '../accounts/auth.js';
import { MessageOut } from './schemas.js';

export interface DocumentedRoute {
  method: string;
  url: string;
  secured: boolean;
  schema: {
    querystring?: TSchema;
    body?: TSchema;
    response?: Record<string, TSchema>;
    consumes?: string[];
    produces?: string[];
  };
}

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Requête invalide (champ manquant, mal formé ou hors limites).',
  '401': 'Jeton absent, invalide ou expiré.',
  '403': "L'utilisateur n'est pas le propriétaire.",
  '404': "La ressource n'existe pas ou n'est pas lisible par l'utilisateur.",
  '409': 'Conflit avec les données existantes (nom déjà pris, élément utilisé).',
  '413': 'Requête ou fichier trop volumineux.',
  '422': 'Fichier ou demande impossible à traiter.',
};

/**
 * Records each route as it registers (use as an onRoute hook). HEAD twins and routes with
 * `config: { undocumented: true }` are left out.
 */
export function collectRoute(routes: DocumentedRoute[], options: RouteOptions): void {
  if ((options.config as { undocumented?: boolean } | undefined)?.undocumented) return;
  const methods = Array.isArray(options.method) ? options.method : [options.method];
  const hooks = options.onRequest;
  const secured = Array.isArray(hooks)
    ? hooks.includes(requireUserHook)
    : hooks === requireUserHook;
  for (const method of methods) {
    if (method === 'HEAD') continue;
    routes.push({
      method: method.toLowerCase(),
      url: options.url,
      secured,
      schema: (options.schema ?? {}) as DocumentedRoute['schema'],
    });
  }
}

/** A TypeBox schema as plain JSON Schema (its symbol keys dropped). */
const plain = (schema: TSchema): unknown => JSON.parse(JSON.stringify(schema)) as unknown;

function parameters(query: TSchema | undefined): unknown[] {
  if (!query) return [];
  const properties = (query.properties ?? {}) as Record<string, TSchema>;
  const required = new Set<string>((query.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: plain(schema),
  }));
}

function operation(route: DocumentedRoute): Record<string, unknown> {
  const { schema } = route;
  const produces = schema.produces ?? ['application/json'];
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(schema.response ?? {})) {
    responses[status] = {
      description: 'Réponse',
      content: { 'application/json': { schema: plain(answer) } },
    };
  }
  if (!responses['200']) {
    responses['200'] = {
      description: 'Fichier',
      content: Object.fromEntries(produces.map((type) => [type, {}])),
    };
  }
  for (const [status, description] of Object.entries(ERROR_STATUSES)) {
    responses[status] = {
      description,
      content: { 'application/json': { schema: plain(MessageOut) } },
    };
  }
  const op: Record<string, unknown> = {
    operationId: `${route.method}${route.url.replace(/^\/api/u, '').replace(/[^A-Za-z0-9]+(.)?/gu, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    security: route.secured ? [{ bearer: [] }] : [],
    parameters: parameters(schema.querystring),
    responses,
  };
  if (schema.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: plain(schema.body) } },
    };
  } else if (schema.consumes?.includes('multipart/form-data')) {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', format: 'binary' } },
            required: ['file'],
          },
        },
      },
    };
  }
  return op;
}

export function openApiDocument(routes: readonly DocumentedRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url));
  for (const route of sorted) {
    (paths[route.url] ??= {})[route.method] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Popote API',
      version: '0.3.1',
      description:
        "Contrat REST de Popote (spécification, section 7). Voir docs/api.md pour l'authentification, les erreurs et les formes des réponses.",
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}
