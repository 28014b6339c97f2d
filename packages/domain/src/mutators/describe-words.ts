/**
 * The words a mutation's sentence is made of (see MutatorDef.describe): what the user tried to
 * do, naming the entity, its name, and for meals the stay's day and the slot ('Ajout de
 * l'ingrédient « Tomates » au menu du dîner du lundi 3 juillet 2023 (séjour « Colo »)'). Names
 * are read from the device's rows through a small lookup; a row that is gone reads as 'un
 * ingrédient supprimé' rather than as an id. Arguments come back from the server as they were
 * sent, so they are read defensively: nothing here ever throws on malformed arguments.
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
} from '../entities.js';
import { NO_SUPPLIER } from '../entities.js';
import type { Horaire, Unite } from '../enums.js';
import { isHoraire, isUnite } from '../enums.js';
import { dayToDate, formatLongDate } from '../dates.js';
import { formatEuros, formatPackSize, perLabel } from '../costs.js';
import { menuTitle } from '../menu-title.js';
import { formatQuantity, formatTotal } from '../quantity.js';
import type { ReadStore } from '../store.js';
import { ALLERGIC_TO, DIET_LABELS, type Allergen, type Diet } from '../allergens.js';

/** What describing needs from the device's rows (a Store does it; so does a MemoryStore). */
export type DescribeLookup = Pick<ReadStore, 'get' | 'where'>;

/** A mutation's arguments as they come back: any shape, read field by field. */
export type DescribedArgs = Record<string, unknown>;

/** How many names a list shows before '…'. */
export const LIST_MAX = 3;

// ---- Reading arguments ----

/** An integer argument (an id, a day, a size), null when missing or malformed. */
export const argInt = (args: DescribedArgs, key: string): number | null => {
  const v = args[key];
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : null;
};
export const argText = (args: DescribedArgs, key: string): string | null => {
  const v = args[key];
  return typeof v === 'string' ? v : null;
};
export const quoted = (name: string): string => `« ${name.trim()} »`;

/** '« a », « b », « c » et 2 autres'. */
export function nameList(names: readonly string[]): string {
  const shown = names.slice(0, LIST_MAX).map(quoted);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} et ${rest} autre${rest > 1 ? 's' : ''}`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} et ${shown[shown.length - 1]}`;
}

export function quantityWords(value: unknown): string | null {
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
export function amountWords(val: unknown, unite: unknown): string | null {
  if (typeof val !== 'number' || !isUnite(unite)) return null;
  try {
    return formatQuantity(val, unite);
  } catch {
    return null;
  }
}

/** '12 pièces et 1,50 kg' for a total ({ pieces, grams, centiliters }), null when malformed. */
export function totalWords(value: unknown): string | null {
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
export class Words {
  /**
   * `applied`: the change is in the rows already (a journal's entry), so a value equal to the
   * row's is the change itself, said rather than left out as unchanged.
   */
  constructor(
    private readonly source: DescribeLookup,
    readonly applied = false,
  ) {}

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
    row: DescribedArgs,
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
      case 'register':
        return row.kind === 'sample'
          ? 'un plat témoin du registre'
          : row.kind === 'reading'
            ? 'un relevé de température du registre'
            : typeof row.product === 'string'
              ? `la réception ${quoted(row.product)} du registre`
              : 'une réception du registre';
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
export function ofPhrase(phrase: string): string {
  if (phrase.startsWith('le ')) return `du ${phrase.slice(3)}`;
  if (phrase.startsWith('les ')) return `des ${phrase.slice(4)}`;
  if (/^(la |l'|un |une |« )/u.test(phrase))
    return `de ${phrase}`.replace(/^de (un|une) /u, "d'$1 ");
  return `de ${phrase}`;
}

/** 'le menu …' → 'au menu …'; 'un menu …' → 'à un menu …'. */
export function toPhrase(phrase: string): string {
  if (phrase.startsWith('le ')) return `au ${phrase.slice(3)}`;
  if (phrase.startsWith('les ')) return `aux ${phrase.slice(4)}`;
  return `à ${phrase}`;
}

/** 'le dîner …' → 'du dîner …'. */
export const ofMeal = ofPhrase;

/** What an update changes, in words: ' : nouveau nom « X », début le lundi 3 juillet 2023'. */
export const changes = (parts: (string | null)[]): string => {
  const kept = parts.filter((p): p is string => p !== null);
  return kept.length === 0 ? '' : ` : ${kept.join(', ')}`;
};

export const newName = (args: DescribedArgs, current: string | null | undefined): string | null => {
  const name = argText(args, 'name');
  if (name === null || name.trim() === current?.trim()) return null;
  return `nouveau nom ${quoted(name)}`;
};

export const startsOn = (start: string | null): string | null => {
  if (start === null) return null;
  try {
    return `début le ${formatLongDate(dayToDate(start, 0))}`;
  } catch {
    return null;
  }
};

/** 'pour le régime végétarien', 'pour l'allergie aux arachides' (issue 20). */
export function forWhom(a: DescribedArgs): string {
  const code = argInt(a, 'code');
  if (a.kind === 'diet' && code !== null && code in DIET_LABELS) {
    return `pour le régime ${DIET_LABELS[code as Diet].toLowerCase()}`;
  }
  if (a.kind === 'allergen' && code !== null && code in ALLERGIC_TO) {
    return `pour l'allergie ${ALLERGIC_TO[code as Allergen]}`;
  }
  return 'pour un régime';
}

export const people = (n: number): string => `${n} personne${n > 1 || n < -1 ? 's' : ''}`;

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
export async function purchaseWords(a: DescribedArgs, w: Words): Promise<string[]> {
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
    (p): p is DescribedArgs => typeof p === 'object' && p !== null,
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
    const supplierId = argInt(p, 'supplierId');
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
