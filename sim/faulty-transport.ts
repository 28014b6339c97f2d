/**
 * A transport to the real server (in-process, through Fastify's inject) that misbehaves like a
 * camp-site network: requests lost, responses lost after the server committed, 503s, spurious
 * 401s, and pushes duplicated and delivered later (out of order). Everything is drawn from the
 * world's seeded generator, so a run replays exactly.
 */
import type { IdBlock, PullResponse, PushResponse } from '@popote/sync-protocol';
import { TransportError, type SyncTransport } from '@popote/sync-client';
import type { Rng } from './rng';

export interface Faults {
  dropRequest: number;
  dropResponse: number;
  serverError: number;
  unauthorized: number;
  duplicateLater: number;
}

export const NO_FAULTS: Faults = {
  dropRequest: 0,
  dropResponse: 0,
  serverError: 0,
  unauthorized: 0,
  duplicateLater: 0,
};

export type Deliver = (path: string, body: unknown) => Promise<unknown>;

export class FaultyTransport implements SyncTransport {
  offline = false;
  faults: Faults = NO_FAULTS;

  constructor(
    private readonly rng: Rng,
    private readonly deliver: Deliver,
    /** Keeps a delivery for later: the world runs it at a random step. */
    private readonly later: (run: () => Promise<void>) => void,
  ) {}

  private async call<T>(path: string, body: unknown): Promise<T> {
    if (this.offline) throw new TransportError('offline', 'hors ligne');
    const f = this.faults;
    if (this.rng.chance(f.dropRequest)) throw new TransportError('offline', 'requête perdue');
    if (this.rng.chance(f.serverError)) throw new TransportError('server', '503');
    if (this.rng.chance(f.unauthorized)) throw new TransportError('auth', '401');
    if (path === '/sync/push' && this.rng.chance(f.duplicateLater)) {
      const copy = structuredClone(body);
      this.later(async () => {
        await this.deliver(path, copy).catch(() => undefined);
      });
    }
    const response = (await this.deliver(path, body)) as T;
    if (this.rng.chance(f.dropResponse)) throw new TransportError('offline', 'réponse perdue');
    return response;
  }

  ids(request: { clientId: string }): Promise<IdBlock> {
    return this.call('/sync/ids', request);
  }

  push(request: unknown): Promise<PushResponse> {
    return this.call('/sync/push', request);
  }

  pull(request: unknown): Promise<PullResponse> {
    return this.call('/sync/pull', request);
  }
}
