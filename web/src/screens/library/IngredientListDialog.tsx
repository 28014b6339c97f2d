/**
 * 'Liste des ingrédients' (spec 2.6): every ingredient by name with its category; the owner
 * edits or deletes their own, others see a lock. An ingredient in use is caught before asking
 * ('Ingrédient utilisé', spec 8); a use this device cannot see is refused by the server and
 * lands in 'Modifications refusées'.
 */
import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconCoin, IconPencil, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  formatEuros,
  formatPackSize,
  perLabel,
  DIET_FACT_LABELS,
  DIET_FACTS,
  INGREDIENT_KIND_LABELS,
  filterIngredients,
  isFreshIngredient,
  pageCount,
  pageItems,
  type Ingredient,
  type IngredientKind,
  type Purchase,
} from '@popote/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OwnerLock } from '../../components/OwnerLock';
import { PurchaseDialog } from '../../components/costs/PurchaseDialog';
import { usePurchases } from '../../components/costs/usePurchases';
import { notifyError, notifySuccess } from '../../feedback/feedback';
import { COMMON, COSTS, ERRORS, LIBRARY, SUCCESS, UNDO } from '../../strings';
import { useLocalQuery, useLocalRead } from '../../sync/useLocal';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import { useSync } from '../../sync/SyncProvider';
import { KIND_OPTIONS } from './kindOptions';

const ALLERGEN_OPTIONS = ALLERGENS.map((a) => ({ value: String(a), label: ALLERGEN_LABELS[a] }));
const DIET_FACT_OPTIONS = DIET_FACTS.map((f) => ({ value: String(f), label: DIET_FACT_LABELS[f] }));
const allergenNames = (codes: readonly number[]): string =>
  ALLERGENS.filter((a) => codes.includes(a))
    .map((a) => ALLERGEN_LABELS[a])
    .join(', ');

/** Rows per page: a catalogue of thousands stays quick to render. */
const ROWS_PER_PAGE = 50;
/** Filtering waits a little less than the search (spec 5) would: it is a local list. */
const FILTER_DEBOUNCE_MS = 150;

export function IngredientListDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={LIBRARY.ingredientsTitle} size={900}>
      {opened && <IngredientList />}
    </Modal>
  );
}

function IngredientList() {
  const { userId } = useSync();
  const read = useLocalRead();
  const mutateUndoable = useMutateUndoable();
  const ingredients = useLocalQuery((store) => store.all('ingredients'), []);
  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter, FILTER_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Ingredient | null>(null);
  const [toDelete, setToDelete] = useState<Ingredient | null>(null);
  const [pricing, setPricing] = useState<Ingredient | null>(null);
  const purchases = usePurchases(userId);

  const found = useMemo(
    () => filterIngredients(ingredients ?? [], debounced),
    [ingredients, debounced],
  );
  const pages = pageCount(found.length, ROWS_PER_PAGE);
  const current = Math.min(page, pages);
  const shown = pageItems(found, current, ROWS_PER_PAGE);

  const askDelete = async (ingredient: Ingredient) => {
    const [inRecipes, inMenus] = await read((store) =>
      Promise.all([
        store.whereIds('recipes', 'ingredientIds', ingredient.id),
        store.whereIds('menus', 'ingredientIds', ingredient.id),
      ]),
    );
    if (inRecipes.length > 0 || inMenus.length > 0) {
      notifyError({ title: ERRORS.ingredientUsedTitle, html: ERRORS.ingredientUsedBody });
      return;
    }
    setToDelete(ingredient);
  };

  return (
    <Stack>
      <TextInput
        label={LIBRARY.ingredientsFilter}
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(e) => {
          setFilter(e.currentTarget.value);
          setPage(1);
        }}
        data-autofocus
      />
      <Text size="sm" c="dimmed">
        {LIBRARY.ingredientsCount(found.length)}
      </Text>
      {found.length === 0 ? (
        <Text c="dimmed" fs="italic">
          {LIBRARY.noIngredient}
        </Text>
      ) : (
        <Table striped highlightOnHover data-testid="ingredient-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{LIBRARY.ingredientName}</Table.Th>
              <Table.Th>{LIBRARY.ingredientKind}</Table.Th>
              <Table.Th w={120} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((ingredient) =>
              editing?.id === ingredient.id ? (
                <IngredientEditRow
                  key={ingredient.id}
                  ingredient={ingredient}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <Table.Tr key={ingredient.id} data-testid="ingredient-row">
                  <Table.Td>
                    {ingredient.name}
                    <PurchaseSummary purchase={purchases?.get(ingredient.id)} />
                  </Table.Td>
                  <Table.Td>
                    {INGREDIENT_KIND_LABELS[ingredient.kind]}
                    {(ingredient.allergens?.length ?? 0) > 0 && (
                      <Text size="xs" c="orange" data-testid="ingredient-allergen-list">
                        {allergenNames(ingredient.allergens ?? [])}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={COSTS.edit(ingredient.name)}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={COSTS.edit(ingredient.name)}
                          onClick={() => setPricing(ingredient)}
                        >
                          <IconCoin size={18} />
                        </ActionIcon>
                      </Tooltip>
                      {ingredient.owner === userId ? (
                        <>
                          <Tooltip label={LIBRARY.editIngredient(ingredient.name)}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={LIBRARY.editIngredient(ingredient.name)}
                              onClick={() => setEditing(ingredient)}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={LIBRARY.deleteIngredient(ingredient.name)}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={LIBRARY.deleteIngredient(ingredient.name)}
                              onClick={() => void askDelete(ingredient)}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </>
                      ) : (
                        <OwnerLock ownerId={ingredient.owner} withName={false} />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && <Pagination total={pages} value={current} onChange={setPage} size="sm" />}
      {pricing !== null && (
        <PurchaseDialog key={pricing.id} ingredient={pricing} onClose={() => setPricing(null)} />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) {
            void mutateUndoable('deleteIngredient', { id: toDelete.id }, UNDO.ingredientDeleted);
          }
        }}
      >
        <Text>
          {toDelete && LIBRARY.confirmDeleteIngredient(toDelete.name)} {COMMON.irreversible}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** 'paquet de 500 gr · 1,20 € par paquet de 500 gr': the user's pack and default price. */
function PurchaseSummary({ purchase }: { purchase: Purchase | undefined }) {
  if (!purchase) return null;
  const pack = purchase.pack;
  const price = purchase.prices.find((p) => p.supplierId === null) ?? purchase.prices[0];
  const parts = [
    ...(pack ? [`${pack.name} de ${formatPackSize(pack)}`] : []),
    ...(price ? [`${formatEuros(price.amount)} ${perLabel(price.per, pack)}`] : []),
  ];
  return (
    <Text size="xs" c="dimmed" data-testid="ingredient-purchase">
      {parts.join(' · ')}
    </Text>
  );
}

function IngredientEditRow({ ingredient, onDone }: { ingredient: Ingredient; onDone: () => void }) {
  const mutate = useMutate();
  const [name, setName] = useState(ingredient.name);
  const [kind, setKind] = useState<IngredientKind>(ingredient.kind);
  // Unset, the category decides; ticked or unticked here, the ingredient's own mark does.
  const [fresh, setFresh] = useState<boolean | undefined>(ingredient.fresh);
  const [allergens, setAllergens] = useState<string[]>((ingredient.allergens ?? []).map(String));
  const [diet, setDiet] = useState<string[]>((ingredient.diet ?? []).map(String));
  const save = async () => {
    const done = await mutate('updateIngredient', {
      id: ingredient.id,
      name,
      kind,
      ...(fresh === ingredient.fresh ? {} : { fresh: fresh ?? null }),
      allergens: allergens.map(Number),
      diet: diet.map(Number),
    });
    if (done) {
      notifySuccess(SUCCESS.ingredientUpdated);
      onDone();
    }
  };
  return (
    <Table.Tr data-testid="ingredient-edit-row">
      <Table.Td>
        <TextInput
          aria-label={LIBRARY.ingredientName}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
          }}
          size="xs"
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={LIBRARY.ingredientKind}
          data={KIND_OPTIONS}
          value={String(kind)}
          onChange={(v) => v !== null && setKind(Number(v) as IngredientKind)}
          allowDeselect={false}
          size="xs"
        />
        <Checkbox
          mt={6}
          size="xs"
          label={LIBRARY.freshProduct}
          checked={isFreshIngredient({ kind, fresh })}
          onChange={(e) => setFresh(e.currentTarget.checked)}
        />
        <MultiSelect
          mt={6}
          size="xs"
          aria-label={LIBRARY.allergens}
          placeholder={LIBRARY.allergens}
          data={ALLERGEN_OPTIONS}
          value={allergens}
          onChange={setAllergens}
          data-testid="ingredient-allergens"
        />
        <MultiSelect
          mt={6}
          size="xs"
          aria-label={LIBRARY.dietFacts}
          placeholder={LIBRARY.dietFacts}
          data={DIET_FACT_OPTIONS}
          value={diet}
          onChange={setDiet}
          data-testid="ingredient-diet"
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={COMMON.save}>
            <ActionIcon aria-label={COMMON.save} onClick={() => void save()}>
              <IconCheck size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={COMMON.cancel}>
            <ActionIcon variant="default" aria-label={COMMON.cancel} onClick={onDone}>
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
