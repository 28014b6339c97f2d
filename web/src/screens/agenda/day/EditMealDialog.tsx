/** 'Modifier le repas' (spec 2.5): the meal's time and its additional people. */
import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack } from '@mantine/core';
import {
  HORAIRE_LABELS,
  HORAIRES,
  isDomainError,
  validateAdditionalPeople,
  type Horaire,
  type Meal,
} from '@popote/domain';
import { AGENDA, COMMON } from '../../../strings';

export interface EditMealDialogProps {
  meal: Meal | null;
  onClose: () => void;
  onSave: (meal: Meal, changes: { slot: Horaire; additionalPeople: number }) => void;
}

export function EditMealDialog({ meal, onClose, onSave }: EditMealDialogProps) {
  return (
    <Modal opened={meal !== null} onClose={onClose} title={AGENDA.editMealTitle} size={600}>
      {meal && <EditMealForm key={meal.id} meal={meal} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function EditMealForm({ meal, onClose, onSave }: EditMealDialogProps & { meal: Meal }) {
  const [slot, setSlot] = useState<Horaire>(meal.slot);
  const [additional, setAdditional] = useState<number | string>(meal.additionalPeople);
  let people: number | null = null;
  let error: string | null = null;
  try {
    people = validateAdditionalPeople(
      typeof additional === 'string'
        ? additional.trim() === ''
          ? 0
          : Number(additional)
        : additional,
    );
  } catch (e) {
    if (!isDomainError(e)) throw e;
    error = e.message;
  }
  return (
    <Stack>
      <Select
        label={AGENDA.slot}
        data={HORAIRES.map((h) => ({ value: String(h), label: HORAIRE_LABELS[h] }))}
        value={String(slot)}
        onChange={(v) => v !== null && setSlot(Number(v) as Horaire)}
        allowDeselect={false}
      />
      <NumberInput
        label={AGENDA.additionalPeopleLabel}
        description={AGENDA.additionalPeopleHint}
        value={additional}
        onChange={setAdditional}
        allowDecimal={false}
        error={error}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {COMMON.cancel}
        </Button>
        <Button
          disabled={people === null}
          onClick={() => people !== null && onSave(meal, { slot, additionalPeople: people })}
        >
          {COMMON.save}
        </Button>
      </Group>
    </Stack>
  );
}
