/**
 * A change described in French words, for the 'Modifications refusées' list: what the user
 * tried to do, naming the entity, its name, and for meals the stay's day and the slot
 * ('Ajout de l'ingrédient « Tomates » au menu du Dîner du lundi 3 juillet 2023 (séjour
 * « Colo »)'). Names are read from the device's rows through a small lookup; a row that is
 * gone reads as 'un ingrédient supprimé' rather than as an id. Arguments come back from the
 * server as they were sent, so they are read defensively: nothing here ever throws.
 */
import type {
  Id,
  Ingredient,
  Meal,
  Menu,
  Profile,
  Recipe,
  ShopItem,
  ShopList,
  Stay,
  StockItem,
  Supplier,
  TableName,
  Tables,
} from './entities.js';
import { NO_SUPPLIER } from './entities.js';
import type { Horaire, Unite } from './enums.js';
import { INGREDIENT_KIND_NAMES, isHoraire, isIngredientKind, isUnite } from './enums.js';
import { dayToDate, formatLongDate } from './dates.js';
import { formatEuros, formatPackSize, perLabel } from './costs.js';
import { menuTitle } from './menu-title.js';
import { formatQuantity, formatTotal } from './quantity.js';
import type { ReadStore } from './store.js';
import { ALLERGIC_TO, DIET_LABELS, type Allergen, type Diet } from './allergens.js';
import type { MutationName } from './mutators/index.js';

/** What describing needs from the device's rows (a Store does it; so does a MemoryStore). */
export type DescribeLookup = Pick<ReadStore, 'get' | 'where'>;

type Args = Record<string, unknown>;
type Describer = (args: Args, words: Words) => Promise<string>;

/** How many names a list shows before '…'. */
const LIST_MAX = 3;

/**
 * The sentence for one change. Unknown mutation names (a newer app version) and malformed
 * arguments give a plain sentence without names.
 */
export async function describeMutation(
  lookup: DescribeLookup,
  name: string,
  args: unknown,
): Promise<string> {
  const describe = Object.prototype.hasOwnProperty.call(DESCRIBERS, name)
    ? DESCRIBERS[name as MutationName]
    : undefined;
  if (describe === undefined) return `Modification non décrite (${name})`;
  const fields = typeof args === 'object' && args !== null ? (args as Args) : {};
  try {
    return await describe(fields, new Words(lookup));
  } catch {
    // A lookup that fails (a closed database) must not hide the change itself.
    return `Modification non décrite (${name})`;
  }
}

/** The mutation names this module describes; a test checks that it covers MUTATORS. */
export const DESCRIBED_MUTATIONS = (): string[] => Object.keys(DESCRIBERS);

// ---- Reading arguments ----

const id = (args: Args, key: string): Id | null => {
  const v = args[key];
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : null;
};
const text = (args: Args, key: string): string | null => {
  const v = args[key];
  return typeof v === 'string' ? v : null;
};
const quoted = (name: string): string => `« ${name.trim()} »`;

/** '« a », « b », « c » et 2 autres'. */
function nameList(names: readonly string[]): string {
  const shown = names.slice(0, LIST_MAX).map(quoted);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} et ${rest} autre${rest > 1 ? 's' : ''}`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} et ${shown[shown.length - 1]}`;
}

function quantityWords(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const q = value as Record<string, unknown>;
  if (typeof q.val !== 'number' || !isUnite(q.unite) || typeof q.forPeople !== 'number') {
    return null;
  }
  try {
    const people = q.forPeople;
    if (q.fixed === true) return `${formatQuantity(q.val, q.unite)} (quantité fixe)`;
    return `${formatQuantity(q.val, q.unite)} pour ${people} personne${people > 1 ? 's' : ''}`;
  } catch {
    return null;
  }
}

/** '2 kg' for a stock quantity ({ val, unite }), null when malformed. */
function amountWords(val: unknown, unite: unknown): string | null {
  if (typeof val !== 'number' || !isUnite(unite)) return null;
  try {
    return formatQuantity(val, unite);
  } catch {
    return null;
  }
}

/** '12 pièces et 1,50 kg' for a total ({ pieces, grams, centiliters }), null when malformed. */
function totalWords(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const t = value as Record<string, unknown>;
  if (![t.pieces, t.grams, t.centiliters].every((n) => typeof n === 'number')) return null;
  try {
    return formatTotal(t as unknown as { pieces: number; grams: number; centiliters: number });
  } catch {
    return null;
  }
}

// ---- Naming rows ----

/** Names rows through the lookup, each phrase with its article ('le séjour « Colo »'). */
class Words {
  constructor(private readonly source: DescribeLookup) {}

  /** The row, or null when the id is missing or the row is gone. */
  async row<T extends TableName>(table: T, rowId: Id | null): Promise<Tables[T] | null> {
    if (rowId === null) return null;
    return (await this.source.get(table, rowId)) ?? null;
  }

  stayRow = (stayId: Id | null): Promise<Stay | null> => this.row('stays', stayId);

  /** 'le séjour « Colo »' / 'un séjour supprimé'. */
  async stay(stayId: Id | null): Promise<string> {
    const stay = await this.stayRow(stayId);
    return stay ? `le séjour ${quoted(stay.name)}` : 'un séjour supprimé';
  }

  /** 'du séjour « Colo »' / "d'un séjour supprimé". */
  async ofStay(stayId: Id | null): Promise<string> {
    return ofPhrase(await this.stay(stayId));
  }

  /** 'le groupe « Grands »' / 'un groupe supprimé'. */
  async group(groupId: Id | null): Promise<string> {
    const group = await this.row('groups', groupId);
    return group ? `le groupe ${quoted(group.name)}` : 'un groupe supprimé';
  }

  /** 'le dîner du lundi 3 juillet 2023' for a slot on a stay's day. */
  async slotOfDay(stayId: Id | null, day: number | null, slot: unknown): Promise<string> {
    const meal = isHoraire(slot) ? SLOT_PHRASES[slot] : 'le repas';
    const stay = await this.stayRow(stayId);
    if (day === null) return meal;
    if (stay === null) return `${meal} du jour ${day + 1}`;
    try {
      return `${meal} du ${formatLongDate(dayToDate(stay.start, day))}`;
    } catch {
      return `${meal} du jour ${day + 1}`;
    }
  }

  mealRow = (mealId: Id | null): Promise<Meal | null> => this.row('meals', mealId);

  /** 'le dîner du lundi 3 juillet 2023 (séjour « Colo »)' / 'un repas supprimé'. */
  async meal(mealId: Id | null): Promise<string> {
    return this.mealOf(await this.mealRow(mealId));
  }

  async mealOf(meal: Meal | null): Promise<string> {
    if (meal === null) return 'un repas supprimé';
    const when = await this.slotOfDay(meal.stayId, meal.day, meal.slot);
    return `${when} ${await this.stayInBrackets(meal.stayId)}`;
  }

  /** '(séjour « Colo »)' / '(séjour supprimé)'. */
  async stayInBrackets(stayId: Id | null): Promise<string> {
    const stay = await this.stayRow(stayId);
    return stay ? `(séjour ${quoted(stay.name)})` : '(séjour supprimé)';
  }

  /**
   * A favourite menu by its title ('le menu favori « Salade, Lasagnes »'), a meal's own menu by
   * its meal ('le menu du dîner du lundi 3 juillet 2023 (séjour « Colo »)').
   */
  async menu(menuId: Id | null): Promise<string> {
    const menu = await this.row('menus', menuId);
    // Menus and recipes also stop being readable when unpublished: not "deleted".
    if (menu === null) return "un menu qui n'est plus disponible";
    if (menu.isFavorite) {
      const title = await this.menuTitleOf(menu);
      return title === '' ? 'un menu favori vide' : `le menu favori ${quoted(title)}`;
    }
    const meals = await this.source.where('meals', 'menuId', menu.id);
    const meal = meals[0];
    if (meal === undefined) return "le menu d'un repas supprimé";
    return `le menu ${ofPhrase(await this.mealOf(meal))}`;
  }

  async menuTitleOf(menu: Menu): Promise<string> {
    const recipes = new Map<Id, Recipe>();
    const ingredients = new Map<Id, Ingredient>();
    for (const recipeId of menu.recipeIds) {
      const recipe = await this.row('recipes', recipeId);
      if (recipe) recipes.set(recipeId, recipe);
    }
    for (const { ingredientId } of menu.ingredients) {
      const ingredient = await this.row('ingredients', ingredientId);
      if (ingredient) ingredients.set(ingredientId, ingredient);
    }
    return menuTitle(menu, recipes, ingredients);
  }

  async ingredientName(ingredientId: Id | null): Promise<string | null> {
    return (await this.row('ingredients', ingredientId))?.name ?? null;
  }

  /** "l'ingrédient « Tomates »" / 'un ingrédient supprimé'. */
  async ingredient(ingredientId: Id | null): Promise<string> {
    const name = await this.ingredientName(ingredientId);
    return name === null ? 'un ingrédient supprimé' : `l'ingrédient ${quoted(name)}`;
  }

  recipeRow = (recipeId: Id | null): Promise<Recipe | null> => this.row('recipes', recipeId);

  /** 'la recette « Lasagnes »' / "une recette qui n'est plus disponible". */
  async recipe(recipeId: Id | null): Promise<string> {
    const recipe = await this.recipeRow(recipeId);
    return recipe ? `la recette ${quoted(recipe.name)}` : "une recette qui n'est plus disponible";
  }

  profileRow = (profileId: Id | null): Promise<Profile | null> => this.row('profiles', profileId);

  /** 'le profil de fournisseurs « Intermarché »' / 'un profil de fournisseurs supprimé'. */
  async profile(profileId: Id | null): Promise<string> {
    const profile = await this.profileRow(profileId);
    return profile
      ? `le profil de fournisseurs ${quoted(profile.name)}`
      : 'un profil de fournisseurs supprimé';
  }

  supplierRow = (supplierId: Id | null): Promise<Supplier | null> =>
    this.row('suppliers', supplierId);

  /** 'le fournisseur « Boulangerie »', 'Sans fournisseur' / 'un fournisseur supprimé'. */
  async supplier(supplierId: Id | null): Promise<string> {
    if (supplierId === NO_SUPPLIER) return '« Sans fournisseur »';
    const supplier = await this.supplierRow(supplierId);
    return supplier ? `le fournisseur ${quoted(supplier.name)}` : 'un fournisseur supprimé';
  }

  /**
   * A row put back by an undo, named from its own data: 'le séjour « Colo »', 'le dîner du
   * lundi 3 juillet 2023 (séjour « Colo »)'. A meal's private menu goes without saying (null).
   */
  async restoredRow(
    table: string,
    row: Args,
    stays: ReadonlyMap<Id, Stay>,
  ): Promise<string | null> {
    const name = typeof row.name === 'string' ? quoted(row.name) : null;
    switch (table) {
      case 'stays':
        return name && `le séjour ${name}`;
      case 'groups':
        return name && `le groupe ${name}`;
      case 'recipes':
        return name && `la recette ${name}`;
      case 'ingredients':
        return name && `l'ingrédient ${name}`;
      case 'profiles':
        return name && `le profil de fournisseurs ${name}`;
      case 'suppliers':
        return name && `le fournisseur ${name}`;
      case 'shopLists':
        return name && `la liste ${name}`;
      case 'stock': {
        const ingredientId = typeof row.ingredientId === 'number' ? row.ingredientId : null;
        const ingredient = await this.ingredientName(ingredientId);
        return ingredient === null
          ? 'une entrée de la réserve'
          : `l'entrée ${quoted(ingredient)} de la réserve`;
      }
      case 'menus':
        return row.isFavorite === true ? 'un menu favori' : null;
      case 'meals': {
        const stayId = typeof row.stayId === 'number' ? row.stayId : null;
        const day = typeof row.day === 'number' && Number.isInteger(row.day) ? row.day : null;
        const stay =
          (stayId !== null ? stays.get(stayId) : undefined) ?? (await this.stayRow(stayId));
        const meal = isHoraire(row.slot) ? SLOT_PHRASES[row.slot] : 'le repas';
        if (stay === null || day === null) return meal;
        try {
          return `${meal} du ${formatLongDate(dayToDate(stay.start, day))} (séjour ${quoted(stay.name)})`;
        } catch {
          return meal;
        }
      }
      default:
        return null;
    }
  }

  shopListRow = (listId: Id | null): Promise<ShopList | null> => this.row('shopLists', listId);

  /** 'la liste « Courses du 3 juillet »' / 'une liste supprimée'. */
  shopListOf(list: ShopList | null): string {
    return list ? `la liste ${quoted(list.name)}` : 'une liste supprimée';
  }

  /**
   * A line of a list by its key: '« Tomates »', with its day for a fresh product bought per day
   * ('« Tomates » pour le mardi 4 juillet 2023'); a line no longer on the device is named by its
   * ingredient, else 'une ligne supprimée'.
   */
  async shopLine(list: ShopList | null, key: string | null): Promise<string> {
    const line: ShopItem | undefined = list?.items.find((item) => item.key === key);
    if (line === undefined) {
      const ingredientId = key === null ? null : Number(key.split('@')[0]);
      const name = await this.ingredientName(
        ingredientId !== null && Number.isSafeInteger(ingredientId) ? ingredientId : null,
      );
      return name === null ? 'une ligne supprimée' : quoted(name);
    }
    const stay = line.day === null ? null : await this.stayRow(list?.stayId ?? null);
    if (stay === null || line.day === null) return quoted(line.name);
    try {
      return `${quoted(line.name)} pour le ${formatLongDate(dayToDate(stay.start, line.day))}`;
    } catch {
      return quoted(line.name);
    }
  }

  stockRow = (stockId: Id | null): Promise<StockItem | null> => this.row('stock', stockId);

  /** 'la réserve du séjour « Colo »' / 'la réserve' when the stay is not known. */
  async larder(stayId: Id | null): Promise<string> {
    return stayId === null ? 'la réserve' : `la réserve ${await this.ofStay(stayId)}`;
  }

  /** 'dans le profil de fournisseurs « Intermarché »'. */
  async inProfile(profileId: Id | null): Promise<string> {
    return `dans ${await this.profile(profileId)}`;
  }
}

/** A slot in a sentence, with its article. */
const SLOT_PHRASES: Record<Horaire, string> = {
  0: 'le petit déjeuner',
  1: 'le repas de midi',
  2: 'le goûter',
  3: 'le dîner',
  4: 'le cinquième repas',
};

/** 'le séjour « Colo »' → 'du séjour « Colo »'; 'un séjour supprimé' → "d'un séjour supprimé". */
function ofPhrase(phrase: string): string {
  if (phrase.startsWith('le ')) return `du ${phrase.slice(3)}`;
  if (phrase.startsWith('les ')) return `des ${phrase.slice(4)}`;
  if (/^(la |l'|un |une |« )/u.test(phrase))
    return `de ${phrase}`.replace(/^de (un|une) /u, "d'$1 ");
  return `de ${phrase}`;
}

/** 'le menu …' → 'au menu …'; 'un menu …' → 'à un menu …'. */
function toPhrase(phrase: string): string {
  if (phrase.startsWith('le ')) return `au ${phrase.slice(3)}`;
  if (phrase.startsWith('les ')) return `aux ${phrase.slice(4)}`;
  return `à ${phrase}`;
}

/** 'le dîner …' → 'du dîner …'. */
const ofMeal = ofPhrase;

/** What an update changes, in words: ' : nouveau nom « X », début le lundi 3 juillet 2023'. */
const changes = (parts: (string | null)[]): string => {
  const kept = parts.filter((p): p is string => p !== null);
  return kept.length === 0 ? '' : ` : ${kept.join(', ')}`;
};

const newName = (args: Args, current: string | null | undefined): string | null => {
  const name = text(args, 'name');
  if (name === null || name.trim() === current?.trim()) return null;
  return `nouveau nom ${quoted(name)}`;
};

const startsOn = (start: string | null): string | null => {
  if (start === null) return null;
  try {
    return `début le ${formatLongDate(dayToDate(start, 0))}`;
  } catch {
    return null;
  }
};

/** 'pour le régime végétarien', 'pour l'allergie aux arachides' (issue 20). */
function forWhom(a: Args): string {
  const code = id(a, 'code');
  if (a.kind === 'diet' && code !== null && code in DIET_LABELS) {
    return `pour le régime ${DIET_LABELS[code as Diet].toLowerCase()}`;
  }
  if (a.kind === 'allergen' && code !== null && code in ALLERGIC_TO) {
    return `pour l'allergie ${ALLERGIC_TO[code as Allergen]}`;
  }
  return 'pour un régime';
}

const people = (n: number): string => `${n} personne${n > 1 || n < -1 ? 's' : ''}`;

/** A pack from the arguments ('paquet de 500 gr'), null when there is none or it is malformed. */
function packOf(value: unknown): { name: string; size: number; unite: Unite } | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  if (typeof p.name !== 'string' || typeof p.size !== 'number' || !isUnite(p.unite)) return null;
  return { name: p.name.trim(), size: p.size, unite: p.unite };
}

/**
 * What a change of an ingredient's pack and prices sets (issue 21): 'paquet de 500 gr, 1,20 €
 * par paquet, 2,40 € par kg chez « Carrefour »'. The default price comes without a supplier.
 */
async function purchaseWords(a: Args, w: Words): Promise<string[]> {
  const pack = packOf(a.pack);
  const parts: string[] = [];
  if (a.pack === null) parts.push('sans paquet');
  else if (pack !== null) {
    try {
      parts.push(`${pack.name} de ${formatPackSize(pack)}`);
    } catch {
      // A size that is not a finite number: the pack goes unsaid.
    }
  }
  const prices = (Array.isArray(a.prices) ? a.prices : []).filter(
    (p): p is Args => typeof p === 'object' && p !== null,
  );
  for (const p of prices.slice(0, LIST_MAX)) {
    if (typeof p.amount !== 'number' || !Number.isFinite(p.amount)) continue;
    const per =
      p.per === 'pack'
        ? `par ${pack?.name || 'paquet'}`
        : isUnite(p.per)
          ? perLabel(p.per, null)
          : null;
    if (per === null) continue;
    const supplierId = id(p, 'supplierId');
    const supplier = supplierId === null ? null : await w.supplierRow(supplierId);
    const where =
      supplierId === null
        ? ''
        : supplier === null
          ? ' chez un fournisseur supprimé'
          : ` chez ${quoted(supplier.name)}`;
    parts.push(`${formatEuros(p.amount)} ${per}${where}`);
  }
  const rest = prices.length - LIST_MAX;
  if (rest > 0) parts.push(`${rest} autre${rest > 1 ? 's' : ''} prix`);
  return parts;
}

// ---- One sentence per mutation ----

const DESCRIBERS: { [N in MutationName]?: Describer } = {
  // Stays and groups
  createStay: async (a) =>
    `Création du séjour ${quoted(text(a, 'name') ?? '')}${changes([startsOn(text(a, 'start'))])}`,
  updateStay: async (a, w) => {
    const stay = await w.stayRow(id(a, 'id'));
    return `Modification ${await w.ofStay(id(a, 'id'))}${changes([
      newName(a, stay?.name),
      startsOn(text(a, 'start')),
    ])}`;
  },
  deleteStay: async (a, w) => `Suppression ${await w.ofStay(id(a, 'id'))}`,
  duplicateStay: async (a, w) => `Duplication ${await w.ofStay(id(a, 'id'))}`,
  setStayProfile: async (a, w) => {
    const stay = await w.stay(id(a, 'stayId'));
    const profileId = id(a, 'profileId');
    if (profileId === null) return `Retrait du profil de fournisseurs par défaut ${ofPhrase(stay)}`;
    return `Choix ${ofPhrase(await w.profile(profileId))} comme profil par défaut ${ofPhrase(stay)}`;
  },
  setStayBudget: async (a, w) => {
    const budget = a.budget;
    if (budget === null) return `Retrait du budget ${await w.ofStay(id(a, 'stayId'))}`;
    const amount =
      typeof budget === 'number' && Number.isFinite(budget)
        ? `${formatEuros(budget)} par personne et par jour`
        : null;
    return `Budget ${await w.ofStay(id(a, 'stayId'))}${changes([amount])}`;
  },
  setStayExportSecret: async (a, w) =>
    a.secret === null
      ? `Révocation du lien d'export vers un smartphone ${await w.ofStay(id(a, 'stayId'))}`
      : `Création du lien d'export vers un smartphone ${await w.ofStay(id(a, 'stayId'))}`,
  createGroup: async (a, w) => {
    const size = id(a, 'size');
    const sized = size === null ? '' : ` (${people(size)})`;
    return `Ajout du groupe ${quoted(text(a, 'name') ?? '')}${sized} ${toPhrase(await w.stay(id(a, 'stayId')))}`;
  },
  updateGroup: async (a, w) => {
    const group = await w.group(id(a, 'id'));
    const row = await w.row('groups', id(a, 'id'));
    const size = id(a, 'size');
    return `Modification ${ofPhrase(group)}${row ? ` ${await w.ofStay(row.stayId)}` : ''}${changes([
      newName(a, row?.name),
      size === null || size === row?.size ? null : `taille ${people(size)}`,
    ])}`;
  },
  setGroupNeeds: async (a, w) => {
    const row = await w.row('groups', id(a, 'id'));
    return `Régimes et allergies ${ofPhrase(await w.group(id(a, 'id')))}${row ? ` ${await w.ofStay(row.stayId)}` : ''}`;
  },
  deleteGroup: async (a, w) => {
    const row = await w.row('groups', id(a, 'id'));
    const group = await w.group(id(a, 'id'));
    return `Suppression ${ofPhrase(group)}${row ? ` ${await w.ofStay(row.stayId)}` : ''}`;
  },

  // Meals
  createMeal: async (a, w) => {
    const when = await w.slotOfDay(id(a, 'stayId'), id(a, 'day'), a.slot);
    return `Ajout ${ofMeal(when)} ${await w.stayInBrackets(id(a, 'stayId'))}`;
  },
  updateMeal: async (a, w) => {
    const meal = await w.mealRow(id(a, 'id'));
    const parts: (string | null)[] = [];
    if (meal !== null && (a.day !== undefined || a.slot !== undefined)) {
      const day = id(a, 'day') ?? meal.day;
      const slot = isHoraire(a.slot) ? a.slot : meal.slot;
      if (day !== meal.day || slot !== meal.slot) {
        parts.push(`déplacé ${toPhrase(await w.slotOfDay(meal.stayId, day, slot))}`);
      }
    }
    const extra = id(a, 'additionalPeople');
    if (extra !== null && extra !== meal?.additionalPeople) {
      parts.push(
        `${extra >= 0 ? '+' : ''}${people(extra)} en plus des groupes`.replace(/^\+-/u, '-'),
      );
    }
    return `Modification ${ofMeal(await w.mealOf(meal))}${changes(parts)}`;
  },
  deleteMeal: async (a, w) => `Suppression ${ofMeal(await w.meal(id(a, 'id')))}`,
  setMealAlternative: async (a, w) =>
    `Alternative ${forWhom(a)} ${ofMeal(await w.meal(id(a, 'mealId')))}`,
  removeMealAlternative: async (a, w) =>
    `Retrait de l'alternative ${forWhom(a)} ${ofMeal(await w.meal(id(a, 'mealId')))}`,
  moveMealGroup: async (a, w) =>
    `Déplacement ${ofPhrase(await w.group(id(a, 'groupId')))} ${ofMeal(
      await w.meal(id(a, 'fromMealId')),
    )} vers ${await w.meal(id(a, 'toMealId'))}`,
  runMealWizard: async (a, w) => {
    const days = id(a, 'daysNumber');
    const span = days === null ? '' : ` sur ${days} jour${days > 1 ? 's' : ''}`;
    const replacing = a.deleteExisting === true ? ', en remplaçant les repas existants' : '';
    return `Création des repas${span} ${await w.ofStay(id(a, 'stayId'))} par l'assistant${replacing}`;
  },
  setMealMenu: async (a, w) =>
    `Choix ${ofPhrase(await w.menu(id(a, 'menuId')))} pour ${await w.meal(id(a, 'mealId'))}`,
  swapMealMenus: async (a, w) =>
    `Permutation des menus ${ofMeal(await w.meal(id(a, 'mealId1')))} et ${ofMeal(
      await w.meal(id(a, 'mealId2')),
    )}`,
  saveMealMenuAsFavorite: async (a, w) => {
    const meal = await w.mealRow(id(a, 'mealId'));
    return `Enregistrement du menu ${ofMeal(await w.mealOf(meal))} dans la bibliothèque`;
  },

  // Menus
  addMenuIngredient: async (a, w) =>
    `Ajout ${ofPhrase(await w.ingredient(id(a, 'ingredientId')))} ${toPhrase(await w.menu(id(a, 'menuId')))}`,
  addMenuRecipe: async (a, w) =>
    `Ajout ${ofPhrase(await w.recipe(id(a, 'recipeId')))} ${toPhrase(await w.menu(id(a, 'menuId')))}`,
  updateMenuIngredient: async (a, w) => {
    const quantity = quantityWords(a.quantity);
    return `Modification ${ofPhrase(await w.ingredient(id(a, 'ingredientId')))} dans ${await w.menu(
      id(a, 'menuId'),
    )}${changes([quantity])}`;
  },
  removeMenuItem: async (a, w) => {
    const item =
      a.isRecipe === true ? await w.recipe(id(a, 'itemId')) : await w.ingredient(id(a, 'itemId'));
    return `Retrait ${ofPhrase(item)} ${ofPhrase(await w.menu(id(a, 'menuId')))}`;
  },
  createFavoriteMenu: async () => "Création d'un menu favori",
  deleteMenu: async (a, w) => `Suppression ${ofPhrase(await w.menu(id(a, 'id')))}`,
  setMenuPublished: async (a, w) =>
    `${a.isPublished === false ? 'Retrait de la publication' : 'Publication'} ${ofPhrase(
      await w.menu(id(a, 'id')),
    )}`,

  // Recipes
  createRecipe: async (a) => `Création de la recette ${quoted(text(a, 'name') ?? '')}`,
  updateRecipe: async (a, w) => {
    const recipe = await w.recipeRow(id(a, 'id'));
    const description =
      typeof a.description === 'string' && a.description !== recipe?.description
        ? 'nouvelle description'
        : null;
    return `Modification ${ofPhrase(await w.recipe(id(a, 'id')))}${changes([
      newName(a, recipe?.name),
      description,
    ])}`;
  },
  setRecipePublished: async (a, w) =>
    `${a.isPublished === false ? 'Retrait de la publication' : 'Publication'} ${ofPhrase(
      await w.recipe(id(a, 'id')),
    )}`,
  deleteRecipe: async (a, w) => `Suppression ${ofPhrase(await w.recipe(id(a, 'id')))}`,
  addRecipeIngredient: async (a, w) =>
    `Ajout ${ofPhrase(await w.ingredient(id(a, 'ingredientId')))} ${toPhrase(await w.recipe(id(a, 'recipeId')))}`,
  updateRecipeIngredient: async (a, w) =>
    `Modification ${ofPhrase(await w.ingredient(id(a, 'ingredientId')))} dans ${await w.recipe(
      id(a, 'recipeId'),
    )}${changes([quantityWords(a.quantity)])}`,
  removeRecipeIngredient: async (a, w) =>
    `Retrait ${ofPhrase(await w.ingredient(id(a, 'ingredientId')))} ${ofPhrase(
      await w.recipe(id(a, 'recipeId')),
    )}`,

  // Ingredients
  createIngredient: async (a) => {
    const kind = isIngredientKind(a.kind) ? ` (${INGREDIENT_KIND_NAMES[a.kind]})` : '';
    return `Création de l'ingrédient ${quoted(text(a, 'name') ?? '')}${kind}`;
  },
  updateIngredient: async (a, w) => {
    const current = await w.row('ingredients', id(a, 'id'));
    const kind =
      isIngredientKind(a.kind) && a.kind !== current?.kind
        ? `catégorie ${quoted(INGREDIENT_KIND_NAMES[a.kind])}`
        : null;
    const fresh =
      a.fresh === undefined || a.fresh === current?.fresh
        ? null
        : a.fresh === true
          ? 'produit frais'
          : a.fresh === false
            ? 'pas un produit frais'
            : 'produit frais selon sa catégorie';
    return `Modification ${ofPhrase(await w.ingredient(id(a, 'id')))}${changes([
      newName(a, current?.name),
      kind,
      fresh,
    ])}`;
  },
  deleteIngredient: async (a, w) => `Suppression ${ofPhrase(await w.ingredient(id(a, 'id')))}`,
  importRecipes: async (a) => {
    const names = (Array.isArray(a.recipes) ? a.recipes : [])
      .map((r: unknown) => (typeof r === 'object' && r !== null ? (r as Args).name : null))
      .filter((n): n is string => typeof n === 'string');
    const count = names.length;
    const newOnes = Array.isArray(a.newIngredients) ? a.newIngredients.length : 0;
    const withNew =
      newOnes === 0
        ? ''
        : `, avec ${newOnes} nouvel${newOnes > 1 ? 's' : ''} ingrédient${newOnes > 1 ? 's' : ''}`;
    return `Import de ${count} recette${count > 1 ? 's' : ''}${count > 0 ? ` (${nameList(names)})` : ''}${withNew}`;
  },

  // Supplier profiles
  createProfile: async (a) => `Création du profil de fournisseurs ${quoted(text(a, 'name') ?? '')}`,
  renameProfile: async (a, w) =>
    `Renommage ${ofPhrase(await w.profile(id(a, 'id')))} en ${quoted(text(a, 'name') ?? '')}`,
  deleteProfile: async (a, w) => `Suppression ${ofPhrase(await w.profile(id(a, 'id')))}`,
  createSupplier: async (a, w) => {
    const name = text(a, 'name');
    const supplier = name === null ? "d'un fournisseur" : `du fournisseur ${quoted(name)}`;
    return `Ajout ${supplier} ${toPhrase(await w.profile(id(a, 'profileId')))}`;
  },
  renameSupplier: async (a, w) =>
    `Renommage ${ofPhrase(await w.supplier(id(a, 'id')))} en ${quoted(text(a, 'name') ?? '')}`,
  deleteSupplier: async (a, w) => {
    const supplier = await w.supplierRow(id(a, 'id'));
    const profile = supplier ? ` ${ofPhrase(await w.profile(supplier.profileId))}` : '';
    return `Suppression ${ofPhrase(await w.supplier(id(a, 'id')))}${profile}`;
  },
  mapProfileIngredients: async (a, w) => {
    const ids = (Array.isArray(a.ingredientIds) ? a.ingredientIds : []).filter(
      (v): v is number => typeof v === 'number',
    );
    const names: string[] = [];
    let missing = 0;
    for (const ingredientId of ids) {
      const name = await w.ingredientName(ingredientId);
      if (name === null) missing++;
      else names.push(name);
    }
    const known = names.length === 0 ? '' : nameList(names);
    const gone =
      missing === 0
        ? ''
        : `${missing} ingrédient${missing > 1 ? 's' : ''} supprimé${missing > 1 ? 's' : ''}`;
    const what = [known, gone].filter((s) => s !== '').join(' et ');
    const noun = ids.length > 1 ? 'des ingrédients' : "de l'ingrédient";
    return `Association ${noun} ${what} ${toPhrase(await w.supplier(id(a, 'supplierId')))} ${await w.inProfile(id(a, 'profileId'))}`;
  },
  mapProfileKinds: async (a, w) => {
    const kinds = (Array.isArray(a.kinds) ? a.kinds : []).filter(isIngredientKind);
    const noun = kinds.length > 1 ? 'des catégories' : 'de la catégorie';
    return `Association ${noun} ${nameList(kinds.map((k) => INGREDIENT_KIND_NAMES[k]))} ${toPhrase(
      await w.supplier(id(a, 'supplierId')),
    )} ${await w.inProfile(id(a, 'profileId'))}`;
  },

  // Undo ('Annuler' after a destructive action)
  restoreSnapshot: async (a, w) => {
    const put = (Array.isArray(a.put) ? a.put : []).filter(
      (p): p is { table: string; row: Args } =>
        typeof p === 'object' && p !== null && typeof (p as Args).row === 'object',
    );
    // Rows come with the snapshot: a restored meal's stay may be in it rather than on the device.
    const stays = new Map<Id, Stay>();
    for (const p of put)
      if (p.table === 'stays') stays.set(p.row.id as Id, p.row as unknown as Stay);
    const phrases: string[] = [];
    for (const { table, row } of put) {
      const phrase = await w.restoredRow(table, row, stays);
      if (phrase !== null) phrases.push(phrase);
    }
    const removed = Array.isArray(a.remove) ? a.remove.length : 0;
    if (phrases.length === 0) {
      return removed === 0
        ? "Annulation d'une action"
        : `Annulation d'une action : retrait de ${removed} élément${removed > 1 ? 's' : ''}`;
    }
    const shown = phrases.slice(0, LIST_MAX).map(ofPhrase);
    const rest = phrases.length - shown.length;
    const list =
      rest > 0
        ? `${shown.join(', ')} et de ${rest} autre${rest > 1 ? 's' : ''} élément${rest > 1 ? 's' : ''}`
        : shown.length === 1
          ? shown[0]
          : `${shown.slice(0, -1).join(', ')} et ${shown[shown.length - 1]}`;
    return `Annulation : rétablissement ${list}`;
  },

  tidyProfileMapping: async (a, w) =>
    `Simplification des associations ${ofPhrase(await w.profile(id(a, 'profileId')))}`,

  // Shopping lists
  createShopList: async (a, w) => {
    const stayId = id(a, 'stayId');
    const forStay = stayId === null ? '' : ` pour ${await w.stay(stayId)}`;
    const lines = Array.isArray(a.items) ? a.items.length : null;
    const count = lines === null ? '' : ` (${lines} ligne${lines > 1 ? 's' : ''})`;
    return `Création de la liste ${quoted(text(a, 'name') ?? '')}${forStay}${count}`;
  },
  deleteShopList: async (a, w) =>
    `Suppression ${ofPhrase(w.shopListOf(await w.shopListRow(id(a, 'id'))))}`,
  tickShopItem: async (a, w) => {
    const list = await w.shopListRow(id(a, 'id'));
    const line = await w.shopLine(list, text(a, 'key'));
    const what = a.checked === false ? 'Retrait de la coche' : 'Coche';
    return `${what} ${ofPhrase(line)} dans ${w.shopListOf(list)}`;
  },
  setShopItemBought: async (a, w) => {
    const list = await w.shopListRow(id(a, 'id'));
    const line = await w.shopLine(list, text(a, 'key'));
    const bought = a.bought === null ? 'comme prévu' : totalWords(a.bought);
    return `Quantité achetée ${ofPhrase(line)} dans ${w.shopListOf(list)}${changes([bought])}`;
  },
  shareShopList: async (a, w) =>
    `Partage ${ofPhrase(w.shopListOf(await w.shopListRow(id(a, 'id'))))} par un lien`,
  stopSharingShopList: async (a, w) =>
    `Fin du partage ${ofPhrase(w.shopListOf(await w.shopListRow(id(a, 'id'))))} par un lien`,
  addPurchasesToStock: async (a, w) => {
    const list = await w.shopListRow(id(a, 'id'));
    return `Rangement des achats cochés ${ofPhrase(w.shopListOf(list))} dans ${await w.larder(
      list?.stayId ?? null,
    )}`;
  },

  // Packs and prices (issue 21)
  setPurchase: async (a, w) => {
    const ingredient = ofPhrase(await w.ingredient(id(a, 'ingredientId')));
    const prices = Array.isArray(a.prices) ? a.prices.length : 0;
    if (a.pack === null && prices === 0) return `Retrait des prix et du paquet ${ingredient}`;
    return `Prix et paquet ${ingredient}${changes(await purchaseWords(a, w))}`;
  },

  // The larder
  addStock: async (a, w) => {
    const amount = amountWords(a.val, a.unite);
    const ingredient = ofPhrase(await w.ingredient(id(a, 'ingredientId')));
    return `Ajout ${amount === null ? '' : `de ${amount} `}${ingredient} ${toPhrase(
      await w.larder(id(a, 'stayId')),
    )}`;
  },
  updateStock: async (a, w) => {
    const row = await w.stockRow(id(a, 'id'));
    if (row === null) return "Modification d'une entrée supprimée de la réserve";
    const val = typeof a.val === 'number' ? a.val : row.val;
    const unite = isUnite(a.unite) ? a.unite : row.unite;
    const amount = val === row.val && unite === row.unite ? null : amountWords(val, unite);
    return `Modification ${ofPhrase(await w.ingredient(row.ingredientId))} dans ${await w.larder(
      row.stayId,
    )}${changes([amount])}`;
  },
  deleteStock: async (a, w) => {
    const row = await w.stockRow(id(a, 'id'));
    if (row === null) return "Retrait d'une entrée supprimée de la réserve";
    const amount = amountWords(row.val, row.unite);
    return `Retrait ${amount === null ? '' : `de ${amount} `}${ofPhrase(
      await w.ingredient(row.ingredientId),
    )} ${ofPhrase(await w.larder(row.stayId))}`;
  },
};
