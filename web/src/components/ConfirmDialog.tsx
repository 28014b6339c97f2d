/** A confirmation dialog ('Confirmer la suppression' by default), for every irreversible act. */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { COMMON } from '../strings';

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title?: string;
  confirmLabel?: string;
  children: ReactNode;
}

export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title = COMMON.confirmDeleteTitle,
  confirmLabel = COMMON.delete,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={600}>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {COMMON.cancel}
          </Button>
          <Button
            color="red"
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
