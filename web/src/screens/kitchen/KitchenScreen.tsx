/**
 * In the kitchen, at the camp (issue 19): the meals of one day of the active stay (today's when
 * the stay is under way), each with its recipes, their preparation and every quantity for the
 * meal's people, exactly as the cook sheets print them (planCookbook), in type readable at arm's
 * length. Read from the device's database: it works offline. The screen stays on while open.
 */
import { Alert, Badge, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconEye } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { clockTime, dayToDate, formatLongDate, stayDayToday, type Stay } from '@popote/domain';
import type { CookSheet } from '@popote/exports/cook-plan';
import { LarderAlertText } from '../../components/larder/LarderAlertText';
import { NoActiveStay } from '../../components/NoActiveStay';
import { useNow } from '../../components/useNow';
import { useLarderAlerts, type LarderAlertLine } from '../../data/larder-alerts';
import { useSession } from '../../session/useSession';
import { KITCHEN, LARDER, MEAL_NOUNS } from '../../strings';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';
import { useStay, useStayDays } from '../../data/stays';
import { KitchenMeal } from './KitchenMeal';
import { DAY_PARAM, dayFromParam, defaultKitchenDay } from './kitchen-day';
import { ingredientAlerts, kitchenLarderAlerts, samplesDue } from './kitchen-warnings';
import { useKitchenDay, useRegisterEntries } from './useKitchenDay';
import { useWakeLock } from './useWakeLock';
import { DayArrow } from '../../components/DayArrow';

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

function KitchenDay({ stay, day }: { stay: Stay; day: number }) {
  const plan = useKitchenDay(stay, day);
  const alerts = useLarderAlerts(stay, day);
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
  const today = stayDayToday(stay.start);
  const kitchenAlerts = kitchenLarderAlerts(alerts ?? []);
  return (
    <Stack gap="xl">
      <DayWarnings
        stay={stay}
        day={day}
        sheets={plan.sheets}
        alerts={kitchenAlerts}
        today={today}
      />
      {plan.sheets.map((sheet) => (
        <KitchenMeal
          key={sheet.mealId}
          sheet={sheet}
          alertsOf={(name) => ingredientAlerts(kitchenAlerts, name, sheet.day)}
          alertText={(line) => <LarderAlertText line={line} stayStart={stay.start} today={today} />}
        />
      ))}
    </Stack>
  );
}

/**
 * At the top of the day: the meals whose sample is due and not taken, and what in the larder
 * is expired or expires before a meal (issue 35). Nothing when all is well.
 */
function DayWarnings(props: {
  stay: Stay;
  day: number;
  sheets: readonly CookSheet[];
  alerts: readonly LarderAlertLine[];
  today: number;
}) {
  const { stay, day, sheets, alerts, today } = props;
  // Read again every minute: a meal's sample falls due at its hour.
  const now = useNow();
  const entries = useRegisterEntries(stay);
  const due =
    entries === undefined
      ? []
      : samplesDue(
          sheets,
          entries,
          day,
          stayDayToday(stay.start, new Date(now)),
          clockTime(new Date(now)),
        );
  if (due.length === 0 && alerts.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={KITCHEN.warnings}
      icon={<IconAlertTriangle />}
      data-testid="kitchen-warnings"
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="xs">
        {due.map(({ mealId, slot }) => (
          <Text key={mealId} fz="lg" fw={700} c="red.9" data-testid="kitchen-sample-missing">
            {KITCHEN.sampleMissing(MEAL_NOUNS[slot])}
          </Text>
        ))}
        {alerts.map((line) => (
          <LarderAlertText
            key={`${line.alert.entry.id}-${line.alert.kind}`}
            line={line}
            stayStart={stay.start}
            today={today}
            size="lg"
            prefix={(sentence) => LARDER.alertOf(line.name, sentence)}
          />
        ))}
      </Stack>
    </Alert>
  );
}
