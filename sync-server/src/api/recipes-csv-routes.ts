/**
 * The CSV import and export of recipes (spec 2.6, 7.4): the import preview from an uploaded
 * file, its confirmation through the single importRecipes mutation, and the export of the
 * user's own recipes behind a short-lived download link.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  MAX_CSV_BYTES,
  MAX_INGREDIENTS_PER_RECIPE,
  MAX_NAME_LENGTH,
  MAX_RECIPES_PER_IMPORT,
  MAX_NEW_INGREDIENTS_PER_IMPORT,
  compareByName,
  exportRecipesCsv,
  importNames,
  isDomainError,
  matchIngredientNames,
  normalizeSearchText,
  parseRecipesCsv,
  planRecipesImport,
  proposedChoices,
  recipesImportArgs,
  type Id,
  type IngredientChoice,
  type IngredientKind,
  type ParsedRecipe,
  type Plat,
} from '@popote/domain';
import { requireUser } from '../accounts/auth.js';
import { HttpError } from '../http/errors.js';
import { attachment } from './content-disposition.js';
import {
  call,
  nowIso,
  readCtx,
  readableRow,
  reserveIds,
  secured,
  userOf,
  write,
  type ReadCtx,
} from './context.js';
import { signDownloadToken, verifyDownloadToken } from './download-token.js';
import { ingredientOut, quantityIn } from './mappers.js';
import {
  ExportTokenOut,
  RecipeImportPreviewOut,
  ImportRecipeShape,
  KindIn,
  listOf,
  NameIn,
  OrNull,
  type Out,
  QuantityIn,
  RecipeExtOut,
} from './schemas.js';
import { recipeExt } from './views-library.js';

export const CSV_MESSAGES = {
  notMultipart: 'Envoyez le fichier CSV dans un formulaire multipart/form-data (champ « file »).',
  noFile: 'Aucun fichier reçu.',
  tooLarge: 'Le fichier est trop volumineux : 5 Mo au plus.',
  malformed: 'Le formulaire reçu est illisible (incomplet ou mal formé) : renvoyez le fichier CSV.',
} as const;

/**
 * What reading the uploaded form may throw, as an answer: the size limit, the plugin's own
 * 4xx, and otherwise the form parser's plain errors ('Boundary not found', 'Unexpected end of
 * multipart data'), which only a malformed request causes (they answered 500).
 */
function multipartError(e: unknown): unknown {
  const error = e as { code?: string; statusCode?: number };
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, CSV_MESSAGES.tooLarge);
  if (e instanceof HttpError || (error.statusCode ?? 500) < 500) return e;
  return new HttpError(400, CSV_MESSAGES.malformed);
}

/** The name of the exported file. */
export const RECIPES_EXPORT_FILE_NAME = 'Mes recettes.csv';

/** A confirmation carries every recipe of a file: larger than ordinary requests. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

const ChoiceIn = Type.Object({
  /** An existing ingredient, or 0 to create one with this Name and Kind. */
  Id: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  Name: NameIn,
  Kind: KindIn,
});

/** The preview as POST answered it (RecipeImportPreviewOut), edited; null lists read as empty. */
const ImportConfirmIn = Type.Object({
  Map: OrNull(
    Type.Record(Type.String({ pattern: `^[\\s\\S]{1,${MAX_NAME_LENGTH}}$` }), ChoiceIn, {
      additionalProperties: false,
      maxProperties: MAX_NEW_INGREDIENTS_PER_IMPORT,
    }),
  ),
  Receipes: OrNull(
    Type.Array(
      Type.Object({
        ...ImportRecipeShape,
        Ingredients: OrNull(
          Type.Array(
            Type.Object({
              Name: NameIn,
              Quantity: QuantityIn.properties.Val,
              Unite: QuantityIn.properties.Unite,
            }),
            { maxItems: MAX_INGREDIENTS_PER_RECIPE },
          ),
        ),
      }),
      { maxItems: MAX_RECIPES_PER_IMPORT },
    ),
  ),
});
type ImportConfirmIn = Static<typeof ImportConfirmIn>;

const TokenQuery = Type.Object({ token: Type.String({ maxLength: 2000 }) });

/**
 * The user of an export link: a 5-minute download token (export-token), or, as the original
 * clients build the link, their session token.
 */
async function exportLinkUser(app: FastifyInstance, token: string): Promise<number> {
  try {
    return await verifyDownloadToken(app, token, 'recipes-export');
  } catch (e) {
    const asSession = { server: app, headers: { authorization: `Bearer ${token}` } };
    try {
      return await requireUser(asSession as unknown as FastifyRequest);
    } catch {
      throw e;
    }
  }
}

/** Spreadsheets save CSV as UTF-8 or, on Windows, as Windows-1252: both are read. */
function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** A file that arrived whole but cannot be read is unprocessable, not a malformed request. */
function parseFile(text: string): ParsedRecipe[] {
  try {
    return parseRecipesCsv(text);
  } catch (e) {
    if (isDomainError(e) && e.code === 'invalid') throw new HttpError(422, e.message);
    throw e;
  }
}

async function previewOf(
  ctx: ReadCtx,
  recipes: ParsedRecipe[],
): Promise<Out<typeof RecipeImportPreviewOut>> {
  const names = importNames(recipes);
  const matches = matchIngredientNames(
    names.map((n) => n.name),
    await ctx.store.all('ingredients'),
  );
  const choices = proposedChoices(names, matches);
  const map: Out<typeof RecipeImportPreviewOut>['Map'] = {};
  for (const recipe of recipes) {
    for (const item of recipe.ingredients) {
      const choice = choices.get(normalizeSearchText(item.name));
      if (!choice || item.name in map) continue;
      map[item.name] =
        choice.kind === 'existing'
          ? ingredientOut(choice.ingredient)
          : { Id: 0, Name: choice.name, Kind: choice.ingredientKind, Owner: 0 };
    }
  }
  return {
    Map: map,
    Receipes: recipes.map((r) => ({
      Name: r.name,
      Plat: r.plat,
      For: r.forPeople,
      Ingredients: r.ingredients.map((i) => ({
        Name: i.name,
        Quantity: i.quantity.val,
        Unite: i.quantity.unite,
      })),
    })),
  };
}

/** The confirmed import as the domain's plan reads it: parsed recipes and one choice per name. */
async function confirmedInput(
  ctx: ReadCtx,
  body: ImportConfirmIn,
): Promise<{ recipes: ParsedRecipe[]; choices: Map<string, IngredientChoice> }> {
  const choices = new Map<string, IngredientChoice>();
  for (const [fileName, choice] of Object.entries(body.Map ?? {})) {
    choices.set(
      normalizeSearchText(fileName),
      choice.Id === 0
        ? { kind: 'new', name: choice.Name, ingredientKind: choice.Kind as IngredientKind }
        : { kind: 'existing', ingredient: await readableRow(ctx, 'ingredients', choice.Id) },
    );
  }
  const recipes = listOf(body.Receipes).map((r, index) => ({
    name: r.Name,
    plat: r.Plat as Plat,
    forPeople: r.For,
    line: index + 1,
    ingredients: listOf(r.Ingredients).map((i) => ({
      name: i.Name,
      quantity: quantityIn({ Val: i.Quantity, Unite: i.Unite, For_: r.For }),
      line: index + 1,
    })),
  }));
  return { recipes, choices };
}

export async function recipesCsvRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/library/receipes/import',
    {
      ...secured,
      schema: { consumes: ['multipart/form-data'], response: { 200: RecipeImportPreviewOut } },
    },
    async (request) => {
      const userId = userOf(request);
      if (!request.isMultipart()) throw new HttpError(415, CSV_MESSAGES.notMultipart);
      let bytes: Buffer;
      try {
        const part = await request.file({ limits: { fileSize: MAX_CSV_BYTES, files: 1 } });
        if (!part) throw new HttpError(400, CSV_MESSAGES.noFile);
        bytes = await part.toBuffer();
      } catch (e) {
        throw multipartError(e);
      }
      return previewOf(readCtx(app, userId), parseFile(decodeCsv(bytes)));
    },
  );

  app.put<{ Body: ImportConfirmIn }>(
    '/library/receipes/import',
    {
      ...secured,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: ImportConfirmIn, response: { 200: Type.Array(RecipeExtOut) } },
    },
    async (request) => {
      const userId = userOf(request);
      const ctx = readCtx(app, userId);
      const { recipes, choices } = await confirmedInput(ctx, request.body);
      const own = await ctx.store.where('recipes', 'owner', userId);
      const plan = planRecipesImport(
        recipes,
        choices,
        own.map((r) => r.name),
      );
      if (plan.idCount === 0) return [];
      const ids = await reserveIds(app, userId, plan.idCount);
      const args = recipesImportArgs(plan, ids, nowIso(app));
      await write(app, userId, call('importRecipes', args));
      // The recipes created, with their ingredients (the new ones included).
      const after = readCtx(app, userId);
      const created = await after.store.getMany(
        'recipes',
        args.recipes.map((r) => r.id),
      );
      return Promise.all(created.map((recipe) => recipeExt(after, recipe)));
    },
  );

  app.get(
    '/library/receipes/export-token',
    { ...secured, schema: { response: { 200: ExportTokenOut } } },
    async (request) => {
      const { token, expiresAt } = await signDownloadToken(app, userOf(request), 'recipes-export');
      return {
        Token: token,
        Url: `${app.popote.config.publicUrl}/api/library/receipes/export?token=${token}`,
        ExpiresAt: new Date(expiresAt).toISOString(),
      };
    },
  );

  // Opened by the browser as a plain link: the download token replaces the session header.
  app.get<{ Querystring: Static<typeof TokenQuery> }>(
    '/library/receipes/export',
    { schema: { querystring: TokenQuery, produces: ['text/csv'] } as FastifySchema },
    async (request, reply) => {
      const userId = await exportLinkUser(app, request.query.token);
      const store = readCtx(app, userId).store;
      const recipes = (await store.where('recipes', 'owner', userId)).sort(
        (a, b) => compareByName(a, b) || a.id - b.id,
      );
      const ingredientIds = new Set<Id>(
        recipes.flatMap((r) => r.ingredients.map((i) => i.ingredientId)),
      );
      const ingredients = await store.getMany('ingredients', [...ingredientIds]);
      const csv = exportRecipesCsv(recipes, new Map(ingredients.map((i) => [i.id, i])));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(RECIPES_EXPORT_FILE_NAME))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
