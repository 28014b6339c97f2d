/** Step 3 of the import: the recipes as they will be created, then 'Importer les recettes'. */
import { useState } from 'react';
import { Badge, Button, Card, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import {
  PLAT_LABELS,
  UNITE_LABELS,
  formatNumber,
  pageCount,
  pageItems,
  type RecipesImportPlan,
} from '@popote/domain';
import { PLAT_COLORS } from '../../../theme/colors';
import { LIBRARY } from '../../../strings';

const RECIPES_PER_PAGE = 10;

export function RecipesStep({
  plan,
  importing,
  confirmLabel = LIBRARY.importConfirm,
  onBack,
  onConfirm,
}: {
  plan: RecipesImportPlan;
  importing: boolean;
  /** 'Importer les recettes', or 'Importer la recette' for a recipe read from the web. */
  confirmLabel?: string;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const [page, setPage] = useState(1);
  return (
    <Stack mt="md">
      <Text size="sm">{LIBRARY.recipesIntro(plan.recipes.length, plan.newIngredients.length)}</Text>
      {pageItems(plan.recipes, page, RECIPES_PER_PAGE).map((recipe, index) => (
        <Card key={`${page}-${index}`} withBorder padding="sm" data-testid="import-recipe">
          <Group gap="sm" mb="xs">
            <Text fw={600}>{recipe.name}</Text>
            <Badge color={PLAT_COLORS[recipe.plat]} variant="light">
              {PLAT_LABELS[recipe.plat]}
            </Badge>
            <Text size="sm" c="dimmed">
              {LIBRARY.forPeople(recipe.forPeople)}
            </Text>
          </Group>
          {recipe.name !== recipe.fileName && (
            <Text size="xs" c="orange" mb="xs">
              {LIBRARY.renamed(recipe.fileName)}
            </Text>
          )}
          <Table withRowBorders={false} verticalSpacing={2}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{LIBRARY.chosenIngredient}</Table.Th>
                <Table.Th>{LIBRARY.quantityColumn}</Table.Th>
                <Table.Th>{LIBRARY.unitColumn}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recipe.items.map((item) => (
                <Table.Tr key={item.name}>
                  <Table.Td>
                    <Group gap="xs">
                      {item.name}
                      {'newIndex' in item.ref && (
                        <Badge size="xs" color="teal">
                          {LIBRARY.newBadge}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatNumber(item.quantity.val)}</Table.Td>
                  <Table.Td>{UNITE_LABELS[item.quantity.unite]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
      {plan.recipes.length > RECIPES_PER_PAGE && (
        <Pagination
          total={pageCount(plan.recipes.length, RECIPES_PER_PAGE)}
          value={page}
          onChange={setPage}
          size="sm"
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={importing}>
          {LIBRARY.back}
        </Button>
        <Button onClick={onConfirm} loading={importing}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
