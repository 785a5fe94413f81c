// An opened notification (product.md#screens-and-routes, product.md#what-happens-when): its text and the type's detail block, "Check schedule", and for vessel
// users "Got it" (not for N101, gone once acknowledged; waiting while the outbox holds it). The detail comes from
// the worker: the server's, or this device's copy at sea.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import type { NotificationDetail, NotificationItem } from '../../core/contract/notification.ts';
import { closeDrawer, userState } from '../../state/app-state.ts';
import { PendingMarker } from '../../ui/PendingMarker.tsx';
import { HelpLink } from '../../ui/HelpLink.tsx';
import { useOp } from '../sync/use-op.ts';
import { toast } from '../../ui/toast-store.ts';
import { toShownError } from '../../ui/shown-error.ts';
import { callWorker } from '../../platform/worker-bridge.ts';
import { checkScheduleTarget } from './check-schedule.ts';
import { detailRows } from './detail-rows.ts';
import { isVesselUser } from '../../core/role.ts';

type Loaded = { detail: NotificationDetail; stored: boolean } | null;

/** product.md#errors: a failed detail fetch is a toast with the server's message, or "N/A notSeq". */
function useDetail(notSeq: number): Loaded | undefined {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  useEffect(() => {
    let current = true;
    callWorker((api) => api.notificationDetail(notSeq)).then(
      (answer) => current && setLoaded(answer),
      (err: unknown) => {
        if (!current) return;
        setLoaded(null);
        const shown = toShownError(err);
        toast.error(shown.detail || 'N/A notSeq');
      },
    );
    return () => {
      current = false;
    };
  }, [notSeq]);
  return loaded;
}

export function NotificationDetailView({ item }: { item: NotificationItem }) {
  const user = useSnapshot(userState).user;
  const [, navigate] = useLocation();
  const loaded = useDetail(item.notSeq);
  const ack = useOp('ack', { notSeq: item.notSeq });
  if (!user) return null;

  const detail = loaded?.detail ?? null;
  const rows = detail ? detailRows(detail) : [];
  const body = detail?.notMsg ?? '';
  const vesselUser = isVesselUser(user);
  const waiting = ack.waiting;
  const showGotIt = vesselUser && item.notId !== 'N101' && (!item.ackUsrId || waiting);

  const checkSchedule = () => {
    const target = checkScheduleTarget(user, item);
    if ('error' in target) return void toast.error(target.error);
    closeDrawer();
    navigate(target.to);
  };

  const gotIt = () => {
    ack.run(item.notSeq).catch((err: unknown) => {
      const shown = toShownError(err);
      toast.error(shown.detail || shown.title);
    });
  };

  return (
    <div className="noti-detail">
      {loaded === undefined && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {body && <p className="noti-detail__body">{body}</p>}
      {rows.length > 0 && (
        <dl className="facts facts--compact">
          {rows.map((r) => (
            <div key={r.label}>
              <dt>{r.label}</dt>
              <dd className={r.tone ? `delay-ink delay-ink--${r.tone}` : undefined}>{r.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {rows.length > 0 && (
        <p className="muted">
          <HelpLink onClick={() => closeDrawer()} />
        </p>
      )}
      {loaded?.stored && <p className="muted noti-detail__note">Shown as this device last had it.</p>}
      <div className="noti-detail__actions">
        <button type="button" className="button button--secondary" onClick={checkSchedule}>
          Check schedule
        </button>
        {showGotIt && (
          <button
            type="button"
            className="button button--primary"
            onClick={gotIt}
            disabled={waiting}
            aria-describedby={waiting ? `ack-wait-${item.notSeq}` : undefined}
          >
            Got it
          </button>
        )}
      </div>
      {showGotIt && waiting && <PendingMarker as="p" id={`ack-wait-${item.notSeq}`} />}
    </div>
  );
}
