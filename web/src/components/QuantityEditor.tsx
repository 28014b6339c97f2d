/**
 * Editing a quantity: value (decimal comma accepted), unit, and 'Pour' a number of people;
 * with the course type when the item is a menu ingredient. Used by the agenda and the library.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Select, Stack } from '@mantine/core';
import {
  PLATS,
  PLAT_LABELS,
  UNITES,
  UNITE_LABELS,
  type Plat,
  type Quantity,
  type Unite,
} from '@popote/domain';
import { COMMON } from '../strings';

export interface QuantityEditorProps {
  value: Quantity;
  /** Present for a menu ingredient: its course type is edited too. */
  plat?: Plat;
  onSave: (quantity: Quantity, plat: Plat | undefined) => void;
  onCancel?: () => void;
  readOnly?: boolean;
  /** The label of the people field ('Pour' by default). */
  forPeopleLabel?: string;
}

export function QuantityEditor({
  value,
  plat,
  onSave,
  onCancel,
  readOnly,
  forPeopleLabel = COMMON.forPeople,
}: QuantityEditorProps) {
  const [val, setVal] = useState<number>(value.val);
  const [unite, setUnite] = useState<Unite>(value.unite);
  const [forPeople, setForPeople] = useState<number>(value.forPeople);
  const [course, setCourse] = useState<Plat | undefined>(plat);
  // 'Quantité fixe' (issue 21): a pinch of salt, a bottle of oil per meal, whatever the people.
  const [fixed, setFixed] = useState<boolean>(value.fixed === true);
  const valid = Number.isFinite(val) && val >= 0 && Number.isInteger(forPeople) && forPeople >= 1;
  return (
    <Stack gap="sm">
      {course !== undefined && (
        <Select
          label={COMMON.courseType}
          data={PLATS.map((p) => ({ value: String(p), label: PLAT_LABELS[p] }))}
          value={String(course)}
          onChange={(v) => v !== null && setCourse(Number(v) as Plat)}
          allowDeselect={false}
          disabled={readOnly}
        />
      )}
      <Group grow align="flex-end">
        <NumberInput
          label={COMMON.quantity}
          value={val}
          onChange={(v) => setVal(typeof v === 'number' ? v : Number(String(v).replace(',', '.')))}
          decimalSeparator=","
          min={0}
          decimalScale={3}
          disabled={readOnly}
        />
        <Select
          label={COMMON.unit}
          data={UNITES.map((u) => ({ value: String(u), label: UNITE_LABELS[u] }))}
          value={String(unite)}
          onChange={(v) => v !== null && setUnite(Number(v) as Unite)}
          allowDeselect={false}
          disabled={readOnly}
        />
        <NumberInput
          label={forPeopleLabel}
          rightSection={COMMON.people}
          rightSectionWidth={80}
          value={forPeople}
          onChange={(v) => setForPeople(typeof v === 'number' ? v : Number(v))}
          min={1}
          allowDecimal={false}
          disabled={readOnly || fixed}
        />
      </Group>
      <Checkbox
        label={COMMON.fixedQuantity}
        description={COMMON.fixedQuantityHint}
        checked={fixed}
        onChange={(e) => setFixed(e.currentTarget.checked)}
        disabled={readOnly}
      />
      {!readOnly && (
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {COMMON.cancel}
            </Button>
          )}
          <Button
            disabled={!valid}
            onClick={() =>
              onSave({ val, unite, forPeople, ...(fixed ? { fixed: true } : {}) }, course)
            }
          >
            {COMMON.save}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
