// On every route change (product.md#the-calls): the application history (through the worker's outbox, so a visit at sea is
// not lost; nothing on local hosts) and, when a sink is configured, a page view and a user_move event.
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { ANALYTICS_SINK } from '../../platform/config.ts';
import { userState } from '../../state/app-state.ts';
import { callWorker } from '../../platform/worker-bridge.ts';

export function useRouteTracking(): void {
  const [path] = useLocation();
  const search = useSearch();
  const snap = useSnapshot(userState);
  const user = snap.user;
  const usrPortCd = snap.portCode ?? '';
  const usrVslCd = snap.vesselCode ?? snap.currVslCd ?? '';

  useEffect(() => {
    if (!user || path === '/') return;
    const visit = {
      path,
      search,
      hostname: location.hostname,
      analyticsSink: ANALYTICS_SINK,
      user: {
        extUsrId: user.extUsrId,
        usrRoleCd: user.usrRoleCd,
        usrPortCd,
        usrVslCd,
        usrTpCd: user.usrTpCd,
      },
    };
    callWorker((api) => api.routeChanged(visit)).catch((err: unknown) =>
      console.warn('Recording the page visit failed', err),
    );
    // One record per page: the codes may fill in a moment later without counting as a new visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, search, user?.usrId]);
}
