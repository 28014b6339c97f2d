/** A menu or recipe view while it is read, when it is not on this device, or once loaded. */
import type { ReactNode } from 'react';
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { missingMessage } from '@popote/domain';
import { LIBRARY } from '../../strings';
import { BackToList } from './DetailHeader';
import { useLibraryNavigation } from './navigation';

/** A menu or recipe that is not (or no longer) on this device: deleted or unpublished. */
export function MissingItem({ table, onBack }: { table: 'menus' | 'recipes'; onBack: () => void }) {
  return (
    <Stack>
      <BackToList onBack={onBack} />
      <Alert color="gray">{missingMessage(table)}</Alert>
    </Stack>
  );
}

/** `data` from a live query: undefined while reading, null when the item is missing. */
export function LoadedItem<T>({
  data,
  table,
  children,
}: {
  data: T | null | undefined;
  table: 'menus' | 'recipes';
  children: (data: T) => ReactNode;
}) {
  const nav = useLibraryNavigation();
  if (data === undefined) {
    return (
      <Center py="xl">
        <Loader aria-label={LIBRARY.loading} />
      </Center>
    );
  }
  if (data === null) return <MissingItem table={table} onBack={nav.backToList} />;
  return children(data);
}
