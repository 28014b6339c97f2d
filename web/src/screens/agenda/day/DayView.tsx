import { useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  Loader,
  Menu as ActionMenu,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { DragDropContext, type DropResult } from '@hello-pangea/dnd';
import { useNavigate } from 'react-router';
import {
  dayToDate,
  formatLongDate,
  formatShortDate,
  HORAIRE_LABELS,
  HORAIRES,
  isMenuEmpty,
  stayDayBounds,
  type Horaire,
  type Id,
  type Meal,
  type Menu,
  type MenuItem,
} from '@popote/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCostsOfDays } from '../../../components/costs/usePurchases';
import { frenchDrag } from '../../../components/dragAnnouncements';
import { notifySuccess } from '../../../feedback/feedback';
import { AGENDA, SUCCESS, UNDO } from '../../../strings';
import { useFirstSyncDone } from '../../../sync/FirstSync';
import { useMutate, useMutateUndoable } from '../../../sync/useMutate';
import { readDragId, readDropId, type ResourceKind } from '../dnd-ids';
import { agendaDragNames } from '../drag-names';
import { groupLabel, mealGroupsText, mealsOfDay, WEEK_DAYS } from '../plan-view';
import { PlaceDialog, type PlaceOption } from '../../../components/PlaceDialog';
import { useStayPlan } from '../useStayPlan';
import { EditMealDialog } from './EditMealDialog';
import { IngredientDialog, type EditedIngredient } from './IngredientDialog';
import { MealRow, type MealRowActions } from './MealRow';
import { PreviewDialog } from './PreviewDialog';
import { AlternativeDialog, type ReasonKey } from './AlternativeDialog';
import { ResourcePanel, type PickedResource } from './ResourcePanel';
import { PATHS } from '../../../navigation/routes';
import { useStayMay } from '../../../data/team';
import { AgendaRoleNotice } from '../AgendaRoleNotice';

export interface DayViewProps {
  stayId: Id;
  userId: Id;
  day: number;
  onOpenDay: (day: number) => void;
  onBackToWeek: () => void;
}

const now = (): string => new Date().toISOString();

/** What the user tapped and is about to put into a meal. */
type Picked =
  | { kind: 'resource'; resource: PickedResource }
  | { kind: 'group'; groupId: Id; groupName: string; fromMealId: Id };

/** The day view of the agenda (spec 2.5). */
export function DayView({ stayId, userId, day, onOpenDay, onBackToWeek }: DayViewProps) {
  const plan = useStayPlan(stayId, day, day);
  const costs = useCostsOfDays(plan?.stay, [day]);
  const firstSyncDone = useFirstSyncDone();
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Meal | null>(null);
  const [previewing, setPreviewing] = useState<Id | null>(null);
  const [alternative, setAlternative] = useState<{ meal: Meal; reason: ReasonKey | null } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<Meal | null>(null);
  const [ingredient, setIngredient] = useState<(EditedIngredient & { menuId: Id }) | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  // The names of the search results on screen, for the screen reader's drag sentences.
  const resourceNames = useRef(new Map<string, string>());
  // Mantine's md breakpoint, where the panel moves beside the meals.
  const wide = useMediaQuery('(min-width: 62em)') ?? false;
  // What the user's role allows (issue 32): the rules refuse the rest anyway.
  const may = useStayMay(plan?.stay ?? null);

  if (!plan) return <Loader aria-label={AGENDA.loading} />;

  const meals = mealsOfDay(plan.meals, day);
  const dayDate = formatShortDate(dayToDate(plan.stay.start, day));
  // The arrows stop at the stay's first and last days (its meals, at least its first week).
  const bounds = stayDayBounds(plan.meals, WEEK_DAYS);
  const groupsById = new Map(plan.groups.map((g) => [g.id, g]));
  const mealsById = new Map(meals.map((m) => [m.id, m]));
  // A favourite is changed in the library; a meal's own menu by whoever may edit it (menuEditor).
  const isLocked = (menu: Menu | undefined): boolean =>
    menu === undefined ||
    menu.isFavorite ||
    (menu.owner !== userId && !may('updateMenuIngredient'));
  // The library's resources go into meals: shown to those who may put them there.
  const mayFill = may('addMenuRecipe') || may('setMealMenu');

  async function addMeal(slot: Horaire) {
    const done = await mutate('createMeal', (ids) => ({
      id: ids.next(),
      menuId: ids.next(),
      stayId,
      day,
      slot,
      now: now(),
    }));
    if (done) notifySuccess(SUCCESS.mealAdded);
  }

  async function deleteMeal(meal: Meal) {
    await mutateUndoable('deleteMeal', { id: meal.id }, SUCCESS.mealDeleted);
  }

  const actions: MealRowActions = {
    onOpenRecipe: (recipeId) => void navigate(`/library?id-receipe=${recipeId}`),
    onOpenFavorite: (menuId) => void navigate(`/library?id-menu=${menuId}`),
    onOpenIngredient: (_meal, menu, item) => {
      const found = menu.ingredients.find((i) => i.ingredientId === item.id);
      if (found) {
        setIngredient({ menuId: menu.id, name: item.name, item: found, readOnly: isLocked(menu) });
      }
    },
    onRemoveItem: (menu: Menu, item: MenuItem) =>
      void mutateUndoable(
        'removeMenuItem',
        { menuId: menu.id, itemId: item.id, isRecipe: item.kind === 'receipe', now: now() },
        SUCCESS.menuUpdated,
      ),
    onDetails: setEditing,
    onPreview: (meal) => setPreviewing(meal.id),
    onAlternative: (meal, reason) => setAlternative({ meal, reason }),
    onRemoveAlternative: (meal, kind, code) =>
      void mutateUndoable(
        'removeMealAlternative',
        { mealId: meal.id, kind, code },
        UNDO.alternativeRemoved,
      ),
    onSaveFavorite: (meal) =>
      void mutate('saveMealMenuAsFavorite', { mealId: meal.id, now: now() }).then(
        (done) => done && notifySuccess(SUCCESS.menuSavedToLibrary),
      ),
    onPickGroup: (meal, group) =>
      setPicked({
        kind: 'group',
        groupId: group.id,
        groupName: groupLabel(group),
        fromMealId: meal.id,
      }),
    // A meal with an empty menu goes without asking (spec 2.5).
    onDelete: (meal, menu) => {
      if (menu !== undefined && !isMenuEmpty(menu)) setDeleting(meal);
      else void deleteMeal(meal);
    },
  };

  /** Puts a library resource into a meal: dropped there, or chosen after a tap. */
  async function putResource(resource: ResourceKind, id: Id, meal: Meal) {
    if (resource === 'menu') {
      const replaced = await mutate('setMealMenu', { mealId: meal.id, menuId: id });
      if (replaced) notifySuccess(SUCCESS.menuReplaced);
      return;
    }
    const done =
      resource === 'ingredient'
        ? await mutate('addMenuIngredient', {
            menuId: meal.menuId,
            ingredientId: id,
            stayId,
            now: now(),
          })
        : await mutate('addMenuRecipe', { menuId: meal.menuId, recipeId: id, now: now() });
    if (done) notifySuccess(SUCCESS.menuUpdated);
  }

  async function moveGroup(groupId: Id, fromMealId: Id, to: Meal) {
    // Moving a group to its own meal is ignored (spec 4).
    if (fromMealId === to.id) return;
    const done = await mutate('moveMealGroup', { groupId, fromMealId, toMealId: to.id });
    if (done) notifySuccess(SUCCESS.groupMoved);
  }

  async function onDragEnd(result: DropResult) {
    if (!result.destination) return;
    const target = readDropId(result.destination.droppableId);
    const piece = readDragId(result.draggableId);
    if (target === null || piece === null) return;
    const meal = mealsById.get(target.mealId);
    if (!meal) return;
    if (piece.kind === 'group' && target.kind === 'groups' && may('moveMealGroup')) {
      await moveGroup(piece.groupId, piece.mealId, meal);
    } else if (piece.kind === 'resource' && target.kind === 'items') {
      await putResource(piece.resource, piece.id, meal);
    }
  }

  const mealOption = (meal: Meal): PlaceOption => ({
    id: meal.id,
    label: AGENDA.mealOption(HORAIRE_LABELS[meal.slot], mealGroupsText(meal, groupsById)),
  });
  const placing: { title: string; options: PlaceOption[]; choose: (meal: Meal) => void } | null =
    picked === null
      ? null
      : picked.kind === 'resource'
        ? {
            title:
              picked.resource.kind === 'menu'
                ? AGENDA.placeMenu(picked.resource.name)
                : AGENDA.placeResource(
                    AGENDA.resourceKinds[picked.resource.kind],
                    picked.resource.name,
                  ),
            options: meals.map((meal) => {
              const option = mealOption(meal);
              // A menu replaces a favourite too; an item cannot go into one.
              return picked.resource.kind !== 'menu' && isLocked(plan.menusById.get(meal.menuId))
                ? { ...option, disabledReason: AGENDA.placeLocked }
                : option;
            }),
            choose: (meal) => void putResource(picked.resource.kind, picked.resource.id, meal),
          }
        : {
            title: AGENDA.placeGroup(picked.groupName),
            options: meals.map((meal) =>
              meal.id === picked.fromMealId
                ? { ...mealOption(meal), disabledReason: AGENDA.placeSameMeal }
                : mealOption(meal),
            ),
            choose: (meal) => void moveGroup(picked.groupId, picked.fromMealId, meal),
          };

  return (
    <DragDropContext
      {...frenchDrag(
        agendaDragNames({
          meal: (mealId) => {
            const meal = mealsById.get(mealId);
            return meal && { slot: HORAIRE_LABELS[meal.slot], date: dayDate };
          },
          group: (groupId) => {
            const group = groupsById.get(groupId);
            return group && groupLabel(group);
          },
          resource: (draggableId) => resourceNames.current.get(draggableId),
        }),
        { onDragEnd: (result) => void onDragEnd(result) },
      )}
    >
      <Stack gap="md" data-testid="agenda-day">
        <AgendaRoleNotice may={may} />
        {/* Wraps on a phone: the back link, the day between its arrows, the new meal. */}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button variant="subtle" leftSection={<IconArrowLeft size={18} />} onClick={onBackToWeek}>
            {AGENDA.backToWeek}
          </Button>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={AGENDA.previousDay}
              disabled={day <= bounds.first}
              onClick={() => onOpenDay(day - 1)}
            >
              <IconChevronLeft />
            </ActionIcon>
            <Title order={2} size="h4" data-testid="day-title">
              {formatLongDate(dayToDate(plan.stay.start, day))}
            </Title>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={AGENDA.nextDay}
              disabled={day >= bounds.last}
              onClick={() => onOpenDay(day + 1)}
            >
              <IconChevronRight />
            </ActionIcon>
          </Group>
          {may('createMeal') && (
            <ActionMenu position="bottom-end">
              <ActionMenu.Target>
                <Button leftSection={<IconPlus size={18} />}>{AGENDA.addMeal}</Button>
              </ActionMenu.Target>
              <ActionMenu.Dropdown>
                {HORAIRES.map((slot) => (
                  <ActionMenu.Item key={slot} onClick={() => void addMeal(slot)}>
                    {HORAIRE_LABELS[slot]}
                  </ActionMenu.Item>
                ))}
              </ActionMenu.Dropdown>
            </ActionMenu>
          )}
        </Group>
        <Grid gap="md">
          <Grid.Col span={mayFill ? { base: 12, md: 8, xl: 9 } : 12} order={{ base: 2, md: 1 }}>
            <Stack gap="sm">
              {meals.length === 0 && <Text c="dimmed">{AGENDA.noMealThisDay}</Text>}
              {meals.map((meal) => {
                const menu = plan.menusById.get(meal.menuId);
                return (
                  <MealRow
                    key={meal.id}
                    meal={meal}
                    menu={menu}
                    groupsById={groupsById}
                    recipesById={plan.recipesById}
                    ingredientsById={plan.ingredientsById}
                    locked={isLocked(menu)}
                    may={may}
                    firstSyncDone={firstSyncDone}
                    actions={actions}
                    cost={costs?.meals.find((m) => m.mealId === meal.id)}
                  />
                );
              })}
            </Stack>
          </Grid.Col>
          {/* Above the meals on narrow screens: no scrolling past every meal to reach it. */}
          {mayFill && (
            <Grid.Col span={{ base: 12, md: 4, xl: 3 }} order={{ base: 1, md: 2 }}>
              <ResourcePanel
                userId={userId}
                onGoToLibrary={() => void navigate(PATHS.library)}
                onPick={(resource) => setPicked({ kind: 'resource', resource })}
                names={resourceNames.current}
                sticky={wide}
              />
            </Grid.Col>
          )}
        </Grid>
      </Stack>

      <EditMealDialog
        meal={may('updateMeal') ? editing : null}
        onClose={() => setEditing(null)}
        onSave={(meal, changes) =>
          void mutate('updateMeal', { id: meal.id, ...changes }).then((done) => {
            if (!done) return;
            notifySuccess(SUCCESS.mealUpdated);
            setEditing(null);
          })
        }
      />
      <PreviewDialog mealId={previewing} onClose={() => setPreviewing(null)} />
      {alternative !== null && may('setMealAlternative') && (
        <AlternativeDialog
          meal={plan.meals.find((m) => m.id === alternative.meal.id) ?? alternative.meal}
          groupsById={groupsById}
          reason={alternative.reason}
          userId={userId}
          onClose={() => setAlternative(null)}
        />
      )}
      <PlaceDialog
        title={placing?.title ?? null}
        options={placing?.options ?? []}
        emptyText={AGENDA.placeNoMeal}
        onClose={() => setPicked(null)}
        onChoose={(mealId) => {
          const meal = mealsById.get(mealId);
          if (meal && placing) placing.choose(meal);
        }}
      />
      <IngredientDialog
        edited={
          ingredient && {
            ...ingredient,
            // Read-only too once the user's role no longer allows it (issue 32).
            readOnly: ingredient.readOnly || isLocked(plan.menusById.get(ingredient.menuId)),
          }
        }
        onClose={() => setIngredient(null)}
        onSave={(quantity, plat) => {
          if (ingredient === null) return;
          void mutate('updateMenuIngredient', {
            menuId: ingredient.menuId,
            ingredientId: ingredient.item.ingredientId,
            quantity,
            plat,
            now: now(),
          }).then((done) => {
            if (!done) return;
            notifySuccess(SUCCESS.ingredientUpdated);
            setIngredient(null);
          });
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void deleteMeal(deleting)}
      >
        <Text>{AGENDA.confirmDeleteMeal}</Text>
      </ConfirmDialog>
    </DragDropContext>
  );
}
