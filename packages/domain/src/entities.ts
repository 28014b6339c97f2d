/**
 * The rows of the product, as stored on devices (IndexedDB) and on the server (SQLite) and
 * carried by sync. Each table holds documents keyed by a numeric id; links that belong to one
 * parent (a recipe's ingredients, a meal's groups, a profile's mapping) are embedded in the
 * parent so that one row is one unit of visibility and of change.
 *
 * Field names are camelCase here; the REST adapter maps them to the PascalCase of the public
 * contract (spec section 7).
 */
import type { Horaire, IngredientKind, Plat, Unite } from './enums.js';
import type { QuantityTotal } from './quantity.js';

/** Positive integer below 2^53, unique across the whole service. */
export type Id = number;

/** The supplier id that stands for "Sans fournisseur". */
export const NO_SUPPLIER: Id = -1;

/** "val units for forPeople people"; scales linearly with the number of people. */
export interface Quantity {
  val: number;
  unite: Unite;
  forPeople: number;
  /**
   * 'Quantité fixe' (issue 21): val whatever the number of people (a pinch of salt, a bottle
   * of oil per meal); absent: it scales.
   */
  fixed?: boolean;
}

/** What other users may know of a user: the pseudonym shown on locks. */
export interface PublicUser {
  id: Id;
  pseudo: string;
}

export interface Ingredient {
  id: Id;
  name: string;
  kind: IngredientKind;
  /** null for the starting catalogue, which no ordinary user owns. */
  owner: Id | null;
  /**
   * Bought the day before it is used (issue 19). Absent: the category decides (isFreshIngredient
   * in shop-list.ts), which is also all the catalogue's ingredients have, since nobody may edit
   * them.
   */
  fresh?: boolean;
  /** The regulated allergens it contains (allergens.ts codes); absent: none known. */
  allergens?: number[];
  /** What it is for diets: meat, pork, fish, animal product, alcohol (allergens.ts codes). */
  diet?: number[];
}

export interface RecipeIngredient {
  ingredientId: Id;
  quantity: Quantity;
}

export interface Recipe {
  id: Id;
  owner: Id;
  name: string;
  plat: Plat;
  description: string;
  isPublished: boolean;
  /** ISO date-time of the last change. */
  updated: string;
  ingredients: RecipeIngredient[];
}

export interface MenuIngredient {
  ingredientId: Id;
  quantity: Quantity;
  plat: Plat;
}

/**
 * A menu has no name: its title is derived from its contents. A non-favourite menu is private
 * to the one meal that uses it; a favourite one is a library item. Published implies favourite.
 */
export interface Menu {
  id: Id;
  owner: Id;
  isFavorite: boolean;
  isPublished: boolean;
  updated: string;
  ingredients: MenuIngredient[];
  recipeIds: Id[];
}

export interface Stay {
  id: Id;
  owner: Id;
  name: string;
  /** First day of the stay, ISO date 'YYYY-MM-DD'. */
  start: string;
  /** Default supplier profile for this stay's shopping spreadsheet. */
  profileId: Id | null;
  /** Secret of the public export link for the phone app; null when revoked or never made. */
  exportSecret: string | null;
  /** What the stay may spend per person and per day, in euros (issue 21); absent: no budget. */
  budget?: number | null;
  /**
   * The kitchen's cold units whose temperatures the register keeps (issue 35); absent: the
   * default 'Réfrigérateur' and 'Congélateur' (register.ts, DEFAULT_COLD_UNITS).
   */
  coldUnits?: ColdUnit[];
}

/** When a cold unit's temperature is read each day: before 14 h, and from 14 h on. */
export type ReadingCheck = 'matin' | 'soir';

/** A fridge, freezer or cold room of the kitchen and the range it must hold (°C). */
export interface ColdUnit {
  /** Stable within its stay: readings name their unit by it. */
  key: string;
  name: string;
  /** null: no lower (or upper) bound. */
  min: number | null;
  max: number | null;
  /** The readings expected each day. */
  checks: ReadingCheck[];
}

export interface Group {
  id: Id;
  stayId: Id;
  /** The stay's owner, copied so that visibility needs no join. */
  owner: Id;
  name: string;
  /** '#RRGGBB'. */
  color: string;
  size: number;
  /** How many of its people follow a diet or avoid an allergen (issue 20); absent: none. */
  needs?: GroupNeeds;
}

/** What some people of a group cannot eat, counted (allergens.ts codes as keys). */
export interface GroupNeeds {
  /** People per diet (each person in one diet at most). */
  diets: Record<string, number>;
  /** People per allergen (a person may have several allergies). */
  allergies: Record<string, number>;
  notes: string;
}

export interface Meal {
  id: Id;
  stayId: Id;
  owner: Id;
  menuId: Id;
  /** Day offset from the stay's start; may be negative. */
  day: number;
  slot: Horaire;
  /** Added to the groups' sizes; may be negative. */
  additionalPeople: number;
  groupIds: Id[];
  /**
   * Dishes for some of its people (issue 20): the menu is cooked for the others. Absent: none.
   */
  alternatives?: MealAlternative[];
}

/** A dish of a meal for the people of one diet or one allergy (allergens.ts codes). */
export interface MealAlternative {
  kind: 'diet' | 'allergen';
  code: number;
  /** How many eat it instead of the menu. */
  people: number;
  /** The user's own recipes. */
  recipeIds: Id[];
}

export interface IngredientSupplierLink {
  ingredientId: Id;
  supplierId: Id;
}

export interface KindSupplierLink {
  kind: IngredientKind;
  supplierId: Id;
}

/** A supplier profile and its mapping; its suppliers are rows of their own. */
export interface Profile {
  id: Id;
  owner: Id;
  name: string;
  ingredientLinks: IngredientSupplierLink[];
  kindLinks: KindSupplierLink[];
}

export interface Supplier {
  id: Id;
  profileId: Id;
  owner: Id;
  name: string;
}

/** One quantity of an ingredient in a stay's larder: what the camp already has. */
export interface StockItem {
  id: Id;
  stayId: Id;
  owner: Id;
  ingredientId: Id;
  unite: Unite;
  val: number;
  /** Its date (issue 35), ISO day: a use-by ('dlc') or best-before ('ddm') date; absent: none. */
  useBy?: string | null;
  dateKind?: DateKind;
  /** The lot number of the delivery it came from; absent or '': none. */
  lot?: string;
}

/**
 * 'dlc' (date limite de consommation, use-by: not eaten after it) or 'ddm' (date de durabilité
 * minimale, best before: still safe after it).
 */
export type DateKind = 'dlc' | 'ddm';

/** One use of an ingredient behind a line of a shopping list (the old phone app's "Origin"). */
export interface ShopUse {
  val: number;
  unite: Unite;
  /** ISO date of the meal ('' when unknown). */
  mealDate: string;
  mealName: string;
  /** '' for an ingredient added to the menu directly. */
  recipeName: string;
}

/**
 * One line of a shopping list. The ingredient's name and category are copied, so that a helper
 * with the list's link reads the list without reading the library.
 */
export interface ShopItem {
  /** Unique in its list: the ingredient's id, and the day for a fresh product bought per day. */
  key: string;
  ingredientId: Id;
  name: string;
  kind: IngredientKind;
  /** The supplier's name, '' when the stay has no supplier profile. */
  supplier: string;
  /** For a fresh product of a list made per day: the day (offset) of the meals it is for. */
  day: number | null;
  /** The need of the chosen days, then what the larder covers of it and what remains. */
  need: QuantityTotal;
  inStock: QuantityTotal;
  toBuy: QuantityTotal;
  /** The whole packs that cover toBuy (issue 21), when the owner gave the ingredient a pack. */
  packs?: ShopPacks;
  uses: ShopUse[];
  checked: boolean;
  /** Put away in the larder once bought (addPurchasesToStock): never added twice. */
  stored: boolean;
  /** What was actually bought, when it differs from toBuy. */
  bought: QuantityTotal | null;
  /** When the tick last changed (the device's clock): of two ticks made offline, the later wins. */
  tickedAt: string | null;
}

/** '3 × paquet de 500 gr': copied into a list's line, so that helpers read it too. */
export interface ShopPacks {
  count: number;
  pack: Pack;
}

/** The link that lets helpers without an account tick one list. */
export interface ShopShare {
  token: string;
  /** When it was opened: it ends SHARE_DAYS later (shop-list.ts). */
  created: string;
}

/** A shopping list to tick in the shop, made from the chosen days of a stay. */
export interface ShopList {
  id: Id;
  owner: Id;
  /** null for a list sent by the old phone app, which names no stay. */
  stayId: Id | null;
  name: string;
  created: string;
  items: ShopItem[];
  share: ShopShare | null;
}

/** What a price is for: one pack, or one kg, gr, L, cL or piece. */
export type PricePer = 'pack' | Unite;

/** A price of an ingredient: the default one (no supplier) or a supplier's. */
export interface Price {
  /**
   * A supplier of any profile (a stay may use another user's profile, and suppliers are
   * readable by everyone); null: the default price.
   */
  supplierId: Id | null;
  /** In euros. */
  amount: number;
  per: PricePer;
  /** ISO date the price was seen. */
  date: string;
}

/** What an ingredient is sold in: 'paquet' of 500 gr, 'plateau' of 30 pièces. */
export interface Pack {
  name: string;
  size: number;
  unite: Unite;
}

/**
 * How the user buys an ingredient (issue 21): its pack and its prices. The user's own facts,
 * kept apart from the ingredient so that catalogue and shared ingredients have them too; one row
 * per user and ingredient (the newest wins if two were made offline, see costs.ts).
 */
export interface Purchase {
  id: Id;
  owner: Id;
  ingredientId: Id;
  /** null: bought by the measure (loose, by the kg, by the piece). */
  pack: Pack | null;
  prices: Price[];
}

/**
 * What a member may do in a stay run by a team (issue 32): 'plan' ('Organisation': the whole
 * plan), 'keep' ('Cuisine': the kitchen, the lists and the larder), 'read' ('Lecture'). The
 * stay's owner ('Responsable') is not a member: they hold every right.
 */
export type MemberRole = 'plan' | 'keep' | 'read';
export const MEMBER_ROLES: readonly MemberRole[] = ['plan', 'keep', 'read'];

/** A user who takes part in another user's stay, with their role. */
export interface StayMember {
  id: Id;
  stayId: Id;
  /** The stay's owner, copied as on every row of a stay. */
  owner: Id;
  /** The member. */
  userId: Id;
  role: MemberRole;
  /** When they joined (ISO). */
  since: string;
}

/**
 * An invitation to join a stay with a role (issue 32): sent by mail (single use), or a link
 * shown as a QR code to the person standing by (any number of people, until it expires). The
 * token in its link is the credential: the row is its stay's owner's alone.
 */
export interface StayInvitation {
  id: Id;
  stayId: Id;
  /** The stay's owner. */
  owner: Id;
  role: MemberRole;
  /** The invited address (lower case); null for a link to show. */
  mail: string | null;
  /** The secret of its link. */
  token: string;
  /** When it was made, and when it stops opening anything (7 days later), ISO. */
  created: string;
  expires: string;
  /** Who joined with a mailed invitation (it opens nothing more); null until then. */
  usedBy: Id | null;
}

/**
 * One change of a stay, as its journal shows it ('Journal du séjour', issue 32): who made it,
 * when (the server's time when it was applied) and what (the mutation and its arguments, read
 * into a French sentence by describeMutation). Written by the server alone, when it applies a
 * change of the stay; the newest JOURNAL_KEPT of a stay are kept.
 */
export interface StayJournalEntry {
  id: Id;
  stayId: Id;
  /** The stay's owner. */
  owner: Id;
  /** Who made the change. */
  userId: Id;
  /** When the server applied it (ISO). */
  at: string;
  /** The mutation, and its arguments as sent (null when too large to keep). */
  name: string;
  args: unknown;
  /** The row the change was made on (a meal, a menu, a group...): its last change, its author. */
  target: { table: TableName; id: Id } | null;
}

/**
 * One entry of a stay's kitchen register (issue 35): a food sample kept of a meal ('Plat
 * témoin'), a temperature reading of a cold unit, or a delivery received. Day and time are the
 * camp's (a day offset of the stay, 'HH:MM'); `by` is the account that recorded it, set by the
 * mutator (its later changes are in the stay's journal).
 */
export type RegisterEntry = RegisterSample | RegisterReading | RegisterDelivery;

interface RegisterEntryBase {
  id: Id;
  stayId: Id;
  /** The stay's owner. */
  owner: Id;
  day: number;
  /** 'HH:MM'. */
  time: string;
  by: Id;
}

export interface RegisterSample extends RegisterEntryBase {
  kind: 'sample';
  /** The meal sampled, its day (`day`) and slot as when it was taken. */
  mealId: Id;
  slot: Horaire;
  /** The dishes sampled, by name (as the menu was when it was taken). */
  dishes: string[];
  /** When it was thrown away (ISO date-time); null: still kept. */
  discarded: string | null;
}

export interface RegisterReading extends RegisterEntryBase {
  kind: 'reading';
  /** The cold unit's key (ColdUnit.key). */
  unit: string;
  /** °C. */
  value: number;
  note: string;
  /** What was done about a reading out of range ('Action corrective'); '' otherwise. */
  action: string;
}

export interface RegisterDelivery extends RegisterEntryBase {
  kind: 'delivery';
  /** The supplier's name (one of the stay's profile, or typed). */
  supplier: string;
  ingredientId: Id;
  /** The product's name as received (the ingredient's, copied: the register outlives it). */
  product: string;
  val: number;
  unite: Unite;
  lot: string;
  dateKind: DateKind;
  /** The use-by or best-before date, ISO day; null: none on the product. */
  date: string | null;
  /** How it is kept: chilled and frozen goods have their temperature taken on arrival. */
  storage: 'ambient' | 'chilled' | 'frozen';
  /** °C on arrival; null: not taken. */
  temperature: number | null;
  accepted: boolean;
  /** Why it was refused; '' when accepted. */
  reason: string;
  /** The larder entry it was put in; null until then. */
  stockId: Id | null;
}

/** Every synced table and the type of its rows. */
export interface Tables {
  users: PublicUser;
  ingredients: Ingredient;
  recipes: Recipe;
  menus: Menu;
  stays: Stay;
  groups: Group;
  meals: Meal;
  profiles: Profile;
  suppliers: Supplier;
  stock: StockItem;
  shopLists: ShopList;
  purchases: Purchase;
  stayMembers: StayMember;
  stayInvitations: StayInvitation;
  stayJournal: StayJournalEntry;
  register: RegisterEntry;
}
export type TableName = keyof Tables;
export type Row<T extends TableName = TableName> = Tables[T];

export const TABLE_NAMES: readonly TableName[] = [
  'users',
  'ingredients',
  'recipes',
  'menus',
  'stays',
  'groups',
  'meals',
  'profiles',
  'suppliers',
  // New tables go last: a paginated first sync's cursor names a table by its position.
  'stock',
  'shopLists',
  'purchases',
  'stayMembers',
  'stayInvitations',
  'stayJournal',
  'register',
];
