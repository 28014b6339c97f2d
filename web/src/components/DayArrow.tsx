import type { ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';

/**
 * The previous or next day of a screen that shows one day (the kitchen, the register): a large
 * touch target, disabled when there is no such day.
 */
export function DayArrow(props: {
  label: string;
  to: number | null | undefined;
  onShow: (day: number) => void;
  icon: ReactNode;
}) {
  const { label, to, onShow, icon } = props;
  const day = to ?? null;
  return (
    <ActionIcon
      size="xl"
      variant="default"
      aria-label={label}
      disabled={day === null}
      onClick={() => day !== null && onShow(day)}
    >
      {icon}
    </ActionIcon>
  );
}
