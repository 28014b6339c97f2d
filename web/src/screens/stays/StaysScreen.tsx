import { Loader, Stack } from '@mantine/core';
import { GroupsPanel } from './GroupsPanel';
import { ReceivedInvitations } from './ReceivedInvitations';
import { StayPanel } from './StayPanel';
import { useStays } from '../../session/useStays';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';

/** Stays and groups (spec 2.4): the stays card above the groups of the active stay. */
export function StaysScreen() {
  const { stays, active } = useStays();
  const firstSyncDone = useFirstSyncDone();
  return (
    <Stack data-testid="screen-stays" maw={1100}>
      <ReceivedInvitations />
      {stays === undefined ? (
        <Loader />
      ) : stays.length === 0 && !firstSyncDone ? (
        // Not 'Veuillez ajouter un nouveau séjour...' while the stays are still coming.
        <FirstSyncLoader />
      ) : (
        <>
          <StayPanel stays={stays} active={active} />
          <GroupsPanel stay={active} />
        </>
      )}
    </Stack>
  );
}
