/**
 * The open invitations mailed to the user's address (issue 32), asked of the server when
 * online: each with 'Rejoindre le séjour'. Nothing shows without any, or offline.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { ROLE_NAMES } from '@popote/domain';
import { myInvitations, type MyInvitation } from '../../api/team';
import { useJoinStay } from '../../components/useJoinStay';
import { TEAM } from '../../strings';
import { useOnline } from '../../sync/useOnline';
import { expiryText } from './team-helpers';

export function ReceivedInvitations() {
  const online = useOnline();
  const [invitations, setInvitations] = useState<MyInvitation[]>([]);
  const { join, busy } = useJoinStay();
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    void myInvitations().then((answer) => {
      if (!cancelled && answer.ok) setInvitations(answer.value);
    });
    return () => {
      cancelled = true;
    };
  }, [online]);

  if (!online || invitations.length === 0) return null;

  async function accept(invitation: MyInvitation) {
    const message = await join(invitation.token, invitation.stay);
    setRefusal(message);
    if (message === null) {
      setInvitations((all) => all.filter((i) => i.token !== invitation.token));
    }
  }

  return (
    <Card withBorder shadow="sm" padding="lg" data-testid="received-invitations">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {TEAM.myInvitations}
        </Title>
        {invitations.map((invitation) => (
          <Group
            key={invitation.token}
            justify="space-between"
            wrap="wrap"
            gap="sm"
            data-testid="received-invitation"
          >
            <Stack gap={0} style={{ flex: '1 1 300px' }}>
              <Text size="sm">
                {TEAM.invites(invitation.invitedBy, invitation.stay, ROLE_NAMES[invitation.role])}
              </Text>
              <Text size="xs" c="dimmed">
                {expiryText(invitation.expires)}
              </Text>
            </Stack>
            <Button
              leftSection={<IconUsersPlus size={16} />}
              loading={busy}
              onClick={() => void accept(invitation)}
            >
              {TEAM.join}
            </Button>
          </Group>
        ))}
        {refusal !== null && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
