import type { ReactNode } from 'react';
import { Modal, Text } from '@mantine/core';
import { loginDialogStyles } from '../../theme/theme';
import { LOGIN } from '../../strings';

/** The narrow message dialogs of the login screen (at most 600 px wide, spec 9). */
export function LoginDialog(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      styles={loginDialogStyles}
      closeButtonProps={{ 'aria-label': LOGIN.close }}
      data-testid={props.testId}
    >
      <Text>{props.children}</Text>
    </Modal>
  );
}
