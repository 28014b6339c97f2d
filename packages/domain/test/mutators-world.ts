/**
 * Fixtures for the mutator tests: a world of rows over a MemoryStore, a MutationContext per
 * user, seeders with plain defaults, and a way to catch a refusal together with the state
 * before and after it. Kept free of vitest so that it type-checks with the package.
 */
import type {
  RegisterEntry,
  Group,
  Id,
  Ingredient,
  MemberRole,
  Meal,
  Menu,
  Profile,
  Purchase,
  Recipe,
  ShopItem,
  ShopList,
  Stay,
  StockItem,
  Supplier,
  TableName,
  Tables,
} from '../src/entities.js';
import { TABLE_NAMES } from '../src/entities.js';
import { Horaire, Plat, Unite } from '../src/enums.js';
import { DomainError, conflict } from '../src/errors.js';
import { MemoryStore } from '../src/memory-store.js';
import type { MutationArgs, MutationContext, MutationName } from '../src/mutators/index.js';
import { runMutation } from '../src/mutators/index.js';

export const ALICE: Id = 1;
export const BOB: Id = 2;
export const CAROL: Id = 3;

export const NOW = '2024-05-01T10:00:00.000Z';
export const LATER = '2024-05-02T10:00:00.000Z';

/** Seeded rows take ids from 100 up; ids chosen by a test for new rows start here. */
export const FRESH = 10_000;

export type WorldSnapshot = { [T in TableName]: Tables[T][] };

/**
 * A context whose claimId refuses an id already used in its table, like the server does
 * (the server also checks the id against the user's leased blocks, which tests do not need).
 * It only reads the store: two claims of the same id within one mutation both pass, as on
 * the server, so a mutator has to keep its own new ids distinct.
 */
export class TestContext implements MutationContext {
  readonly claimed: { table: TableName; id: Id }[] = [];

  constructor(
    readonly store: MemoryStore,
    readonly userId: Id,
  ) {}

  async claimId(table: TableName, id: Id): Promise<void> {
    if (await this.store.get(table, id)) {
      throw conflict(`L'identifiant ${id} est déjà utilisé.`);
    }
    this.claimed.push({ table, id });
  }

  async claimRestoredId(table: TableName, id: Id): Promise<void> {
    if (await this.store.get(table, id)) {
      throw conflict(`L'identifiant ${id} est déjà utilisé.`);
    }
  }
}

export interface Refusal {
  error: DomainError;
  before: WorldSnapshot;
  after: WorldSnapshot;
}

/** A line of a list as stored, nothing ticked: 1 kg of the ingredient to buy. */
export function shopLine(
  ingredient: Pick<Ingredient, 'id' | 'name' | 'kind'>,
  over: Partial<ShopItem> = {},
): ShopItem {
  const kg = { pieces: 0, grams: 1000, centiliters: 0 };
  return {
    key:
      over.day === undefined || over.day === null
        ? String(ingredient.id)
        : `${ingredient.id}@${over.day}`,
    ingredientId: ingredient.id,
    name: ingredient.name,
    kind: ingredient.kind,
    supplier: '',
    day: null,
    need: kg,
    inStock: { pieces: 0, grams: 0, centiliters: 0 },
    toBuy: kg,
    uses: [],
    checked: false,
    stored: false,
    bought: null,
    tickedAt: null,
    ...over,
  };
}

export class World {
  readonly store = new MemoryStore();
  private lastId = 99;

  /** A world with three users: Alice, Bob and Carol. */
  static async create(): Promise<World> {
    const world = new World();
    await world.store.put('users', { id: ALICE, pseudo: 'Alice' });
    await world.store.put('users', { id: BOB, pseudo: 'Bob' });
    await world.store.put('users', { id: CAROL, pseudo: 'Carol' });
    return world;
  }

  as(userId: Id): TestContext {
    return new TestContext(this.store, userId);
  }

  async run<N extends MutationName>(userId: Id, name: N, args: MutationArgs<N>): Promise<void> {
    await runMutation(this.as(userId), name, args);
  }

  /** Runs a mutation that must be refused; any other outcome fails the test. */
  async refusal(userId: Id, name: unknown, args: unknown): Promise<Refusal> {
    const before = this.snapshot();
    try {
      await runMutation(this.as(userId), name, args);
    } catch (e) {
      if (e instanceof DomainError) return { error: e, before, after: this.snapshot() };
      throw e;
    }
    throw new Error(`La modification ${String(name)} aurait dû être refusée.`);
  }

  snapshot(): WorldSnapshot {
    const tables = {} as Record<TableName, unknown[]>;
    for (const table of TABLE_NAMES) tables[table] = this.store.snapshot(table);
    return tables as WorldSnapshot;
  }

  async get<T extends TableName>(table: T, id: Id): Promise<Tables[T] | undefined> {
    return this.store.get(table, id);
  }

  /** Ids of a table, sorted. */
  ids(table: TableName): Id[] {
    return this.store.snapshot(table).map((r) => r.id);
  }

  nextId(): Id {
    return ++this.lastId;
  }

  async ingredient(owner: Id | null, over: Partial<Ingredient> = {}): Promise<Ingredient> {
    const id = over.id ?? this.nextId();
    return this.put('ingredients', { id, name: `Ingrédient ${id}`, kind: 0, owner, ...over });
  }

  async recipe(owner: Id, over: Partial<Recipe> = {}): Promise<Recipe> {
    const id = over.id ?? this.nextId();
    return this.put('recipes', {
      id,
      owner,
      name: `Recette ${id}`,
      plat: Plat.PlatPrincipal,
      description: '',
      isPublished: false,
      updated: NOW,
      ingredients: [],
      ...over,
    });
  }

  async menu(owner: Id, over: Partial<Menu> = {}): Promise<Menu> {
    return this.put('menus', {
      id: over.id ?? this.nextId(),
      owner,
      isFavorite: true,
      isPublished: false,
      updated: NOW,
      ingredients: [],
      recipeIds: [],
      ...over,
    });
  }

  async stay(owner: Id, over: Partial<Stay> = {}): Promise<Stay> {
    return this.put('stays', {
      id: over.id ?? this.nextId(),
      owner,
      name: 'Camp',
      start: '2024-07-01',
      profileId: null,
      exportSecret: null,
      ...over,
    });
  }

  async group(stay: Stay, over: Partial<Group> = {}): Promise<Group> {
    return this.put('groups', {
      id: over.id ?? this.nextId(),
      stayId: stay.id,
      owner: stay.owner,
      name: 'Groupe',
      color: '#AF0853',
      size: 10,
      ...over,
    });
  }

  /** A meal of the stay; without a menuId it gets a new private menu of its own. */
  async meal(stay: Stay, over: Partial<Meal> = {}): Promise<Meal> {
    const menuId =
      over.menuId ?? (await this.menu(stay.owner, { isFavorite: false, updated: NOW })).id;
    return this.put('meals', {
      id: over.id ?? this.nextId(),
      stayId: stay.id,
      owner: stay.owner,
      menuId,
      day: 0,
      slot: Horaire.Midi,
      additionalPeople: 0,
      groupIds: [],
      ...over,
    });
  }

  async profile(owner: Id, over: Partial<Profile> = {}): Promise<Profile> {
    return this.put('profiles', {
      id: over.id ?? this.nextId(),
      owner,
      name: 'Profil',
      ingredientLinks: [],
      kindLinks: [],
      ...over,
    });
  }

  async supplier(profile: Profile, over: Partial<Supplier> = {}): Promise<Supplier> {
    return this.put('suppliers', {
      id: over.id ?? this.nextId(),
      profileId: profile.id,
      owner: profile.owner,
      name: 'Fournisseur',
      ...over,
    });
  }

  /**
   * `userId` joins the stay with `role` as people do (issue 32): its owner makes a link, and
   * the server runs the join on the owner's behalf. The membership takes the id `id`.
   */
  async member(stay: Stay, userId: Id, role: MemberRole, id: Id = this.nextId()): Promise<void> {
    const invitationId = this.nextId();
    await this.run(stay.owner, 'inviteToStay', {
      id: invitationId,
      stayId: stay.id,
      role,
      mail: null,
      token: `lien-de-l-equipe-${invitationId}`,
      now: NOW,
    });
    await this.run(stay.owner, 'joinWithInvitation', { id, invitationId, userId, now: NOW });
  }

  /** A shopping list of the stay (its owner's), or of no stay (stayId null in `over`). */
  async shopList(stay: Stay, over: Partial<ShopList> = {}): Promise<ShopList> {
    return this.put('shopLists', {
      id: over.id ?? this.nextId(),
      owner: stay.owner,
      stayId: stay.id,
      name: 'Courses',
      created: NOW,
      items: [],
      share: null,
      ...over,
    });
  }

  /** One larder entry of the stay: 1 kg of the ingredient unless told otherwise. */
  async stock(
    stay: Stay,
    ingredient: Ingredient,
    over: Partial<StockItem> = {},
  ): Promise<StockItem> {
    return this.put('stock', {
      id: over.id ?? this.nextId(),
      stayId: stay.id,
      owner: stay.owner,
      ingredientId: ingredient.id,
      unite: Unite.Kg,
      val: 1,
      ...over,
    });
  }

  /**
   * An entry of a stay's kitchen register (issue 35): a sample of `meal` when given, else a
   * fridge reading of 3 °C on day 0, unless told.
   */
  async registerEntry(
    stay: Stay,
    over: Partial<RegisterEntry> & { kind?: RegisterEntry['kind'] } = {},
    meal?: Meal,
  ): Promise<RegisterEntry> {
    const base = {
      id: this.nextId(),
      stayId: stay.id,
      owner: stay.owner,
      day: 0,
      time: '08:00',
      by: stay.owner,
    };
    const entry: RegisterEntry = meal
      ? {
          ...base,
          kind: 'sample',
          mealId: meal.id,
          day: meal.day,
          slot: meal.slot,
          dishes: [],
          discarded: null,
        }
      : { ...base, kind: 'reading', unit: 'refrigerateur', value: 3, note: '', action: '' };
    return this.put('register', { ...entry, ...over } as RegisterEntry);
  }

  /** The user's pack and prices of an ingredient: a default price of 2 € per kg unless told. */
  async purchase(
    owner: Id,
    ingredient: Pick<Ingredient, 'id'>,
    over: Partial<Purchase> = {},
  ): Promise<Purchase> {
    return this.put('purchases', {
      id: over.id ?? this.nextId(),
      owner,
      ingredientId: ingredient.id,
      pack: null,
      prices: [{ supplierId: null, amount: 2, per: Unite.Kg, date: '2024-06-15' }],
      ...over,
    });
  }

  private async put<T extends TableName>(table: T, row: Tables[T]): Promise<Tables[T]> {
    await this.store.put(table, row);
    return row;
  }
}
