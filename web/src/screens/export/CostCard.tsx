/**
 * 'Coût et budget' (issue 21): what the chosen days' meals cost, per day and per person-day
 * against the stay's budget, what to pay per supplier in whole packs, and the ingredients with
 * no price, each one tap away from its price. A cost with a missing price says 'au moins'.
 */
import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCoin, IconPencil } from '@tabler/icons-react';
import {
  formatEuros,
  stayDayLabel,
  type CostPlan,
  type Ingredient,
  type Stay,
} from '@popote/domain';
import { COSTS } from '../../strings';

/** '12,50 €', or 'au moins 12,50 €' when a price is missing. */
const euros = (amount: number, complete: boolean): string =>
  complete ? formatEuros(amount) : COSTS.atLeast(formatEuros(amount));

export function CostCard({
  stay,
  plan,
  onBudget,
  onPrice,
}: {
  stay: Stay;
  /** null before the days are compiled. */
  plan: CostPlan | null;
  /** Absent when the user's role may not change the budget (issue 32). */
  onBudget?: () => void;
  /** Absent when the stay's prices are not the user's to set (they are its owner's). */
  onPrice: ((ingredient: Ingredient) => void) | undefined;
}) {
  const budget = stay.budget ?? null;
  const over = plan?.days.filter((d) => d.overBudget).length ?? 0;
  return (
    <Card withBorder data-testid="export-costs">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {COSTS.costTitle}
          </Title>
          {onBudget && (
            <Button variant="subtle" leftSection={<IconPencil size={16} />} onClick={onBudget}>
              {COSTS.editBudget}
            </Button>
          )}
        </Group>
        <Text size="sm" data-testid="export-budget">
          {budget === null ? COSTS.noBudget : COSTS.budgetOf(budget)}
        </Text>
        {plan !== null && plan.days.length === 0 && (
          <Text c="dimmed" fs="italic">
            {COSTS.noMeal}
          </Text>
        )}
        {plan !== null && plan.days.length > 0 && (
          <>
            <Stack gap={2}>
              <Figure
                label={COSTS.perPersonDay}
                value={plan.perPersonDay === null ? '—' : euros(plan.perPersonDay, plan.complete)}
                testId="cost-per-person-day"
                strong
              />
              <Text size="xs" c="dimmed">
                {COSTS.personDays(plan.personDays)}
              </Text>
              <Figure
                label={COSTS.costOfDays}
                value={euros(plan.cost, plan.complete)}
                testId="cost-of-days"
              />
              <Figure
                label={COSTS.toPay}
                value={euros(plan.toPay, plan.complete)}
                testId="cost-to-pay"
              />
            </Stack>
            {budget !== null && (
              <Text
                size="sm"
                fw={600}
                c={over > 0 ? 'red.9' : 'green.9'}
                data-testid="cost-budget-verdict"
              >
                {over > 0 ? COSTS.overBudgetDays(over) : COSTS.withinBudget}
              </Text>
            )}
            <DayCosts plan={plan} start={stay.start} />
            <SupplierCosts plan={plan} />
            <MissingPrices plan={plan} onPrice={onPrice} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function Figure({
  label,
  value,
  testId,
  strong = false,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'}>{label}</Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function DayCosts({ plan, start }: { plan: CostPlan; start: string }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {COSTS.perDay}
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table striped verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{COSTS.day}</Table.Th>
              <Table.Th ta="right">{COSTS.people}</Table.Th>
              <Table.Th ta="right">{COSTS.dayCost}</Table.Th>
              <Table.Th ta="right">{COSTS.dayPerPerson}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.days.map((day) => (
              <Table.Tr
                key={day.day}
                data-testid="cost-day"
                data-over-budget={day.overBudget ? 'true' : 'false'}
              >
                <Table.Td>
                  {stayDayLabel(start, day.day)}
                  {day.overBudget && (
                    <Badge ml="xs" color="red" variant="light" data-testid="cost-day-over">
                      {COSTS.overBudget}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{day.people}</Table.Td>
                <Table.Td ta="right">{euros(day.cost, day.complete)}</Table.Td>
                <Table.Td ta="right" fw={600} c={day.overBudget ? 'red.9' : undefined}>
                  {day.perPerson === null ? '—' : euros(day.perPerson, day.complete)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function SupplierCosts({ plan }: { plan: CostPlan }) {
  if (plan.suppliers.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {COSTS.perSupplier}
      </Title>
      <Table striped verticalSpacing={4}>
        <Table.Tbody>
          {plan.suppliers.map((s) => (
            <Table.Tr key={s.supplierId} data-testid="cost-supplier">
              <Table.Td>{s.name}</Table.Td>
              <Table.Td ta="right">{euros(s.cost, s.complete)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function MissingPrices({
  plan,
  onPrice,
}: {
  plan: CostPlan;
  /** Absent: the prices are another's (a member of the stay sees its owner's, issue 32). */
  onPrice: ((ingredient: Ingredient) => void) | undefined;
}) {
  if (plan.missing.length === 0) return null;
  return (
    <Stack gap={4} data-testid="cost-missing">
      <Title order={3} size="h5" c="orange">
        {COSTS.missingTitle(plan.missing.length)}
      </Title>
      <Text size="sm" c="dimmed">
        {COSTS.missingHint}
      </Text>
      <List spacing={2} size="sm">
        {plan.missing.map(({ ingredient, reason }) => {
          const line = (
            <Group gap={6} wrap="nowrap">
              <IconCoin size={16} />
              <Text size="sm" td={onPrice ? 'underline' : undefined}>
                {ingredient.name}
              </Text>
              <Text size="xs" c="dimmed">
                ({COSTS.missingReason[reason]})
              </Text>
            </Group>
          );
          return (
            <List.Item key={ingredient.id} data-testid="cost-missing-item">
              {onPrice ? (
                <UnstyledButton
                  onClick={() => onPrice(ingredient)}
                  aria-label={COSTS.setPrice(ingredient.name)}
                  style={{ minHeight: 44 }}
                >
                  {line}
                </UnstyledButton>
              ) : (
                line
              )}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
