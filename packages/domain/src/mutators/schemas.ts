/** Argument schemas shared by the mutators (and by the REST routes that call them). */
import { Type } from '@sinclair/typebox';
import {
  MAX_ADDITIONAL_PEOPLE,
  MAX_BUDGET,
  MAX_COLOR_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_GROUP_SIZE,
  MAX_NAME_LENGTH,
  MAX_STAY_DAYS,
} from '../limits.js';

/** Ids are positive integers below 2^53 (the supplier id -1 is handled apart). */
export const IdSchema = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const SupplierRefSchema = Type.Integer({ minimum: -1, maximum: Number.MAX_SAFE_INTEGER });
export const NameSchema = Type.String({ maxLength: MAX_NAME_LENGTH });
export const DescriptionSchema = Type.String({ maxLength: MAX_DESCRIPTION_LENGTH });
export const ColorSchema = Type.String({ maxLength: MAX_COLOR_LENGTH });
/**
 * An ISO date-time chosen by the device when the change was made, in the one form
 * Date.prototype.toISOString() writes (UTC, 'Z'; milliseconds optional). The server also
 * replaces one too far in the future or before 2000 by its own time (sync-server's
 * clampNow), so that every stored date reads and sorts.
 */
export const NowSchema = Type.String({
  pattern:
    '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,3})?Z$',
  maxLength: 24,
});
export const IsoDaySchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const PlatSchema = Type.Integer({ minimum: 0, maximum: 3 });
export const KindSchema = Type.Integer({ minimum: 0, maximum: 6 });
export const UniteSchema = Type.Integer({ minimum: 0, maximum: 4 });
export const HoraireSchema = Type.Integer({ minimum: 0, maximum: 4 });
export const DaySchema = Type.Integer({ minimum: -MAX_STAY_DAYS, maximum: 10 * MAX_STAY_DAYS });
export const GroupSizeSchema = Type.Integer({ minimum: 0, maximum: MAX_GROUP_SIZE });
export const AdditionalPeopleSchema = Type.Integer({
  minimum: -MAX_ADDITIONAL_PEOPLE,
  maximum: MAX_ADDITIONAL_PEOPLE,
});
export const QuantitySchema = Type.Object(
  {
    val: Type.Number({ minimum: 0, maximum: 1e9 }),
    unite: UniteSchema,
    forPeople: Type.Integer({ minimum: 1, maximum: MAX_GROUP_SIZE }),
    /** 'Quantité fixe': does not scale with people (issue 21). */
    fixed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
/** A run of consecutive fresh ids, for mutations that create many rows at once. */
export const IdRangeSchema = Type.Object({
  first: IdSchema,
  count: Type.Integer({ minimum: 0, maximum: 100_000 }),
});

/** Codes of a set (allergens, diet facts): each once, within the enumeration's range. */
const codeSet = (max: number) =>
  Type.Array(Type.Integer({ minimum: 0, maximum: max }), { maxItems: max + 1, uniqueItems: true });
/** The 14 regulated allergens (allergens.ts). */
export const AllergensSchema = codeSet(13);
/** Meat, pork, fish, animal product, alcohol (allergens.ts). */
export const DietFactsSchema = codeSet(4);
const PeopleCountSchema = Type.Integer({ minimum: 0, maximum: MAX_GROUP_SIZE });
/** People per diet and per allergen in a group, and free notes (allergens.ts). */
export const GroupNeedsSchema = Type.Object(
  {
    diets: Type.Record(Type.String({ pattern: '^[0-3]$' }), PeopleCountSchema, {
      additionalProperties: false,
    }),
    allergies: Type.Record(Type.String({ pattern: '^([0-9]|1[0-3])$' }), PeopleCountSchema, {
      additionalProperties: false,
    }),
    notes: DescriptionSchema,
  },
  { additionalProperties: false },
);

/** A stay's budget per person and per day, in euros (issue 21). */
export const BudgetSchema = Type.Number({ exclusiveMinimum: 0, maximum: MAX_BUDGET });
