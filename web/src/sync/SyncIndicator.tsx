/**
 * Always visible in the top bar: whether the device is offline, syncing, up to date or holding
 * changes not yet sent, and a button to the 'Modifications refusées' list when there are any.
 */
import { useState } from 'react';
import { lazyComponent } from '../components/lazy-component';
import { Badge, Button, Group } from '@mantine/core';
import { IconCloudCheck, IconCloudOff, IconCloudUp, IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '@popote/domain';
import { SYNC } from '../strings';
import { SYNC_STATE, type SyncState } from '@popote/sync-client';
import { ShellTooltip } from '../shell/tooltip/ShellTooltip';

// Describing a refused change needs the domain's mutators: loaded when the list is opened.
const RefusedChangesDialog = lazyComponent(() =>
  import('./RefusedChanges').then((m) => m.RefusedChangesDialog),
);
// The login form only when a session expired.
const ReloginDialog = lazyComponent(() => import('./ReloginDialog').then((m) => m.ReloginDialog));
import { useLocalQuery } from './useLocal';
import { useOnline } from './useOnline';

/**
 * The whole label, on more lines when the top bar leaves it too little room (a phone): a badge
 * cuts its text to one line, and 'Le serveur Popote doit être mis à jour · 1 modification en
 * attente' would lose the count and most of the message there.
 */
const WRAPPING = {
  root: {
    textTransform: 'none',
    height: 'auto',
    minHeight: 'var(--badge-height)',
    paddingBlock: 2,
  },
  label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.1 },
} as const;

export function SyncIndicator() {
  const online = useOnline();
  const [showRefused, setShowRefused] = useState(false);
  const [showRelogin, setShowRelogin] = useState(false);
  const info = useLocalQuery(
    async (_store, tables) => ({
      state: (await tables.meta.get(SYNC_STATE))?.value as SyncState | undefined,
      pending: await tables.outbox.count(),
      refused: await tables.rejected.count(),
    }),
    [],
  );
  const pending = info?.pending ?? 0;
  const status = info?.state?.status ?? 'idle';
  const offline = !online || status === 'offline';

  let label: string;
  let color: string;
  let icon = <IconCloudUp size={14} />;
  if (offline) {
    label = pending > 0 ? `${SYNC.offline} · ${SYNC.pending(pending)}` : SYNC.offline;
    color = 'gray';
    icon = <IconCloudOff size={14} />;
  } else if (status === 'auth') {
    label = SYNC.authExpired;
    color = 'red';
    icon = <IconAlertTriangle size={14} />;
  } else if (status === 'serverTooOld') {
    label = pending > 0 ? `${SYNC.serverTooOld} · ${SYNC.pending(pending)}` : SYNC.serverTooOld;
    color = 'orange';
    icon = <IconAlertTriangle size={14} />;
  } else if (status === 'syncing') {
    label = SYNC.syncing;
    color = 'blue';
  } else if (pending > 0) {
    label = SYNC.pending(pending);
    color = 'orange';
  } else if (status === 'error') {
    label = SYNC.failed;
    color = 'red';
    icon = <IconAlertTriangle size={14} />;
  } else {
    label = SYNC.upToDate;
    color = 'green';
    icon = <IconCloudCheck size={14} />;
  }
  const last = info?.state?.lastSyncAt;

  return (
    <Group gap="xs" wrap="nowrap">
      {(info?.refused ?? 0) > 0 && (
        <Button size="compact-sm" color="red" variant="light" onClick={() => setShowRefused(true)}>
          {SYNC.refusedButton(info!.refused)}
        </Button>
      )}
      {status === 'auth' && !offline && (
        <Button size="compact-sm" color="red" onClick={() => setShowRelogin(true)}>
          {SYNC.reloginButton}
        </Button>
      )}
      <ShellTooltip
        label={
          status === 'serverTooOld'
            ? SYNC.serverTooOldDetail
            : last
              ? SYNC.lastSync(formatDateTime(last))
              : label
        }
        multiline={status === 'serverTooOld'}
        w={status === 'serverTooOld' ? 280 : undefined}
      >
        <Badge
          data-testid="sync-indicator"
          color={color}
          variant="light"
          leftSection={icon}
          radius="md"
          maw="100%"
          styles={WRAPPING}
        >
          {label}
        </Badge>
      </ShellTooltip>
      {showRefused && <RefusedChangesDialog opened onClose={() => setShowRefused(false)} />}
      {showRelogin && <ReloginDialog opened onClose={() => setShowRelogin(false)} />}
    </Group>
  );
}
