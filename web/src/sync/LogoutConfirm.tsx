/** 'Se déconnecter' with changes not yet sent: they stay on the device (LogoutButton.tsx). */
import { Text } from '@mantine/core';
import { ConfirmDialog } from '../components/ConfirmDialog';
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
    <ConfirmDialog
      opened
      onClose={onClose}
      onConfirm={logout}
      title={SYNC.logoutTitle}
      confirmLabel={SYNC.logoutConfirm}
    >
      <Text>{SYNC.logoutBody(pending)}</Text>
    </ConfirmDialog>
  );
}
