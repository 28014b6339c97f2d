/**
 * One group of the list: name ('Groupe par défaut' when empty), colour, size, its people's
 * diets and allergies; edit, delete.
 */
import { ActionIcon, ColorSwatch, Group as Row, Paper, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { groupDisplayName, type Group } from '@popote/domain';
import { STAYS } from '../../strings';
import { needsText } from './GroupNeeds';

export function GroupCard({
  group,
  onEdit,
  onDelete,
}: {
  group: Group;
  /** Null for a user who may not plan the stay: no button. */
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}) {
  const name = groupDisplayName(group);
  return (
    <Paper withBorder p="md" radius="md" data-testid="group-card" aria-label={name}>
      <Row justify="space-between" wrap="nowrap">
        <Row gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ColorSwatch
            color={group.color}
            size={28}
            role="img"
            aria-label={group.color}
            data-testid="group-color"
          />
          <div style={{ minWidth: 0 }}>
            <Text
              fw={600}
              truncate
              fs={group.name === '' ? 'italic' : undefined}
              data-testid="group-name"
            >
              {name}
            </Text>
            <Text size="sm" c="dimmed" data-testid="group-size">
              {STAYS.people(group.size)}
            </Text>
            {needsText(group) !== '' && (
              <Text size="xs" c="orange" data-testid="group-needs">
                {needsText(group)}
              </Text>
            )}
          </div>
        </Row>
        <Row gap={4} wrap="nowrap">
          {onEdit !== null && (
            <Tooltip label={STAYS.editGroup}>
              <ActionIcon variant="subtle" aria-label={STAYS.editGroup} onClick={onEdit}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {onDelete !== null && (
            <Tooltip label={STAYS.deleteGroup}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={STAYS.deleteGroup}
                onClick={onDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Row>
      </Row>
    </Paper>
  );
}
