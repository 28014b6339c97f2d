/**
 * A stay of exactly one group (spec 2.4): its size as a large chip that opens 'Modifier la
 * taille du séjour' (with its people's diets and allergies, issue 20), and a hint box that
 * offers to add a group.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Group as Row, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconUsers } from '@tabler/icons-react';
import { emptyNeeds, validateGroupSize, type Group, type GroupNeeds } from '@popote/domain';
import { COMMON, STAYS } from '../../strings';
import { useMutate } from '../../sync/useMutate';
import { NeedsFields, needsChanged, needsText } from './GroupNeeds';
import { readableTextOn } from '../../theme/contrast';
import { refusalOf } from './stay-helpers';

export function SingleGroupView({
  group,
  addButton,
  readOnly = false,
}: {
  group: Group;
  /** Null for a user who may not plan the stay. */
  addButton: ReactNode;
  /** The size shows without opening its dialog (a member who may not plan, issue 32). */
  readOnly?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder shadow="sm" padding="lg" data-testid="single-group">
      <Stack align="center" gap="lg">
        {/* The group's own colour, any the user chose: its text is chosen to read on it. */}
        <Button
          size="xl"
          radius="xl"
          variant="filled"
          color={group.color}
          c={readableTextOn(group.color)}
          leftSection={<IconUsers size={26} />}
          onClick={() => !readOnly && setEditing(true)}
          aria-disabled={readOnly || undefined}
          data-testid="group-size-chip"
        >
          {STAYS.people(group.size)}
        </Button>
        {needsText(group) !== '' && (
          <Text size="sm" c="orange" data-testid="group-needs">
            {needsText(group)}
          </Text>
        )}
        {!readOnly && (
          <Alert
            variant="light"
            color="blue"
            icon={<IconInfoCircle />}
            title={STAYS.severalGroups}
            w="100%"
            maw={640}
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{STAYS.severalGroupsHint}</Text>
              {addButton}
            </Stack>
          </Alert>
        )}
      </Stack>
      {editing && <SizeDialog group={group} onClose={() => setEditing(false)} />}
    </Card>
  );
}

function SizeDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const mutate = useMutate();
  const [size, setSize] = useState<number | string>(group.size);
  const [needs, setNeeds] = useState<GroupNeeds>(group.needs ?? emptyNeeds());
  const error = refusalOf(() => validateGroupSize(size));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (error !== null || typeof size !== 'number') return;
    if ((await mutate('updateGroup', { id: group.id, size })) === null) return;
    if (needsChanged(group.needs, needs)) {
      if ((await mutate('setGroupNeeds', { id: group.id, needs })) === null) return;
    }
    onClose();
  }

  return (
    <Modal opened onClose={onClose} title={STAYS.sizeTitle} size={600}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <NumberInput
            label={STAYS.sizeField}
            value={size}
            onChange={setSize}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            error={size === '' ? null : error}
            data-autofocus
          />
          <NeedsFields needs={needs} onChange={setNeeds} />
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {COMMON.cancel}
            </Button>
            <Button type="submit" disabled={error !== null}>
              {STAYS.save}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
