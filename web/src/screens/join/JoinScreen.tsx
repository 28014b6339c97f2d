/**
 * The page of an invitation's link (issue 32), '/rejoindre?invitation=<token>', mailed or shown
 * as a QR code. It says who invites to which stay with which role. Signed in: 'Rejoindre le
 * séjour'. Signed out (InvitationPreview, above the login screen): the same sentence, and the
 * token is kept on the device so that the page opens again once the user has logged in or
 * signed up.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ROLE_NAMES } from '@popote/domain';
import { readInvitation, type InvitationPage } from '../../api/team';
import { useJoinStay } from '../../components/useJoinStay';
import { INVITATION_PARAM, PATHS } from '../../navigation/routes';
import { forgetPendingInvitation, keepPendingInvitation } from '../../session/pending-invitation';
import { TEAM } from '../../strings';
import { useOnline } from '../../sync/useOnline';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'refused'; message: string }
  | { kind: 'open'; page: InvitationPage };

/** The invitation the address names, as the server describes it. */
function useInvitation(token: string | null): Loaded {
  const [loaded, setLoaded] = useState<{ token: string; state: Loaded } | null>(null);
  useEffect(() => {
    if (token === null) return;
    let cancelled = false;
    void readInvitation(token).then((answer) => {
      if (cancelled) return;
      setLoaded({
        token,
        state: answer.ok
          ? { kind: 'open', page: answer.value }
          : { kind: 'refused', message: answer.message },
      });
    });
    return () => {
      cancelled = true;
    };
  }, [token]);
  if (token === null) return { kind: 'none' };
  return loaded?.token === token ? loaded.state : { kind: 'loading' };
}

function useToken(): string | null {
  const [params] = useSearchParams();
  const token = params.get(INVITATION_PARAM);
  return token === null || token.trim() === '' ? null : token;
}

function InvitationText({ loaded }: { loaded: Loaded }) {
  switch (loaded.kind) {
    case 'loading':
      return (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{TEAM.joinLoading}</Text>
        </Group>
      );
    case 'none':
      return (
        <Alert color="orange" data-testid="join-refused">
          {TEAM.noInvitation}
        </Alert>
      );
    case 'refused':
      return (
        <Alert color="orange" data-testid="join-refused">
          {loaded.message}
        </Alert>
      );
    case 'open':
      return (
        <Text data-testid="join-text">
          {TEAM.invites(loaded.page.invitedBy, loaded.page.stay, ROLE_NAMES[loaded.page.role])}
        </Text>
      );
  }
}

/** Signed in: the invitation and 'Rejoindre le séjour'. */
export function JoinScreen() {
  const token = useToken();
  const loaded = useInvitation(token);
  const online = useOnline();
  const { join, busy } = useJoinStay();
  const [refusal, setRefusal] = useState<string | null>(null);

  // Back on this page after a login: the kept token has done its work.
  useEffect(() => forgetPendingInvitation(), []);

  async function accept() {
    if (token === null || loaded.kind !== 'open') return;
    setRefusal(await join(token, loaded.page.stay));
  }

  return (
    <Center p="md">
      <Card withBorder shadow="sm" padding="xl" w={560} maw="100%" data-testid="join-page">
        <Stack>
          <Title order={2} size="h3">
            {TEAM.joinTitle}
          </Title>
          <InvitationText loaded={loaded} />
          {refusal !== null && (
            <Alert color="red" role="alert" data-testid="join-error">
              {refusal}
            </Alert>
          )}
          {!online && loaded.kind === 'open' && (
            <Text size="sm" c="orange">
              {TEAM.joinOffline}
            </Text>
          )}
          <Group justify="space-between">
            <Button component={Link} to={PATHS.stays} variant="default">
              {TEAM.backToStays}
            </Button>
            {loaded.kind === 'open' && (
              <Button
                leftSection={<IconUsersPlus size={18} />}
                loading={busy}
                disabled={!online}
                onClick={() => void accept()}
              >
                {TEAM.join}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}

/** Signed out: the invitation above the login screen; the token waits for the login. */
export function InvitationPreview() {
  const token = useToken();
  const loaded = useInvitation(token);
  useEffect(() => {
    if (token !== null) keepPendingInvitation(token);
  }, [token]);
  return (
    <Center pt="md" px="md">
      <Card withBorder padding="lg" w={860} maw="100%" data-testid="join-preview">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {TEAM.joinTitle}
          </Title>
          <InvitationText loaded={loaded} />
          {loaded.kind === 'open' && (
            <Text size="sm" c="dimmed">
              {TEAM.loginToJoin}
            </Text>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
