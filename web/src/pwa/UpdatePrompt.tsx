import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { registerSW } from 'virtual:pwa-register';
import type { Id } from '@popote/domain';
import { LocalDb, SYNC_STATE, dbNameForUser, type SyncState } from '@popote/sync-client';
// The versions alone: the protocol's index builds its schemas (TypeBox) as it loads.
import { SYNC_SCHEMA } from '@popote/sync-protocol/versions';
import { useSession } from '../session/useSession';
import { useLiveRead } from '../sync/live-read';
import { afterFirstData } from '../sync/first-data';
import { PWA } from '../strings';

/** The longest the worker's registration waits for the first screen (a hidden tab paints nothing). */
const SW_REGISTER_MAX_WAIT_MS = 3000;

/**
 * Registers the service worker and, when a new version is waiting, offers to switch to it
 * (registerType 'prompt': an update never reloads the page behind the user's back). The
 * pending changes live in the device database, which the new version opens as it is: the
 * prompt says they are kept, and that some data waits for the update when the server holds
 * rows back from this version.
 */
export function UpdatePrompt() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const updateRef = useRef<((reloadPage?: boolean) => Promise<void>) | null>(null);
  const session = useSession();

  // Once the page has shown its first data (issue 36): on a first visit, the worker's precache
  // (every chunk of the app) would otherwise be downloaded beside the screen's own code.
  useEffect(() => {
    let mounted = true;
    void afterFirstData(SW_REGISTER_MAX_WAIT_MS).then(() => {
      if (!mounted) return;
      updateRef.current = registerSW({
        immediate: true,
        onNeedRefresh: () => setNeedRefresh(true),
      });
    });
    return () => {
      mounted = false;
    };
  }, []);

  if (!needRefresh) return null;
  return (
    <Paper
      role="alertdialog"
      aria-label={PWA.updateAvailable}
      data-testid="update-prompt"
      withBorder
      shadow="md"
      p="sm"
      pos="fixed"
      top={64}
      right={16}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 1002 }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text size="sm">{PWA.updateAvailable}</Text>
          {session && <WhatWaits userId={session.idUser} />}
        </Stack>
        <Button size="xs" onClick={() => void switchToNewVersion(updateRef.current)}>
          {PWA.update}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Lets the new worker take over and reloads into the new version. The plugin reloads when the
 * new worker takes control of the page. A page opened before any worker was installed (the
 * visit that installed the app) is controlled by none: it is never told, and the new worker
 * may even activate by itself since no page holds the old one. Such a page reloads once the
 * new worker is activated (not before: a reload while it activates may miss it and, offline,
 * fail).
 */
async function switchToNewVersion(
  update: ((reloadPage?: boolean) => Promise<void>) | null,
): Promise<void> {
  if (navigator.serviceWorker.controller) {
    await update?.(true);
    return;
  }
  const registration = await navigator.serviceWorker.getRegistration();
  const worker = registration?.waiting ?? registration?.installing ?? registration?.active;
  const activated = worker ? whenActivated(worker) : Promise.resolve();
  await update?.(true);
  await activated;
  window.location.reload();
}

function whenActivated(worker: ServiceWorker): Promise<void> {
  const done = () => worker.state === 'activated' || worker.state === 'redundant';
  return new Promise((resolve) => {
    if (done()) return resolve();
    worker.addEventListener('statechange', () => {
      if (done()) resolve();
    });
  });
}

/** What the update keeps and brings for the signed-in user, read live from their database. */
function WhatWaits({ userId }: { userId: Id }) {
  // The prompt lives outside the signed-in screens: a connection of its own to the database.
  const db = useMemo(() => new LocalDb(dbNameForUser(userId)), [userId]);
  useEffect(() => () => db.close(), [db]);
  const info = useLiveRead(
    db,
    async (_store, tables) => ({
      pending: await tables.outbox.count(),
      state: (await tables.meta.get(SYNC_STATE))?.value as SyncState | undefined,
    }),
    [],
  );
  if (!info) return null;
  const heldBack = (info.state?.serverSchema ?? 0) > SYNC_SCHEMA;
  return (
    <>
      {heldBack && (
        <Text size="sm" data-testid="update-held-back">
          {PWA.heldBack}
        </Text>
      )}
      {info.pending > 0 && (
        <Text size="sm" data-testid="update-pending">
          {PWA.pendingKept(info.pending)}
        </Text>
      )}
    </>
  );
}
