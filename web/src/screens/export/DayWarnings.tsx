/**
 * The warnings of the chosen days (issue 20): each meal whose food does not suit some of its
 * people, with who and why, linked to its day in the agenda.
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { mealLabel, type Meal, type MealWarning } from '@popote/domain';
import { MealWarnings } from '../../components/MealWarnings';
import { EXPORT_SCREEN } from '../../strings';
import { agendaDayUrl } from '../../navigation/agenda-links';

export function DayWarnings({
  warnings,
  start,
}: {
  warnings: readonly { meal: Meal; warnings: MealWarning[] }[];
  start: string;
}) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle />}
      title={EXPORT_SCREEN.warningsTitle}
      data-testid="export-warnings"
    >
      <Stack gap="xs">
        {warnings.map(({ meal, warnings: list }) => (
          <div key={meal.id}>
            <Anchor component={Link} to={agendaDayUrl(meal.day)} size="sm" fw={600} c="blue.8">
              {mealLabel(start, meal.day, meal.slot)}
            </Anchor>
            <MealWarnings warnings={list} />
          </div>
        ))}
        <Text size="xs">{EXPORT_SCREEN.warningsHint}</Text>
      </Stack>
    </Alert>
  );
}
