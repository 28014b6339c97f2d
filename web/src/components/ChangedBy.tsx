/**
 * 'modifié par Carol, il y a 5 min' under a meal or a menu of a stay (issue 32): the last change
 * the device's copy of the stay's journal holds for the rows, nothing when it holds none. The
 * time counts on each minute.
 */
import { Text } from '@mantine/core';
import type { Meal } from '@popote/domain';
import { TEAM } from '../strings';
import { useLocalQuery } from '../sync/useLocal';
import { changedByText, lastChangeOf, type JournalTarget, type LastChange } from './changed-by';
import { useNow } from './useNow';

/** The newest change of the rows that the device's journal holds; null without one. */
export function useLastChange(targets: readonly JournalTarget[]): LastChange | null {
  const key = targets.map((t) => `${t.table}:${t.id}`).join(',');
  return (
    useLocalQuery(
      (store) => lastChangeOf(store, targets),
      // Followed by their key: a new array naming the same rows reads nothing again.
      [key],
    ) ?? null
  );
}

/** One line, shown only when the journal names who changed the rows last. */
export function ChangedBy({ targets }: { targets: readonly JournalTarget[] }) {
  const change = useLastChange(targets);
  const now = useNow();
  if (change === null) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="changed-by">
      {changedByText(change, now, TEAM.unknownPseudo)}
    </Text>
  );
}

/** A meal and its own menu, shown as one in the agenda: the newest change of either. */
export function MealChangedBy({ meal }: { meal: Pick<Meal, 'id' | 'menuId'> }) {
  return (
    <ChangedBy
      targets={[
        { table: 'meals', id: meal.id },
        { table: 'menus', id: meal.menuId },
      ]}
    />
  );
}
