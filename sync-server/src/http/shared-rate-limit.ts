/**
 * The per-client-address limits of @fastify/rate-limit (registration, login, reset, the export
 * link), counted in the database when several instances share one (PostgreSQL): a client
 * cannot multiply its attempts by the number of instances. One process keeps the plugin's
 * own in-memory counters.
 */

/** What the database answers: the request counted, the count so far and the time left. */
export interface RequestCounter {
  countRequest(
    key: string,
    windowMs: number,
    now: number,
  ): Promise<{ current: number; ttl: number }>;
}

interface StoreOptions {
  routeInfo?: { method?: string; url?: string };
}

/** A `store` class for @fastify/rate-limit over a RequestCounter, one key space per route. */
export function sharedRateLimitStore(counter: RequestCounter, now: () => number) {
  return class SharedRateLimitStore {
    readonly route: string;

    constructor(options: StoreOptions = {}) {
      const info = options.routeInfo;
      this.route = info ? `${info.method ?? ''} ${info.url ?? ''}` : '*';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.countRequest(`${this.route} ${key}`, timeWindow, now()).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: StoreOptions): SharedRateLimitStore {
      return new SharedRateLimitStore(routeOptions);
    }
  };
}
