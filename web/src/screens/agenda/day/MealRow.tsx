/**
 * One meal of the day view (spec 2.5): its time, its groups as draggable chips, its people,
 * and its menu items as chips coloured by course, which side-panel resources can be dropped on.
 */
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Menu as ActionMenu,
  Paper,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSplit,
  IconCopyPlus,
  IconDotsVertical,
  IconEye,
  IconHeart,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import {
  HORAIRE_LABELS,
  alternativeTitle,
  formatEuros,
  mealPeople,
  menuItems,
  warningsOfMeal,
  type MealWarning,
  Plat,
  type Group as StayGroup,
  type Id,
  type Ingredient,
  type Meal,
  type MealCost,
  type Menu,
  type MenuItem,
  type MutationName,
  type Recipe,
} from '@popote/domain';
import { HORAIRE_COLORS, PLAT_COLORS } from '../../../theme/colors';
import { readableTextOn } from '../../../theme/contrast';
import { MealWarnings } from '../../../components/MealWarnings';
import { MealChangedBy } from '../../../components/ChangedBy';
import { unreadableRecipeIds } from '../../../components/unreadable';
import { AGENDA, COMMON, COSTS } from '../../../strings';
import { DND_TYPE, dragId, dropId } from '../dnd-ids';
import { groupLabel } from '../plan-view';
import type { ReasonKey } from './AlternativeDialog';

const reasonKey = (reason: MealWarning['reason']): ReasonKey =>
  'diet' in reason ? `diet:${reason.diet}` : `allergen:${reason.allergen}`;

export interface MealRowActions {
  onOpenRecipe: (recipeId: Id) => void;
  onOpenIngredient: (meal: Meal, menu: Menu, item: MenuItem) => void;
  onRemoveItem: (menu: Menu, item: MenuItem) => void;
  onOpenFavorite: (menuId: Id) => void;
  onDetails: (meal: Meal) => void;
  onPreview: (meal: Meal) => void;
  onSaveFavorite: (meal: Meal) => void;
  onDelete: (meal: Meal, menu: Menu | undefined) => void;
  /** A group chip was tapped: choose the meal to move it to. */
  onPickGroup: (meal: Meal, group: StayGroup) => void;
  /** 'Proposer une alternative', from a warning's diet or allergy or from the meal's menu. */
  onAlternative: (meal: Meal, reason: ReasonKey | null) => void;
  onRemoveAlternative: (meal: Meal, kind: 'diet' | 'allergen', code: number) => void;
}

export interface MealRowProps {
  meal: Meal;
  menu: Menu | undefined;
  groupsById: ReadonlyMap<Id, StayGroup>;
  recipesById: ReadonlyMap<Id, Recipe>;
  ingredientsById: ReadonlyMap<Id, Ingredient>;
  /** A favourite menu, or one the user may not edit, is read-only here. */
  locked: boolean;
  /** What the user's role lets them change (issue 32), by mutation: see useStayMay. */
  may: (name: MutationName) => boolean;
  /** Until the device's first sync is done, a recipe not read yet is not called unreadable. */
  firstSyncDone: boolean;
  actions: MealRowActions;
  /** What the meal costs (issue 21); nothing is shown before any of its prices is known. */
  cost?: MealCost;
}

export function MealRow({
  meal,
  menu,
  groupsById,
  recipesById,
  ingredientsById,
  locked,
  may,
  firstSyncDone,
  actions,
  cost,
}: MealRowProps) {
  const slot = HORAIRE_LABELS[meal.slot];
  const items = menu ? menuItems(menu, recipesById, ingredientsById) : [];
  // Another user's unpublished recipe in a menu the user reads: its place only (ARCHITECTURE.md).
  const unreadable = menu ? unreadableRecipeIds(menu, recipesById, firstSyncDone) : [];
  const groups = meal.groupIds
    .map((id) => groupsById.get(id))
    .filter((g): g is StayGroup => g !== undefined);
  const warnings = warningsOfMeal(meal, menu, groupsById, recipesById, ingredientsById);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="day-meal" data-meal-id={meal.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm">
          <Badge
            size="lg"
            radius="sm"
            tt="none"
            variant="filled"
            color={HORAIRE_COLORS[meal.slot]}
            autoContrast
          >
            {slot}
          </Badge>
          <Text size="sm" c="dimmed" data-testid="meal-people">
            {AGENDA.people(mealPeople(meal, groupsById))}
          </Text>
          {cost !== undefined && cost.cost > 0 && cost.perPerson !== null && (
            <Text size="sm" c="dimmed" data-testid="meal-cost">
              {(cost.complete ? COSTS.mealCost : COSTS.mealCostIncomplete)(
                formatEuros(cost.perPerson),
              )}
            </Text>
          )}
          {meal.additionalPeople !== 0 && (
            <Badge variant="outline" color="gray" tt="none" data-testid="meal-additional-people">
              {AGENDA.additionalPeople(meal.additionalPeople)}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {menu?.isFavorite && (
            <Button
              size="compact-sm"
              variant="light"
              color="pink"
              leftSection={<IconHeart size={14} />}
              onClick={() => actions.onOpenFavorite(menu.id)}
            >
              {AGENDA.favoriteMenu}
            </Button>
          )}
          <ActionMenu position="bottom-end" withinPortal>
            <ActionMenu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={AGENDA.mealActions}>
                <IconDotsVertical size={18} />
              </ActionIcon>
            </ActionMenu.Target>
            <ActionMenu.Dropdown>
              {may('updateMeal') && (
                <ActionMenu.Item
                  leftSection={<IconPencil size={16} />}
                  onClick={() => actions.onDetails(meal)}
                >
                  {AGENDA.details}
                </ActionMenu.Item>
              )}
              <ActionMenu.Item
                leftSection={<IconEye size={16} />}
                onClick={() => actions.onPreview(meal)}
              >
                {AGENDA.preview}
              </ActionMenu.Item>
              {may('setMealAlternative') && (
                <ActionMenu.Item
                  leftSection={<IconArrowsSplit size={16} />}
                  onClick={() => actions.onAlternative(meal, null)}
                >
                  {AGENDA.addAlternative}
                </ActionMenu.Item>
              )}
              {may('saveMealMenuAsFavorite') && (
                <ActionMenu.Item
                  leftSection={<IconCopyPlus size={16} />}
                  disabled={menu === undefined || menu.isFavorite}
                  onClick={() => actions.onSaveFavorite(meal)}
                >
                  {AGENDA.saveAsFavorite}
                </ActionMenu.Item>
              )}
              {may('deleteMeal') && (
                <>
                  <ActionMenu.Divider />
                  <ActionMenu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => actions.onDelete(meal, menu)}
                  >
                    {AGENDA.deleteMeal}
                  </ActionMenu.Item>
                </>
              )}
            </ActionMenu.Dropdown>
          </ActionMenu>
        </Group>
      </Group>
      <MealChangedBy meal={meal} />
      <MealWarnings warnings={warnings} />
      {warnings.length > 0 && may('setMealAlternative') && (
        <Button
          size="compact-sm"
          variant="light"
          color="orange"
          mt={4}
          leftSection={<IconArrowsSplit size={14} />}
          onClick={() => actions.onAlternative(meal, reasonKey(warnings[0]!.reason))}
        >
          {AGENDA.addAlternative}
        </Button>
      )}
      {(meal.alternatives ?? []).map((alternative) => {
        const title = alternativeTitle(alternative);
        const names = alternative.recipeIds
          .map((id) => recipesById.get(id)?.name)
          .filter((n): n is string => n !== undefined)
          .join(', ');
        return (
          <Group key={`${alternative.kind}:${alternative.code}`} gap={4} mt={4} wrap="nowrap">
            <UnstyledButton
              disabled={!may('setMealAlternative')}
              onClick={() => actions.onAlternative(meal, `${alternative.kind}:${alternative.code}`)}
              data-testid="meal-alternative"
            >
              <Text size="sm">
                <Text span fw={600} size="sm">
                  {title}
                </Text>
                {names && ` : ${names}`}
              </Text>
            </UnstyledButton>
            {may('removeMealAlternative') && (
              <CloseButton
                size="sm"
                aria-label={AGENDA.removeAlternative(title)}
                onClick={() =>
                  void actions.onRemoveAlternative(meal, alternative.kind, alternative.code)
                }
              />
            )}
          </Group>
        );
      })}

      <Droppable
        droppableId={dropId.groups(meal.id)}
        type={DND_TYPE.group}
        direction="horizontal"
        isDropDisabled={!may('moveMealGroup')}
      >
        {(drop, snapshot) => (
          <div
            ref={drop.innerRef}
            {...drop.droppableProps}
            aria-label={AGENDA.groupsOf(slot)}
            data-testid="meal-groups"
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 6,
              minHeight: 30,
              marginTop: 8,
              padding: 2,
              borderRadius: 4,
              outline: snapshot.isDraggingOver
                ? '2px dashed var(--mantine-color-blue-6)'
                : undefined,
            }}
          >
            {groups.length === 0 && (
              <Text size="xs" c="dimmed" fs="italic">
                {AGENDA.noGroup}
              </Text>
            )}
            {groups.map((group, index) => (
              <Draggable
                key={group.id}
                draggableId={dragId.group(meal.id, group.id)}
                index={index}
                isDragDisabled={!may('moveMealGroup')}
              >
                {(drag) => (
                  <div
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    {...drag.dragHandleProps}
                    data-testid="group-chip"
                    data-group-id={group.id}
                    className="popote-touch-target"
                    aria-label={
                      may('moveMealGroup') ? AGENDA.moveGroup(groupLabel(group)) : undefined
                    }
                    onClick={() => may('moveMealGroup') && actions.onPickGroup(meal, group)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && may('moveMealGroup')) {
                        actions.onPickGroup(meal, group);
                      }
                    }}
                  >
                    <Badge
                      color={group.color}
                      c={readableTextOn(group.color)}
                      variant="filled"
                      tt="none"
                      size="lg"
                      style={{ cursor: may('moveMealGroup') ? 'grab' : undefined }}
                    >
                      {groupLabel(group)}
                    </Badge>
                  </div>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </div>
        )}
      </Droppable>

      <Droppable
        droppableId={dropId.items(meal.id)}
        type={DND_TYPE.resource}
        direction="horizontal"
        isDropDisabled={locked || menu === undefined}
      >
        {(drop, snapshot) => (
          <div
            ref={drop.innerRef}
            {...drop.droppableProps}
            aria-label={AGENDA.itemsOf(slot)}
            data-testid="meal-items"
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 6,
              minHeight: 38,
              marginTop: 8,
              padding: 4,
              borderRadius: 4,
              border: '1px dashed var(--mantine-color-default-border)',
              background: snapshot.isDraggingOver ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            {items.length === 0 && unreadable.length === 0 && (
              <Text size="xs" c="dimmed" fs="italic">
                {AGENDA.emptyMenu} {locked ? '' : AGENDA.dropItemsHere}
              </Text>
            )}
            {menu &&
              items.map((item) => (
                <ItemChip
                  key={`${item.kind}:${item.id}`}
                  item={item}
                  removable={!locked}
                  onOpen={() =>
                    item.kind === 'receipe'
                      ? actions.onOpenRecipe(item.id)
                      : actions.onOpenIngredient(meal, menu, item)
                  }
                  onRemove={() => actions.onRemoveItem(menu, item)}
                />
              ))}
            {menu &&
              unreadable.map((id) => (
                <UnreadableChip
                  key={`unreadable:${id}`}
                  removable={!locked}
                  onRemove={() =>
                    actions.onRemoveItem(menu, {
                      kind: 'receipe',
                      id,
                      name: COMMON.unpublishedRecipe,
                      plat: Plat.Autre,
                    })
                  }
                />
              ))}
            {drop.placeholder}
          </div>
        )}
      </Droppable>
      {menu?.isFavorite && (
        <Text size="xs" c="dimmed" mt={4}>
          {AGENDA.favoriteLocked}
        </Text>
      )}
    </Paper>
  );
}

/** Another user's unpublished recipe: its place in the menu, nothing to open. */
function UnreadableChip({ removable, onRemove }: { removable: boolean; onRemove: () => void }) {
  return (
    <Badge
      size="lg"
      variant="light"
      color="gray"
      tt="none"
      fs="italic"
      data-testid="menu-item-unpublished"
      rightSection={
        removable ? (
          <CloseButton
            size="xs"
            variant="transparent"
            aria-label={AGENDA.removeItem(COMMON.unpublishedRecipe)}
            onClick={onRemove}
          />
        ) : undefined
      }
    >
      {COMMON.unpublishedRecipe}
    </Badge>
  );
}

function ItemChip({
  item,
  removable,
  onOpen,
  onRemove,
}: {
  item: MenuItem;
  removable: boolean;
  onOpen: () => void;
  onRemove: () => void;
}) {
  return (
    <Badge
      size="lg"
      variant="light"
      color={PLAT_COLORS[item.plat]}
      tt="none"
      data-testid="menu-item-chip"
      data-kind={item.kind}
      // Long names wrap rather than being cut mid-word.
      h="auto"
      mih={26}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
      rightSection={
        removable ? (
          <CloseButton
            size="xs"
            variant="transparent"
            aria-label={AGENDA.removeItem(item.name)}
            onClick={onRemove}
          />
        ) : undefined
      }
    >
      <UnstyledButton
        onClick={onOpen}
        fz="inherit"
        fw="inherit"
        c="inherit"
        aria-label={
          item.kind === 'receipe' ? AGENDA.openRecipe(item.name) : AGENDA.editIngredient(item.name)
        }
      >
        {item.name}
      </UnstyledButton>
    </Badge>
  );
}
