import { useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';
import {
  accountDeletedNotice,
  dismissAccountDeletedNotice,
  subscribeAccountDeletedNotice,
} from '../session/account-deleted';
import { ACCOUNT_DELETION } from '../strings';

/**
 * Above the login screen once the account was deleted (issue 33), on the device that deleted
 * it and on the account's other devices: why the user is logged out and their data gone.
 */
export function AccountDeletedNotice() {
  const notice = useSyncExternalStore(subscribeAccountDeletedNotice, accountDeletedNotice);
  if (notice === null) return null;
  return (
    <Alert
      color="orange"
      role="status"
      withCloseButton
      closeButtonLabel={ACCOUNT_DELETION.noticeClose}
      onClose={dismissAccountDeletedNotice}
      data-testid="account-deleted-notice"
      mb="md"
    >
      {notice}
    </Alert>
  );
}
