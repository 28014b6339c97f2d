import { Loader, Stack } from '@mantine/core';
import { GroupsPanel } from './GroupsPanel';
import { StayPanel } from './StayPanel';
import { useStays } from '../../session/useStays';

/** Stays and groups (spec 2.4): the stays card above the groups of the active stay. */
export function SejoursScreen() {
  const { stays, active } = useStays();
  return (
    <Stack data-testid="screen-sejours" maw={1100}>
      {stays === undefined ? (
        <Loader />
      ) : (
        <>
          <StayPanel stays={stays} active={active} />
          <GroupsPanel stay={active} />
        </>
      )}
    </Stack>
  );
}
