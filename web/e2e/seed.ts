/**
 * Puts data on the server for a browser test, the way a device would: the test logs in
 * through the API, leases ids and pushes mutations to /sync. Used where the screens that would
 * create the data are not what the test is about.
 */
import { randomBytes } from 'node:crypto';
import type { Ingredient, MemberRole, MutationArgs, MutationName, Quantity } from '@popote/domain';
import { normalizeSearchText } from '@popote/domain';
import type { IdBlock, PullResponse, PushResponse } from '@popote/sync-protocol';
import type { RunningApp } from './harness.js';

export interface ApiSession {
  userId: number;
  token: string;
}

/** Logs in through /api/loggin, as the login screen does. */
export async function apiLogin(
  app: RunningApp,
  mail: string,
  password: string,
): Promise<ApiSession> {
  const response = await fetch(`${app.baseUrl}/api/loggin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Mail: mail, Password: password }),
  });
  const answer = (await response.json()) as { Error: string; Id: number; Token: string };
  if (!response.ok || answer.Error) {
    throw new Error(`Login of ${mail} refused: ${JSON.stringify(answer)}`);
  }
  return { userId: answer.Id, token: answer.Token };
}

/** A quantity of `val` in `unite` for `forPeople` people. */
export const qty = (val: number, unite: Quantity['unite'], forPeople: number): Quantity => ({
  val,
  unite,
  forPeople,
});

/** A device of its own that creates rows on the server through /sync. */
export class Seeder {
  private readonly clientId = `seed-${randomBytes(8).toString('hex')}`;
  private block: IdBlock | null = null;
  private used = 0;
  private nextMutationId = 1;
  private queue: { id: number; name: string; args: unknown }[] = [];
  /** The ingredients on the server when the seeder opened (the catalogue), by search text. */
  private known = new Map<string, Ingredient>();

  private constructor(
    private readonly app: RunningApp,
    private readonly session: ApiSession,
  ) {}

  static async open(app: RunningApp, mail: string, password: string): Promise<Seeder> {
    const seeder = new Seeder(app, await apiLogin(app, mail, password));
    seeder.block = await seeder.post<IdBlock>('/sync/ids', { clientId: seeder.clientId });
    const { rows } = await seeder.pullAll();
    for (const row of rows) {
      if (row.table === 'ingredients') {
        const ingredient = row.row as Ingredient;
        seeder.known.set(normalizeSearchText(ingredient.name), ingredient);
      }
    }
    return seeder;
  }

  get userId(): number {
    return this.session.userId;
  }

  /** A fresh id from the leased block. */
  id(): number {
    return this.range(1).first;
  }

  /** `count` consecutive fresh ids. */
  range(count: number): { first: number; count: number } {
    if (this.block === null || this.used + count > this.block.count) {
      throw new Error('The seeder ran out of leased ids');
    }
    const first = this.block.first + this.used;
    this.used += count;
    return { first, count };
  }

  /**
   * The id of an ingredient: the server's own (the catalogue) when it has one of that name,
   * which must then be of `kind`; otherwise a new one is queued.
   */
  ingredient(name: string, kind: number): number {
    const existing = this.known.get(normalizeSearchText(name));
    if (existing) {
      if (existing.kind !== kind) {
        throw new Error(`${name} is of kind ${existing.kind} on the server, not ${kind}`);
      }
      return existing.id;
    }
    return this.add('createIngredient', { id: this.id(), name, kind }).id;
  }

  /** Queues a recipe with its description (if any) and its ingredients; answers its id. */
  recipe(
    name: string,
    plat: number,
    description: string,
    items: [ingredientId: number, quantity: Quantity][],
    now: string,
  ): number {
    const id = this.add('createRecipe', { id: this.id(), name, plat, now }).id;
    if (description) this.add('updateRecipe', { id, description, now });
    for (const [ingredientId, quantity] of items) {
      this.add('addRecipeIngredient', { recipeId: id, ingredientId, now });
      this.add('updateRecipeIngredient', { recipeId: id, ingredientId, quantity, now });
    }
    return id;
  }

  /** Queues a stay with one group (red, of `size` people); answers the stay's id. */
  stayWithGroup(name: string, start: string, group: string, size: number): number {
    const stayId = this.add('createStay', { id: this.id(), name, start }).id;
    this.add('createGroup', { id: this.id(), stayId, name: group, color: '#AA0000', size });
    return stayId;
  }

  /** Queues a meal of a stay, its menu holding these recipes; answers its ids. */
  meal(
    stayId: number,
    day: number,
    slot: number,
    now: string,
    recipeIds: readonly number[] = [],
  ): { id: number; menuId: number } {
    const { id, menuId } = this.add('createMeal', {
      id: this.id(),
      menuId: this.id(),
      stayId,
      day,
      slot,
      now,
    });
    for (const recipeId of recipeIds) this.add('addMenuRecipe', { menuId, recipeId, now });
    return { id, menuId };
  }

  /** Queues a mutation; nothing is sent before flush(). */
  add<N extends MutationName>(name: N, args: MutationArgs<N>): MutationArgs<N> {
    this.queue.push({ id: this.nextMutationId++, name, args });
    return args;
  }

  /** Pushes every queued mutation, then fails if the server refused any of them. */
  async flush(): Promise<void> {
    const batchSize = 200;
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, batchSize);
      const answer = await this.post<PushResponse>('/sync/push', {
        clientId: this.clientId,
        mutations: batch,
      });
      const last = batch.at(-1)?.id ?? 0;
      if (answer.lastMutationId !== last) {
        throw new Error(`The server processed up to ${answer.lastMutationId}, not ${last}`);
      }
      this.queue = this.queue.slice(batch.length);
    }
    const { rejections } = await this.pullAll();
    if (rejections.length > 0) {
      throw new Error(`The server refused seed mutations: ${JSON.stringify(rejections)}`);
    }
  }

  /**
   * `member` joins a stay of this user's as people do (issue 32): a link invitation with `role`
   * is made here, and the member follows it. Answers the membership's id.
   */
  async shareStay(stayId: number, member: ApiSession, role: MemberRole): Promise<number> {
    const token = randomBytes(16).toString('base64url');
    // Now, not a seed's date: the link must still be open when it is followed.
    const now = new Date().toISOString();
    this.add('inviteToStay', { id: this.id(), stayId, role, mail: null, token, now });
    await this.flush();
    await request(this.app, member, 'POST', '/api/team/join', { token });
    const team = await request<{ members: { id: number; userId: number }[] }>(
      this.app,
      member,
      'GET',
      `/api/team?stayId=${stayId}`,
    );
    return team.members.find((m) => m.userId === member.userId)!.id;
  }

  /** The rows of `table` the user reads on the server now (what their next sync would bring). */
  async rowsOf<T>(table: string): Promise<T[]> {
    const { rows } = await this.pullAll();
    return rows.filter((r) => r.table === table).map((r) => r.row as T);
  }

  /** Everything the user may read, and this device's refused mutations. */
  private async pullAll(): Promise<{
    rows: { table: string; row: unknown }[];
    rejections: PullResponse['rejections'];
  }> {
    const rows: { table: string; row: unknown }[] = [];
    const rejections: PullResponse['rejections'] = [];
    let cursor: string | null = null;
    for (;;) {
      const page: PullResponse = await this.post<PullResponse>('/sync/pull', {
        clientId: this.clientId,
        cookie: null,
        cursor,
      });
      for (const op of page.patch) if (op.op === 'put') rows.push(op);
      rejections.push(...page.rejections);
      if (!page.more) return { rows, rejections };
      cursor = page.cursor;
    }
  }

  private post<T>(path: string, body: unknown): Promise<T> {
    return request<T>(this.app, this.session, 'POST', path, body);
  }
}

/** A call of the server's API as `session`'s user; fails unless it answers 2xx. */
async function request<T>(
  app: RunningApp,
  session: ApiSession,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Authorization: `Bearer ${session.token}`,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    throw new Error(`${path} answered HTTP ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The camp's ingredients (the server's catalogue ones when it has them) and two recipes. */
export interface CampRecipes {
  ingredients: Record<'pates' | 'boeuf' | 'tomates' | 'pain' | 'riz' | 'lait' | 'oeufs', number>;
  /** Per 10 people: 1 kg Spaghetti, 1,5 kg Bœuf haché, 5 Tomate. */
  bolognaise: number;
  /** Per 8 people: 0,5 kg Riz rond, 2 L Lait entier. */
  rizAuLait: number;
}

/**
 * Queues the recipes the export screen, exports and screen tests plan their stays with (their
 * quantities are worked out by hand in those tests).
 */
export function seedCampRecipes(
  seed: Seeder,
  now: string,
  options: { bolognaiseName?: string; bolognaiseText?: string; rizAuLaitText?: string } = {},
): CampRecipes {
  const ingredients = {
    pates: seed.ingredient('Spaghetti', 2),
    boeuf: seed.ingredient('Bœuf haché', 3),
    tomates: seed.ingredient('Tomate', 1),
    pain: seed.ingredient('Baguette', 6),
    riz: seed.ingredient('Riz rond', 2),
    lait: seed.ingredient('Lait entier', 5),
    oeufs: seed.ingredient('Œufs', 5),
  };
  const bolognaise = seed.recipe(
    options.bolognaiseName ?? 'Bolognaise',
    2,
    options.bolognaiseText ?? 'Faire revenir la viande avec l’oignon.',
    [
      [ingredients.pates, qty(1, 1, 10)],
      [ingredients.boeuf, qty(1.5, 1, 10)],
      [ingredients.tomates, qty(5, 0, 10)],
    ],
    now,
  );
  const rizAuLait = seed.recipe(
    'Riz au lait',
    1,
    options.rizAuLaitText ?? '',
    [
      [ingredients.riz, qty(0.5, 1, 8)],
      [ingredients.lait, qty(2, 3, 8)],
    ],
    now,
  );
  return { ingredients, bolognaise, rizAuLait };
}

/**
 * A stay of the seeder's user ready for a kitchen: a group of 12, breakfast and lunch on its
 * first day with bread, a shopping list of 6 baguettes and 2 in the larder.
 */
export function seedKitchenStay(
  owner: Seeder,
  name: string,
  now: string,
): { stayId: number; listId: number } {
  const pain = owner.ingredient('Baguette', 6);
  const stayId = owner.stayWithGroup(name, '2025-07-07', 'Louveteaux', 12);
  for (const slot of [0, 1]) {
    const { menuId } = owner.meal(stayId, 0, slot, now);
    owner.add('addMenuIngredient', { menuId, ingredientId: pain, now });
    owner.add('updateMenuIngredient', {
      menuId,
      ingredientId: pain,
      quantity: qty(1, 0, 4),
      plat: 0,
      now,
    });
  }
  const total = (pieces: number) => ({ pieces, grams: 0, centiliters: 0 });
  const listId = owner.add('createShopList', {
    id: owner.id(),
    stayId,
    name: 'Courses du lundi',
    now,
    items: [
      {
        key: String(pain),
        ingredientId: pain,
        name: 'Baguette',
        kind: 6,
        supplier: '',
        day: null,
        need: total(6),
        inStock: total(0),
        toBuy: total(6),
        uses: [],
      },
    ],
  }).id;
  owner.add('addStock', { id: owner.id(), stayId, ingredientId: pain, unite: 0, val: 2 });
  return { stayId, listId };
}
