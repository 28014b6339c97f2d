/**
 * The groups of the active stay (spec 2.4): a single-group view when the stay has exactly one
 * group, otherwise the list 'Groupes' in two columns.
 */
import { useState } from 'react';
import { Button, Card, Group as Row, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { groupDisplayName, type Group, type Stay } from '@popote/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useMayOnStay } from '../../data/team';
import { COMMON, STAYS, UNDO } from '../../strings';
import { useLocalQuery } from '../../sync/useLocal';
import { useMutateUndoable } from '../../sync/useMutate';
import { GroupCard } from './GroupCard';
import { GroupEditDialog, type EditedGroup } from './GroupEditDialog';
import { SingleGroupView } from './SingleGroupView';
import { defaultGroupColor } from './stay-helpers';

export function GroupsPanel({ stay }: { stay: Stay | null }) {
  const stayId = stay?.id ?? null;
  const groups = useLocalQuery(
    async (store) =>
      stayId === null
        ? []
        : (await store.where('groups', 'stayId', stayId)).sort((a, b) => a.id - b.id),
    [stayId],
  );
  const mutateUndoable = useMutateUndoable();
  // A member who may not plan the stay sees its groups without the controls (issue 32).
  const canPlan = useMayOnStay(stay, 'plan');
  const [editing, setEditing] = useState<EditedGroup | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);

  if (stay === null) {
    return (
      <Card withBorder padding="lg">
        <Text c="dimmed">{STAYS.noActiveStay}</Text>
      </Card>
    );
  }
  if (groups === undefined) return null;

  // A new group is made when its dialog is saved, never before.
  const addGroup = () =>
    stayId !== null &&
    setEditing({ id: null, stayId, name: '', color: defaultGroupColor(groups.length), size: 0 });

  const addButton = canPlan ? (
    <Button variant="light" leftSection={<IconUsersPlus size={18} />} onClick={addGroup}>
      {STAYS.addGroup}
    </Button>
  ) : null;

  return (
    <>
      {groups.length === 1 ? (
        <SingleGroupView group={groups[0]!} addButton={addButton} readOnly={!canPlan} />
      ) : (
        <Card withBorder shadow="sm" padding="lg" data-testid="groups-list">
          <Stack>
            <Row justify="space-between">
              <Title order={3} size="h4">
                {STAYS.groups}
              </Title>
              {addButton}
            </Row>
            {groups.length === 0 ? (
              <Text fs="italic" c="dimmed">
                {STAYS.noGroups}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {groups.map((group) => (
                  <GroupCard
                    key={group.id}
                    group={group}
                    onEdit={canPlan ? () => setEditing(group) : null}
                    onDelete={canPlan ? () => setDeleting(group) : null}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Card>
      )}
      {editing !== null && (
        <GroupEditDialog
          key={editing.id ?? 'new'}
          group={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting !== null &&
          void mutateUndoable('deleteGroup', { id: deleting.id }, UNDO.groupDeleted)
        }
      >
        <Text>
          {STAYS.deleteGroupPrompt} <strong>{deleting && groupDisplayName(deleting)}</strong> ?
        </Text>
        <Text>{COMMON.irreversible}</Text>
      </ConfirmDialog>
    </>
  );
}
