/** 'Se déconnecter' with changes not yet sent: they stay on the device (LogoutButton.tsx). */
import { Button, Group, Modal, Text } from '@mantine/core';
import { logout } from '../session/session';
import { SYNC } from '../strings';

export default function LogoutConfirm({
  pending,
  onClose,
}: {
  pending: number;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={SYNC.logoutTitle}>
      <Text>{SYNC.logoutBody(pending)}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {SYNC.cancel}
        </Button>
        <Button
          color="red"
          onClick={() => {
            onClose();
            logout();
          }}
        >
          {SYNC.logoutConfirm}
        </Button>
      </Group>
    </Modal>
  );
}
