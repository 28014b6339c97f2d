/**
 * One meal in the kitchen view: its heading, head count, a card per recipe with its allergens,
 * then its alternatives (issue 20), each for its people.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Card, Divider, Stack, Table, Text, Title } from '@mantine/core';
import type { CookAlternative, CookBlock, CookSheet } from '@popote/exports/cook-plan';
import type { LarderAlertLine } from '../../data/larder-alerts';
import { KITCHEN } from '../../strings';

/** The larder's alerts of an ingredient at this meal, and how one is drawn (issue 35). */
interface MealAlerts {
  alertsOf: (name: string) => LarderAlertLine[];
  alertText: (line: LarderAlertLine) => ReactNode;
}
const NO_ALERTS: MealAlerts = { alertsOf: () => [], alertText: () => null };
const MealAlertsContext = createContext<MealAlerts>(NO_ALERTS);

export function KitchenMeal({
  sheet,
  alertsOf,
  alertText,
}: { sheet: CookSheet } & Partial<MealAlerts>) {
  const alerts = {
    alertsOf: alertsOf ?? NO_ALERTS.alertsOf,
    alertText: alertText ?? NO_ALERTS.alertText,
  };
  return (
    <MealAlertsContext.Provider value={alerts}>
      <MealCard sheet={sheet} />
    </MealAlertsContext.Provider>
  );
}

function MealCard({ sheet }: { sheet: CookSheet }) {
  return (
    <Card withBorder shadow="sm" padding="lg" component="section" data-testid="kitchen-meal">
      <Stack gap="md">
        <div>
          <Title order={2} fz={28}>
            {sheet.title}
          </Title>
          <Text fz="xl" fw={600} data-testid="kitchen-meal-people">
            {sheet.people}
          </Text>
          <Text fz="lg" c="dimmed">
            {sheet.groups}
          </Text>
          {sheet.additional && (
            <Text fz="lg" c="dimmed">
              {sheet.additional}
            </Text>
          )}
          {sheet.notes.map((note) => (
            <Text key={note} fz="lg" fw={600}>
              {note}
            </Text>
          ))}
        </div>
        {sheet.blocks.length === 0 ? (
          <Text fz="xl" fs="italic">
            {KITCHEN.emptyMeal}
          </Text>
        ) : (
          sheet.blocks.map((block, i) => <KitchenBlock key={i} block={block} />)
        )}
        {sheet.alternatives.map((alternative, i) => (
          <KitchenAlternative key={i} alternative={alternative} />
        ))}
      </Stack>
    </Card>
  );
}

function KitchenAlternative({ alternative }: { alternative: CookAlternative }) {
  return (
    <Stack
      gap="md"
      component="section"
      aria-label={alternative.title}
      data-testid="kitchen-alternative"
      pl="md"
      style={{ borderLeft: '4px solid var(--mantine-color-blue-7)' }}
    >
      <Divider />
      <Title order={3} fz={24}>
        {alternative.title}
      </Title>
      {alternative.blocks.map((block, i) => (
        <KitchenBlock key={i} block={block} level={4} />
      ))}
    </Stack>
  );
}

/** A recipe, or the menu's own ingredients of a course; under an alternative, a level lower. */
function KitchenBlock({ block, level = 3 }: { block: CookBlock; level?: 3 | 4 }) {
  const { alertsOf, alertText } = useContext(MealAlertsContext);
  return (
    <Stack gap="xs" data-testid="kitchen-recipe">
      <Divider />
      <Title order={level} fz={24}>
        {block.title}
      </Title>
      {block.course && (
        <Text fz="lg" c="dimmed">
          {block.course}
        </Text>
      )}
      <Table fz="xl" verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{KITCHEN.ingredient}</Table.Th>
            <Table.Th ta="right">{KITCHEN.quantity}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {block.rows.map((row) => (
            <Table.Tr key={row.name} data-testid="kitchen-ingredient">
              <Table.Td>
                {row.name}
                {alertsOf(row.name).map((line) => (
                  <div key={`${line.alert.entry.id}`}>{alertText(line)}</div>
                ))}
              </Table.Td>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {row.note ? `${row.quantity} ${row.note}` : row.quantity}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {block.notes.map((note) => (
        <Text key={note} fz="lg" fw={700} data-testid="kitchen-allergens">
          {note}
        </Text>
      ))}
      {block.comments && (
        <div>
          <Text fz="lg" fw={700}>
            {KITCHEN.preparation}
          </Text>
          <Text fz="xl" style={{ whiteSpace: 'pre-wrap' }}>
            {block.comments}
          </Text>
        </div>
      )}
    </Stack>
  );
}
