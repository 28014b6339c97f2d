/**
 * One column of the profile mapping: a supplier (or 'Sans fournisseur'), the categories linked
 * to it and the ingredients that end up with it. Categories and ingredients are dragged
 * between columns (mouse, touch or keyboard).
 */
import { memo, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { IconLink, IconTrash } from '@tabler/icons-react';
import {
  INGREDIENT_KIND_LABELS,
  INGREDIENT_KIND_NAMES,
  MAX_NAME_LENGTH,
  NO_SUPPLIER,
  type Id,
  type Ingredient,
  type IngredientKind,
  type SupplierColumn as Column,
} from '@popote/domain';
import { PROFILES } from '../../strings';
import {
  ingredientDraggableId,
  ingredientsDroppableId,
  kindDraggableId,
  kindsDroppableId,
} from './mapping-dnd';

export const COLUMN_WIDTH = 270;

export interface SupplierColumnProps {
  column: Column;
  /** The column's ingredients to show (after the filter). */
  ingredients: readonly Ingredient[];
  /** Ingredients linked on their own (not through their category), with their supplier. */
  ownLinks: ReadonlyMap<Id, Id>;
  readOnly: boolean;
  onRename: (supplierId: Id, name: string) => void;
  onDelete: (column: Column) => void;
  /** The tap path of the drags: a tapped category or ingredient, to move to another column. */
  onPick: (piece: PickedPiece) => void;
}

export type PickedPiece =
  | { type: 'kind'; kind: IngredientKind; name: string; from: Id }
  | { type: 'ingredient'; ingredientId: Id; name: string; from: Id };

/**
 * Memoised: the catalogue puts hundreds of ingredients in a column, and a change to one column
 * (a drop, a rename) must not redraw the others.
 */
export const SupplierColumn = memo(SupplierColumnView, sameColumn);

function sameColumn(a: SupplierColumnProps, b: SupplierColumnProps): boolean {
  return (
    a.readOnly === b.readOnly &&
    a.onRename === b.onRename &&
    a.onDelete === b.onDelete &&
    a.onPick === b.onPick &&
    a.column.id === b.column.id &&
    a.column.name === b.column.name &&
    sameItems(a.column.kinds, b.column.kinds) &&
    sameItems(a.ingredients, b.ingredients) &&
    a.ingredients.every((i) => a.ownLinks.has(i.id) === b.ownLinks.has(i.id))
  );
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function SupplierColumnView({
  column,
  ingredients,
  ownLinks,
  readOnly,
  onRename,
  onDelete,
  onPick,
}: SupplierColumnProps) {
  const pickIngredient = (ingredient: Ingredient) =>
    onPick({
      type: 'ingredient',
      ingredientId: ingredient.id,
      name: ingredient.name,
      from: column.id,
    });
  const isSupplier = column.id !== NO_SUPPLIER;
  return (
    <Paper
      withBorder
      p="sm"
      w={COLUMN_WIDTH}
      miw={COLUMN_WIDTH}
      data-testid="supplier-column"
      aria-label={column.name}
      role="region"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap={4} mih={36}>
          {isSupplier && !readOnly ? (
            <SupplierName name={column.name} onRename={(name) => onRename(column.id, name)} />
          ) : (
            <Text fw={700}>{column.name}</Text>
          )}
          {isSupplier && !readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={PROFILES.removeSupplier(column.name)}
              onClick={() => onDelete(column)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>

        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {PROFILES.categories}
        </Text>
        <Droppable droppableId={kindsDroppableId(column.id)} type="kind" isDropDisabled={readOnly}>
          {(provided, snapshot) => (
            <Box
              ref={provided.innerRef}
              {...provided.droppableProps}
              mih={36}
              p={4}
              bg={snapshot.isDraggingOver ? 'var(--mantine-color-yellow-light)' : undefined}
              style={{ borderRadius: 4 }}
              data-testid="supplier-kinds"
            >
              {column.kinds.map((kind, index) => (
                <Draggable
                  key={kind}
                  draggableId={kindDraggableId(kind)}
                  index={index}
                  isDragDisabled={readOnly}
                >
                  {(drag) => (
                    <div
                      ref={drag.innerRef}
                      {...drag.draggableProps}
                      {...drag.dragHandleProps}
                      data-testid="mapping-kind"
                      aria-label={INGREDIENT_KIND_NAMES[kind]}
                      {...(!readOnly && {
                        onClick: () =>
                          onPick({
                            type: 'kind',
                            kind,
                            name: INGREDIENT_KIND_NAMES[kind],
                            from: column.id,
                          }),
                        onKeyDown: (e: KeyboardEvent) => {
                          if (e.key === 'Enter') {
                            onPick({
                              type: 'kind',
                              kind,
                              name: INGREDIENT_KIND_NAMES[kind],
                              from: column.id,
                            });
                          }
                        },
                      })}
                      style={{ ...drag.draggableProps.style, marginBottom: 4 }}
                    >
                      <Badge
                        variant="filled"
                        color="blue"
                        size="lg"
                        style={{ textTransform: 'none' }}
                      >
                        {INGREDIENT_KIND_NAMES[kind]}
                      </Badge>
                    </div>
                  )}
                </Draggable>
              ))}
              {provided.placeholder}
            </Box>
          )}
        </Droppable>

        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {PROFILES.ingredients}
        </Text>
        <Droppable
          droppableId={ingredientsDroppableId(column.id)}
          type="ingredient"
          isDropDisabled={readOnly}
        >
          {(provided, snapshot) => (
            <Box
              ref={provided.innerRef}
              {...provided.droppableProps}
              mih={48}
              p={4}
              bg={snapshot.isDraggingOver ? 'var(--mantine-color-yellow-light)' : undefined}
              style={{ borderRadius: 4 }}
              data-testid="supplier-ingredients"
            >
              {ingredients.map((ingredient, index) => {
                const own = ownLinks.has(ingredient.id);
                return (
                  <Draggable
                    key={ingredient.id}
                    draggableId={ingredientDraggableId(ingredient.id)}
                    index={index}
                    isDragDisabled={readOnly}
                  >
                    {(drag) => (
                      <div
                        ref={drag.innerRef}
                        {...drag.draggableProps}
                        {...drag.dragHandleProps}
                        data-testid="mapping-ingredient"
                        data-own-link={own}
                        aria-label={ingredient.name}
                        {...(!readOnly && {
                          onClick: () => pickIngredient(ingredient),
                          onKeyDown: (e: KeyboardEvent) => {
                            if (e.key === 'Enter') pickIngredient(ingredient);
                          },
                        })}
                        style={{ ...drag.draggableProps.style, marginBottom: 4 }}
                      >
                        <Paper withBorder px="xs" py={4} shadow="xs">
                          <Group justify="space-between" wrap="nowrap" gap={4}>
                            <Text size="sm">{ingredient.name}</Text>
                            <Group gap={4} wrap="nowrap">
                              <Text size="xs" c="dimmed">
                                {INGREDIENT_KIND_LABELS[ingredient.kind]}
                              </Text>
                              {own && (
                                <IconLink
                                  size={14}
                                  role="img"
                                  aria-label={PROFILES.ownLink}
                                  title={PROFILES.ownLink}
                                />
                              )}
                            </Group>
                          </Group>
                        </Paper>
                      </div>
                    )}
                  </Draggable>
                );
              })}
              {provided.placeholder}
            </Box>
          )}
        </Droppable>
      </Stack>
    </Paper>
  );
}

/** The supplier's name; a click turns it into a field, Enter or leaving the field saves. */
function SupplierName({ name, onRename }: { name: string; onRename: (name: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <UnstyledButton onClick={() => setDraft(name)} aria-label={PROFILES.rename(name)}>
        <Text fw={700} td="underline" style={{ textDecorationStyle: 'dotted' }}>
          {name}
        </Text>
      </UnstyledButton>
    );
  }
  const save = () => {
    const trimmed = draft.trim();
    setDraft(null);
    if (trimmed !== '' && trimmed !== name) onRename(trimmed);
  };
  return (
    <TextInput
      aria-label={PROFILES.supplierName}
      value={draft}
      maxLength={MAX_NAME_LENGTH}
      autoFocus
      size="xs"
      style={{ flex: 1 }}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
        if (e.key === 'Escape') {
          e.stopPropagation();
          setDraft(null);
        }
      }}
    />
  );
}
