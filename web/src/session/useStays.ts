/**
 * The user's stays on this device and the active one: their own and those they take part in
 * (issue 32; the device holds no other stay, and one whose membership is gone is dropped by
 * the next pull). When no stay is active, or the active
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
    async (store) => {
      const joined = new Set(
        (await store.where('stayMembers', 'userId', userId)).map((m) => m.stayId),
      );
      const stays = await store.all('stays');
      return stays.filter((s) => s.owner === userId || joined.has(s.id)).sort(byStartThenName);
    },
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
