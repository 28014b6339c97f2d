/** 'Quantités nécessaires' (spec 2.5): what one meal needs, scaled to its people. */
import { Alert, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import {
  formatTotal,
  roundUpTotalPieces,
  INGREDIENT_KIND_LABELS,
  isDomainError,
  loadMealPreviewInput,
  previewMeal,
  type Id,
  type MealPreview,
} from '@popote/domain';
import { AGENDA } from '../../../strings';
import { useLocalQuery } from '../../../sync/useLocal';

export function PreviewDialog({ mealId, onClose }: { mealId: Id | null; onClose: () => void }) {
  return (
    <Modal opened={mealId !== null} onClose={onClose} title={AGENDA.previewTitle} size={700}>
      {mealId !== null && <PreviewContent mealId={mealId} />}
    </Modal>
  );
}

type Loaded = { preview: MealPreview } | { error: string };

function PreviewContent({ mealId }: { mealId: Id }) {
  const loaded = useLocalQuery<Loaded>(
    async (store) => {
      try {
        return { preview: previewMeal(await loadMealPreviewInput(store, mealId)) };
      } catch (e) {
        // A quantity that cannot be scaled names its ingredient: show it rather than nothing.
        if (isDomainError(e)) return { error: e.message };
        throw e;
      }
    },
    [mealId],
  );
  if (loaded === undefined) return <Loader aria-label={AGENDA.loading} />;
  if ('error' in loaded) return <Alert color="red">{loaded.error}</Alert>;
  const { preview } = loaded;
  return (
    <Stack gap="sm" data-testid="meal-preview">
      <Text c="dimmed" data-testid="meal-preview-people">
        {AGENDA.previewPeople(preview.people)}
      </Text>
      {preview.ingredients.length === 0 ? (
        <Text fs="italic">{AGENDA.previewEmpty}</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{AGENDA.previewIngredient}</Table.Th>
              <Table.Th>{AGENDA.previewCategory}</Table.Th>
              <Table.Th>{AGENDA.previewQuantity}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.ingredients.map(({ ingredient, total }) => (
              <Table.Tr key={ingredient.id} data-testid="meal-preview-row">
                <Table.Td>{ingredient.name}</Table.Td>
                <Table.Td>{INGREDIENT_KIND_LABELS[ingredient.kind]}</Table.Td>
                <Table.Td>{formatTotal(roundUpTotalPieces(total))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
