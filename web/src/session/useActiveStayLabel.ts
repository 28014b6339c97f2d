import { useStays } from './useStays';

/** The label of the active stay for the top bar, or null when there is none. */
export function useActiveStayLabel(): string | null {
  return useStays().active?.name ?? null;
}
