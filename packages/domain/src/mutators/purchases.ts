/**
 * Mutators of what things cost (issue 21): an ingredient's pack and prices, kept in the user's
 * own purchase row (catalogue and shared ingredients are nobody's to edit), and a stay's budget.
 */
import { Type } from '@sinclair/typebox';
import type { Id, Pack, Price, Purchase } from '../entities.js';
import type { Unite } from '../enums.js';
import { parseIsoDay } from '../dates.js';
import { forbidden, invalid } from '../errors.js';
import { MAX_PRICES_PER_INGREDIENT, MAX_PURCHASES_PER_USER } from '../limits.js';
import { anyUser, mayOnStay, onStay, readable, requiredName } from './access.js';
import { defineMutator, type MutationContext } from './define.js';
import { BudgetSchema, IdSchema, IsoDaySchema, NameSchema, UniteSchema } from './schemas.js';
import { argInt, ofPhrase, changes, purchaseWords } from './describe-words.js';
import { formatEuros } from '../costs.js';

const strict = { additionalProperties: false } as const;

export const PackSchema = Type.Object(
  {
    name: NameSchema,
    size: Type.Number({ exclusiveMinimum: 0, maximum: 1e6 }),
    unite: UniteSchema,
  },
  strict,
);
export const PriceSchema = Type.Object(
  {
    supplierId: Type.Union([IdSchema, Type.Null()]),
    amount: Type.Number({ minimum: 0, maximum: 1e6 }),
    per: Type.Union([Type.Literal('pack'), UniteSchema]),
    date: IsoDaySchema,
  },
  strict,
);
export const PricesSchema = Type.Array(PriceSchema, { maxItems: MAX_PRICES_PER_INGREDIENT });

/**
 * Sets how the user buys an ingredient: its pack (null: by the measure) and its prices (the
 * default one has no supplier). Nothing left (no pack, no price) removes the row. `id` is used
 * only when the user has no row for the ingredient yet: a row another device made meanwhile is
 * updated instead, so that a user never has two.
 */
export const setPurchase = defineMutator({
  label: "Prix et paquet d'un ingrédient",
  schema: Type.Object({
    id: IdSchema,
    ingredientId: IdSchema,
    pack: Type.Union([PackSchema, Type.Null()]),
    prices: PricesSchema,
    /**
     * The stay whose prices these are (issue 32): its costs count its owner's prices, which
     * whoever may plan the stay sets ('Organisation'). Absent: the user's own prices.
     */
    stayId: Type.Optional(IdSchema),
  }),
  // The user's own row, or the row of the owner of a stay they plan: checked in the body.
  access: anyUser,
  describe: async (a, w) => {
    const ingredient = ofPhrase(await w.ingredient(argInt(a, 'ingredientId')));
    const prices = Array.isArray(a.prices) ? a.prices.length : 0;
    if (a.pack === null && prices === 0) return `Retrait des prix et du paquet ${ingredient}`;
    return `Prix et paquet ${ingredient}${changes(await purchaseWords(a, w))}`;
  },
  undo: null,
  run: async (ctx, { id, ingredientId, pack, prices, stayId }) => {
    const owner = stayId === undefined ? ctx.userId : await pricesOwnerOf(ctx, stayId);
    const [existing] = await ctx.store.where(
      'purchases',
      'ownerIngredient',
      `${owner}:${ingredientId}`,
    );
    // Removing one's own row needs no ingredient: that of a deleted ingredient goes too.
    if (pack === null && prices.length === 0) {
      if (existing) await ctx.store.delete('purchases', existing.id);
      return;
    }
    await readable(ctx, 'ingredients', ingredientId);
    const checked = await checkPrices(ctx, prices as Price[]);
    const tidyPack: Pack | null =
      pack === null
        ? null
        : {
            name: requiredName(pack.name, 'du paquet'),
            size: pack.size,
            unite: pack.unite as Unite,
          };
    if (tidyPack === null && checked.some((p) => p.per === 'pack')) {
      throw invalid('Un prix au paquet demande un paquet.');
    }
    if (existing) {
      await ctx.store.put('purchases', { ...existing, pack: tidyPack, prices: checked });
      return;
    }
    const count = (await ctx.store.whereIds('purchases', 'owner', owner)).length;
    if (count >= MAX_PURCHASES_PER_USER) {
      throw invalid(
        `Les prix et paquets ne peuvent pas concerner plus de ${MAX_PURCHASES_PER_USER} ingrédients.`,
      );
    }
    await ctx.claimId('purchases', id);
    const row: Purchase = {
      id,
      owner,
      ingredientId,
      pack: tidyPack,
      prices: checked,
    };
    await ctx.store.put('purchases', row);
  },
});

/** The owner of the stay's prices, for a user who may plan the stay; refused otherwise. */
async function pricesOwnerOf(ctx: MutationContext, stayId: Id): Promise<Id> {
  const stay = await readable(ctx, 'stays', stayId);
  if (!(await mayOnStay(ctx.store, stay, ctx.userId, 'plan'))) {
    throw forbidden('Votre rôle dans ce séjour ne permet pas de modifier ses prix.');
  }
  return stay.owner;
}

/** One price per supplier and one default; each supplier exists; dates are real days. */
async function checkPrices(ctx: MutationContext, prices: readonly Price[]): Promise<Price[]> {
  const seen = new Set<number | null>();
  for (const price of prices) {
    if (seen.has(price.supplierId)) {
      throw invalid(
        price.supplierId === null
          ? 'Un ingrédient a un seul prix par défaut.'
          : 'Un ingrédient a un seul prix par fournisseur.',
      );
    }
    seen.add(price.supplierId);
    parseIsoDay(price.date);
    if (price.supplierId !== null) await readable(ctx, 'suppliers', price.supplierId);
  }
  // The default price first, then the suppliers' in the order given.
  return [...prices].sort((a, b) => Number(a.supplierId !== null) - Number(b.supplierId !== null));
}

/** A stay's budget per person and per day, in euros; null removes it. */
export const setStayBudget = defineMutator({
  label: 'Budget du séjour',
  schema: Type.Object({ stayId: IdSchema, budget: Type.Union([BudgetSchema, Type.Null()]) }),
  access: onStay('plan', 'stays', 'stayId'),
  describe: async (a, w) => {
    const budget = a.budget;
    if (budget === null) return `Retrait du budget ${await w.ofStay(argInt(a, 'stayId'))}`;
    const amount =
      typeof budget === 'number' && Number.isFinite(budget)
        ? `${formatEuros(budget)} par personne et par jour`
        : null;
    return `Budget ${await w.ofStay(argInt(a, 'stayId'))}${changes([amount])}`;
  },
  undo: null,
  run: async (ctx, { stayId, budget }) => {
    const stay = await readable(ctx, 'stays', stayId);
    await ctx.store.put('stays', { ...stay, budget });
  },
});
