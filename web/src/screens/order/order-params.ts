/**
 * The order screen's ticked days and whether they were compiled, kept in the address: the
 * back button after a link to a meal of the agenda finds the list as it was left.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

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

export function useOrderSelection(): {
  selected: number[];
  /** The compiled days: the ticked ones once 'Exporter les ingrédients nécessaires' was pressed. */
  compiledDays: number[] | null;
  select: (days: number[]) => void;
  compile: () => void;
} {
  const [params, setParams] = useSearchParams();
  const selected = readDaysParam(params.get(DAYS_PARAM));
  const compiled = params.get(COMPILED_PARAM) === '1' && selected.length > 0;
  // Changing the selection clears the result (spec 2.7).
  const select = useCallback(
    (days: number[]) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(COMPILED_PARAM);
          if (days.length > 0) next.set(DAYS_PARAM, [...days].sort((a, b) => a - b).join(','));
          else next.delete(DAYS_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const compile = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(COMPILED_PARAM, '1');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { selected, compiledDays: compiled ? selected : null, select, compile };
}
