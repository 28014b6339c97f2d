import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { lazyComponent } from '../../../components/lazy-component';
import { ActionIcon, Box, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconWand } from '@tabler/icons-react';
import type { DropResult } from '@hello-pangea/dnd';
import { dayToDate, formatShortDate, HORAIRE_LABELS, type Id, type Meal } from '@popote/domain';
import { afterFirstDataModule } from '../../../components/after-first-data-module';
import { HEADER_HEIGHT } from '../../../shell/Shell';
import { notifySuccess } from '../../../feedback/feedback';
import { AGENDA, SUCCESS } from '../../../strings';
import { useFirstSyncDone } from '../../../sync/FirstSync';
import { useMutate, useMutateUndoable } from '../../../sync/useMutate';
import { readDragId, readDropId } from '../dnd-ids';
import { agendaDragNames } from '../drag-names';
import { usePointerDrag } from '../pointer-target';
import {
  effectiveGroupFilter,
  filterByGroup,
  WEEK_DAYS,
  weekDays,
  weekSummary,
} from '../plan-view';
import { useStayPlan } from '../useStayPlan';
import { useCostsOfDays } from '../../../components/costs/usePurchases';
import { useStayMay, type StayMay } from '../../../data/team';
import { loadMutationRights } from '../../../data/mutation-rights';
import { AgendaRoleNotice } from '../AgendaRoleNotice';
import { WeekTable } from './WeekTable';

// The wizard's form and its fields load when it is first opened (issue 36: the week shows
// without them).
// The group filter and the menus' search (a select and a search field with their floating
// lists) load beside the week rather than before it; the filter's place is kept meanwhile.
const GROUP_FILTER_WIDTH = 220;
const GroupFilter = lazyComponent(
  () => import('./GroupFilter').then((m) => m.GroupFilter),
  <Box w={GROUP_FILTER_WIDTH} h={36} />,
);
const MenuSearch = lazyComponent(() => import('./MenuSearch').then((m) => m.MenuSearch));
const MealWizard = lazyComponent(() => import('../wizard/MealWizard').then((m) => m.MealWizard));
// Drag and drop (its library, a connected drop target and card per meal) mounts once the week is
// shown: the week paints without it and the tap path works meanwhile (issue 36). The menus'
// search, whose results are dragged, comes with it.
const weekDnd = afterFirstDataModule(() =>
  Promise.all([import('./week-dnd'), loadMutationRights()]).then(([dnd]) => dnd),
);
/** What the week asks before its controls come: nothing is allowed yet, nor known. */
const NOTHING_YET: StayMay = Object.assign(() => false, { known: false });

type Picked =
  | { kind: 'menu'; menuId: Id; title: string }
  | { kind: 'meal'; mealId: Id; label: string; day: number };

export interface WeekViewProps {
  stayId: Id;
  userId: Id;
  /** The stay day of the first column. */
  weekStart: number;
  /** The chevrons move the week by one day (spec 2.5). */
  onShift: (delta: number) => void;
  onOpenDay: (day: number) => void;
}

/** The week view of the agenda (spec 2.5). */
export function WeekView({ stayId, userId, weekStart, onShift, onOpenDay }: WeekViewProps) {
  const days = weekDays(weekStart);
  const lastDay = weekStart + WEEK_DAYS - 1;
  const plan = useStayPlan(stayId, weekStart, lastDay);
  const costs = useCostsOfDays(plan?.stay, days);
  const firstSyncDone = useFirstSyncDone();
  const [chosenGroup, setChosenGroup] = useState<Id | null>(null);
  const [wizardOpened, setWizardOpened] = useState(false);
  // Hover texts of the meals the pointer crosses would pile up during a drag.
  const [dragging, setDragging] = useState(false);
  // The tap path of the drags: a first tap chooses a menu or a meal, a second tap a meal.
  const [picked, setPicked] = useState<Picked | null>(null);
  const pointerDrag = usePointerDrag();
  const [pointerDragging, setPointerDragging] = useState(false);
  // The titles of the menu search results, for the screen reader's drag sentences.
  const menuNames = useRef(new Map<string, string>());
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const dnd = weekDnd.useLoaded();
  // What the user's role allows (issue 32): the rules refuse the rest anyway. The controls come
  // with drag and drop (whose load brings the access rules too), in the render that mounts it:
  // the week changes once after its paint, not twice.
  const rights = useStayMay(plan?.stay ?? null);
  const may = dnd === null ? NOTHING_YET : rights;
  const maySwap = may('swapMealMenus');
  const maySetMenu = may('setMealMenu');

  async function swap(mealId1: Id, mealId2: Id) {
    if (mealId1 === mealId2) return;
    await mutateUndoable('swapMealMenus', { mealId1, mealId2 }, SUCCESS.menusSwapped);
  }

  async function setMenu(mealId: Id, menuId: Id) {
    const done = await mutate('setMealMenu', { mealId, menuId });
    if (done) notifySuccess(SUCCESS.menuReplaced);
  }

  function tapMeal(meal: Meal, label: string) {
    // Without the right to change the meals, a meal opens its day (to read it).
    if (picked === null && !maySwap) return onOpenDay(meal.day);
    if (picked === null) return setPicked({ kind: 'meal', mealId: meal.id, label, day: meal.day });
    setPicked(null);
    if (picked.kind === 'meal') void swap(picked.mealId, meal.id);
    else void setMenu(meal.id, picked.menuId);
  }

  // One function for every meal of the table, so that the memoised meals stay as they are;
  // it calls the latest tapMeal (which reads the current pick).
  const tapMealRef = useRef(tapMeal);
  useLayoutEffect(() => {
    tapMealRef.current = tapMeal;
  });
  const onTapMeal = useCallback((meal: Meal, label: string) => tapMealRef.current(meal, label), []);

  if (!plan) return <Loader aria-label={AGENDA.loading} />;

  const groupId = effectiveGroupFilter(plan.groups, chosenGroup);
  const shown = filterByGroup(
    plan.meals.filter((m) => m.day >= weekStart && m.day <= lastDay),
    groupId,
  );
  const summary = weekSummary(shown, plan.menusById);
  const mealsById = new Map(plan.meals.map((m) => [m.id, m]));
  const dateOf = (day: number) => formatShortDate(dayToDate(plan.stay.start, day));

  async function onDragEnd(result: DropResult) {
    setDragging(false);
    setPointerDragging(false);
    // A mouse or finger drops where it is, not where the card's box reaches (pointer-target.ts).
    const ended = pointerDrag.stop();
    if (result.reason === 'CANCEL') return;
    const targetId = ended.pointer ? ended.target : (result.destination?.droppableId ?? null);
    if (targetId === null) return;
    const target = readDropId(targetId);
    const piece = readDragId(result.draggableId);
    if (target?.kind !== 'meal' || piece === null) return;
    if (piece.kind === 'meal' && maySwap) await swap(piece.mealId, target.mealId);
    else if (piece.kind === 'menu' && maySetMenu) await setMenu(target.mealId, piece.menuId);
  }

  const content = (
    <>
      <Stack gap="md" data-testid="agenda-week">
        <AgendaRoleNotice may={may} />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="wrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={AGENDA.previousDay}
              onClick={() => onShift(-1)}
            >
              <IconChevronLeft />
            </ActionIcon>
            <Text fw={600} data-testid="week-range">
              {AGENDA.weekTitle(dateOf(weekStart), dateOf(lastDay))}
            </Text>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={AGENDA.nextDay}
              onClick={() => onShift(1)}
            >
              <IconChevronRight />
            </ActionIcon>
            <Badge
              color={summary.hasEmpty ? 'orange' : 'blue'}
              variant="light"
              size="lg"
              tt="none"
              data-testid="week-summary"
            >
              {summary.text}
            </Badge>
          </Group>
          <Group gap="sm">
            {plan.groups.length >= 2 && (
              <GroupFilter
                groups={plan.groups}
                groupId={groupId}
                onChange={setChosenGroup}
                width={GROUP_FILTER_WIDTH}
              />
            )}
            {may('runMealWizard') && (
              <Button leftSection={<IconWand size={18} />} onClick={() => setWizardOpened(true)}>
                {AGENDA.addManyMeals}
              </Button>
            )}
          </Group>
        </Group>
        {maySetMenu && dnd !== null && (
          <MenuSearch
            userId={userId}
            dragging={dragging}
            pickedMenuId={picked?.kind === 'menu' ? picked.menuId : null}
            names={menuNames.current}
            onPick={(menuId, title) =>
              setPicked(
                picked?.kind === 'menu' && picked.menuId === menuId
                  ? null
                  : { kind: 'menu', menuId, title },
              )
            }
          />
        )}
        {picked !== null && (
          <Paper
            withBorder
            p="xs"
            bg="var(--mantine-color-blue-light)"
            data-testid="week-picked"
            role="status"
            pos="sticky"
            top={HEADER_HEIGHT + 4}
            style={{ zIndex: 3 }}
          >
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {picked.kind === 'menu'
                  ? AGENDA.pickedMenu(picked.title)
                  : AGENDA.pickedMeal(picked.label)}
              </Text>
              <Group gap="xs">
                {picked.kind === 'meal' && (
                  <Button size="xs" variant="default" onClick={() => onOpenDay(picked.day)}>
                    {AGENDA.openPickedDay}
                  </Button>
                )}
                <Button size="xs" variant="default" onClick={() => setPicked(null)}>
                  {AGENDA.cancelPick}
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
        {maySwap && (
          <Text size="xs" c="dimmed">
            {AGENDA.weekDragHint}
          </Text>
        )}
        <WeekTable
          plan={plan}
          days={days}
          meals={shown}
          dragging={dragging}
          onOpenDay={onOpenDay}
          pickedMealId={picked?.kind === 'meal' ? picked.mealId : null}
          pointerTarget={pointerDrag.hovered}
          dropDisabled={pointerDragging}
          dragDisabled={!maySwap}
          dnd={dnd}
          onTapMeal={onTapMeal}
          firstSyncDone={firstSyncDone}
          dayCosts={costs?.days}
        />
      </Stack>
      {wizardOpened && (
        <MealWizard
          opened={may('runMealWizard')}
          onClose={() => setWizardOpened(false)}
          stay={plan.stay}
          groups={plan.groups}
          meals={plan.meals}
        />
      )}
    </>
  );
  if (dnd === null) return content;
  return (
    <dnd.DragDropContext
      // A mouse or finger drag picks its meal under the pointer itself: the library's targets
      // stay off, so no card moves aside under the finger (pointer-target.ts).
      onBeforeDragStart={(start) => setPointerDragging(start.mode === 'FLUID')}
      {...dnd.frenchDrag(
        agendaDragNames({
          meal: (mealId) => {
            const meal = mealsById.get(mealId);
            return meal && { slot: HORAIRE_LABELS[meal.slot], date: dateOf(meal.day) };
          },
          group: () => undefined,
          resource: (draggableId) => menuNames.current.get(draggableId),
        }),
        {
          onDragStart: (start) => {
            setDragging(true);
            pointerDrag.start(start.draggableId);
          },
          onDragEnd: (result) => void onDragEnd(result),
        },
      )}
    >
      {content}
    </dnd.DragDropContext>
  );
}
