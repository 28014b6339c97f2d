/**
 * The ingredients needed, grouped by category and sorted by name (the domain's order), each
 * with a chip of its total; the chip opens the quantity of every meal, linked to its day.
 * Pieces are counted whole meal by meal, as the cook sheets and the spreadsheet count them.
 */
import {
  Anchor,
  Badge,
  Group,
  Popover,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  formatQuantity,
  formatTotal,
  groupByKind,
  INGREDIENT_KIND_NAMES,
  purchaseTotal,
  purchaseVal,
  type CompiledIngredient,
  type CompileResult,
} from '@popote/domain';
import { mealLabel } from '@popote/exports';
import { ORDER } from '../../strings';
import { agendaDayUrl } from '../agenda/links';

export function CompiledList({ result, start }: { result: CompileResult; start: string }) {
  if (result.ingredients.length === 0) {
    return (
      <Text fs="italic" c="dimmed" data-testid="order-no-ingredient">
        {ORDER.noIngredient}
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="order-compiled">
      {groupByKind(result.ingredients).map((group) => (
        <Stack key={group.kind} gap={4} data-testid="order-kind">
          <Title order={4} size="h5">
            {INGREDIENT_KIND_NAMES[group.kind]}
          </Title>
          <Table striped withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {group.ingredients.map((item) => (
                <Table.Tr key={item.ingredient.id} data-testid="order-ingredient">
                  <Table.Td>{item.ingredient.name}</Table.Td>
                  <Table.Td ta="right">
                    <UsesPopover item={item} result={result} start={start} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}

function UsesPopover({
  item,
  result,
  start,
}: {
  item: CompiledIngredient;
  result: CompileResult;
  start: string;
}) {
  const total = formatTotal(purchaseTotal(item.uses));
  return (
    <Popover position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton aria-label={`${item.ingredient.name} : ${total}`}>
          <Badge size="lg" variant="light" style={{ cursor: 'pointer', textTransform: 'none' }}>
            {total}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="order-uses">
        <Text fw={600} size="sm" mb={4}>
          {ORDER.perMealTitle}
        </Text>
        <Stack gap={2}>
          {item.uses.map((use) => {
            const meal = result.meals[use.mealId];
            if (!meal) return null;
            const label = mealLabel(start, meal.day, meal.slot);
            return (
              <Group key={`${use.mealId}-${use.unite}`} justify="space-between" gap="lg">
                <Anchor
                  component={Link}
                  to={agendaDayUrl(meal.day)}
                  size="sm"
                  c="blue.8"
                  aria-label={ORDER.openDay(label)}
                >
                  {label}
                </Anchor>
                <Text size="sm">{formatQuantity(purchaseVal(use.unite, use.val), use.unite)}</Text>
              </Group>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
