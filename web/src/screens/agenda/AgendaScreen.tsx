import { useEffect, useState } from 'react';
import { lazyComponent } from '../../components/lazy-component';
import type { Id } from '@popote/domain';
import { useNavigate, useSearchParams } from 'react-router';
import { NoActiveStay } from '../../components/NoActiveStay';
import { ScreenLoading } from '../../shell/ScreenLoading';
import { afterFirstData } from '../../sync/first-data';
import { AGENDA } from '../../strings';
import { useSession } from '../../session/useSession';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';
import { useLocalQuery } from '../../sync/useLocal';
import {
  agendaDayUrl,
  agendaWeekUrl,
  DAY_OFFSET_PARAM,
  paramToDay,
} from '../../navigation/agenda-links';
import { WEEK_DAYS } from './plan-view';
import { WeekView } from './week/WeekView';

// A day's view (its drag and drop of dishes, its dialogs) loads when a day is opened: the
// week, the screen's first view, shows without it (issue 36).
const DAY_PRELOAD_MAX_WAIT_MS = 3000;
const DayView = lazyComponent(
  () => import('./day/DayView').then((m) => m.DayView),
  <ScreenLoading label={AGENDA.loading} />,
);

/**
 * Organisation of the active stay (spec 2.5): the week view, or the day view when the URL
 * names a day (see links.ts for how dayOffset counts).
 */
export function AgendaScreen() {
  const session = useSession();
  const stayId = session?.activeStayId ?? null;
  const [params] = useSearchParams();
  const day = paramToDay(params.get(DAY_OFFSET_PARAM));
  const firstSyncDone = useFirstSyncDone();
  const stay = useLocalQuery(
    async (store) => (stayId === null ? null : ((await store.get('stays', stayId)) ?? null)),
    [stayId],
  );

  if (stay === null && !firstSyncDone) return <FirstSyncLoader />;
  if (stayId === null || stay === null || session === null)
    return <NoActiveStay testId="agenda-no-stay" />;
  // While the stay is being read (undefined), the view mounts already and shows its own loader:
  // its reads run beside this one instead of after it (issue 36); a stay found missing replaces
  // it with the texts above.
  return <StayAgenda key={stayId} stayId={stayId} userId={session.idUser} day={day} />;
}

/** Keyed by stay: the shown week starts again at the first day for another stay. */
function StayAgenda({ stayId, userId, day }: { stayId: Id; userId: Id; day: number | null }) {
  const navigate = useNavigate();
  // Once the screen has shown its data, the day's code loads ahead, so that a day opens at once.
  useEffect(() => {
    void afterFirstData(DAY_PRELOAD_MAX_WAIT_MS).then(() =>
      DayView.preload().catch(() => undefined),
    );
  }, []);
  // The week stays where the user left it while they visit a day and come back.
  const [weekStart, setWeekStart] = useState(0);

  if (day === null) {
    return (
      <WeekView
        stayId={stayId}
        userId={userId}
        weekStart={weekStart}
        onShift={(delta) => setWeekStart((w) => w + delta)}
        onOpenDay={(d) => void navigate(agendaDayUrl(d))}
      />
    );
  }
  return (
    <DayView
      stayId={stayId}
      userId={userId}
      day={day}
      onOpenDay={(d) => void navigate(agendaDayUrl(d))}
      onBackToWeek={() => {
        if (day < weekStart || day >= weekStart + WEEK_DAYS) setWeekStart(day);
        void navigate(agendaWeekUrl());
      }}
    />
  );
}
