/**
 * The export screen's ticked days and whether they were compiled, kept in the address: the
 * back button after a link to a meal of the agenda finds the list as it was left.
 */
import { useCallback, useEffect, useState } from 'react';
import { currentQuery, replaceQuietly } from '../../navigation/quiet-query';

export const DAYS_PARAM = 'jours';
export const COMPILED_PARAM = 'bilan';

/** Day offsets from '0,1,-2': integers only, each once, in order. */
export function readDaysParam(value: string | null): number[] {
  if (!value) return [];
  const days = value
    .split(',')
    .filter((part) => /^-?\d{1,4}$/u.test(part))
    .map(Number);
  return [...new Set(days)].sort((a, b) => a - b);
}

export function useExportSelection(): {
  selected: number[];
  /** The compiled days: the ticked ones once 'Exporter les ingrédients nécessaires' was pressed. */
  compiledDays: number[] | null;
  select: (days: number[]) => void;
  compile: () => void;
} {
  const [state, setState] = useState(() => {
    const params = currentQuery();
    const selected = readDaysParam(params.get(DAYS_PARAM));
    return { selected, compiled: params.get(COMPILED_PARAM) === '1' && selected.length > 0 };
  });
  useEffect(
    () =>
      replaceQuietly({
        [DAYS_PARAM]: state.selected.join(','),
        [COMPILED_PARAM]: state.compiled ? '1' : null,
      }),
    [state],
  );
  // Stable callbacks: the day list is memoised and must not redraw for other state.
  // Changing the selection clears the result (spec 2.7).
  const select = useCallback(
    (days: number[]) => setState({ selected: [...days].sort((a, b) => a - b), compiled: false }),
    [],
  );
  const compile = useCallback(
    () => setState((s) => ({ ...s, compiled: s.selected.length > 0 })),
    [],
  );
  return {
    selected: state.selected,
    compiledDays: state.compiled ? state.selected : null,
    select,
    compile,
  };
}
