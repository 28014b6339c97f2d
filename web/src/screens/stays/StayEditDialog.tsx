/** 'Modifier le séjour' (spec 2.4): its name and its first day, typed as JJ/MM/AAAA. */
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import {
  DATE_FIELD_LENGTH,
  autoSlashDateInput,
  dateToIsoDay,
  formatFrenchDateField,
  parseFrenchDateField,
  validateName,
  type Stay,
} from '@popote/domain';
import { COMMON, STAYS } from '../../strings';
import { useMutate } from '../../sync/useMutate';
import { refusalOf } from './stay-helpers';

export function StayEditDialog({
  stay,
  opened,
  onClose,
}: {
  stay: Stay;
  opened: boolean;
  onClose: () => void;
}) {
  const mutate = useMutate();
  const [name, setName] = useState(stay.name);
  const [dateText, setDateText] = useState(() => formatFrenchDateField(stay.start));
  const [dateTouched, setDateTouched] = useState(false);
  const parsed = parseFrenchDateField(dateText);
  const nameError = refusalOf(() => validateName(name, 'stay'));
  const dateError =
    parsed === null && (dateTouched || dateText.length >= DATE_FIELD_LENGTH)
      ? STAYS.dateInvalid
      : null;
  const valid = nameError === null && parsed !== null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!valid || parsed === null) return;
    const applied = await mutate('updateStay', {
      id: stay.id,
      name: validateName(name, 'stay'),
      start: dateToIsoDay(new Date(parsed)),
    });
    if (applied !== null) onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title={STAYS.editStay} size={600}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <TextInput
            label={STAYS.name}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={name === stay.name ? null : nameError}
            data-autofocus
          />
          <TextInput
            label={STAYS.start}
            placeholder={STAYS.datePlaceholder}
            inputMode="numeric"
            maxLength={DATE_FIELD_LENGTH}
            value={dateText}
            onChange={(e) => setDateText(autoSlashDateInput(dateText, e.currentTarget.value))}
            onBlur={() => setDateTouched(true)}
            error={dateError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {COMMON.cancel}
            </Button>
            <Button type="submit" disabled={!valid}>
              {STAYS.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
