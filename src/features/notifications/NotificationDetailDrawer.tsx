// The notification detail drawer of product.md#screens-and-routes, opened by a push click: title "Notification", the type's icon, the
// name and body, and the detail with "Check schedule" and "Got it". Opening it counts as opening the item.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '../../platform/db.ts';
import { closeDrawer, uiState } from '../../state/app-state.ts';
import { Drawer } from '../../ui/Drawer.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { NotificationDetailView } from './NotificationDetailView.tsx';
import { openItem } from './NotificationList.tsx';

export function NotificationDetailDrawer() {
  const ui = useSnapshot(uiState);
  const open = ui.drawer === 'notificationDetail' && ui.detailNotSeq !== null;
  return (
    <Drawer open={open} onClose={() => closeDrawer('notificationDetail')} title="Notification" heightPct={76}>
      {open && ui.detailNotSeq !== null && <DetailBody notSeq={ui.detailNotSeq} />}
    </Drawer>
  );
}

function DetailBody({ notSeq }: { notSeq: number }) {
  // undefined while reading, null when this device does not have it.
  const item = useLiveQuery(async () => (await db.notifications.get(notSeq)) ?? null, [notSeq]);
  const known = !!item;
  useEffect(() => {
    if (item) openItem(item);
    // Once per opening, not on every change of the item (reading it changes it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known, notSeq]);
  if (item === undefined) return null;
  if (item === null) return <p className="muted">This notification is not on this device yet.</p>;
  return (
    <div className="noti-detail-drawer">
      <div className="card__row">
        <Icon name="message" className="noti-detail-drawer__icon" />
        <h3 className="noti-detail-drawer__name">{item.notNm}</h3>
      </div>
      <NotificationDetailView item={item} />
    </div>
  );
}
