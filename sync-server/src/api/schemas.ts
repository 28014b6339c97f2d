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

// ---- Answer shapes ----

const Int = Type.Integer();
/** JSON objects keyed by an id ('12': …), as the original service answers its maps. */
export const ById = <T extends TSchema>(value: T) => Type.Record(Type.Integer(), value);

export const QuantityOut = Type.Object({ Val: Type.Number(), Unite: Int, For_: Int });
/** A sum or a scaled amount: mass in gr (Unite 2) and volume in cL (Unite 4), as spec 9. */
export const AmountOut = Type.Object({ Unite: Int, Val: Type.Number() });

export const IngredientOut = Type.Object({
  Id: Int,
  Name: Type.String(),
  Kind: Int,
  /** 0 for the starting catalogue, which no user owns. */
  Owner: Int,
});

export const SejourOut = Type.Object({
  Id: Int,
  Owner: Int,
  Name: Type.String(),
  /** Same as Name (the original clients read both). */
  Label: Type.String(),
  /** Midnight UTC of the first day, RFC 3339. */
  Start: Type.String(),
  IdProfile: Type.Object({ Valid: Type.Boolean(), IdProfile: Int }),
});

export const GroupOut = Type.Object({
  Id: Int,
  IdSejour: Int,
  Name: Type.String(),
  Color: Type.String(),
  Size: Int,
});

export const SejourExtOut = Type.Object({ Sejour: SejourOut, Groups: Type.Array(GroupOut) });

export const MealGroupOut = Type.Object({ IdMeal: Int, IdGroup: Int });

export const MealOut = Type.Object({
  Id: Int,
  IdSejour: Int,
  Jour: Int,
  Horaire: Int,
  /** The meal's menu id. */
  Menu: Int,
  AdditionalPeople: Int,
  Groups: Type.Array(MealGroupOut),
});

/** The group lists of both meals after a group moved between them. */
export const MealGroupsMovedOut = Type.Object({
  From: Type.Array(MealGroupOut),
  To: Type.Array(MealGroupOut),
});

export const MenuOut = Type.Object({
  Id: Int,
  Owner: Int,
  IsFavorite: Type.Boolean(),
  IsPublished: Type.Boolean(),
  Updated: Type.String(),
});

export const MenuIngredientOut = Type.Object({
  IdMenu: Int,
  IdIngredient: Int,
  Ingredient: IngredientOut,
  Plat: Int,
  Quantity: QuantityOut,
});

export const MenuRecipeOut = Type.Object({ Id: Int, Name: Type.String(), Plat: Int });

export const MenuExtOut = Type.Object({
  Menu: MenuOut,
  Ingredients: Type.Array(MenuIngredientOut),
  Receipes: Type.Array(MenuRecipeOut),
  OwnerPseudo: Type.String(),
});

export const MealsLoadOut = Type.Object({
  Meals: Type.Array(MealOut),
  /** The menu of each meal, keyed by menu id. */
  Menus: ById(MenuExtOut),
});

/** A line of the library list or of a search. */
export const MenuHeaderOut = Type.Object({
  ...MenuOut.properties,
  Title: Type.String(),
  IsPersonnal: Type.Boolean(),
  OwnerPseudo: Type.String(),
});

export const RecipeOut = Type.Object({
  Id: Int,
  Name: Type.String(),
  Plat: Int,
  Description: Type.String(),
  Owner: Int,
  IsPublished: Type.Boolean(),
  Updated: Type.String(),
});

export const RecipeHeaderOut = Type.Object({
  ...RecipeOut.properties,
  IsPersonnal: Type.Boolean(),
  OwnerPseudo: Type.String(),
});

export const RecipeIngredientOut = Type.Object({
  ...IngredientOut.properties,
  Quantity: QuantityOut,
});

export const RecipeExtOut = Type.Object({
  Receipe: RecipeOut,
  Ingredients: Type.Array(RecipeIngredientOut),
  OwnerPseudo: Type.String(),
});

export const SearchOut = Type.Object({
  Menus: Type.Array(MenuHeaderOut),
  Receipes: Type.Array(RecipeHeaderOut),
});

export const DeletedOut = Type.Object({ Deleted: Type.Boolean(), Id: Int });

export const IngredientDeletedOut = Type.Object({
  Deleted: Type.Boolean(),
  /** The recipes and menus that use the ingredient and that the user may read. */
  UsesReceipes: Type.Array(RecipeHeaderOut),
  UsesMenus: Type.Array(MenuHeaderOut),
});

export const MealQuantitiesOut = Type.Object({
  NbPeople: Int,
  Quantities: Type.Array(
    Type.Object({ Ingredient: IngredientOut, Quantities: Type.Array(AmountOut) }),
  ),
});

export const CompileIngredientsOut = Type.Object({
  Meals: ById(Type.Object({ Jour: Int, Horaire: Int })),
  Ingredients: Type.Array(
    Type.Object({
      Ingredient: IngredientOut,
      /** One entry per meal and unit, scaled to the meal's people. */
      Quantities: Type.Array(Type.Object({ Quantity: AmountOut, Origin: Int })),
      /** The sum over the meals (pièces, gr, cL), as the order screen's chip shows it. */
      Total: Type.Array(AmountOut),
    }),
  ),
});

export const OrderDayOut = Type.Object({
  Jour: Int,
  /** Midnight UTC of that day, RFC 3339. */
  Date: Type.String(),
  NbMeals: Int,
});

export const ProfileOut = Type.Object({ Id: Int, Name: Type.String(), IdOwner: Int });
export const SupplierOut = Type.Object({ Id: Int, Name: Type.String(), IdProfile: Int });

export const ProfileHeaderOut = Type.Object({
  Profile: ProfileOut,
  Suppliers: ById(SupplierOut),
  OwnerPseudo: Type.String(),
});

export const ProfileExtOut = Type.Object({
  ...ProfileHeaderOut.properties,
  /** 'Sans fournisseur' (Id -1) first, then the suppliers by name. */
  Mapping: Type.Array(
    Type.Object({
      Id: Int,
      Name: Type.String(),
      Kinds: Type.Array(Int),
      Ingredients: Type.Array(IngredientOut),
    }),
  ),
});

export const DefaultMapOut = ById(Int);

export const ImportRecipeShape = {
  Name: NameIn,
  Plat: PlatIn,
  For: Type.Integer({ minimum: 1, maximum: MAX_GROUP_SIZE }),
};

export const ImportPreviewOut = Type.Object({
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

export const ImportDoneOut = Type.Object({
  Receipes: Type.Array(RecipeHeaderOut),
  Ingredients: Type.Array(IngredientOut),
});

export const ExportTokenOut = Type.Object({
  Token: Type.String(),
  /** The download address, valid a few minutes. */
  Url: Type.String(),
  ExpiresAt: Type.String(),
});

export const MessageOut = Type.Object({ message: Type.String() });

export type Out<T extends TSchema> = Static<T>;
