import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { holdFirstData } from '../sync/first-data';

/**
 * A screen's (or a view's) code on its way. Until it comes, the page has not shown its first
 * data: the sync loop waits (first-data.ts).
 */
export function ScreenLoading({ label }: { label?: string }) {
  useEffect(() => holdFirstData(), []);
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}
