/**
 * Step 2 of the import: for each ingredient name of the file, an existing ingredient or a new
 * one (marked, with its category). Long files are paged so that the step stays quick.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import {
  compareByName,
  mayCreateIngredient,
  pageCount,
  pageItems,
  takenIngredientNames,
  type Id,
  type ImportName,
  type Ingredient,
  type IngredientChoice,
  type IngredientKind,
} from '@popote/domain';
import { LIBRARY, RECIPE_READING } from '../../../strings';
import { KIND_OPTIONS } from '../kindOptions';

const ROWS_PER_PAGE = 25;
const NEW = 'new';

export function IngredientsStep({
  read = false,
  recipeCount,
  names,
  existing,
  choices,
  onChange,
  error,
  onBack,
  onNext,
}: {
  /** A recipe read from a page or pasted text (issue 34): no file to speak of. */
  read?: boolean;
  recipeCount: number;
  names: ImportName[];
  existing: Ingredient[];
  choices: ReadonlyMap<string, IngredientChoice>;
  onChange: (key: string, choice: IngredientChoice) => void;
  error: string | null;
  onBack: () => void;
  onNext: () => void;
}) {
  const [page, setPage] = useState(1);
  const byId = useMemo(() => new Map<Id, Ingredient>(existing.map((i) => [i.id, i])), [existing]);
  const taken = useMemo(() => takenIngredientNames(existing), [existing]);
  const options = useMemo(
    () =>
      [...existing]
        .sort((a, b) => compareByName(a, b) || a.id - b.id)
        .map((i) => ({ value: String(i.id), label: i.name })),
    [existing],
  );
  const blocked = names.some((n) => {
    const choice = choices.get(n.key);
    return choice?.kind === 'new' && !mayCreateIngredient(choice.name, taken);
  });

  return (
    <Stack mt="md">
      <Text size="sm">
        {read
          ? RECIPE_READING.ingredientsSummary(names.length)
          : LIBRARY.fileSummary(recipeCount, names.length)}
      </Text>
      <Text size="sm">{read ? RECIPE_READING.ingredientsIntro : LIBRARY.ingredientsIntro}</Text>
      <Table data-testid="import-ingredients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{read ? RECIPE_READING.readName : LIBRARY.fileName}</Table.Th>
            <Table.Th>{LIBRARY.chosenIngredient}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pageItems(names, page, ROWS_PER_PAGE).map((name) => {
            const choice = choices.get(name.key);
            const creatable = mayCreateIngredient(name.name, taken);
            return (
              <Table.Tr key={name.key} data-testid="import-name">
                <Table.Td>{name.name}</Table.Td>
                <Table.Td>
                  {/* The category of a new ingredient goes under its choice, not in a third
                      column: on a phone the three columns cut the names chosen ('Sucre' for
                      'Sucre en poudre', 'Nouve'). */}
                  <Stack gap={4}>
                    <Select
                      aria-label={LIBRARY.chooseFor(name.name)}
                      data={[
                        { value: NEW, label: LIBRARY.newIngredientOption, disabled: !creatable },
                        ...options,
                      ]}
                      value={choice?.kind === 'existing' ? String(choice.ingredient.id) : NEW}
                      onChange={(v) => {
                        if (v === null) return;
                        const ingredient = byId.get(Number(v));
                        onChange(
                          name.key,
                          v === NEW || !ingredient
                            ? { kind: 'new', name: name.name, ingredientKind: 0 }
                            : { kind: 'existing', ingredient },
                        );
                      }}
                      searchable
                      limit={50}
                      allowDeselect={false}
                      size="xs"
                    />
                    {choice?.kind === 'new' && !creatable && (
                      <Text size="xs" c="red">
                        {LIBRARY.nameTaken}
                      </Text>
                    )}
                    {choice?.kind === 'new' && (
                      <Group gap="xs" wrap="nowrap">
                        <Badge color="teal" style={{ flexShrink: 0 }}>
                          {LIBRARY.newBadge}
                        </Badge>
                        <Select
                          aria-label={LIBRARY.kindFor(name.name)}
                          placeholder={LIBRARY.newKind}
                          data={KIND_OPTIONS}
                          value={String(choice.ingredientKind)}
                          onChange={(v) =>
                            v !== null &&
                            onChange(name.key, {
                              ...choice,
                              ingredientKind: Number(v) as IngredientKind,
                            })
                          }
                          allowDeselect={false}
                          size="xs"
                          style={{ flex: 1, minWidth: 0 }}
                        />
                      </Group>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {names.length > ROWS_PER_PAGE && (
        <Pagination
          total={pageCount(names.length, ROWS_PER_PAGE)}
          value={page}
          onChange={setPage}
          size="sm"
        />
      )}
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {LIBRARY.back}
        </Button>
        <Button onClick={onNext} disabled={blocked}>
          {LIBRARY.next}
        </Button>
      </Group>
    </Stack>
  );
}
