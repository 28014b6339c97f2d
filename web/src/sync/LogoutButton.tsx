/**
 * Logging out never drops pending changes: they stay in this user's database on this device
 * and are sent at the next login. With changes pending, the user is asked first.
 */
import { useState, type ReactElement } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { logout } from '../session/session';
import { SYNC } from '../strings';
import { useSync } from './SyncProvider';

export function useLogout(): { requestLogout: () => void; dialog: ReactElement } {
  const { db } = useSync();
  const [pending, setPending] = useState(0);
  const requestLogout = () => {
    void db.outbox.count().then((n) => (n > 0 ? setPending(n) : logout()));
  };
  const dialog = (
    <Modal opened={pending > 0} onClose={() => setPending(0)} title={SYNC.logoutTitle}>
      <Text>{SYNC.logoutBody(pending)}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setPending(0)}>
          {SYNC.cancel}
        </Button>
        <Button
          color="red"
          onClick={() => {
            setPending(0);
            logout();
          }}
        >
          {SYNC.logoutConfirm}
        </Button>
      </Group>
    </Modal>
  );
  return { requestLogout, dialog };
}
