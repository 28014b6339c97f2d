import { useLocalQuery } from '../sync/useLocal';
import { useSession } from './useSession';

/** The label of the active stay for the top bar, or null when there is none. */
export function useActiveStayLabel(): string | null {
  const activeStayId = useSession()?.activeStayId ?? null;
  const stay = useLocalQuery(
    async (store) =>
      activeStayId === null ? null : ((await store.get('stays', activeStayId)) ?? null),
    [activeStayId],
  );
  return stay?.name ?? null;
}
