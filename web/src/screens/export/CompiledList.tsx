/**
 * The ingredients needed, grouped by category and sorted by name (the domain's order), each
 * with a chip of its total; the chip opens the quantity of every meal, linked to its day.
 * Pieces are counted whole meal by meal, as the cook sheets and the spreadsheet count them.
 */
import {
  ActionIcon,
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
import { IconCoin } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  formatEuros,
  formatQuantity,
  formatTotal,
  groupByKind,
  INGREDIENT_KIND_NAMES,
  mealLabel,
  toBuyTotal,
  toBuyVal,
  coverFromLarder,
  larderTotal,
  needsByDay,
  type CompiledIngredient,
  type Larder,
  type LarderLot,
  type CompileResult,
  type Id,
  type Ingredient,
  type PurchaseLine,
} from '@popote/domain';
import { COSTS, LARDER, EXPORT_SCREEN } from '../../strings';
import { agendaDayUrl } from '../../navigation/agenda-links';

export function CompiledList({
  result,
  start,
  stock,
  lines,
  onPrice,
}: {
  result: CompileResult;
  start: string;
  /** The larder's lots: an ingredient held there shows what remains to buy. */
  stock?: Larder;
  /** Packs and cost of each need (issue 21). */
  lines?: ReadonlyMap<Id, PurchaseLine>;
  /** Opens an ingredient's pack and prices. */
  onPrice?: (ingredient: Ingredient) => void;
}) {
  if (result.ingredients.length === 0) {
    return (
      <Text fs="italic" c="dimmed" data-testid="export-no-ingredient">
        {EXPORT_SCREEN.noIngredient}
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="export-compiled">
      {groupByKind(result.ingredients).map((group) => (
        <Stack key={group.kind} gap={4} data-testid="export-kind">
          <Title order={4} size="h5">
            {INGREDIENT_KIND_NAMES[group.kind]}
          </Title>
          <Table striped withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              {group.ingredients.map((item) => (
                <Table.Tr key={item.ingredient.id} data-testid="export-ingredient">
                  <Table.Td>
                    {item.ingredient.name}
                    <InLarder
                      item={item}
                      meals={result.meals}
                      held={stock?.get(item.ingredient.id)}
                    />
                    <PacksAndCost line={lines?.get(item.ingredient.id)} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <UsesPopover item={item} result={result} start={start} />
                      {onPrice && (
                        <ActionIcon
                          variant="subtle"
                          size="xl"
                          aria-label={COSTS.edit(item.ingredient.name)}
                          onClick={() => onPrice(item.ingredient)}
                        >
                          <IconCoin size={20} />
                        </ActionIcon>
                      )}
                    </Group>
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
  const total = formatTotal(toBuyTotal(item.uses));
  return (
    <Popover position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton aria-label={`${item.ingredient.name} : ${total}`}>
          <Badge size="lg" variant="light" style={{ cursor: 'pointer', textTransform: 'none' }}>
            {total}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="export-uses">
        <Text fw={600} size="sm" mb={4}>
          {EXPORT_SCREEN.perMealTitle}
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
                  aria-label={EXPORT_SCREEN.openDay(label)}
                >
                  {label}
                </Anchor>
                <Text size="sm">{formatQuantity(toBuyVal(use.unite, use.val), use.unite)}</Text>
              </Group>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * What the larder holds of an ingredient and what remains to buy (an entry covers only the
 * meals before its use-by date); nothing when none is held.
 */
function InLarder({
  item,
  meals,
  held,
}: {
  item: CompiledIngredient;
  meals: CompileResult['meals'];
  held: readonly LarderLot[] | undefined;
}) {
  const total = held === undefined ? null : larderTotal(held);
  if (!held || !total || (total.pieces <= 0 && total.grams <= 0 && total.centiliters <= 0)) {
    return null;
  }
  return (
    <Text size="xs" c="dimmed" data-testid="export-in-larder">
      {LARDER.inStock(total)} ·{' '}
      {LARDER.toBuy(coverFromLarder(held, needsByDay(item.uses, meals)).toBuy)}
    </Text>
  );
}

/** The whole packs to buy and what they cost: '3 × paquet de 500 gr · 3,60 €'. */
function PacksAndCost({ line }: { line: PurchaseLine | undefined }) {
  if (!line || (line.pack === null && line.price === null)) return null;
  const parts: string[] = [];
  if (line.pack !== null && line.packs !== null && line.packs > 0) {
    parts.push(COSTS.packs(line.packs, line.pack));
  }
  if (line.price !== null && line.missing === null) parts.push(formatEuros(line.cost));
  if (line.missing !== null) parts.push(COSTS.missingReason[line.missing]);
  if (parts.length === 0) return null;
  return (
    <Text size="xs" c={line.missing === null ? 'dimmed' : 'orange'} data-testid="export-packs">
      {parts.join(' · ')}
    </Text>
  );
}
