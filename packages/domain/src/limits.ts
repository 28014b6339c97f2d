/**
 * Bounds the spec leaves open ("Other form bounds are not shown"). They protect the server and
 * every device from runaway input; each is far above any real stay or library.
 */
export const MAX_NAME_LENGTH = 200;
export const MAX_PSEUDO_LENGTH = 60;
export const MAX_DESCRIPTION_LENGTH = 20_000;
export const MAX_COLOR_LENGTH = 7;
export const MAX_GROUP_SIZE = 100_000;
export const MAX_ADDITIONAL_PEOPLE = 100_000;
export const MAX_STAY_DAYS = 366;
export const MAX_GROUPS_PER_STAY = 100;
/** Members of a stay run by a team (issue 32), its owner not counted. */
export const MAX_MEMBERS_PER_STAY = 50;
/** Open invitations of a stay at once. */
export const MAX_INVITATIONS_PER_STAY = 50;
/** How long an invitation opens its stay. */
export const INVITATION_DAYS = 7;
/** The newest entries of a stay's journal that the server keeps. */
export const JOURNAL_KEPT = 1_000;
export const MAX_MEALS_PER_STAY = 10_000;
/** A stay's budget per person and per day, in euros (issue 21). */
export const MAX_BUDGET = 10_000;
export const MAX_ITEMS_PER_MENU = 200;
export const MAX_INGREDIENTS_PER_RECIPE = 200;
export const MAX_RECIPES_PER_IMPORT = 2_000;
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
/** Lines of one shopping list (a long stay's fresh products listed day by day). */
export const MAX_SHOP_ITEMS = 5_000;
/** Shopping lists one user keeps (closed shop trips are deleted or reused). */
export const MAX_SHOP_LISTS_PER_USER = 200;
/** The uses noted under one line of a list sent by the old phone app. */
export const MAX_USES_PER_SHOP_ITEM = 500;
/** Entries of one stay's larder. */
export const MAX_STOCK_PER_STAY = 2_000;
/** Entries of one stay's kitchen register (issue 35): samples, readings and deliveries. */
export const MAX_REGISTER_PER_STAY = 5_000;
/** Cold units of one stay's kitchen. */
export const MAX_COLD_UNITS = 20;
/** A note, a corrective action or a refusal's reason in the register. */
export const MAX_REGISTER_TEXT_LENGTH = 2_000;
/** Ingredients one user gives a pack or a price (issue 21). */
export const MAX_PURCHASES_PER_USER = 5_000;
/** Prices of one ingredient: the default one and one per supplier. */
export const MAX_PRICES_PER_INGREDIENT = 50;
