/**
 * The stay's files (spec 7.3 /meals/cookbook, 7.5 /order/export): the cook sheets (PDF) and
 * the shopping spreadsheet (xlsx), built by @popote/exports from the domain's compile, the
 * same code the web app runs. The file name travels in Content-Disposition.
 */
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  NO_SUPPLIER,
  compileIngredients,
  defaultMapping,
  hiddenNotCounted,
  hiddenRecipesOfMeals,
  invalid,
  loadCompileInput,
  type Id,
  type Ingredient,
} from '@popote/domain';
import {
  PDF_MIME,
  XLSX_MIME,
  buildCookbookPdf,
  buildShoppingXlsx,
  cookbookFileName,
  shoppingFileName,
  type ShoppingProfile,
} from '@popote/exports';
import { attachment } from './content-disposition.js';
import { readCtx, readableRow, secured, userOf, type ReadCtx } from './context.js';
import { DayListIn, IdIn, listOf, OrNull, SupplierRefIn } from './schemas.js';

/** The compiled ingredients a client may send back as Data are large for a long stay. */
const EXPORT_BODY_LIMIT = 8 * 1024 * 1024;

const CookbookIn = Type.Object({ IdSejour: IdIn, Days: OrNull(DayListIn) });

/**
 * Which days to export: DayOffsets, or the compiled ingredients that /order/ingredients
 * answered (their Meals give the days). Quantities are always computed again here.
 */
const ExportDataIn = Type.Union([
  Type.Object({ DayOffsets: OrNull(DayListIn) }),
  Type.Object({
    /** null (the original service's empty map): no meal, no day. */
    Meals: OrNull(
      Type.Record(Type.String({ pattern: '^\\d{1,16}$' }), Type.Object({ Jour: DayListIn.items }), {
        additionalProperties: false,
        maxProperties: 100_000,
      }),
    ),
    Ingredients: Type.Optional(OrNull(Type.Array(Type.Unknown(), { maxItems: 100_000 }))),
  }),
]);

const ShoppingIn = Type.Object({
  IdSejour: IdIn,
  Data: ExportDataIn,
  /** Ingredient id → supplier id (-1: none): the user's choices over the profile's mapping. */
  Mapping: Type.Union([
    Type.Record(Type.String({ pattern: '^\\d{1,16}$' }), SupplierRefIn, {
      additionalProperties: false,
      maxProperties: 100_000,
    }),
    Type.Null(),
  ]),
  /** The supplier profile; absent: the stay's default one; null, 0 or -1: none (by category). */
  IdProfile: Type.Optional(
    Type.Union([Type.Integer({ minimum: -1, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()]),
  ),
});
type ShoppingIn = Static<typeof ShoppingIn>;

function sendFile(reply: FastifyReply, type: string, fileName: string, bytes: Uint8Array) {
  return reply
    .type(type)
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

function daysOf(data: ShoppingIn['Data']): number[] {
  if ('DayOffsets' in data) return listOf(data.DayOffsets);
  return [...new Set(Object.values(data.Meals ?? {}).map((m) => m.Jour))];
}

/** The profile's suppliers and, per ingredient, the user's choice over the default mapping. */
async function shoppingProfile(
  ctx: ReadCtx,
  profileId: Id | null,
  ingredients: readonly { ingredient: Ingredient }[],
  choices: Record<string, number> | null,
): Promise<ShoppingProfile | null> {
  if (profileId === null) return null;
  const profile = await readableRow(ctx, 'profiles', profileId);
  const suppliers = await ctx.store.where('suppliers', 'profileId', profile.id);
  const known = new Set<Id>([NO_SUPPLIER, ...suppliers.map((s) => s.id)]);
  const mapping = defaultMapping(
    profile,
    ingredients.map((i) => i.ingredient),
  );
  for (const [ingredientId, supplierId] of Object.entries(choices ?? {})) {
    if (!known.has(supplierId)) {
      throw invalid(`Le fournisseur ${supplierId} n'appartient pas au profil « ${profile.name} ».`);
    }
    if (Number(ingredientId) in mapping) mapping[Number(ingredientId)] = supplierId;
  }
  return { suppliers, mapping };
}

export async function filesRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof CookbookIn> }>(
    '/meals/cookbook',
    { ...secured, schema: { body: CookbookIn, produces: [PDF_MIME] } as FastifySchema },
    async (request, reply) => {
      const ctx = readCtx(app, userOf(request));
      const stay = await readableRow(ctx, 'stays', request.body.IdSejour);
      const input = await loadCompileInput(ctx.store, stay.id, listOf(request.body.Days));
      const pdf = await buildCookbookPdf({ ...input, stay });
      return sendFile(reply, PDF_MIME, cookbookFileName(stay.name), pdf);
    },
  );

  app.post<{ Body: ShoppingIn }>(
    '/order/export',
    {
      ...secured,
      bodyLimit: EXPORT_BODY_LIMIT,
      schema: { body: ShoppingIn, produces: [XLSX_MIME] } as FastifySchema,
    },
    async (request, reply) => {
      const ctx = readCtx(app, userOf(request));
      const body = request.body;
      const stay = await readableRow(ctx, 'stays', body.IdSejour);
      const input = await loadCompileInput(ctx.store, stay.id, daysOf(body.Data));
      const compiled = compileIngredients(input);
      // Recipes the user may not read are missing from the reader's view: said, not counted.
      const hidden = hiddenRecipesOfMeals(input);
      const notes = hidden.length === 0 ? [] : [hiddenNotCounted(hidden.length)];
      const chosen = body.IdProfile === undefined ? stay.profileId : body.IdProfile;
      const profileId = chosen === null || chosen <= 0 ? null : chosen;
      const profile = await shoppingProfile(ctx, profileId, compiled.ingredients, body.Mapping);
      const xlsx = await buildShoppingXlsx({ stay, compiled, profile, notes });
      return sendFile(reply, XLSX_MIME, shoppingFileName(stay.name), xlsx);
    },
  );
}
