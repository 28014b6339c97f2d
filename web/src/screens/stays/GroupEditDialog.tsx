/**
 * 'Modifier le groupe' (spec 2.4): name, size from 0, and colour; and (issue 20) how many of its
 * people follow a diet or avoid an allergen, with notes. A new group (id null) is created only
 * when saved, so that 'Annuler' leaves nothing behind.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group as Row, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import {
  emptyNeeds,
  validateColor,
  validateGroupSize,
  validateName,
  type Group,
  type GroupNeeds,
  type Id,
} from '@popote/domain';
import { COMMON, STAYS } from '../../strings';
import { useMutate } from '../../sync/useMutate';
import { ColorField } from './ColorField';
import { NeedsFields, needsChanged } from './GroupNeeds';
import { refusalOf } from './stay-helpers';

export type EditedGroup = Pick<Group, 'stayId' | 'name' | 'size' | 'color' | 'needs'> & {
  id: Id | null;
};

export function GroupEditDialog({ group, onClose }: { group: EditedGroup; onClose: () => void }) {
  const mutate = useMutate();
  const [name, setName] = useState(group.name);
  const [size, setSize] = useState<number | string>(group.size);
  const [color, setColor] = useState(group.color);
  const [needs, setNeeds] = useState<GroupNeeds>(group.needs ?? emptyNeeds());
  const nameError = refusalOf(() => validateName(name, 'group'));
  const sizeError = refusalOf(() => validateGroupSize(size));
  const colorError = refusalOf(() => validateColor(color));
  const valid = nameError === null && sizeError === null && colorError === null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!valid || typeof size !== 'number') return;
    const fields = { name: validateName(name, 'group'), size, color: validateColor(color) };
    const applied =
      group.id === null
        ? await mutate('createGroup', (ids) => ({
            id: ids.next(),
            stayId: group.stayId,
            ...fields,
          }))
        : await mutate('updateGroup', { id: group.id, ...fields });
    if (applied === null) return;
    if (needsChanged(group.needs, needs)) {
      if ((await mutate('setGroupNeeds', { id: applied.id, needs })) === null) return;
    }
    onClose();
  }

  return (
    <Modal opened onClose={onClose} title={STAYS.editGroup} size={600}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <TextInput
            label={STAYS.name}
            placeholder={STAYS.defaultGroupName}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            data-autofocus
          />
          <NumberInput
            label={STAYS.size}
            value={size}
            onChange={setSize}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            error={size === '' ? null : sizeError}
          />
          <ColorField value={color} onChange={setColor} error={colorError} />
          <NeedsFields needs={needs} onChange={setNeeds} />
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {COMMON.cancel}
            </Button>
            <Button type="submit" disabled={!valid}>
              {STAYS.save}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
