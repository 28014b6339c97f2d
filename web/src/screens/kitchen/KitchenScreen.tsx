/**
 * In the kitchen, at the camp (issue 19): the meals of one day of the active stay (today's when
 * the stay is under way), each with its recipes, their preparation and every quantity for the
 * meal's people, exactly as the cook sheets print them (planCookbook), in type readable at arm's
 * length. Read from the device's database: it works offline. The screen stays on while open.
 */
import type { ReactNode } from 'react';
import { ActionIcon, Badge, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconEye } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { dayToDate, formatLongDate, stayDayToday, type Stay } from '@popote/domain';
import { NoActiveStay } from '../../components/NoActiveStay';
import { useSession } from '../../session/useSession';
import { KITCHEN } from '../../strings';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';
import { useStay, useStayDays } from '../../data/stays';
import { KitchenMeal } from './KitchenMeal';
import { DAY_PARAM, dayFromParam, defaultKitchenDay } from './kitchen-day';
import { useKitchenDay } from './useKitchenDay';
import { useWakeLock } from './useWakeLock';

export function KitchenScreen() {
  const session = useSession();
  const stay = useStay(session?.activeStayId ?? null);
  const firstSyncDone = useFirstSyncDone();
  if (stay === undefined) return <Loader aria-label={KITCHEN.loading} />;
  if (stay === null && !firstSyncDone) return <FirstSyncLoader />;
  if (stay === null) return <NoActiveStay testId="kitchen-no-stay" />;
  return <StayKitchen key={stay.id} stay={stay} />;
}

function StayKitchen({ stay }: { stay: Stay }) {
  const awake = useWakeLock();
  const days = useStayDays(stay.id);
  // The day is kept in the address: a reload, or the back button, shows the same day.
  const [params, setParams] = useSearchParams();
  const asked = dayFromParam(params.get(DAY_PARAM));
  if (days === undefined) return <Loader aria-label={KITCHEN.loading} />;
  if (days.length === 0) {
    return (
      <Text fz="xl" fs="italic" data-testid="kitchen-no-meal">
        {KITCHEN.noMealInStay}
      </Text>
    );
  }
  const day = asked ?? defaultKitchenDay(days, stayDayToday(stay.start));
  const show = (next: number) => setParams({ [DAY_PARAM]: String(next) }, { replace: true });
  const at = days.indexOf(day);
  const previous = at === -1 ? days.filter((d) => d < day).pop() : days[at - 1];
  const next = at === -1 ? days.find((d) => d > day) : days[at + 1];
  const label = (d: number) => formatLongDate(dayToDate(stay.start, d));
  return (
    <Stack gap="lg" data-testid="screen-kitchen">
      <Group gap="sm" wrap="nowrap" align="flex-end">
        <DayArrow
          label={KITCHEN.previousDay}
          to={previous}
          onShow={show}
          icon={<IconChevronLeft />}
        />
        <Select
          label={KITCHEN.dayLabel}
          size="lg"
          style={{ flex: 1, maxWidth: 420 }}
          allowDeselect={false}
          data={days.map((d) => ({
            value: String(d),
            label: d === stayDayToday(stay.start) ? `${label(d)} (${KITCHEN.today})` : label(d),
          }))}
          value={String(day)}
          onChange={(value) => value !== null && show(Number(value))}
          data-testid="kitchen-day"
        />
        <DayArrow label={KITCHEN.nextDay} to={next} onShow={show} icon={<IconChevronRight />} />
      </Group>
      {awake && (
        <Badge variant="light" leftSection={<IconEye size={14} />} w="fit-content">
          {KITCHEN.awake}
        </Badge>
      )}
      <KitchenDay stay={stay} day={day} />
    </Stack>
  );
}

/** The previous or next day with meals; disabled when there is none. */
function DayArrow(props: {
  label: string;
  to: number | undefined;
  onShow: (day: number) => void;
  icon: ReactNode;
}) {
  const { label, to, onShow, icon } = props;
  return (
    <ActionIcon
      size="xl"
      variant="default"
      aria-label={label}
      disabled={to === undefined}
      onClick={() => to !== undefined && onShow(to)}
    >
      {icon}
    </ActionIcon>
  );
}

function KitchenDay({ stay, day }: { stay: Stay; day: number }) {
  const plan = useKitchenDay(stay, day);
  if (plan === undefined) return <Loader aria-label={KITCHEN.loading} />;
  if (!plan.ok) {
    return (
      <Text c="red" fz="lg">
        {plan.message}
      </Text>
    );
  }
  if (plan.sheets.length === 0) {
    return (
      <Text fz="xl" fs="italic" data-testid="kitchen-no-meal">
        {KITCHEN.noMealThatDay}
      </Text>
    );
  }
  return (
    <Stack gap="xl">
      {plan.sheets.map((sheet) => (
        <KitchenMeal key={sheet.mealId} sheet={sheet} />
      ))}
    </Stack>
  );
}
