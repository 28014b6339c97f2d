/**
 * Mutators of the kitchen's register (issue 35): the stay's cold units, the food samples of its
 * meals, temperature readings and deliveries. The kitchen keeps it ('keep': the owner,
 * 'Organisation' and 'Cuisine'); who recorded an entry is the account that ran the mutation,
 * never an argument, and every later change is in the stay's journal.
 */
import { Type, type TOptional, type TSchema } from '@sinclair/typebox';
import type {
  ColdUnit,
  Id,
  RegisterDelivery,
  RegisterEntry,
  RegisterReading,
  RegisterSample,
  StockItem,
} from '../entities.js';
import { invalid } from '../errors.js';
import {
  MAX_COLD_UNITS,
  MAX_NAME_LENGTH,
  MAX_REGISTER_PER_STAY,
  MAX_REGISTER_TEXT_LENGTH,
} from '../limits.js';
import type { Unite } from '../enums.js';
import { onStay, readable, requiredName } from './access.js';
import { defineMutator, type MutationContext } from './define.js';
import { argInt, ofPhrase, quoted, type Words } from './describe-words.js';
import {
  DaySchema,
  IdSchema,
  IsoDaySchema,
  NameSchema,
  NowSchema,
  UniteSchema,
} from './schemas.js';
import { checkStockRoom, StockValSchema } from './shopping.js';
import { DateKindSchema } from './date-kind.js';

const strict = { additionalProperties: false } as const;

/** 'HH:MM', the camp's clock. */
export const ClockTimeSchema = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });
/** °C: a kitchen reads between a deep freezer and an oven. */
export const TemperatureSchema = Type.Number({ minimum: -80, maximum: 150 });
const TextSchema = Type.String({ maxLength: MAX_REGISTER_TEXT_LENGTH });
const ShortTextSchema = Type.String({ maxLength: MAX_NAME_LENGTH });
const StorageSchema = Type.Union([
  Type.Literal('ambient'),
  Type.Literal('chilled'),
  Type.Literal('frozen'),
]);
const UnitKeySchema = Type.String({ pattern: '^[a-z0-9-]{1,40}$' });
const ReadingCheckSchema = Type.Union([Type.Literal('matin'), Type.Literal('soir')]);

export const ColdUnitSchema = Type.Object(
  {
    key: UnitKeySchema,
    name: NameSchema,
    min: Type.Union([TemperatureSchema, Type.Null()]),
    max: Type.Union([TemperatureSchema, Type.Null()]),
    checks: Type.Array(ReadingCheckSchema, { maxItems: 2, uniqueItems: true }),
  },
  strict,
);

/**
 * Who recorded an entry: an account, or 0 (ERASED_USER_ID) once that account is erased (its
 * entries in others' registers stay, recorded by no one: account-erasure.ts).
 */
const RecordedBySchema = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** What a reading and a delivery hold, as their mutations take them. */
const readingFields = {
  unit: UnitKeySchema,
  day: DaySchema,
  time: ClockTimeSchema,
  value: TemperatureSchema,
  note: TextSchema,
  action: TextSchema,
};

const deliveryFields = {
  day: DaySchema,
  time: ClockTimeSchema,
  supplier: ShortTextSchema,
  ingredientId: IdSchema,
  val: StockValSchema,
  unite: UniteSchema,
  lot: ShortTextSchema,
  dateKind: DateKindSchema,
  date: Type.Union([IsoDaySchema, Type.Null()]),
  storage: StorageSchema,
  temperature: Type.Union([TemperatureSchema, Type.Null()]),
  accepted: Type.Boolean(),
  reason: TextSchema,
};

/** The rows of the register, as an undo puts them back (restore.ts). */
const base = {
  id: IdSchema,
  stayId: IdSchema,
  owner: IdSchema,
  day: DaySchema,
  time: ClockTimeSchema,
  by: RecordedBySchema,
};
export const RegisterEntrySchema = Type.Union([
  Type.Object(
    {
      ...base,
      kind: Type.Literal('sample'),
      mealId: IdSchema,
      slot: Type.Integer({ minimum: 0, maximum: 4 }),
      dishes: Type.Array(ShortTextSchema, { maxItems: 50 }),
      discarded: Type.Union([NowSchema, Type.Null()]),
    },
    strict,
  ),
  Type.Object(
    {
      ...base,
      kind: Type.Literal('reading'),
      ...readingFields,
    },
    strict,
  ),
  Type.Object(
    {
      ...base,
      kind: Type.Literal('delivery'),
      ...deliveryFields,
      product: ShortTextSchema,
      stockId: Type.Union([IdSchema, Type.Null()]),
    },
    strict,
  ),
]);

export const REFUSAL_NEEDS_REASON = 'Indiquez pourquoi la réception est refusée.';
export const SAMPLE_ALREADY_TAKEN = 'Le plat témoin de ce repas est déjà prélevé.';
export const ALREADY_IN_LARDER = 'Cette réception est déjà rangée dans la réserve.';
export const REFUSED_NOT_STORED = 'Une réception refusée ne va pas dans la réserve.';

async function checkRegisterRoom(ctx: MutationContext, stayId: Id): Promise<void> {
  const count = (await ctx.store.whereIds('register', 'stayId', stayId)).length;
  if (count + 1 > MAX_REGISTER_PER_STAY) {
    throw invalid(
      `Le registre d'un séjour ne peut pas compter plus de ${MAX_REGISTER_PER_STAY} entrées.`,
    );
  }
}

/** A new entry of a stay's register, after its checks. */
async function addEntry(ctx: MutationContext, entry: RegisterEntry): Promise<void> {
  await checkRegisterRoom(ctx, entry.stayId);
  await ctx.claimId('register', entry.id);
  await ctx.store.put('register', entry);
}

/** An entry of the register of one kind, readable by the user. */
async function entryOf<K extends RegisterEntry['kind']>(
  ctx: MutationContext,
  id: Id,
  kind: K,
): Promise<Extract<RegisterEntry, { kind: K }>> {
  const entry = await readable(ctx, 'register', id);
  if (entry.kind !== kind) throw invalid("Cette entrée du registre n'est pas de ce type.");
  return entry as Extract<RegisterEntry, { kind: K }>;
}

/** 'le registre du séjour « Colo »'. */
const registerOf = async (w: Words, stayId: Id | null): Promise<string> =>
  `le registre ${await w.ofStay(stayId)}`;

/** How an entry is named in a sentence, from its row. */
async function entryWords(w: Words, id: Id | null): Promise<string> {
  const entry = await w.row('register', id);
  if (entry === null) return 'une entrée supprimée du registre';
  switch (entry.kind) {
    case 'sample':
      return `le plat témoin ${ofPhrase(await w.slotOfDay(entry.stayId, entry.day, entry.slot))} ${await w.stayInBrackets(entry.stayId)}`;
    case 'reading':
      return `le relevé de ${formatCelsius(entry.value)} ${await w.stayInBrackets(entry.stayId)}`;
    case 'delivery':
      return `la réception ${ofPhrase(quoted(entry.product))} ${await w.stayInBrackets(entry.stayId)}`;
  }
}

const formatCelsius = (value: number): string =>
  `${String(value).replace('.', ',').replace('-', '−')} °C`;

// ---- Cold units ----

export const setColdUnits = defineMutator({
  label: 'Modification des enceintes froides',
  schema: Type.Object({
    stayId: IdSchema,
    units: Type.Array(ColdUnitSchema, { maxItems: MAX_COLD_UNITS }),
  }),
  access: onStay('keep', 'stays', 'stayId'),
  describe: async (a, w) =>
    `Modification des enceintes froides ${ofPhrase(await registerOf(w, argInt(a, 'stayId')))}`,
  undo: null,
  run: async (ctx, { stayId, units }) => {
    const stay = await readable(ctx, 'stays', stayId);
    const keys = new Set(units.map((u) => u.key));
    if (keys.size !== units.length) throw invalid('Deux enceintes ont la même clé.');
    const coldUnits: ColdUnit[] = units.map((u) => {
      if (u.min !== null && u.max !== null && u.min > u.max) {
        throw invalid(`La température minimale de ${quoted(u.name)} dépasse sa maximale.`);
      }
      return { ...u, name: requiredName(u.name, "de l'enceinte") };
    });
    await ctx.store.put('stays', { ...stay, coldUnits });
  },
});

// ---- Samples ----

export const takeSample = defineMutator({
  label: "Prélèvement d'un plat témoin",
  schema: Type.Object({
    id: IdSchema,
    mealId: IdSchema,
    time: ClockTimeSchema,
    dishes: Type.Array(ShortTextSchema, { maxItems: 50 }),
  }),
  access: onStay('keep', 'meals', 'mealId'),
  describe: async (a, w) => `Plat témoin prélevé pour ${await w.meal(argInt(a, 'mealId'))}`,
  undo: null,
  run: async (ctx, { id, mealId, time, dishes }) => {
    const meal = await readable(ctx, 'meals', mealId);
    const stay = await readable(ctx, 'stays', meal.stayId);
    const taken = await ctx.store.where('register', 'stayId', stay.id);
    if (taken.some((e) => e.kind === 'sample' && e.mealId === mealId)) {
      throw invalid(SAMPLE_ALREADY_TAKEN);
    }
    const sample: RegisterSample = {
      id,
      stayId: stay.id,
      owner: stay.owner,
      kind: 'sample',
      mealId,
      day: meal.day,
      slot: meal.slot,
      time,
      by: ctx.userId,
      dishes: dishes.map((d) => d.trim()).filter((d) => d !== ''),
      discarded: null,
    };
    await addEntry(ctx, sample);
  },
});

export const discardSample = defineMutator({
  label: 'Plat témoin jeté',
  schema: Type.Object({ id: IdSchema, at: NowSchema }),
  access: onStay('keep', 'register', 'id'),
  describe: async (a, w) => `${capitalised(await entryWords(w, argInt(a, 'id')))} est jeté`,
  undo: async (_store, _userId, a) => [{ table: 'register', id: a.id }],
  run: async (ctx, { id, at }) => {
    const sample = await entryOf(ctx, id, 'sample');
    if (sample.discarded === null) await ctx.store.put('register', { ...sample, discarded: at });
  },
});

const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

// ---- Temperatures ----

export const addReading = defineMutator({
  label: "Relevé d'une température",
  schema: Type.Object({ id: IdSchema, stayId: IdSchema, ...readingFields }),
  access: onStay('keep', 'stays', 'stayId'),
  describe: async (a, w) =>
    `Relevé de ${typeof a.value === 'number' ? formatCelsius(a.value) : 'température'} dans ${await registerOf(w, argInt(a, 'stayId'))}`,
  undo: null,
  run: async (ctx, { id, stayId, ...fields }) => {
    const stay = await readable(ctx, 'stays', stayId);
    const reading: RegisterReading = {
      id,
      stayId,
      owner: stay.owner,
      kind: 'reading',
      by: ctx.userId,
      ...fields,
      note: fields.note.trim(),
      action: fields.action.trim(),
    };
    await addEntry(ctx, reading);
  },
});

export const updateReading = defineMutator({
  label: "Modification d'un relevé de température",
  schema: Type.Object({
    id: IdSchema,
    unit: Type.Optional(UnitKeySchema),
    day: Type.Optional(DaySchema),
    time: Type.Optional(ClockTimeSchema),
    value: Type.Optional(TemperatureSchema),
    note: Type.Optional(TextSchema),
    action: Type.Optional(TextSchema),
  }),
  access: onStay('keep', 'register', 'id'),
  describe: async (a, w) => `Modification ${ofPhrase(await entryWords(w, argInt(a, 'id')))}`,
  undo: async (_store, _userId, a) => [{ table: 'register', id: a.id }],
  run: async (ctx, { id, ...fields }) => {
    const reading = await entryOf(ctx, id, 'reading');
    await ctx.store.put('register', {
      ...reading,
      ...definedOnly(fields),
      note: (fields.note ?? reading.note).trim(),
      action: (fields.action ?? reading.action).trim(),
    });
  },
});

/** The fields an update names (an optional argument left out changes nothing). */
function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}

// ---- Deliveries ----

/** A refused delivery says why. */
function checkedDelivery(d: RegisterDelivery): RegisterDelivery {
  const reason = d.accepted ? '' : d.reason.trim();
  if (!d.accepted && reason === '') throw invalid(REFUSAL_NEEDS_REASON);
  return { ...d, supplier: d.supplier.trim(), lot: d.lot.trim(), reason };
}

export const addDelivery = defineMutator({
  label: "Enregistrement d'une réception",
  schema: Type.Object({ id: IdSchema, stayId: IdSchema, ...deliveryFields }),
  access: onStay('keep', 'stays', 'stayId'),
  describe: async (a, w) => {
    const product = await w.ingredient(argInt(a, 'ingredientId'));
    return `Réception ${ofPhrase(product)} dans ${await registerOf(w, argInt(a, 'stayId'))}${
      a.accepted === false ? ' (refusée)' : ''
    }`;
  },
  undo: null,
  run: async (ctx, { id, stayId, ...fields }) => {
    const stay = await readable(ctx, 'stays', stayId);
    const ingredient = await readable(ctx, 'ingredients', fields.ingredientId);
    await addEntry(
      ctx,
      checkedDelivery({
        id,
        stayId,
        owner: stay.owner,
        kind: 'delivery',
        by: ctx.userId,
        ...fields,
        unite: fields.unite as Unite,
        product: ingredient.name,
        stockId: null,
      }),
    );
  },
});

export const updateDelivery = defineMutator({
  label: "Modification d'une réception",
  schema: Type.Object({ id: IdSchema, ...partial(deliveryFields) }),
  access: onStay('keep', 'register', 'id'),
  describe: async (a, w) => `Modification ${ofPhrase(await entryWords(w, argInt(a, 'id')))}`,
  undo: async (_store, _userId, a) => [{ table: 'register', id: a.id }],
  run: async (ctx, { id, ...fields }) => {
    const delivery = await entryOf(ctx, id, 'delivery');
    const changed = definedOnly(fields);
    const ingredient =
      changed.ingredientId === undefined || changed.ingredientId === delivery.ingredientId
        ? null
        : await readable(ctx, 'ingredients', changed.ingredientId);
    await ctx.store.put(
      'register',
      checkedDelivery({
        ...delivery,
        ...changed,
        unite: (changed.unite ?? delivery.unite) as Unite,
        product: ingredient?.name ?? delivery.product,
      }),
    );
  },
});

function partial<P extends Record<string, TSchema>>(fields: P) {
  return Object.fromEntries(
    Object.entries(fields).map(([k, schema]) => [k, Type.Optional(schema)]),
  ) as { [K in keyof P]: TOptional<P[K]> };
}

/**
 * Puts an accepted delivery in the stay's larder, in one tap: a new entry with its quantity,
 * its date and its lot (never merged with another: its date is its own).
 */
export const storeDelivery = defineMutator({
  label: "Rangement d'une réception dans la réserve",
  schema: Type.Object({ id: IdSchema, stockId: IdSchema }),
  access: onStay('keep', 'register', 'id'),
  describe: async (a, w) => {
    const entry = await w.row('register', argInt(a, 'id'));
    return `Rangement ${ofPhrase(await entryWords(w, argInt(a, 'id')))} dans ${await w.larder(
      entry?.stayId ?? null,
    )}`;
  },
  undo: null,
  run: async (ctx, { id, stockId }) => {
    const delivery = await entryOf(ctx, id, 'delivery');
    if (!delivery.accepted) throw invalid(REFUSED_NOT_STORED);
    if (delivery.stockId !== null) throw invalid(ALREADY_IN_LARDER);
    await readable(ctx, 'ingredients', delivery.ingredientId);
    await checkStockRoom(ctx, delivery.stayId, 1);
    await ctx.claimId('stock', stockId);
    const entry: StockItem = {
      id: stockId,
      stayId: delivery.stayId,
      owner: delivery.owner,
      ingredientId: delivery.ingredientId,
      unite: delivery.unite,
      val: delivery.val,
      useBy: delivery.date,
      dateKind: delivery.dateKind,
      lot: delivery.lot,
    };
    await ctx.store.put('stock', entry);
    await ctx.store.put('register', { ...delivery, stockId });
  },
});

// ---- Any entry ----

export const deleteRegisterEntry = defineMutator({
  label: "Suppression d'une entrée du registre",
  schema: Type.Object({ id: IdSchema }),
  access: onStay('keep', 'register', 'id'),
  describe: async (a, w) => `Suppression ${ofPhrase(await entryWords(w, argInt(a, 'id')))}`,
  undo: async (_store, _userId, a) => [{ table: 'register', id: a.id }],
  run: async (ctx, { id }) => {
    await readable(ctx, 'register', id);
    await ctx.store.delete('register', id);
  },
});
