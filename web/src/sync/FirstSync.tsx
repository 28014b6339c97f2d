/**
 * Loading is not emptiness: until a device has finished its first full pull, an empty list
 * means "not here yet", not "you have none". Screens ask `useFirstSyncDone()` before showing
 * an empty-state text, or wrap what they show in `<UntilFirstSync>`.
 *
 * The device knows it once the last page of a pull has been applied: the pull cookie is
 * written then, in the local database, so an offline reload after a first sync counts as done.
 */
import type { ReactNode } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { SYNC } from '../strings';
import {
  COOKIE,
  type DeviceTables,
  type LocalDb,
  SYNC_STATE,
  type SyncState,
} from '@popote/sync-client';
import { useSync } from './SyncProvider';
import { useLocalQuery } from './useLocal';

/** Whether this device has completed a full pull for its user (persisted). */
export async function isFirstSyncDone(db: DeviceTables): Promise<boolean> {
  return (await db.meta.get(COOKIE)) !== undefined;
}

/** Databases seen done in this page: later mounts answer at once, without a loading flash. */
const seenDone = new WeakSet<LocalDb>();

/**
 * True once the device has completed its first full pull; false before, and for the instant
 * the local database takes to answer. Never goes back to false for a given database.
 */
export function useFirstSyncDone(): boolean {
  const { db } = useSync();
  const done = useLocalQuery(
    async (_store, tables) => seenDone.has(db) || (await isFirstSyncDone(tables)),
    [],
    seenDone.has(db),
  );
  if (done) seenDone.add(db);
  return done;
}

/** The loading state shown instead of an empty-state text during the first sync. */
export function FirstSyncLoader() {
  const offline = useLocalQuery(
    async (_store, tables) =>
      !navigator.onLine ||
      ((await tables.meta.get(SYNC_STATE))?.value as SyncState | undefined)?.status === 'offline',
    [],
    false,
  );
  return (
    <Center py="xl" data-testid="first-sync">
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        {/* Decorative: the text beside it says what is going on. */}
        <Loader size="md" aria-hidden />
        <Text>{SYNC.firstSync}</Text>
        {offline && (
          <Text size="sm" c="dimmed" ta="center">
            {SYNC.firstSyncOffline}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

/** Shows `children` once the first sync is done, the loading state until then. */
export function UntilFirstSync({ children }: { children: ReactNode }) {
  return useFirstSyncDone() ? <>{children}</> : <FirstSyncLoader />;
}
