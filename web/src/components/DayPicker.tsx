/** The days to take into account, with a box that ticks or clears them all. */
import { memo } from 'react';
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { dayToDate, formatLongDate } from '@popote/domain';
import { EXPORT_SCREEN } from '../strings';

export interface DayPickerProps {
  start: string;
  days: readonly number[];
  selected: readonly number[];
  onChange: (days: number[]) => void;
}

/** Memoised: a long stay has dozens of days, and the screen redraws during exports. */
export const DayPicker = memo(function DayPicker({
  start,
  days,
  selected,
  onChange,
}: DayPickerProps) {
  if (days.length === 0) {
    return (
      <Text fs="italic" c="dimmed">
        {EXPORT_SCREEN.noMeals}
      </Text>
    );
  }
  const chosen = new Set(selected);
  const all = days.every((d) => chosen.has(d));
  const some = days.some((d) => chosen.has(d));
  return (
    <Stack gap="xs" data-testid="export-days">
      <Checkbox
        label={EXPORT_SCREEN.selectAllDays}
        checked={all}
        indeterminate={some && !all}
        onChange={() => onChange(all ? [] : [...days])}
        fw={600}
      />
      <Checkbox.Group
        label={EXPORT_SCREEN.daysLabel}
        value={selected.map(String)}
        onChange={(values) => onChange(values.map(Number).sort((a, b) => a - b))}
      >
        <Group gap="md" mt={4}>
          {days.map((day) => (
            <Checkbox key={day} value={String(day)} label={formatLongDate(dayToDate(start, day))} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
});
