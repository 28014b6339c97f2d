/**
 * 'Assistant de créations de repas' (spec 2.5): plans several days of meals in one change.
 * The id range is sized by the domain from the device's rows (wizardIdCount), so that the
 * mutator never runs short of ids.
 */
import { useState } from 'react';
import {
  Button,
  Chip,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import {
  dayToDate,
  filledMealsReplaced,
  formatShortDate,
  isDomainError,
  MAX_STAY_DAYS,
  validateWizardDuration,
  wizardIdCount,
  type Group as StayGroup,
  type Id,
  type Meal,
  type Menu,
  type Stay,
} from '@popote/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { AGENDA, SUCCESS } from '../../../strings';
import { useLocalQuery } from '../../../sync/useLocal';
import { useMutateUndoable } from '../../../sync/useMutate';
import { groupLabel } from '../plan-view';

/** Spec 9: 7 days by default. */
const DEFAULT_DAYS = 7;

export interface MealWizardProps {
  opened: boolean;
  onClose: () => void;
  stay: Stay;
  groups: StayGroup[];
  /** Every meal of the stay. */
  meals: Meal[];
}

export function MealWizard({ opened, onClose, ...rest }: MealWizardProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={AGENDA.wizardTitle} size={900}>
      {/* Mounted only while open: every opening starts from the defaults. */}
      {opened && <WizardForm onDone={onClose} {...rest} />}
    </Modal>
  );
}

function WizardForm({
  stay,
  groups,
  meals,
  onDone,
}: Omit<MealWizardProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const mutateUndoable = useMutateUndoable();
  const [confirmReplace, setConfirmReplace] = useState(false);
  // The menus of every meal of the stay (the agenda reads those of the shown days only).
  const menusById = useLocalQuery(
    async (store) =>
      new Map<Id, Menu>(
        (await store.getMany('menus', [...new Set(meals.map((m) => m.menuId))])).map((m) => [
          m.id,
          m,
        ]),
      ),
    [meals],
  );
  const filledReplaced = menusById ? filledMealsReplaced(meals, menusById) : 0;
  const [days, setDays] = useState<number | string>(DEFAULT_DAYS);
  const [withGouter, setWithGouter] = useState(true);
  const [cinquieme, setCinquieme] = useState<string[]>([]);
  /** Day → ids (as strings, for the chips) of the groups out that day. */
  const [excursions, setExcursions] = useState<Record<number, string[]>>({});
  const [busy, setBusy] = useState(false);

  let duration: number | null = null;
  let durationError: string | null = null;
  try {
    duration = validateWizardDuration(typeof days === 'string' ? Number(days) : days);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    durationError = e.message;
  }
  const groupOptions = groups.map((g) => ({ value: String(g.id), label: groupLabel(g) }));

  async function run(deleteExisting: boolean) {
    if (duration === null || busy) return;
    const daysNumber = duration;
    const out: Record<string, Id[]> = {};
    for (const [day, ids] of Object.entries(excursions)) {
      if (Number(day) < daysNumber && ids.length > 0) out[day] = ids.map(Number);
    }
    const request = {
      stayId: stay.id,
      daysNumber,
      excursions: out,
      withGouter,
      groupsForCinquieme: cinquieme.map(Number),
      deleteExisting,
    };
    setBusy(true);
    try {
      const done = await mutateUndoable(
        'runMealWizard',
        (ids) => ({
          ...request,
          ids: ids.range(wizardIdCount({ stay, groups, existingMeals: meals, request })),
          now: new Date().toISOString(),
        }),
        SUCCESS.mealsGenerated,
      );
      if (done) onDone();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Group align="flex-start" grow>
        <NumberInput
          label={AGENDA.wizardDuration}
          value={days}
          onChange={setDays}
          min={1}
          max={MAX_STAY_DAYS}
          allowDecimal={false}
          allowNegative={false}
          error={durationError}
        />
        <MultiSelect
          label={AGENDA.wizardCinquieme}
          placeholder={cinquieme.length === 0 ? AGENDA.wizardCinquiemePlaceholder : undefined}
          data={groupOptions}
          value={cinquieme}
          onChange={setCinquieme}
          clearable
        />
      </Group>
      <Switch
        label={AGENDA.wizardGouter}
        checked={withGouter}
        onChange={(e) => setWithGouter(e.currentTarget.checked)}
      />
      {groups.length >= 2 && duration !== null && (
        <Stack gap={4}>
          <Text fw={500} size="sm">
            {AGENDA.wizardExcursions}
          </Text>
          <Text size="xs" c="dimmed">
            {AGENDA.wizardExcursionsHint}
          </Text>
          <ScrollArea type="auto" offsetScrollbars>
            <Group wrap="nowrap" gap="xs" align="stretch" pb={4}>
              {Array.from({ length: duration }, (_, day) => (
                <Paper
                  key={day}
                  withBorder
                  p="xs"
                  miw={150}
                  data-testid="wizard-excursion-day"
                  aria-label={`${AGENDA.wizardExcursions} : ${formatShortDate(dayToDate(stay.start, day))}`}
                  role="group"
                >
                  <Text size="sm" fw={600} mb={6}>
                    {formatShortDate(dayToDate(stay.start, day))}
                  </Text>
                  <Chip.Group
                    multiple
                    value={excursions[day] ?? []}
                    onChange={(value) => setExcursions((prev) => ({ ...prev, [day]: value }))}
                  >
                    <Stack gap={4}>
                      {groupOptions.map((g) => (
                        <Chip key={g.value} value={g.value} size="xs">
                          {g.label}
                        </Chip>
                      ))}
                    </Stack>
                  </Chip.Group>
                </Paper>
              ))}
            </Group>
          </ScrollArea>
        </Stack>
      )}
      <Group justify="flex-end">
        {meals.length > 0 && (
          <Button
            variant="outline"
            color="red"
            disabled={duration === null || menusById === undefined}
            loading={busy}
            onClick={() => {
              // Filled menus are work: ask first, saying how many (an empty plan goes at once).
              if (filledReplaced > 0) setConfirmReplace(true);
              else void run(true);
            }}
          >
            {AGENDA.wizardReplace}
          </Button>
        )}
        <Button disabled={duration === null} loading={busy} onClick={() => void run(false)}>
          {AGENDA.wizardAdd}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirmReplace}
        onClose={() => setConfirmReplace(false)}
        onConfirm={() => void run(true)}
        title={AGENDA.wizardReplaceTitle}
        confirmLabel={AGENDA.wizardReplaceConfirm}
      >
        <Text data-testid="wizard-replace-warning">
          {AGENDA.wizardReplaceWarning(filledReplaced, meals.length)}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
