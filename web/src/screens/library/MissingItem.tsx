/** A menu or recipe that is not (or no longer) on this device: deleted or unpublished. */
import { Alert, Stack } from '@mantine/core';
import { missingMessage } from '@popote/domain';
import { BackToList } from './DetailHeader';

export function MissingItem({ table, onBack }: { table: 'menus' | 'recipes'; onBack: () => void }) {
  return (
    <Stack>
      <BackToList onBack={onBack} />
      <Alert color="gray">{missingMessage(table)}</Alert>
    </Stack>
  );
}
