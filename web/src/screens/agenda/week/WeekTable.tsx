/**
 * The week table (spec 2.5): 7 day columns by meal-slot rows. Every meal is a drop target of
 * its own, holding the meal itself as a draggable: a meal dropped on another swaps their menus,
 * a menu dropped on a meal becomes its menu.
 */
import { Box, Button, Paper, Table, Text, Tooltip } from '@mantine/core';
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
import { CELL_EXPANDED_MAX, mealGroupsText, mealsInCell } from '../plan-view';
import type { StayPlan } from '../useStayPlan';

export interface WeekTableProps {
  plan: StayPlan;
  days: number[];
  /** The meals to show (already filtered by group). */
  meals: Meal[];
  /** A drag is under way: hover texts stay closed. */
  dragging: boolean;
  onOpenDay: (day: number) => void;
}

export function WeekTable({ plan, days, meals, dragging, onOpenDay }: WeekTableProps) {
  const groupsById = new Map(plan.groups.map((g) => [g.id, g]));
  return (
    <Box style={{ overflowX: 'auto' }}>
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
}: {
  plan: StayPlan;
  slot: Horaire;
  meals: Meal[];
  groupsById: ReadonlyMap<Id, Group>;
  dragging: boolean;
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
        return (
          <WeekMeal
            key={meal.id}
            meal={meal}
            label={label}
            empty={expanded && title === ''}
            groupsText={mealGroupsText(meal, groupsById)}
            dragging={dragging}
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
  groupsText,
  dragging,
}: {
  meal: Meal;
  label: string;
  empty: boolean;
  groupsText: string;
  dragging: boolean;
}) {
  return (
    <Droppable droppableId={dropId.meal(meal.id)} type={DND_TYPE.week}>
      {(drop, dropSnapshot) => (
        <div
          ref={drop.innerRef}
          {...drop.droppableProps}
          style={{
            borderRadius: 4,
            marginBottom: 4,
            outline: dropSnapshot.isDraggingOver
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
                aria-label={`${label} (${groupsText})`}
              >
                <Tooltip
                  label={groupsText}
                  disabled={dragging || snapshot.isDragging}
                  openDelay={200}
                >
                  <Paper
                    p={6}
                    radius="sm"
                    shadow={snapshot.isDragging ? 'md' : undefined}
                    bg="rgba(255, 255, 255, 0.7)"
                    style={{ cursor: 'grab' }}
                  >
                    <Text
                      size="xs"
                      fs={empty ? 'italic' : undefined}
                      c={empty ? 'dimmed' : undefined}
                    >
                      {label}
                    </Text>
                  </Paper>
                </Tooltip>
              </div>
            )}
          </Draggable>
          {drop.placeholder}
        </div>
      )}
    </Droppable>
  );
}
