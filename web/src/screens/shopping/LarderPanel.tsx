/**
 * The camp's larder: what is already there (ingredient, quantity). The export screen's needs and
 * new shopping lists subtract it. Entries add up: two devices noting flour offline both count.
 */
import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  compareByName,
  Unite,
  UNITES,
  UNITE_LABELS,
  type Id,
  type Ingredient,
  type MutationName,
  type Stay,
} from '@popote/domain';
import { numberOf } from '../../components/number-input';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useStayMay, useStayRole } from '../../data/team';
import { LARDER, TEAM } from '../../strings';
import { useLocalQuery } from '../../sync/useLocal';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import { useLarder, type LarderLine } from './useShopping';

/** How many ingredients the picker lists while typing. */
const PICKER_LIMIT = 30;

export function LarderPanel({ stay }: { stay: Stay }) {
  const stayId = stay.id;
  const lines = useLarder(stayId);
  // What the user's role allows (issue 32): the rules refuse the rest anyway.
  const may = useStayMay(stay);
  const role = useStayRole(stay);
  return (
    <Card withBorder data-testid="larder">
      <Stack>
        <Title order={2} size="h4">
          {LARDER.title}
        </Title>
        <Text size="sm" c="dimmed">
          {LARDER.hint}
        </Text>
        {role !== undefined && !may('addStock') && !may('updateStock') && (
          <ReadOnlyNotice testId="larder-read-only">{TEAM.readOnlyLarder}</ReadOnlyNotice>
        )}
        {may('addStock') && <AddToLarder stayId={stayId} />}
        {lines !== undefined && lines.length === 0 && (
          <Text fs="italic" c="dimmed">
            {LARDER.empty}
          </Text>
        )}
        {lines !== undefined && lines.length > 0 && (
          <Table striped verticalSpacing={4}>
            <Table.Tbody>
              {lines.map((line) => (
                <LarderRow key={line.item.id} line={line} may={may} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function LarderRow({ line, may }: { line: LarderLine; may: (name: MutationName) => boolean }) {
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const { item, ingredient } = line;
  const name = ingredient?.name ?? '';
  return (
    <Table.Tr data-testid="larder-line">
      <Table.Td>{name}</Table.Td>
      <Table.Td w={140}>
        <NumberInput
          aria-label={LARDER.edit(name)}
          min={0}
          max={1e9}
          decimalSeparator=","
          value={item.val}
          readOnly={!may('updateStock')}
          onBlur={(e) => {
            const val = Number(e.currentTarget.value.replace(',', '.'));
            if (!may('updateStock')) return;
            if (Number.isFinite(val) && val >= 0 && val !== item.val) {
              void mutate('updateStock', { id: item.id, val });
            }
          }}
        />
      </Table.Td>
      <Table.Td>{UNITE_LABELS[item.unite]}</Table.Td>
      <Table.Td w={48}>
        {may('deleteStock') && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={LARDER.remove(name)}
            onClick={() => void mutateUndoable('deleteStock', { id: item.id }, LARDER.removed)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function AddToLarder({ stayId }: { stayId: Id }) {
  const mutate = useMutate();
  const ingredients = useLocalQuery(
    async (store) => (await store.all('ingredients')).sort(compareByName),
    [],
  );
  const data = useMemo(
    () => (ingredients ?? []).map((i: Ingredient) => ({ value: String(i.id), label: i.name })),
    [ingredients],
  );
  const [ingredientId, setIngredientId] = useState<string | null>(null);
  const [val, setVal] = useState<number | string>('');
  const [unite, setUnite] = useState<string>(String(Unite.Kg));

  async function add() {
    const amount = numberOf(val);
    if (ingredientId === null || amount <= 0) return;
    const done = await mutate('addStock', (ids) => ({
      id: ids.next(),
      stayId,
      ingredientId: Number(ingredientId),
      unite: Number(unite) as Unite,
      val: amount,
    }));
    if (done !== null) {
      setIngredientId(null);
      setVal('');
    }
  }

  return (
    <Group align="flex-end" gap="xs">
      <Select
        label={LARDER.ingredient}
        searchable
        limit={PICKER_LIMIT}
        data={data}
        value={ingredientId}
        onChange={setIngredientId}
        style={{ flex: 2, minWidth: 180 }}
        data-testid="larder-ingredient"
      />
      <NumberInput
        label={LARDER.quantity}
        min={0}
        max={1e9}
        decimalSeparator=","
        value={val}
        onChange={setVal}
        style={{ flex: 1, minWidth: 90 }}
      />
      <Select
        label={LARDER.unit}
        allowDeselect={false}
        data={UNITES.map((u) => ({ value: String(u), label: UNITE_LABELS[u] }))}
        value={unite}
        onChange={(v) => v !== null && setUnite(v)}
        style={{ flex: 1, minWidth: 90 }}
      />
      <Button
        leftSection={<IconPlus size={18} />}
        disabled={ingredientId === null || numberOf(val) <= 0}
        onClick={() => void add()}
      >
        {LARDER.add}
      </Button>
    </Group>
  );
}
