/**
 * A short notice above a screen that the user's role in the stay leaves (partly) read-only
 * (issue 32): the controls it does not allow are gone, and this says why.
 */
import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export function ReadOnlyNotice({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconLock size={18} aria-hidden />}
      role="status"
      data-testid={testId}
      p="xs"
    >
      {children}
    </Alert>
  );
}
