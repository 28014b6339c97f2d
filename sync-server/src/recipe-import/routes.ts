/**
 * 'Importer depuis un lien' (issue 34): `POST /api/library/recipe-reading/link {Url}` fetches
 * the page safely (fetch-page.ts) and reads its recipe (the domain's readPageSource). Nothing is
 * written: the user reviews what was read and imports it through the usual mutators.
 *
 * Signed-in users only, limited per user (each call makes the server fetch a page from
 * somewhere else). Every failure answers its French message with the failure's name as `code`:
 * 400 for an address that cannot or may not be asked, 422 for a page that cannot be read
 * (never 5xx: a reverse proxy would put its own page in place of the message).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { readPageSource, readRecipeSource, type RecipeSource } from '@popote/domain';
import { secured, userOf } from '../api/context.js';
import { HttpError } from '../http/errors.js';
import { RecipeFetchError, fetchPage, type RecipeFetchFailure } from './fetch-page.js';

/** Per user: a page read is a fetch from the server; a person pastes a few links a minute. */
export const RECIPE_LINK_RATE_LIMIT = { max: 30, windowMs: 60_000 };

/** Longer addresses are no recipe page's. */
export const MAX_RECIPE_URL_LENGTH = 2_048;

export const RecipeLinkIn = Type.Object({
  Url: Type.String({ minLength: 1, maxLength: MAX_RECIPE_URL_LENGTH }),
});
export type RecipeLinkIn = Static<typeof RecipeLinkIn>;

const Text = Type.Union([Type.String(), Type.Null()]);
/** What the page gives, as written, before the French reading (domain: RecipeSource). */
export const RecipeSourceOut = Type.Object({
  name: Text,
  yieldText: Text,
  categoryText: Text,
  ingredientLines: Type.Array(Type.String()),
  steps: Type.Array(Type.String()),
  url: Text,
});
/** A line as the domain's French reader read it (domain: ReadLine). */
const ReadLineOut = Type.Object({
  text: Type.String(),
  status: Type.Union([Type.Literal('read'), Type.Literal('noQuantity'), Type.Literal('unread')]),
  quantity: Type.Union([Type.Object({ val: Type.Number(), unite: Type.Integer() }), Type.Null()]),
  name: Type.String(),
  note: Text,
});
/** The recipe as read in French, for the review (domain: ReadRecipe). */
export const ReadRecipeOut = Type.Object({
  name: Type.String(),
  forPeople: Type.Union([Type.Integer(), Type.Null()]),
  plat: Type.Union([Type.Integer(), Type.Null()]),
  lines: Type.Array(ReadLineOut),
  description: Type.String(),
  url: Text,
});
export const RecipeLinkOut = Type.Object({ source: RecipeSourceOut, recipe: ReadRecipeOut });

/** The answer: what the page says, and the recipe as the domain reads it in French. */
export function answerOf(source: RecipeSource): Static<typeof RecipeLinkOut> {
  return { source, recipe: readRecipeSource(source) };
}

const STATUS: Record<RecipeFetchFailure, 400 | 422> = {
  invalid: 400,
  notHttp: 400,
  refused: 400,
  unreachable: 422,
  timeout: 422,
  tooLarge: 422,
  notHtml: 422,
  tooManyRedirects: 422,
  notFound: 422,
  httpError: 422,
  noRecipe: 422,
};

export async function recipeImportRoutes(app: FastifyInstance): Promise<void> {
  const config = app.popote.config;
  const limit = config.recipeLinkRateLimit ?? RECIPE_LINK_RATE_LIMIT;
  const limited = {
    config: {
      rateLimit: {
        max: limit.max,
        timeWindow: limit.windowMs,
        // Counted per user, after the session check (the route's onRequest runs first).
        keyGenerator: (request: { userId: number | null }) => `user ${String(request.userId)}`,
      },
    },
  };

  app.post<{ Body: RecipeLinkIn }>(
    '/library/recipe-reading/link',
    {
      ...secured,
      ...limited,
      bodyLimit: 16 * 1024,
      schema: { body: RecipeLinkIn, response: { 200: RecipeLinkOut } },
    },
    async (request) => {
      userOf(request);
      try {
        const page = await fetchPage(request.body.Url, {
          allowHosts: config.recipeImportAllowHosts ?? [],
        });
        const source = readPageSource(page.html, page.url);
        if (source === null) throw new RecipeFetchError('noRecipe');
        return answerOf(source);
      } catch (e) {
        if (e instanceof RecipeFetchError)
          throw new HttpError(STATUS[e.failure], e.message, e.failure);
        throw e;
      }
    },
  );
}
