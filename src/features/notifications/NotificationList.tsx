// The notification list of SPEC §2: an accordion, newest first, "No data" when empty. Each item shows its type's
// icon with a red dot when unread, the name, "UTC" and its time, the vessel name (not for vessel users, whose
// notifications are all their own vessel's) and the port code. Opening an item marks it read through the outbox.
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import type { NotificationItem } from '../../core/contract/notification.ts';
import { formatUtc } from '../../core/format/format-date.ts';
import { isVesselUserType } from '../../core/role.ts';
import { db } from '../../db.ts';
import { userState } from '../../state/app-state.ts';
import { Icon } from '../../ui/Icon.tsx';
import { callWorker } from '../../worker-bridge.ts';

export function NotificationList() {
  const items = useLiveQuery(() => db.notifications.orderBy('creDt').reverse().toArray());
  const user = useSnapshot(userState).user;
  const [open, setOpen] = useState<number | null>(null);
  if (items === undefined) return null;
  if (items.length === 0) return <p className="empty">No data</p>;
  const showVessel = !isVesselUserType(user?.usrTpCd ?? '');

  const toggle = (item: NotificationItem) => {
    const next = open === item.notSeq ? null : item.notSeq;
    setOpen(next);
    if (next !== null && item.notReadYn === 'N')
      callWorker((api) => api.markRead(item.notSeq)).catch((err: unknown) =>
        console.warn('Marking a notification read failed', err),
      );
  };

  return (
    <ul className="noti-list">
      {items.map((item) => {
        const expanded = open === item.notSeq;
        const panelId = `noti-${item.notSeq}`;
        return (
          <li key={item.notSeq} className="noti-item">
            <button
              type="button"
              className="noti-item__head"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={() => toggle(item)}
            >
              <span className="noti-item__icon">
                <Icon name="message" />
                {item.notReadYn === 'N' && <span className="noti-item__dot" aria-label="Unread" role="img" />}
              </span>
              <span className="noti-item__text">
                <span className="noti-item__name">{item.notNm}</span>
                <span className="noti-item__meta">
                  {formatUtc(item.creDt)}
                  {showVessel && item.vslNm ? ` · ${item.vslNm}` : ''}
                  {item.portCd ? ` · ${item.portCd}` : ''}
                </span>
              </span>
            </button>
            {expanded && (
              <div id={panelId} className="noti-item__panel">
                <dl className="facts facts--compact">
                  {item.vslNm && (
                    <div>
                      <dt>Vessel</dt>
                      <dd>{item.vslNm}</dd>
                    </div>
                  )}
                  {item.portCd && (
                    <div>
                      <dt>Port</dt>
                      <dd>{item.portCd}</dd>
                    </div>
                  )}
                  <div>
                    <dt>Time</dt>
                    <dd>{formatUtc(item.creDt)}</dd>
                  </div>
                </dl>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
