/** The stay's budget per person and per day (issue 21): set, changed or removed. */
import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { MAX_BUDGET, type Stay } from '@popote/domain';
import { notifySuccess } from '../../feedback/feedback';
import { COMMON, COSTS } from '../../strings';
import { useMutate } from '../../sync/useMutate';
import { numberOf } from '../number-input';

export function BudgetDialog({ stay, onClose }: { stay: Stay; onClose: () => void }) {
  const mutate = useMutate();
  const [value, setValue] = useState<number | string>(stay.budget ?? '');
  const blank = typeof value === 'string' && value.trim() === '';
  const budget = blank ? null : numberOf(value);
  const valid = budget === null || (budget > 0 && budget <= MAX_BUDGET);

  async function save() {
    if (!valid) return;
    const done = await mutate('setStayBudget', { stayId: stay.id, budget });
    if (done !== null) {
      notifySuccess(COSTS.budgetSaved);
      onClose();
    }
  }

  return (
    <Modal opened onClose={onClose} title={COSTS.budgetTitle}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack>
          <NumberInput
            label={COSTS.budgetLabel}
            description={COSTS.budgetHint}
            value={value}
            onChange={setValue}
            decimalSeparator=","
            min={0}
            max={MAX_BUDGET}
            decimalScale={2}
            rightSection="€"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {COMMON.cancel}
            </Button>
            <Button type="submit" disabled={!valid}>
              {COMMON.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
