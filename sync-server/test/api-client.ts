/**
 * Helpers for the /api tests: calls as a given user (or anonymously), multipart files, and
 * a few rows made through the REST routes.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

export interface Injector {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface Session {
  token: string;
  id: number;
}

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface ApiClient {
  call(method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
  /** The JSON answer of a call that must succeed; throws with the body otherwise. */
  ok<T = unknown>(method: Method, url: string, body?: unknown): Promise<T>;
}

export function apiClient(server: Injector, session: Session | null): ApiClient {
  const call = (method: Method, url: string, body?: unknown) =>
    server.inject({
      method,
      url: `/api${url}`,
      headers: session ? { authorization: `Bearer ${session.token}` } : {},
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    call,
    get: (url) => call('GET', url),
    put: (url, body) => call('PUT', url, body),
    post: (url, body) => call('POST', url, body),
    del: (url) => call('DELETE', url),
    async ok<T>(method: Method, url: string, body?: unknown): Promise<T> {
      const answer = await call(method, url, body);
      if (answer.statusCode !== 200) {
        throw new Error(`${method} ${url} → ${answer.statusCode} ${answer.body}`);
      }
      return answer.json<T>();
    },
  };
}

/** A multipart/form-data body with one file field, for the CSV import. */
export function multipartFile(
  fileName: string,
  content: string | Buffer,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----popote-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: text/csv\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return {
    payload: Buffer.concat([head, body, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A meal as the earlier tests read it (before the contract's {Meal, Groups} nesting). */
export interface FlatMeal {
  Id: number;
  IdSejour: number;
  Jour: number;
  Horaire: number;
  Menu: number;
  AdditionalPeople: number;
  Groups: { IdMeal: number; IdGroup: number }[];
}

interface MealExtLike {
  Meal: {
    Id: number;
    Sejour: number;
    Menu: number;
    Jour: number;
    AdditionalPeople: number;
    Horaire: number;
  };
  Groups: { IdMeal: number; IdGroup: number }[];
}

export const flatMeal = ({ Meal: m, Groups }: MealExtLike): FlatMeal => ({
  Id: m.Id,
  IdSejour: m.Sejour,
  Jour: m.Jour,
  Horaire: m.Horaire,
  Menu: m.Menu,
  AdditionalPeople: m.AdditionalPeople,
  Groups,
});

/** A MealsLoadOut with its meals flattened (FlatMeal). */
export function flatLoad<L extends { Meals: MealExtLike[] }>(
  load: L,
): Omit<L, 'Meals'> & { Meals: FlatMeal[] } {
  return { ...load, Meals: load.Meals.map(flatMeal) };
}

/** PUT /meals/details (answered as MealExt), as the earlier tests read it: { Meals: [meal] }. */
export async function putMeal(
  client: ApiClient,
  body: { IdSejour: number; Day: number; Horaire: number },
): Promise<{ Meals: FlatMeal[] }> {
  return { Meals: [flatMeal(await client.ok<MealExtLike>('PUT', '/meals/details', body))] };
}

/** PUT /library/receipes (answered as ReceipeHeader), then the recipe as GET answers it. */
export async function newRecipe<T = unknown>(client: ApiClient): Promise<T> {
  const { ID } = await client.ok<{ ID: number }>('PUT', '/library/receipes');
  return client.ok<T>('GET', `/library/receipes?idReceipe=${ID}`);
}

/** PUT /library/menus (answered as ResourceHeader), then the menu as GET answers it. */
export async function newMenu<T = unknown>(client: ApiClient): Promise<T> {
  const { ID } = await client.ok<{ ID: number }>('PUT', '/library/menus');
  return client.ok<T>('GET', `/library/menus?idMenu=${ID}`);
}

/** PUT /order/profiles (answered as Profile), as the earlier tests read it: { Profile }. */
export async function newProfile(
  client: ApiClient,
): Promise<{ Profile: { Id: number; IdOwner: number; Name: string } }> {
  return { Profile: await client.ok('PUT', '/order/profiles') };
}
