/**
 * 'Équipe du séjour' (issue 32): the stay's owner and members with their roles. Its owner
 * changes roles, removes members, invites by mail (needs the network: the server mails the
 * link) or makes a link shown as a QR code (a mutation: offline too, it opens the stay once
 * synced), and withdraws open invitations. A member sees the roles and may leave.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDoorExit, IconLink, IconLinkOff, IconMailForward } from '@tabler/icons-react';
import { ROLE_NAMES, type MemberRole, type Stay, type StayInvitation } from '@popote/domain';
import { inviteByMail } from '../../api/team';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LinkWithQr } from '../../components/LinkWithQr';
import { newShareSecret } from '../../components/share-secret';
import { useTeam } from '../../data/team';
import { notifySuccess } from '../../feedback/feedback';
import { invitationUrl } from '../../navigation/routes';
import { COMMON, TEAM } from '../../strings';
import { useSync } from '../../sync/SyncProvider';
import { useLocalQuery } from '../../sync/useLocal';
import { useMutate } from '../../sync/useMutate';
import { useOnline } from '../../sync/useOnline';
import {
  asRole,
  expiryText,
  invitationTarget,
  openInvitations,
  ROLE_CHOICES,
} from './team-helpers';
import { TeamMemberRow } from './TeamMemberRow';

export function TeamDialog({ stay, onClose }: { stay: Stay; onClose: () => void }) {
  const { userId } = useSync();
  const team = useTeam(stay);
  const isOwner = stay.owner === userId;
  const mine = team?.members.find((m) => m.member.userId === userId) ?? null;

  return (
    <Modal opened onClose={onClose} title={TEAM.title} size={640}>
      {team === undefined ? null : (
        <Stack data-testid="team-dialog">
          <Stack gap="xs" data-testid="team-members">
            <Group gap="sm" data-testid="team-owner">
              <Badge variant="light">{TEAM.owner}</Badge>
              <Text fw={600}>{team.ownerPseudo ?? TEAM.unknownPseudo}</Text>
              {isOwner && (
                <Text size="sm" c="dimmed">
                  {TEAM.you}
                </Text>
              )}
            </Group>
            {team.members.length === 0 ? (
              <Text size="sm" c="dimmed" fs="italic">
                {TEAM.noMembers}
              </Text>
            ) : (
              team.members.map((m) => (
                <TeamMemberRow
                  key={m.member.id}
                  stay={stay}
                  entry={m}
                  isOwner={isOwner}
                  you={m === mine}
                />
              ))
            )}
          </Stack>
          {isOwner && (
            <>
              <Divider />
              <MailInvitation stay={stay} />
              <Divider />
              <LinkInvitation stay={stay} invitations={team.invitations} />
              <OpenInvitations invitations={team.invitations} />
            </>
          )}
          {!isOwner && mine !== null && (
            <LeaveButton stay={stay} memberId={mine.member.id} onLeft={onClose} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {COMMON.close}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function RoleSelect({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  testId: string;
}) {
  return (
    <Select
      label={label}
      data={ROLE_CHOICES.map((c) => ({ ...c }))}
      value={value}
      allowDeselect={false}
      w={170}
      onChange={(v) => {
        const role = asRole(v);
        if (role !== null) onChange(role);
      }}
      data-testid={testId}
    />
  );
}

/** By mail: the server records the invitation and mails its link. */
function MailInvitation({ stay }: { stay: Stay }) {
  const online = useOnline();
  const [mail, setMail] = useState('');
  const [role, setRole] = useState<MemberRole>('keep');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!online || busy || mail.trim() === '') return;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await inviteByMail(stay.id, role, mail.trim());
      if (answer.ok) {
        setMail('');
        setOutcome({ ok: true, text: TEAM.invitationSent });
      } else {
        setOutcome({ ok: false, text: answer.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e: FormEvent) => void submit(e)} noValidate>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {TEAM.inviteTitle}
        </Title>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={TEAM.mail}
            type="email"
            autoComplete="off"
            value={mail}
            onChange={(e) => setMail(e.currentTarget.value)}
            w={260}
            maw="100%"
            data-testid="team-invite-mail"
          />
          <RoleSelect label={TEAM.role} value={role} onChange={setRole} testId="team-invite-role" />
          <Button
            type="submit"
            leftSection={<IconMailForward size={16} />}
            disabled={!online || mail.trim() === ''}
            loading={busy}
          >
            {TEAM.invite}
          </Button>
        </Group>
        {!online && (
          <Text size="sm" c="orange" data-testid="team-invite-offline">
            {TEAM.inviteOffline}
          </Text>
        )}
        {outcome !== null && (
          <Text
            size="sm"
            c={outcome.ok ? 'teal' : 'red'}
            role={outcome.ok ? 'status' : 'alert'}
            data-testid="team-invite-outcome"
          >
            {outcome.text}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** A link to show or send: made on the device, it opens the stay once synced. */
function LinkInvitation({
  stay,
  invitations,
}: {
  stay: Stay;
  invitations: readonly StayInvitation[];
}) {
  const mutate = useMutate();
  const [role, setRole] = useState<MemberRole>('keep');
  const [shownId, setShownId] = useState<number | null>(null);
  const pending = useLocalQuery(async (_store, db) => db.outbox.count(), []) ?? 0;
  const shown = invitations.find((i) => i.id === shownId) ?? null;

  async function make() {
    const made = await mutate('inviteToStay', (ids) => ({
      id: ids.next(),
      stayId: stay.id,
      role,
      mail: null,
      token: newShareSecret(),
      now: new Date().toISOString(),
    }));
    if (made !== null) setShownId(made.id);
  }

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {TEAM.linkTitle}
      </Title>
      <Group align="flex-end" gap="sm">
        <RoleSelect label={TEAM.linkRole} value={role} onChange={setRole} testId="team-link-role" />
        <Button variant="light" leftSection={<IconLink size={16} />} onClick={() => void make()}>
          {TEAM.makeLink}
        </Button>
      </Group>
      {shown !== null && (
        <Paper withBorder p="sm" data-testid="team-link">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {TEAM.linkHint}
            </Text>
            <LinkWithQr
              url={invitationUrl(window.location.origin, shown.token)}
              texts={TEAM}
              testId="team-link"
            />
            <Text size="sm">
              {ROLE_NAMES[shown.role]} · {expiryText(shown.expires)}
            </Text>
            {pending > 0 && (
              <Alert color="orange" data-testid="team-link-pending">
                {TEAM.linkPending}
              </Alert>
            )}
            <Group>
              <Button
                variant="light"
                color="red"
                leftSection={<IconLinkOff size={16} />}
                onClick={() =>
                  void mutate('revokeStayInvitation', { id: shown.id }).then(
                    (done) => done !== null && setShownId(null),
                  )
                }
              >
                {TEAM.revokeLink}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function OpenInvitations({ invitations }: { invitations: readonly StayInvitation[] }) {
  const mutate = useMutate();
  const open = openInvitations(invitations, Date.now());
  if (open.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="team-invitations">
      <Title order={3} size="h5">
        {TEAM.openInvitations}
      </Title>
      {open.map((invitation) => {
        const target = invitationTarget(invitation);
        return (
          <Group key={invitation.id} justify="space-between" gap="sm" data-testid="team-invitation">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {target} · {ROLE_NAMES[invitation.role]}
              </Text>
              <Text size="xs" c="dimmed">
                {expiryText(invitation.expires)}
              </Text>
            </Stack>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              aria-label={TEAM.revokeInvitation(target)}
              onClick={() => void mutate('revokeStayInvitation', { id: invitation.id })}
            >
              {TEAM.remove}
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

function LeaveButton({
  stay,
  memberId,
  onLeft,
}: {
  stay: Stay;
  memberId: number;
  onLeft: () => void;
}) {
  const mutate = useMutate();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Group>
        <Button
          variant="light"
          color="red"
          leftSection={<IconDoorExit size={16} />}
          onClick={() => setConfirming(true)}
        >
          {TEAM.leave}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={TEAM.leaveTitle}
        confirmLabel={TEAM.leave}
        onConfirm={() =>
          void mutate('leaveStay', { id: memberId }).then((done) => {
            if (done === null) return;
            notifySuccess(TEAM.left);
            onLeft();
          })
        }
      >
        <Text>{TEAM.leavePrompt(stay.name)}</Text>
      </ConfirmDialog>
    </>
  );
}
