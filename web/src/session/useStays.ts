/**
 * The user's stays on this device and the active one. When no stay is active, or the active
 * one is gone (deleted here or on another device), the first stay becomes active (spec 4).
 * The shell runs it on every screen, so the rule holds wherever the user is.
 */
import { useEffect } from 'react';
import { compareFrench, type Stay } from '@popote/domain';
import { setActiveStay } from './session';
import { useSession } from './useSession';
import { DexieStore } from '@popote/sync-client';
import { useSync } from '../sync/SyncProvider';
import { useLocalQuery } from '../sync/useLocal';

/** Latest start first, so that the first stay (made active by default) is the current one. */
function byStartThenName(a: Stay, b: Stay): number {
  return b.start.localeCompare(a.start) || compareFrench(a.name, b.name) || a.id - b.id;
}

export interface StaysState {
  /** Undefined while the device database is being read. */
  stays: Stay[] | undefined;
  active: Stay | null;
}

export function useStays(): StaysState {
  const { db, userId } = useSync();
  const activeStayId = useSession()?.activeStayId ?? null;
  const stays = useLocalQuery(
    async (store) => (await store.where('stays', 'owner', userId)).sort(byStartThenName),
    [userId],
  );
  const active = stays?.find((s) => s.id === activeStayId) ?? null;

  useEffect(() => {
    if (stays === undefined || active !== null) return;
    let cancelled = false;
    void (async () => {
      // The list may lag behind a stay just created and made active: ask the database itself.
      if (activeStayId !== null && (await new DexieStore(db).get('stays', activeStayId))) return;
      const first = stays[0]?.id ?? null;
      if (!cancelled && first !== activeStayId) setActiveStay(first);
    })();
    return () => {
      cancelled = true;
    };
  }, [stays, active, activeStayId, db]);

  return { stays, active };
}
