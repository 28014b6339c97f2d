/**
 * 'Rechercher et ajouter un menu' (spec 2.5): the favourite menus the user may use, three per
 * row, each draggable onto a meal of the week table.
 */
import { useState } from 'react';
import { Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import {
  parseSearchQuery,
  SEARCH_DEBOUNCE_MS,
  searchUsableMenus,
  type Id,
  type Menu,
} from '@popote/domain';
import { AGENDA } from '../../../strings';
import { useLocalQuery } from '../../../sync/useLocal';
import { DND_TYPE, dragId, dropId } from '../dnd-ids';

const PER_ROW = 3;
const CARD_WIDTH = 140;
/** ':M' on a large library would render hundreds of cards; the user narrows the search instead. */
const MAX_SHOWN = 30;

const unique = <V,>(values: readonly V[]): V[] => [...new Set(values)];

export function MenuSearch({
  userId,
  dragging,
  pickedMenuId,
  onPick,
  names,
}: {
  userId: Id;
  dragging: boolean;
  pickedMenuId: Id | null;
  onPick: (menuId: Id, title: string) => void;
  /** Filled with the results' titles by drag id, for the screen reader's drag sentences. */
  names: Map<string, string>;
}) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const hits = useLocalQuery(
    async (store) => {
      if (parseSearchQuery(query).kind === 'too-short') return [];
      const [own, published] = await Promise.all([
        store.where('menus', 'owner', userId),
        store.where('menus', 'published', 1),
      ]);
      const seen = new Set<Id>();
      const menus: Menu[] = [];
      for (const menu of [...own, ...published]) {
        if (menu.isFavorite && !seen.has(menu.id)) {
          seen.add(menu.id);
          menus.push(menu);
        }
      }
      const recipes = await store.getMany('recipes', unique(menus.flatMap((m) => m.recipeIds)));
      const ingredients = await store.getMany(
        'ingredients',
        unique(menus.flatMap((m) => m.ingredients.map((i) => i.ingredientId))),
      );
      return searchUsableMenus({
        query,
        menus,
        recipesById: new Map(recipes.map((r) => [r.id, r])),
        ingredientsById: new Map(ingredients.map((i) => [i.id, i])),
        userId,
      });
    },
    [query, userId],
  );

  const searching = parseSearchQuery(query).kind !== 'too-short';
  const shown = (hits ?? []).slice(0, MAX_SHOWN);
  for (const hit of shown) names.set(dragId.menu(hit.menu.id), hit.title);
  const rows: (typeof shown)[] = [];
  for (let i = 0; i < shown.length; i += PER_ROW) rows.push(shown.slice(i, i + PER_ROW));

  return (
    <Stack gap="xs" data-testid="menu-search">
      <TextInput
        label={AGENDA.menuSearch}
        placeholder={AGENDA.menuSearchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maw={520}
      />
      {searching && hits !== undefined && hits.length === 0 && (
        <Text size="sm" c="dimmed">
          {AGENDA.menuSearchEmpty}
        </Text>
      )}
      {shown.length > 0 && (
        <Text size="xs" c="dimmed">
          {AGENDA.menuSearchTapHint}
          {hits !== undefined && hits.length > shown.length
            ? ` ${AGENDA.resourceMore(shown.length, hits.length)}`
            : ''}
        </Text>
      )}
      {rows.map((row, rowIndex) => (
        // One horizontal list per row: the library lays lists out on one axis only.
        <Droppable
          key={rowIndex}
          droppableId={dropId.source(`menus-${rowIndex}`)}
          type={DND_TYPE.week}
          direction="horizontal"
          isDropDisabled
        >
          {(drop) => (
            <div ref={drop.innerRef} {...drop.droppableProps} style={{ display: 'flex', gap: 8 }}>
              {row.map((hit, index) => (
                <Draggable key={hit.menu.id} draggableId={dragId.menu(hit.menu.id)} index={index}>
                  {(drag, snapshot) => (
                    <div
                      ref={drag.innerRef}
                      {...drag.draggableProps}
                      {...drag.dragHandleProps}
                      // No larger than a meal of the table: the library picks the target
                      // from the dragged box, and a wide box would overlap several meals.
                      style={{ ...drag.draggableProps.style, width: CARD_WIDTH }}
                      data-testid="menu-search-result"
                      aria-label={hit.title}
                      aria-pressed={pickedMenuId === hit.menu.id}
                      onClick={() => onPick(hit.menu.id, hit.title)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') onPick(hit.menu.id, hit.title);
                      }}
                    >
                      <Tooltip
                        label={hit.title}
                        disabled={dragging || snapshot.isDragging}
                        openDelay={300}
                      >
                        <Paper
                          withBorder
                          shadow={snapshot.isDragging ? 'md' : 'xs'}
                          px={6}
                          py={4}
                          mih={44}
                          bg={
                            pickedMenuId === hit.menu.id
                              ? 'var(--mantine-color-blue-light)'
                              : 'var(--mantine-color-body)'
                          }
                          style={{ cursor: 'pointer', display: 'flex', alignItems: 'center' }}
                        >
                          <Text size="xs" truncate>
                            {hit.title}
                          </Text>
                        </Paper>
                      </Tooltip>
                    </div>
                  )}
                </Draggable>
              ))}
              {drop.placeholder}
            </div>
          )}
        </Droppable>
      ))}
    </Stack>
  );
}
