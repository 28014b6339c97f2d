/**
 * The week table (spec 2.5): 7 day columns by meal-slot rows. Every meal is a drop target of
 * its own, holding the meal itself as a draggable: a meal dropped on another swaps their menus,
 * a menu dropped on a meal becomes its menu.
 */
import {
  Badge,
  Box,
  Button,
  Group as Row,
  Paper,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import {
  dayToDate,
  formatShortDate,
  HORAIRE_COLORS,
  HORAIRE_LABELS,
  HORAIRES,
  menuTitle,
  type Group,
  type Horaire,
  type Id,
  type Meal,
} from '@popote/domain';
import { AGENDA } from '../../../strings';
import { DND_TYPE, dragId, dropId } from '../dnd-ids';
import { CELL_EXPANDED_MAX, groupLabel, mealGroupsText, mealsInCell } from '../plan-view';
import type { StayPlan } from '../useStayPlan';

export interface WeekTableProps {
  plan: StayPlan;
  days: number[];
  /** The meals to show (already filtered by group). */
  meals: Meal[];
  /** A drag is under way: hover texts stay closed. */
  dragging: boolean;
  onOpenDay: (day: number) => void;
  /** The meal chosen by a first tap, waiting for the meal to swap with. */
  pickedMealId: Id | null;
  onTapMeal: (meal: Meal, label: string) => void;
  /** During a mouse or finger drag, the drop target under the pointer (see pointer-target.ts). */
  pointerTarget: string | null | undefined;
  /** A pointer drag is under way: the library's own drop targets are off. */
  dropDisabled: boolean;
}

export function WeekTable({
  plan,
  days,
  meals,
  dragging,
  onOpenDay,
  pickedMealId,
  onTapMeal,
  pointerTarget,
  dropDisabled,
}: WeekTableProps) {
  const groupsById = new Map(plan.groups.map((g) => [g.id, g]));
  return (
    // Positioned, so that the hidden texts of the cells (absolutely placed) scroll with the
    // table instead of widening the page on a phone.
    <Box pos="relative" style={{ overflowX: 'auto' }}>
      <Table
        withTableBorder
        withColumnBorders
        layout="fixed"
        miw={7 * 140 + 110}
        data-testid="week-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>{AGENDA.slotHeader}</Table.Th>
            {days.map((day) => {
              const label = formatShortDate(dayToDate(plan.stay.start, day));
              return (
                <Table.Th key={day}>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    fullWidth
                    onClick={() => onOpenDay(day)}
                    aria-label={AGENDA.openDay(label)}
                    data-testid="week-day-header"
                  >
                    {label}
                  </Button>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {HORAIRES.map((slot) => (
            <Table.Tr key={slot}>
              <Table.Th scope="row">{HORAIRE_LABELS[slot]}</Table.Th>
              {days.map((day) => (
                <WeekCell
                  key={day}
                  plan={plan}
                  slot={slot}
                  meals={mealsInCell(meals, day, slot)}
                  groupsById={groupsById}
                  dragging={dragging}
                  dateLabel={formatShortDate(dayToDate(plan.stay.start, day))}
                  pickedMealId={pickedMealId}
                  onTapMeal={onTapMeal}
                  pointerTarget={pointerTarget}
                  dropDisabled={dropDisabled}
                />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function WeekCell({
  plan,
  slot,
  meals,
  groupsById,
  dragging,
  dateLabel,
  pickedMealId,
  onTapMeal,
  pointerTarget,
  dropDisabled,
}: {
  plan: StayPlan;
  slot: Horaire;
  meals: Meal[];
  groupsById: ReadonlyMap<Id, Group>;
  dragging: boolean;
  dateLabel: string;
  pickedMealId: Id | null;
  onTapMeal: (meal: Meal, label: string) => void;
  pointerTarget: string | null | undefined;
  dropDisabled: boolean;
}) {
  const expanded = meals.length <= CELL_EXPANDED_MAX;
  return (
    <Table.Td
      style={{
        verticalAlign: 'top',
        padding: 4,
        backgroundColor: meals.length > 0 ? HORAIRE_COLORS[slot] : undefined,
      }}
      data-testid="week-cell"
    >
      {meals.map((meal) => {
        const menu = plan.menusById.get(meal.menuId);
        const title = menu ? menuTitle(menu, plan.recipesById, plan.ingredientsById) : '';
        const label = !expanded ? AGENDA.mealById(meal.id) : title || AGENDA.emptyMenu;
        const groups = meal.groupIds
          .map((id) => groupsById.get(id))
          .filter((g): g is Group => g !== undefined);
        return (
          <WeekMeal
            key={meal.id}
            meal={meal}
            label={label}
            empty={expanded && title === ''}
            groups={groups}
            fullLabel={AGENDA.weekMealLabel(
              dateLabel,
              HORAIRE_LABELS[slot],
              label,
              mealGroupsText(meal, groupsById),
            )}
            dayAndSlot={AGENDA.dayAndSlot(dateLabel, HORAIRE_LABELS[slot])}
            dragging={dragging}
            picked={pickedMealId === meal.id}
            pointerTarget={pointerTarget}
            dropDisabled={dropDisabled}
            onTap={onTapMeal}
          />
        );
      })}
    </Table.Td>
  );
}

function WeekMeal({
  meal,
  label,
  empty,
  groups,
  fullLabel,
  dayAndSlot,
  dragging,
  picked,
  onTap,
  pointerTarget,
  dropDisabled,
}: {
  meal: Meal;
  label: string;
  empty: boolean;
  groups: readonly Group[];
  /** Day, slot, menu and groups: what the tap path's banner names it by. */
  fullLabel: string;
  /** 'lun. 7-07, Midi :', read before the menu by a screen reader. */
  dayAndSlot: string;
  dragging: boolean;
  picked: boolean;
  onTap: (meal: Meal, label: string) => void;
  pointerTarget: string | null | undefined;
  dropDisabled: boolean;
}) {
  return (
    <Droppable
      droppableId={dropId.meal(meal.id)}
      type={DND_TYPE.week}
      isDropDisabled={dropDisabled}
    >
      {(drop, dropSnapshot) => (
        <div
          ref={drop.innerRef}
          {...drop.droppableProps}
          data-drop-target={dropId.meal(meal.id)}
          style={{
            borderRadius: 4,
            marginBottom: 4,
            // A pointer drag shows the meal under the pointer, where it will land.
            outline: (
              pointerTarget === undefined
                ? dropSnapshot.isDraggingOver
                : pointerTarget === dropId.meal(meal.id)
            )
              ? '2px dashed var(--mantine-color-blue-6)'
              : undefined,
          }}
        >
          <Draggable draggableId={dragId.meal(meal.id)} index={0}>
            {(drag, snapshot) => (
              <div
                ref={drag.innerRef}
                {...drag.draggableProps}
                {...drag.dragHandleProps}
                data-testid="week-meal"
                data-meal-id={meal.id}
                aria-pressed={picked}
                onClick={() => onTap(meal, fullLabel)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') onTap(meal, fullLabel);
                }}
              >
                <Paper
                  p={6}
                  radius="sm"
                  mih={44}
                  shadow={snapshot.isDragging ? 'md' : undefined}
                  bg={picked ? 'var(--mantine-color-blue-light)' : 'rgba(255, 255, 255, 0.85)'}
                  style={{
                    cursor: dragging ? 'grabbing' : 'pointer',
                    outline: picked ? '2px solid var(--mantine-color-blue-filled)' : undefined,
                  }}
                >
                  {/* Named by its content (what is seen), the day and slot said first. */}
                  <VisuallyHidden>{dayAndSlot}</VisuallyHidden>
                  <Text
                    size="xs"
                    fs={empty ? 'italic' : undefined}
                    c={empty ? 'dimmed' : undefined}
                    data-testid="week-meal-title"
                  >
                    {label}
                  </Text>
                  {/* The groups in sight, not on hover: a tablet has no hover. */}
                  {groups.length > 0 && (
                    <Row gap={2} mt={2} data-testid="week-meal-groups">
                      {groups.map((g) => (
                        <Badge
                          key={g.id}
                          size="xs"
                          color={g.color}
                          autoContrast
                          variant="filled"
                          tt="none"
                          maw="100%"
                        >
                          {groupLabel(g)}
                        </Badge>
                      ))}
                    </Row>
                  )}
                </Paper>
              </div>
            )}
          </Draggable>
          {drop.placeholder}
        </div>
      )}
    </Droppable>
  );
}
