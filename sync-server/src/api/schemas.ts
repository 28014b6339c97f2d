/**
 * The shapes of the REST contract (spec section 7), field names in PascalCase exactly as the
 * original service's clients read them. Answers are serialised through these schemas, so a
 * route can never leak a field the contract does not name; requests are checked against them
 * by the app's TypeBox validator (no type coercion for bodies).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  AdditionalPeopleSchema,
  ColorSchema,
  DaySchema,
  DescriptionSchema,
  GroupSizeSchema,
  HoraireSchema,
  IdSchema,
  KindSchema,
  MAX_GROUP_SIZE,
  MAX_STAY_DAYS,
  NameSchema,
  PlatSchema,
  SupplierRefSchema,
  UniteSchema,
} from '@popote/domain';

// ---- Request fragments: the mutators' own argument schemas, so both ends check alike ----

export const IdIn = IdSchema;
/** A supplier reference: an id, or -1 for 'Sans fournisseur'. */
export const SupplierRefIn = SupplierRefSchema;
export const NameIn = NameSchema;
export const DescriptionIn = DescriptionSchema;
export const ColorIn = ColorSchema;
export const PlatIn = PlatSchema;
export const KindIn = KindSchema;
export const UniteIn = UniteSchema;
export const HoraireIn = HoraireSchema;
export const DayIn = DaySchema;
export const SizeIn = GroupSizeSchema;
export const AdditionalPeopleIn = AdditionalPeopleSchema;
/**
 * A stay's first day: 'YYYY-MM-DD', or the ISO UTC date-time the original date field emits
 * ('2025-07-01T00:00:00.000Z'); only the date part is kept.
 */
export const StartIn = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]00:?00)?)?$',
});
export const QuantityIn = Type.Object({
  Val: Type.Number({ minimum: 0, maximum: 1e9 }),
  Unite: UniteIn,
  For_: Type.Integer({ minimum: 1, maximum: MAX_GROUP_SIZE }),
});
export type QuantityIn = Static<typeof QuantityIn>;

/** Days of a stay in one request: at most a stay's length. */
export const DayListIn = Type.Array(DayIn, { maxItems: 10 * MAX_STAY_DAYS });

/**
 * A list the original clients may send as null (their server's empty list): read as empty.
 * Use with `listOf()`.
 */
export const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const listOf = <T>(list: readonly T[] | null | undefined): T[] => [...(list ?? [])];

// ---- Answer shapes: the original service's wire contract ----
//
// Written once, from the table of the original service's calls (docs/api.md, "Compatibility"):
// every field its clients read, with the same name, nesting and JSON type. Fastify serialises
// every answer through these schemas and the OpenAPI document is generated from them. Fields
// marked "addition" are Popote's own extras, which old clients ignore.

const Int = Type.Integer();
/** JSON objects keyed by an id ('12': …), as the original service answers its maps. */
export const ById = <T extends TSchema>(value: T) => Type.Record(Type.Integer(), value);

/** QuantityR: Val units for For_ people (a recipe's or a menu's quantity). */
export const QuantityROut = Type.Object({ Val: Type.Number(), Unite: Int, For_: Int });
/**
 * Quantity: a scaled or summed amount. Sums keep mass in gr (Unite 2) and volume in cL
 * (Unite 4), as spec 9.
 */
export const QuantityOut = Type.Object({ Unite: Int, Val: Type.Number() });

export const IngredientOut = Type.Object({
  Id: Int,
  Name: Type.String(),
  Kind: Int,
  /** 0 for the starting catalogue, which no user owns. */
  Owner: Int,
});

/** The contract's Sejour. */
export const StayOut = Type.Object({
  Id: Int,
  Owner: Int,
  /** Midnight UTC of the first day, RFC 3339. */
  Start: Type.String(),
  Name: Type.String(),
  IdProfile: Type.Object({ Valid: Type.Boolean(), IdProfile: Int }),
  /** Addition: same as Name. */
  Label: Type.String(),
});

export const GroupOut = Type.Object({
  Id: Int,
  /** The stay's id. */
  Sejour: Int,
  Name: Type.String(),
  Color: Type.String(),
  Size: Int,
  /** Addition: same as Sejour. */
  IdSejour: Int,
});

/** The contract's SejourExt: a stay with its groups. */
export const StayExtOut = Type.Object({
  Sejour: StayOut,
  Groups: Type.Array(GroupOut),
  /** The phone export link, '' while the owner has not made one (or revoked it). */
  ExportClientURL: Type.String(),
  /** The stay's name. */
  Label: Type.String(),
});

export const MealGroupOut = Type.Object({ IdMeal: Int, IdGroup: Int });

export const MealOut = Type.Object({
  Id: Int,
  /** The stay's id. */
  Sejour: Int,
  /** The meal's menu id. */
  Menu: Int,
  /** Day offset from the stay's start. */
  Jour: Int,
  AdditionalPeople: Int,
  Horaire: Int,
});

export const MealExtOut = Type.Object({ Meal: MealOut, Groups: Type.Array(MealGroupOut) });

/** Ar2_MealGroups: the group lists of both meals after a move, [From, To]. */
export const MealGroupsPairOut = Type.Array(Type.Array(MealGroupOut), { minItems: 2, maxItems: 2 });

export const MenuOut = Type.Object({
  Id: Int,
  Owner: Int,
  IsFavorite: Type.Boolean(),
  IsPublished: Type.Boolean(),
  Updated: Type.String(),
});

export const MenuIngredientExtOut = Type.Object({
  IdMenu: Int,
  IdIngredient: Int,
  Quantity: QuantityROut,
  Plat: Int,
  Ingredient: IngredientOut,
});

export const RecipeOut = Type.Object({
  Id: Int,
  Owner: Int,
  Plat: Int,
  Name: Type.String(),
  Description: Type.String(),
  IsPublished: Type.Boolean(),
  Updated: Type.String(),
});

export const MenuExtOut = Type.Object({
  Menu: MenuOut,
  Ingredients: Type.Array(MenuIngredientExtOut),
  Receipes: Type.Array(RecipeOut),
  OwnerPseudo: Type.String(),
});

export const MealsLoadOut = Type.Object({
  /** The menu of each meal, keyed by menu id. */
  Menus: ById(MenuExtOut),
  /** By day, slot, id. */
  Meals: Type.Array(MealExtOut),
});

/** A line of a list or of a search: the owner by pseudonym, for the lock. */
const resourceHeader = {
  Title: Type.String(),
  ID: Int,
  /** True for the caller's own items. */
  IsPersonnal: Type.Boolean(),
  /** The owner's pseudonym ('' for the starting catalogue). */
  Owner: Type.String(),
};
/** ResourceHeader of a menu: its title is its contents' names (spec 3.2). */
export const ResourceHeaderOut = Type.Object(resourceHeader);
export const RecipeHeaderOut = Type.Object({ ...resourceHeader, Plat: Int });
export const IngredientHeaderOut = Type.Object({ ...resourceHeader, Kind: Int });

export const ResourceSearchOut = Type.Object({
  Menus: Type.Array(ResourceHeaderOut),
  Receipes: Type.Array(RecipeHeaderOut),
  Ingredients: Type.Array(IngredientHeaderOut),
});

export const RecipeIngredientExtOut = Type.Object({
  ...IngredientOut.properties,
  Quantity: QuantityROut,
});

export const RecipeExtOut = Type.Object({
  Receipe: RecipeOut,
  Ingredients: Type.Array(RecipeIngredientExtOut),
  OwnerPseudo: Type.String(),
});

/** Addition: what a deletion answers where the old clients read nothing. */
export const DeletedOut = Type.Object({ Deleted: Type.Boolean(), Id: Int });

export const DeleteIngredientOut = Type.Object({
  Deleted: Type.Boolean(),
  /** The ids of the recipes and menus that use the ingredient and that the user may read. */
  UsesReceipes: Type.Array(Int),
  UsesMenus: Type.Array(Int),
});

/**
 * Addition (issue 30), only when some quantities were left out: why, in French ('Recette non
 * publiée : ses quantités ne sont pas comptées.'). Absent otherwise, as the contract has it.
 */
const NotesOut = Type.Optional(Type.Array(Type.String()));

export const PreviewQuantitiesOut = Type.Object({
  NbPeople: Int,
  Quantities: Type.Array(
    Type.Object({ Ingredient: IngredientOut, Quantities: Type.Array(QuantityOut) }),
  ),
  Notes: NotesOut,
});

export const CompileIngredientsOut = Type.Object({
  /** The compiled meals, keyed by meal id. */
  Meals: ById(MealOut),
  Ingredients: Type.Array(
    Type.Object({
      Ingredient: IngredientOut,
      /** One entry per meal and unit, scaled to the meal's people; Origin is the meal id. */
      Quantities: Type.Array(Type.Object({ Quantity: QuantityOut, Origin: Int })),
      /** Addition: the sum over the meals (pièces, gr, cL), as the export screen shows it. */
      Total: Type.Array(QuantityOut),
    }),
  ),
  Notes: NotesOut,
});

export const ProfileOut = Type.Object({ Id: Int, IdOwner: Int, Name: Type.String() });
export const SupplierOut = Type.Object({ Id: Int, IdProfile: Int, Name: Type.String() });

export const ProfileHeaderOut = Type.Object({
  Profile: ProfileOut,
  Suppliers: ById(SupplierOut),
  /** Addition: the owner's pseudonym, for the lock. */
  OwnerPseudo: Type.String(),
});

/**
 * ProfileExt: the mapping screen's columns, 'Sans fournisseur' (Id -1) first, then the
 * suppliers by name; each with the kinds linked to it and every ingredient that resolves to it.
 */
export const ProfileExtOut = Type.Array(
  Type.Object({
    Id: Int,
    Kinds: Type.Array(Int),
    Ingredients: Type.Array(Int),
    /** Addition: the supplier's name ('Sans fournisseur' for -1). */
    Name: Type.String(),
  }),
);

/** IngredientMapping: ingredient id → supplier id (-1: 'Sans fournisseur'). */
export const IngredientMappingOut = ById(Int);

export const ImportRecipeShape = {
  Name: NameIn,
  Plat: PlatIn,
  For: Type.Integer({ minimum: 1, maximum: MAX_GROUP_SIZE }),
};

/** The contract's ImportReceipes1Out: the preview of a recipes CSV import. */
export const RecipeImportPreviewOut = Type.Object({
  /** File ingredient name → proposed ingredient; Id 0 proposes a new one. */
  Map: Type.Record(Type.String(), IngredientOut),
  Receipes: Type.Array(
    Type.Object({
      Name: Type.String(),
      Plat: Int,
      For: Int,
      Ingredients: Type.Array(
        Type.Object({ Name: Type.String(), Quantity: Type.Number(), Unite: Int }),
      ),
    }),
  ),
});

export const ExportTokenOut = Type.Object({
  Token: Type.String(),
  /** The download address, valid a few minutes. */
  Url: Type.String(),
  ExpiresAt: Type.String(),
});

export const MessageOut = Type.Object({ message: Type.String() });

export type Out<T extends TSchema> = Static<T>;
