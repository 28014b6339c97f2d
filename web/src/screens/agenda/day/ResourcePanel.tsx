/**
 * The day view's side panel (spec 2.5): searches the library (favourite menus, recipes,
 * ingredients; ':I', ':R', ':M' list one whole type), creates an ingredient, goes to the
 * library. Results are dragged onto a meal's menu.
 */
import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBooks, IconPlus, IconSearch } from '@tabler/icons-react';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import {
  parseSearchQuery,
  SEARCH_DEBOUNCE_MS,
  searchResources,
  type Id,
  type IngredientKind,
  type Menu,
  type ResourceHit,
} from '@popote/domain';
import { HEADER_HEIGHT } from '../../../shell/Shell';
import { AGENDA } from '../../../strings';
import { useLocalQuery } from '../../../sync/useLocal';
import { useMutate } from '../../../sync/useMutate';
import { DND_TYPE, dragId, dropId, type ResourceKind } from '../dnd-ids';
import { CreateIngredientDialog } from '../../../components/CreateIngredientDialog';

/** Beyond this many hits the user narrows the search; dragging from a huge list helps nobody. */
const MAX_SHOWN = 40;

const KIND_COLORS = { menu: 'pink', receipe: 'orange', ingredient: 'green' } as const;

const hitName = (hit: ResourceHit): string =>
  hit.kind === 'menu' ? hit.title : hit.kind === 'receipe' ? hit.recipe.name : hit.ingredient.name;

/** A search result the user tapped, to be put into a meal. */
export interface PickedResource {
  kind: ResourceKind;
  id: Id;
  name: string;
}

export function ResourcePanel({
  userId,
  onGoToLibrary,
  onPick,
  sticky,
  names,
}: {
  userId: Id;
  onGoToLibrary: () => void;
  onPick: (picked: PickedResource) => void;
  /** Beside the meals (wide screens) the panel follows the scroll; above them it does not. */
  sticky: boolean;
  /** Filled with the results' names by drag id, for the screen reader's drag sentences. */
  names: Map<string, string>;
}) {
  const mutate = useMutate();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);

  const found = useLocalQuery(
    async (store) => {
      if (parseSearchQuery(query).kind === 'too-short') return { hits: [], total: 0 };
      const [ingredients, recipes, own, published] = await Promise.all([
        store.all('ingredients'),
        store.all('recipes'),
        store.where('menus', 'owner', userId),
        store.where('menus', 'published', 1),
      ]);
      const menus = new Map<Id, Menu>();
      for (const menu of [...own, ...published]) if (menu.isFavorite) menus.set(menu.id, menu);
      return searchResources({
        query,
        menus: [...menus.values()],
        recipes,
        ingredients,
        recipesById: new Map(recipes.map((r) => [r.id, r])),
        ingredientsById: new Map(ingredients.map((i) => [i.id, i])),
        userId,
        limit: MAX_SHOWN,
      });
    },
    [query, userId],
  );

  async function createIngredient(name: string, kind: IngredientKind): Promise<boolean> {
    const done = await mutate('createIngredient', (ids) => ({ id: ids.next(), name, kind }));
    // Shown at once in the results, ready to be dragged onto a meal.
    if (done) setText(done.name);
    return done !== null;
  }

  const searching = parseSearchQuery(query).kind !== 'too-short';
  return (
    // Stays in sight while a long day scrolls, so that resources can reach the last meals.
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="resource-panel"
      style={sticky ? { position: 'sticky', top: HEADER_HEIGHT + 16 } : undefined}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {AGENDA.resourcesTitle}
        </Title>
        <TextInput
          label={AGENDA.resourceSearch}
          placeholder={AGENDA.resourceSearchPlaceholder}
          description={AGENDA.resourceSearchHint}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        {searching && found !== undefined && found.total === 0 && (
          <Text size="sm" c="dimmed">
            {AGENDA.resourceSearchEmpty}
          </Text>
        )}
        {found !== undefined && found.hits.length > 0 && (
          <Text size="xs" c="dimmed">
            {AGENDA.resourceTapHint}
            {found.total > found.hits.length
              ? ` ${AGENDA.resourceMore(found.hits.length, found.total)}`
              : ''}
          </Text>
        )}
        <Droppable droppableId={dropId.source('resources')} type={DND_TYPE.resource} isDropDisabled>
          {(drop) => (
            <div
              ref={drop.innerRef}
              {...drop.droppableProps}
              style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            >
              {(found?.hits ?? []).map((hit, index) => {
                names.set(dragId.resource(hit.kind, hit.id), hitName(hit));
                return (
                  <Draggable
                    key={`${hit.kind}:${hit.id}`}
                    draggableId={dragId.resource(hit.kind, hit.id)}
                    index={index}
                  >
                    {(drag, snapshot) => (
                      <div
                        ref={drag.innerRef}
                        {...drag.draggableProps}
                        {...drag.dragHandleProps}
                        data-testid="resource-result"
                        data-kind={hit.kind}
                        aria-label={`${AGENDA.resourceKinds[hit.kind]} : ${hitName(hit)}`}
                        onClick={() => onPick({ kind: hit.kind, id: hit.id, name: hitName(hit) })}
                        onKeyDown={(e) => {
                          // Space starts a keyboard drag; Enter chooses the meal from a list.
                          if (e.key === 'Enter')
                            onPick({ kind: hit.kind, id: hit.id, name: hitName(hit) });
                        }}
                      >
                        <Paper
                          withBorder
                          p={6}
                          shadow={snapshot.isDragging ? 'md' : undefined}
                          bg="var(--mantine-color-body)"
                          style={{ cursor: 'pointer' }}
                          mih={44}
                        >
                          <Group gap={6} wrap="nowrap">
                            <Badge size="xs" variant="light" color={KIND_COLORS[hit.kind]}>
                              {AGENDA.resourceKinds[hit.kind]}
                            </Badge>
                            <Text size="sm" lineClamp={2}>
                              {hitName(hit)}
                            </Text>
                          </Group>
                        </Paper>
                      </div>
                    )}
                  </Draggable>
                );
              })}
              {drop.placeholder}
            </div>
          )}
        </Droppable>
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setCreating(true)}
          >
            {AGENDA.createIngredient}
          </Button>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconBooks size={14} />}
            onClick={onGoToLibrary}
          >
            {AGENDA.goToLibrary}
          </Button>
        </Group>
      </Stack>
      <CreateIngredientDialog
        opened={creating}
        initialName={parseSearchQuery(text).kind === 'text' ? text.trim() : ''}
        onClose={() => setCreating(false)}
        onCreate={createIngredient}
      />
    </Paper>
  );
}
