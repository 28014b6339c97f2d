/**
 * Joining a stay with an invitation's token (issue 32), from the join page or the invitations
 * received on the stays screen: POST /api/team/join, then a sync brings the stay; once it is on
 * the device it becomes the active stay and the stays screen opens.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Id } from '@popote/domain';
import { announceLocalChange } from '@popote/sync-client';
import { joinStay } from '../api/team';
import { useStay } from '../data/stays';
import { notifySuccess } from '../feedback/feedback';
import { PATHS } from '../navigation/routes';
import { forgetPendingInvitation } from '../session/pending-invitation';
import { setActiveStay } from '../session/session';
import { TEAM } from '../strings';
import { useSync } from '../sync/SyncProvider';

export interface JoinState {
  /** Joins; resolves to the server's French message when it refuses, null otherwise. */
  join: (token: string, stayName: string) => Promise<string | null>;
  /** True from the click until the stay has arrived on the device. */
  busy: boolean;
}

export function useJoinStay(): JoinState {
  const { userId } = useSync();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<{ stayId: Id; name: string } | null>(null);
  const arrived = useStay(joined?.stayId ?? null);

  useEffect(() => {
    if (joined === null || !arrived) return;
    setActiveStay(joined.stayId);
    notifySuccess(TEAM.joined(joined.name));
    setJoined(null);
    setBusy(false);
    void navigate(PATHS.stays);
  }, [joined, arrived, navigate]);

  async function join(token: string, stayName: string): Promise<string | null> {
    setBusy(true);
    const answer = await joinStay(token);
    if (!answer.ok) {
      setBusy(false);
      // An invitation that opens nothing more is not kept for after a login.
      if (answer.status === 404) forgetPendingInvitation();
      return answer.message;
    }
    forgetPendingInvitation();
    setJoined({ stayId: answer.value.stayId, name: stayName });
    // The membership and the stay come with the next pull.
    announceLocalChange(userId);
    return null;
  }

  return { join, busy };
}
