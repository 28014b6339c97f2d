/**
 * The shapes of the shared shopping session: the guest page's JSON (camelCase, Popote's own)
 * and the old phone app's (PascalCase, as the original service answered). Answers are
 * serialised through these schemas, so a route can never leak a field they do not name (the
 * owner, the stay, the ingredients' ids on the guest page, the token).
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  IdSchema,
  KindSchema,
  MAX_SHOP_ITEMS,
  MAX_USES_PER_SHOP_ITEM,
  NameSchema,
  NowSchema,
  SHARE_DAYS,
  UniteSchema,
} from '@popote/domain';

/** Ticks one guest request may carry (a helper's pending ticks, one per line at most). */
export const MAX_TICKS_PER_REQUEST = 500;

/**
 * The session id as sent: bounded, but not checked further here. Whatever does not name an
 * open list answers the same 404, whose message repeats it (cut to 64 characters).
 */
export const SessionQuery = Type.Object({ sessionID: Type.String({ maxLength: 2048 }) });
export type SessionQuery = Static<typeof SessionQuery>;

// ---- The guest page (/shop-session/*) ----

const TotalOut = Type.Object({
  pieces: Type.Number(),
  grams: Type.Number(),
  centiliters: Type.Number(),
});

export const GuestItemOut = Type.Object({
  key: Type.String(),
  name: Type.String(),
  kind: Type.Integer(),
  supplier: Type.String(),
  day: Type.Union([Type.Integer(), Type.Null()]),
  toBuy: TotalOut,
  /** The whole packs that cover toBuy (issue 21); absent without a pack. */
  packs: Type.Optional(
    Type.Object({
      count: Type.Integer(),
      pack: Type.Object({ name: Type.String(), size: Type.Number(), unite: Type.Integer() }),
    }),
  ),
  bought: Type.Union([TotalOut, Type.Null()]),
  checked: Type.Boolean(),
});

export const GuestListOut = Type.Object({
  name: Type.String(),
  /** The first day of the list's stay ('YYYY-MM-DD'), null without one. */
  stayStart: Type.Union([Type.String(), Type.Null()]),
  items: Type.Array(GuestItemOut),
});
export type GuestListOut = Static<typeof GuestListOut>;

/** A helper's tick older than its link can be is not a tick of that link. */
const MAX_TICK_AGE_MS = SHARE_DAYS * 24 * 3600 * 1000;

/**
 * A helper's tick. The server dates it (session.ts, helperTickTime): of two ticks of a line the
 * later wins, so a date the helper chose could lock the line against the organiser's ticks.
 */
export const GuestTickIn = Type.Object({
  /** A line's key; one the list does not hold (any more) is skipped. */
  key: Type.String({ maxLength: 40 }),
  checked: Type.Boolean(),
  /**
   * How long ago the helper ticked, in ms, by the helper's own clock when sending (a tick made
   * offline is sent later): the server dates the tick that long before its own time.
   */
  age: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_TICK_AGE_MS })),
  /**
   * When the helper ticked, by its clock: what pages loaded before issue 30 send (their ticks
   * kept offline too). Never taken later than the server's time; `age` wins when both come.
   */
  now: Type.Optional(NowSchema),
});

export const GuestTicksIn = Type.Object({
  ticks: Type.Array(GuestTickIn, { minItems: 1, maxItems: MAX_TICKS_PER_REQUEST }),
});
export type GuestTicksIn = Static<typeof GuestTicksIn>;

// ---- The old phone app (/api/shop-session) ----

const OriginIn = Type.Object({
  MealDate: Type.String({ maxLength: 40 }),
  MealName: NameSchema,
  ReceipeName: NameSchema,
});

/** An entry of the contract's Quantites: one use of the ingredient (its Quantite). */
const OldQuantityIn = Type.Object({
  Quantite: Type.Number({ minimum: 0, maximum: 1e9 }),
  Unite: UniteSchema,
  /** Absent or null reads as an unknown meal. */
  Origin: Type.Optional(Type.Union([OriginIn, Type.Null()])),
});
export type OldQuantityIn = Static<typeof OldQuantityIn>;

export const OldItemIn = Type.Object({
  Ingredient: Type.Object({
    Id: IdSchema,
    Name: NameSchema,
    Kind: KindSchema,
    /** Sent by the app, ignored: the session's owner is the caller. */
    Owner: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  }),
  /** null (the old server's empty list) reads as []. */
  Quantites: Type.Union([
    Type.Array(OldQuantityIn, { maxItems: MAX_USES_PER_SHOP_ITEM }),
    Type.Null(),
  ]),
  Checked: Type.Optional(Type.Boolean()),
});
export type OldItemIn = Static<typeof OldItemIn>;

/** The whole list; sizes are explained by explainOldList before this is checked. */
export const OldListIn = Type.Array(OldItemIn, { maxItems: MAX_SHOP_ITEMS });
export type OldListIn = Static<typeof OldListIn>;

export const OldTickIn = Type.Object({ Id: IdSchema, Checked: Type.Boolean() });
export type OldTickIn = Static<typeof OldTickIn>;

export const OldSessionIdOut = Type.Object({ SessionID: Type.String() });

const OriginOut = Type.Object({
  MealDate: Type.String(),
  MealName: Type.String(),
  ReceipeName: Type.String(),
});

export const OldItemOut = Type.Object({
  Ingredient: Type.Object({
    Id: Type.Integer(),
    Name: Type.String(),
    Kind: Type.Integer(),
    /** Always 0: the session's owner is not told to guests. */
    Owner: Type.Integer(),
  }),
  Quantites: Type.Array(
    Type.Object({ Quantite: Type.Number(), Unite: Type.Integer(), Origin: OriginOut }),
  ),
  Checked: Type.Boolean(),
});

export const OldSessionOut = Type.Object({ Id: Type.String(), List: Type.Array(OldItemOut) });
export type OldSessionOut = Static<typeof OldSessionOut>;
