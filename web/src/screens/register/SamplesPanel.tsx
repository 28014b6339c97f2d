/**
 * 'Plats témoins': each meal of the day with its dishes and its sample (taken in one tap, at
 * the device's time, by the signed-in user), the meals still without one, and the samples to
 * throw away today (kept 5 days after their meal).
 */
import { ActionIcon, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import {
  clockTime,
  dayToDate,
  formatLongDate,
  HORAIRE_LABELS,
  isMealServed,
  mealsWithoutSample,
  samplesOf,
  samplesToThrow,
  type RegisterSample,
  type Stay,
} from '@popote/domain';
import { REGISTER } from '../../strings';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import type { RegisterPartProps } from './RegisterScreen';
import { useMealsOfDay, type MealOfDay, type RegisterRead } from './useRegister';

/** The most dishes a sample names (the mutation's bound). */
const MAX_DISHES = 50;

export function SamplesPanel({
  stay,
  day,
  today,
  keeps,
  read,
}: RegisterPartProps & {
  read: RegisterRead;
}) {
  const meals = useMealsOfDay(stay.id, day);
  const samples = samplesOf(read.entries);
  const toThrow = samplesToThrow(read.entries, today);
  if (meals === undefined) return <Loader aria-label={REGISTER.loading} />;
  const without = mealsWithoutSample(
    meals.map((m) => m.meal),
    read.entries,
    day,
  );
  return (
    <Stack gap="md" data-testid="register-samples">
      {meals.length === 0 ? (
        <Text fs="italic" c="dimmed">
          {REGISTER.noMealThatDay}
        </Text>
      ) : (
        <Text fw={600} data-testid="samples-missing" c={without.length > 0 ? 'orange' : 'green'}>
          {without.length > 0
            ? REGISTER.withoutSample(without.map((m) => HORAIRE_LABELS[m.slot]))
            : REGISTER.allSampled}
        </Text>
      )}
      {meals.map((m) => (
        <MealSample
          key={m.meal.id}
          meal={m}
          sample={samples.find((s) => s.mealId === m.meal.id)}
          read={read}
          today={today}
          keeps={keeps}
        />
      ))}
      <ToThrow stay={stay} samples={toThrow} keeps={keeps} />
    </Stack>
  );
}

function MealSample(props: {
  meal: MealOfDay;
  sample: RegisterSample | undefined;
  read: RegisterRead;
  today: number;
  keeps: boolean;
}) {
  const { meal, sample, read, today, keeps } = props;
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const name = HORAIRE_LABELS[meal.meal.slot];
  const due = isMealServed(meal.meal, today, clockTime());
  return (
    <Card withBorder padding="sm" data-testid="sample-meal" aria-label={name} component="section">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5">
            {name}
          </Title>
          {sample === undefined && (
            <Badge color={due ? 'orange' : 'gray'} variant="light">
              {REGISTER.due}
            </Badge>
          )}
        </Group>
        <Text size="sm" data-testid="sample-dishes">
          {meal.dishes.length > 0 ? meal.dishes.join(' · ') : REGISTER.noDish}
        </Text>
        {sample === undefined ? (
          keeps && (
            <Button
              leftSection={<IconCheck size={18} />}
              w="fit-content"
              onClick={() =>
                void mutate('takeSample', (ids) => ({
                  id: ids.next(),
                  mealId: meal.meal.id,
                  time: clockTime(),
                  dishes: meal.dishes.slice(0, MAX_DISHES),
                }))
              }
            >
              {REGISTER.take}
            </Button>
          )
        ) : (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Text size="sm" c="green" fw={600} data-testid="sample-taken">
                {REGISTER.takenBy(sample.time, read.pseudos.get(sample.by) ?? REGISTER.someone)}
              </Text>
              {sample.discarded !== null && (
                <Badge color="gray" variant="light">
                  {REGISTER.discardedMark}
                </Badge>
              )}
            </Group>
            {keeps && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={REGISTER.removeSample(name)}
                onClick={() =>
                  void mutateUndoable(
                    'deleteRegisterEntry',
                    { id: sample.id },
                    REGISTER.sampleRemoved,
                  )
                }
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** 'À jeter aujourd'hui': the samples kept past their 5 days, each with 'Jeté'. */
function ToThrow({
  stay,
  samples,
  keeps,
}: {
  stay: Stay;
  samples: RegisterSample[];
  keeps: boolean;
}) {
  const mutateUndoable = useMutateUndoable();
  return (
    <Card withBorder padding="sm" data-testid="samples-to-throw" component="section">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {REGISTER.toThrowTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {REGISTER.toThrowHint}
        </Text>
        {samples.length === 0 && (
          <Text size="sm" fs="italic">
            {REGISTER.toThrowNone}
          </Text>
        )}
        {samples.map((s) => {
          const label = `${formatLongDate(dayToDate(stay.start, s.day))} – ${HORAIRE_LABELS[s.slot]}`;
          return (
            <Group
              key={s.id}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              data-testid="sample-to-throw"
            >
              <Text size="sm" style={{ minWidth: 0 }}>
                {label}
              </Text>
              {keeps && (
                <Button
                  variant="light"
                  color="red"
                  aria-label={REGISTER.discardOf(label)}
                  onClick={() =>
                    void mutateUndoable(
                      'discardSample',
                      { id: s.id, at: new Date().toISOString() },
                      REGISTER.discarded,
                    )
                  }
                >
                  {REGISTER.discard}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
