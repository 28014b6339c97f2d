/**
 * Who among a meal's people cannot eat some of its dishes, and why (issue 20): one line per
 * diet or allergy, in the words of the domain ('2 personnes allergiques aux arachides : Sauce
 * satay'). Shown by the day view under each meal and listed by the export screen.
 */
import { List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { warningText, type MealWarning } from '@popote/domain';

export function MealWarnings({ warnings }: { warnings: readonly MealWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <List
      size="sm"
      spacing={2}
      mt={6}
      c="orange"
      icon={<IconAlertTriangle size={16} aria-hidden />}
      data-testid="meal-warnings"
    >
      {warnings.map((w) => {
        const text = warningText(w);
        return (
          <List.Item key={text}>
            <Text size="sm" c="orange">
              {text}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
