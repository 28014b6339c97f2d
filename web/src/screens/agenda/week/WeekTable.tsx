/**
 * The week table (spec 2.5): 7 day columns by meal-slot rows. Every meal is a drop target of
 * its own, holding the meal itself as a draggable: a meal dropped on another swaps their menus,
 * a menu dropped on a meal becomes its menu.
 */
import { memo, type CSSProperties, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Text,
  useMantineTheme,
  VisuallyHidden,
  type MantineTheme,
} from '@mantine/core';
import type { DraggableProvided, DroppableProvided } from '@hello-pangea/dnd';
import {
  dayToDate,
  formatEuros,
  formatShortDate,
  HORAIRE_LABELS,
  HORAIRES,
  menuTitle,
  warningsOfMeal,
  warningText,
  type DayCost,
  type Group,
  type Horaire,
  type Id,
  type Meal,
} from '@popote/domain';
import { HORAIRE_COLORS } from '../../../theme/colors';
import { readableTextOn } from '../../../theme/contrast';
import { titleWithUnreadable, unreadableRecipeIds } from '../../../components/unreadable';
import { AGENDA, COSTS } from '../../../strings';
import classes from './WeekTable.module.css';
import { DND_TYPE, dragId, dropId } from '../dnd-ids';
import { CELL_EXPANDED_MAX, groupLabel, mealGroupsText, mealsInCell } from '../plan-view';
import type { StayPlan } from '../useStayPlan';
import type * as WeekDndModule from './week-dnd';

/** Drag and drop, as WeekView hands it once loaded (week-dnd.ts). */
export type WeekDnd = typeof WeekDndModule;

/** The first column: the slots' names. */
const SLOT_COLUMN_WIDTH = 110;

/*
 * A week shows 35 meals and each meal its groups: with a dozen groups, hundreds of chips. They
 * are plain elements wearing Mantine's Badge classes, with the colour variables of each group
 * resolved once by Mantine’s own resolver (the text by readableTextOn), rather than a Mantine
 * component each (their props, theme and style resolution cost the week view its load time).
 */
const HIDDEN_CLASS = `${VisuallyHidden.classes.root!} mantine-VisuallyHidden-root`;
const CHIP_CLASS = `${Badge.classes.root!} mantine-Badge-root ${classes.chip!}`;
const CHIP_LABEL_CLASS = `${Badge.classes.label!} mantine-Badge-label`;
/** A card's drag handle as the library renders it, before the library is there. */
const PLAIN_CARD_PROPS = { role: 'button', tabIndex: 0 } as const;

const chipCache = new WeakMap<MantineTheme, Map<string, CSSProperties>>();
function chipVars(theme: MantineTheme, color: string): CSSProperties {
  let cache = chipCache.get(theme);
  if (!cache) chipCache.set(theme, (cache = new Map()));
  let vars = cache.get(color);
  if (!vars) {
    const resolved = Badge.varsResolver(theme, { color, variant: 'filled', size: 'xs' }, {}).root;
    vars = {
      ...Object.fromEntries(Object.entries(resolved).filter(([, v]) => v !== undefined)),
      // A colour the user chose: its text is chosen by WCAG contrast, as everywhere.
      '--badge-color': readableTextOn(color),
    } as CSSProperties;
    cache.set(color, vars);
  }
  return vars;
}

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
  /** The user's role does not let them change the meals (issue 32): nothing is dragged. */
  dragDisabled: boolean;
  /** Drag and drop, once loaded (null: the week shows without it, see WeekView). */
  dnd: WeekDnd | null;
  /** Until the device's first sync is done, a recipe not read yet is not called unreadable. */
  firstSyncDone: boolean;
  /** What each day's meals cost per person (issue 21), when some price is known. */
  dayCosts?: readonly DayCost[];
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
  dragDisabled,
  dnd,
  firstSyncDone,
  dayCosts,
}: WeekTableProps) {
  const groupsById = new Map(plan.groups.map((g) => [g.id, g]));
  return (
    // Positioned, so that the hidden texts of the cells (absolutely placed) scroll with the
    // table instead of widening the page on a phone.
    <Box pos="relative" style={{ overflowX: 'auto' }}>
      <table
        className={classes.table}
        style={{ minWidth: 7 * 140 + SLOT_COLUMN_WIDTH }}
        data-testid="week-table"
      >
        <thead>
          <tr>
            <th style={{ width: SLOT_COLUMN_WIDTH }}>{AGENDA.slotHeader}</th>
            {days.map((day) => {
              const label = formatShortDate(dayToDate(plan.stay.start, day));
              return (
                <th key={day}>
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
                  <DayCostLine cost={dayCosts?.find((c) => c.day === day)} />
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {HORAIRES.map((slot) => (
            <tr key={slot}>
              <th scope="row">{HORAIRE_LABELS[slot]}</th>
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
                  dragDisabled={dragDisabled}
                  dnd={dnd}
                  firstSyncDone={firstSyncDone}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
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
  dragDisabled,
  dnd,
  firstSyncDone,
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
  dragDisabled: boolean;
  dnd: WeekDnd | null;
  firstSyncDone: boolean;
}) {
  const expanded = meals.length <= CELL_EXPANDED_MAX;
  return (
    <td
      style={{
        verticalAlign: 'top',
        padding: 4,
        backgroundColor: meals.length > 0 ? HORAIRE_COLORS[slot] : undefined,
      }}
      data-testid="week-cell"
    >
      {meals.map((meal) => {
        const menu = plan.menusById.get(meal.menuId);
        // Another user's unpublished recipe shows as its placeholder (ARCHITECTURE.md).
        const title = menu
          ? titleWithUnreadable(
              menuTitle(menu, plan.recipesById, plan.ingredientsById),
              unreadableRecipeIds(menu, plan.recipesById, firstSyncDone).length,
            )
          : '';
        const label = !expanded ? AGENDA.mealById(meal.id) : title || AGENDA.emptyMenu;
        const groups = meal.groupIds
          .map((id) => groupsById.get(id))
          .filter((g): g is Group => g !== undefined);
        const warning = warningsOfMeal(
          meal,
          menu,
          groupsById,
          plan.recipesById,
          plan.ingredientsById,
        )
          .map(warningText)
          .join(' ; ');
        return (
          <WeekMeal
            key={meal.id}
            meal={meal}
            label={label}
            warning={warning}
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
            pointed={
              pointerTarget === undefined ? undefined : pointerTarget === dropId.meal(meal.id)
            }
            dropDisabled={dropDisabled || dragDisabled}
            dragDisabled={dragDisabled}
            dnd={dnd}
            onTap={onTapMeal}
          />
        );
      })}
    </td>
  );
}

interface WeekMealProps {
  meal: Meal;
  label: string;
  /** Who cannot eat it and why; '' when it suits everyone. */
  warning: string;
  empty: boolean;
  groups: readonly Group[];
  /** Day, slot, menu and groups: what the tap path's banner names it by. */
  fullLabel: string;
  /** 'lun. 7-07, Midi :', read before the menu by a screen reader. */
  dayAndSlot: string;
  dragging: boolean;
  picked: boolean;
  /** Stable (the same function each time), so that an unchanged meal is not drawn again. */
  onTap: (meal: Meal, label: string) => void;
  /**
   * During a mouse or finger drag, whether this meal is under the pointer; undefined otherwise
   * (the library's own target then shows).
   */
  pointed: boolean | undefined;
  dropDisabled: boolean;
  dragDisabled: boolean;
  dnd: WeekDnd | null;
}

/** Equal props but for a new array of the same groups. */
function sameMealProps(a: WeekMealProps, b: WeekMealProps): boolean {
  for (const key of Object.keys(a) as (keyof WeekMealProps)[]) {
    if (key === 'groups') {
      if (a.groups.length !== b.groups.length || a.groups.some((g, i) => g !== b.groups[i])) {
        return false;
      }
    } else if (a[key] !== b[key]) return false;
  }
  return true;
}

/** Memoised: a drag, a tap or the pointer moving redraws only the meals they change. */
const WeekMeal = memo(function WeekMeal(props: WeekMealProps) {
  const { meal, dnd, pointed, dropDisabled, dragDisabled } = props;
  if (dnd === null) {
    return <MealTarget meal={meal} outlined={pointed ?? false} card={<MealCard {...props} />} />;
  }
  return (
    <dnd.Droppable
      droppableId={dropId.meal(meal.id)}
      type={DND_TYPE.week}
      isDropDisabled={dropDisabled}
    >
      {(drop, dropSnapshot) => (
        <MealTarget
          meal={meal}
          drop={drop}
          outlined={pointed ?? dropSnapshot.isDraggingOver}
          card={
            <dnd.Draggable
              draggableId={dragId.meal(meal.id)}
              index={0}
              isDragDisabled={dragDisabled}
            >
              {(drag, snapshot) => (
                <MealCard {...props} drag={drag} isDragging={snapshot.isDragging} />
              )}
            </dnd.Draggable>
          }
        />
      )}
    </dnd.Droppable>
  );
}, sameMealProps);

/** The meal's place in its cell: where a meal or a menu is dropped. */
function MealTarget({
  meal,
  drop,
  outlined,
  card,
}: {
  meal: Meal;
  drop?: DroppableProvided;
  outlined: boolean;
  card: ReactNode;
}) {
  return (
    <div
      ref={drop?.innerRef}
      {...drop?.droppableProps}
      data-drop-target={dropId.meal(meal.id)}
      style={{
        borderRadius: 4,
        marginBottom: 4,
        // A pointer drag shows the meal under the pointer, where it will land.
        outline: outlined ? '2px dashed var(--mantine-color-blue-6)' : undefined,
      }}
    >
      {card}
      {drop?.placeholder}
    </div>
  );
}

/**
 * The meal's card; before drag and drop is loaded, a button as the library makes it when the
 * meal may be dragged, so that nothing changes for the user when it comes.
 */
function MealCard({
  meal,
  label,
  warning,
  empty,
  groups,
  fullLabel,
  dayAndSlot,
  dragging,
  picked,
  onTap,
  dragDisabled,
  drag,
  isDragging = false,
}: WeekMealProps & { drag?: DraggableProvided; isDragging?: boolean }) {
  const theme = useMantineTheme();
  return (
    <div
      ref={drag?.innerRef}
      {...(drag
        ? { ...drag.draggableProps, ...drag.dragHandleProps }
        : !dragDisabled && PLAIN_CARD_PROPS)}
      data-testid="week-meal"
      data-meal-id={meal.id}
      aria-pressed={picked}
      onClick={() => onTap(meal, fullLabel)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onTap(meal, fullLabel);
      }}
    >
      <div
        className={classes.card}
        data-grabbing={dragging || undefined}
        data-dragging={isDragging || undefined}
        data-picked={picked || undefined}
      >
        {/* Named by its content (what is seen), the day and slot said first. */}
        <span className={HIDDEN_CLASS}>{dayAndSlot}</span>
        <p className={classes.title} data-empty={empty || undefined} data-testid="week-meal-title">
          {label}
        </p>
        {warning !== '' && (
          <p className={classes.warning} data-testid="week-meal-warning">
            ⚠ {warning}
          </p>
        )}
        {/* The groups in sight, not on hover: a tablet has no hover. */}
        {groups.length > 0 && (
          <div className={classes.groups} data-testid="week-meal-groups">
            {groups.map((g) => (
              <div
                key={g.id}
                className={CHIP_CLASS}
                data-variant="filled"
                data-size="xs"
                style={chipVars(theme, g.color)}
              >
                <span className={CHIP_LABEL_CLASS}>{groupLabel(g)}</span>
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** '4,12 € / pers.' under a day, in red when over the stay's budget; nothing before a price. */
function DayCostLine({ cost }: { cost: DayCost | undefined }) {
  if (!cost || cost.perPerson === null || !(cost.cost > 0)) return null;
  const amount = formatEuros(cost.perPerson);
  return (
    <Text
      size="xs"
      ta="center"
      fw={cost.overBudget ? 700 : 400}
      c={cost.overBudget ? 'red.9' : 'dimmed'}
      data-testid="week-day-cost"
      data-over-budget={cost.overBudget ? 'true' : 'false'}
    >
      {AGENDA.dayCost(cost.complete ? amount : COSTS.atLeast(amount), cost.overBudget)}
    </Text>
  );
}
