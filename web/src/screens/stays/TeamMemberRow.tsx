/**
 * One member of 'Équipe du séjour' (issue 32): their pseudonym and role. The stay's owner
 * changes the role, removes the member (with 'Annuler') or gives them the stay ('Transférer le
 * séjour', confirmed: the owner then plans as 'Organisation'); others see the role.
 */
import { useState } from 'react';
import { Badge, Button, Group, Select, Text } from '@mantine/core';
import { IconCrown, IconUserMinus } from '@tabler/icons-react';
import { ROLE_NAMES, type Stay } from '@popote/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { TeamMember } from '../../data/team';
import { notifySuccess } from '../../feedback/feedback';
import { TEAM } from '../../strings';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import { asRole, ROLE_CHOICES } from './team-helpers';

export function TeamMemberRow({
  stay,
  entry,
  isOwner,
  you,
}: {
  stay: Stay;
  entry: TeamMember;
  isOwner: boolean;
  you: boolean;
}) {
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const [transferring, setTransferring] = useState(false);
  const { member } = entry;
  const pseudo = entry.pseudo ?? TEAM.unknownPseudo;
  return (
    <Group gap="sm" justify="space-between" data-testid="team-member">
      <Group gap="xs">
        <Text fw={500} data-testid="team-member-pseudo">
          {pseudo}
        </Text>
        {you && (
          <Text size="sm" c="dimmed">
            {TEAM.you}
          </Text>
        )}
      </Group>
      {isOwner ? (
        <Group gap="xs">
          <Select
            aria-label={TEAM.roleOf(pseudo)}
            placeholder={TEAM.role}
            data={ROLE_CHOICES.map((c) => ({ ...c }))}
            value={member.role}
            allowDeselect={false}
            w={170}
            onChange={(value) => {
              const role = asRole(value);
              if (role !== null && role !== member.role) {
                void mutate('setStayMemberRole', { id: member.id, role });
              }
            }}
            data-testid="team-member-role"
          />
          <Button
            variant="light"
            color="red"
            leftSection={<IconUserMinus size={16} />}
            aria-label={TEAM.removeMember(pseudo)}
            onClick={() =>
              void mutateUndoable(
                'removeStayMember',
                { id: member.id, userId: member.userId },
                TEAM.memberRemoved(pseudo),
              )
            }
          >
            {TEAM.remove}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCrown size={16} />}
            aria-label={TEAM.transferTo(pseudo)}
            onClick={() => setTransferring(true)}
            data-testid="team-member-transfer"
          >
            {TEAM.transfer}
          </Button>
          <ConfirmDialog
            opened={transferring}
            onClose={() => setTransferring(false)}
            title={TEAM.transferTitle}
            confirmLabel={TEAM.transfer}
            onConfirm={() =>
              void mutate('transferStay', {
                memberId: member.id,
                userId: member.userId,
                now: new Date().toISOString(),
              }).then((done) => {
                if (done !== null) notifySuccess(TEAM.transferred(pseudo));
              })
            }
          >
            <Text>{TEAM.transferPrompt(stay.name, pseudo)}</Text>
          </ConfirmDialog>
        </Group>
      ) : (
        <Badge variant="outline" data-testid="team-member-role-text">
          {ROLE_NAMES[member.role]}
        </Badge>
      )}
    </Group>
  );
}
