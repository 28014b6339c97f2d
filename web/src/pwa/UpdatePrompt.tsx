import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { registerSW } from 'virtual:pwa-register';
import type { Id } from '@popote/domain';
import { LocalDb, SYNC_STATE, dbNameForUser, type SyncState } from '@popote/sync-client';
import { SYNC_SCHEMA } from '@popote/sync-protocol';
import { useSession } from '../session/useSession';
import { useLiveRead } from '../sync/live-read';
import { PWA } from '../strings';

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

  useEffect(() => {
    updateRef.current = registerSW({
      immediate: true,
      onNeedRefresh: () => setNeedRefresh(true),
    });
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
        <Button size="xs" onClick={() => void updateRef.current?.(true)}>
          {PWA.update}
        </Button>
      </Group>
    </Paper>
  );
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
