/**
 * The sync engine, its loop and the local writes (with the domain's mutators and the protocol's
 * schemas): loaded with import() once the app has painted (issue 36: they are a third of the
 * JavaScript a first screen would otherwise wait for). Screens never import this module
 * statically; they go through `loadSyncRuntime`.
 */
import type { Id } from '@popote/domain';
import {
  SyncEngine,
  listenServerHints,
  startSyncLoop,
  httpTransport,
  TransportError,
  type LocalDb,
  type SyncTransport,
} from '@popote/sync-client';
import { getSession, subscribeSession } from '../session/session';
import { endDeletedAccount } from '../session/account-deleted';
import { ACCOUNT_DELETION } from '../strings';

export {
  announceLocalChange,
  mutateLocal,
  mutateLocalUndoable,
  type ArgsOrBuilder,
} from '@popote/sync-client';

const currentToken = (): string | null => getSession()?.token ?? null;

/** The `online` event, as the transport listens for it. */
function onNetworkBack(callback: () => void): () => void {
  window.addEventListener('online', callback);
  return () => window.removeEventListener('online', callback);
}

/** Resolves when the stored token changes (the user logged in again). */
function waitForNewToken(signal: AbortSignal): Promise<void> {
  const before = currentToken();
  return new Promise((resolve) => {
    const stop = subscribeSession(() => {
      if (currentToken() !== before) done();
    });
    function done() {
      stop();
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The transport, with a watch on its answers: the account was deleted (on another device,
 * issue 33) ends the session here and clears the user's local database.
 */
function watchAccountDeleted(transport: SyncTransport, userId: Id): SyncTransport {
  const watched =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (e) {
        if (e instanceof TransportError && e.failure === 'accountDeleted') {
          void endDeletedAccount(userId, ACCOUNT_DELETION.deletedElsewhere);
        }
        throw e;
      }
    };
  return {
    ids: watched((request) => transport.ids(request)),
    push: watched((request) => transport.push(request)),
    pull: watched((request) => transport.pull(request)),
  };
}

/** Runs the user's sync loop over their database until the returned function is called. */
export function startUserSync(db: LocalDb, userId: Id): () => void {
  const engine = new SyncEngine(
    db,
    userId,
    watchAccountDeleted(httpTransport('', currentToken, { onNetworkBack }), userId),
  );
  return startSyncLoop({
    engine,
    userId,
    listenHints: (onPoke, signal, onOpen) =>
      listenServerHints(currentToken, onPoke, signal, onOpen),
    waitForNewToken,
  });
}
