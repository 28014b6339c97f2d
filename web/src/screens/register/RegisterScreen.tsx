/**
 * 'Registre' (issue 35): the kitchen's register of the active stay, day by day, in three parts:
 * the food samples of each meal ('Plats témoins'), the temperatures of the cold units
 * ('Températures') and the deliveries ('Réceptions'). Read from the device's database and
 * written through the register's mutations: it works offline and syncs like every change. A
 * 'Lecture' member reads it; the controls follow the rights of the stay (useStayMay).
 */
import { Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconCalendarEvent,
  IconFridge,
  IconToolsKitchen,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { dayToDate, formatLongDate, stayDayToday, type Stay } from '@popote/domain';
import { NoActiveStay } from '../../components/NoActiveStay';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useStay, useStayDays } from '../../data/stays';
import { useStayMay } from '../../data/team';
import { useSession } from '../../session/useSession';
import { REGISTER } from '../../strings';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';
import { DeliveriesPanel } from './DeliveriesPanel';
import { RegisterExportButton } from './RegisterExportButton';
import {
  DAY_PARAM,
  PART_PARAM,
  dayFromParam,
  defaultRegisterDay,
  neighbourDays,
  partFromParam,
} from './register-view';
import { SamplesPanel } from './SamplesPanel';
import { TemperaturesPanel } from './TemperaturesPanel';
import { useRegisterEntries } from './useRegister';
import { DayArrow } from '../../components/DayArrow';

export function RegisterScreen() {
  const session = useSession();
  const stay = useStay(session?.activeStayId ?? null);
  const firstSyncDone = useFirstSyncDone();
  if (stay === undefined) return <Loader aria-label={REGISTER.loading} />;
  if (stay === null && !firstSyncDone) return <FirstSyncLoader />;
  if (stay === null) return <NoActiveStay testId="register-no-stay" />;
  return <StayRegister key={stay.id} stay={stay} />;
}

/** What a part of the register is handed: the stay, its day, and whether the user keeps it. */
export interface RegisterPartProps {
  stay: Stay;
  day: number;
  today: number;
  /** The 'keep' right on the stay, mirrored from the mutations' declared access. */
  keeps: boolean;
}

function StayRegister({ stay }: { stay: Stay }) {
  const days = useStayDays(stay.id);
  const read = useRegisterEntries(stay.id);
  const may = useStayMay(stay);
  // The day and the part are kept in the address: a reload, or the back button, shows them.
  const [params, setParams] = useSearchParams();
  if (days === undefined || read === undefined) return <Loader aria-label={REGISTER.loading} />;
  const today = stayDayToday(stay.start);
  const day = dayFromParam(params.get(DAY_PARAM)) ?? defaultRegisterDay(days, today);
  const part = partFromParam(params.get(PART_PARAM));
  const show = (next: { day?: number; part?: string }) =>
    setParams(
      { [DAY_PARAM]: String(next.day ?? day), [PART_PARAM]: next.part ?? part },
      { replace: true },
    );
  const { previous, next } = neighbourDays(day);
  const keeps = may('addReading');
  const props: RegisterPartProps = { stay, day, today, keeps };
  return (
    <Stack gap="md" data-testid="screen-register">
      <RegisterHeader stay={stay} />
      {may.known && !keeps && (
        <ReadOnlyNotice testId="register-read-only">{REGISTER.readOnly}</ReadOnlyNotice>
      )}
      <Group gap="xs" wrap="nowrap" align="center">
        <DayArrow
          label={REGISTER.previousDay}
          to={previous}
          onShow={(d) => show({ day: d })}
          icon={<IconChevronLeft />}
        />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {REGISTER.dayLabel}
          </Text>
          <Title order={2} size="h4" data-testid="register-day">
            {formatLongDate(dayToDate(stay.start, day))}
            {day === today ? ` (${REGISTER.today})` : ''}
          </Title>
        </Stack>
        <DayArrow
          label={REGISTER.nextDay}
          to={next}
          onShow={(d) => show({ day: d })}
          icon={<IconChevronRight />}
        />
      </Group>
      <Button
        variant="default"
        w="fit-content"
        leftSection={<IconCalendarEvent size={18} />}
        disabled={day === today}
        onClick={() => show({ day: today })}
      >
        {REGISTER.today}
      </Button>
      <Tabs
        value={part}
        onChange={(value) => value !== null && show({ part: value })}
        keepMounted={false}
      >
        <Tabs.List grow aria-label={REGISTER.tabsLabel}>
          <Tabs.Tab value="plats" leftSection={<IconToolsKitchen size={16} />} px="xs">
            {REGISTER.samplesTab}
          </Tabs.Tab>
          <Tabs.Tab value="temperatures" leftSection={<IconFridge size={16} />} px="xs">
            {REGISTER.temperaturesTab}
          </Tabs.Tab>
          <Tabs.Tab value="receptions" leftSection={<IconTruckDelivery size={16} />} px="xs">
            {REGISTER.deliveriesTab}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="plats" pt="md">
          <SamplesPanel {...props} read={read} />
        </Tabs.Panel>
        <Tabs.Panel value="temperatures" pt="md">
          <TemperaturesPanel {...props} read={read} />
        </Tabs.Panel>
        <Tabs.Panel value="receptions" pt="md">
          <DeliveriesPanel {...props} read={read} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * The register's title and, beside it, 'Exporter le registre' (the PDF an inspector reads, for
 * anyone of the team: it is theirs to read).
 */
function RegisterHeader({ stay }: { stay: Stay }) {
  return (
    <Group justify="space-between" align="center" gap="sm" data-testid="register-header">
      <Title order={1} size="h3">
        {REGISTER.title}
      </Title>
      <Group gap="xs" data-testid="register-actions">
        <RegisterExportButton stay={stay} />
      </Group>
    </Group>
  );
}
