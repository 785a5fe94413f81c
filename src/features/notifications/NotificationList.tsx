// The notification list of product.md#notification-drawer: an accordion, newest first, "No data" when empty. Each item shows its type's
// icon with a red dot when unread, the name, "UTC" and its time, the vessel name (not for vessel users, whose
// notifications are all their own vessel's) and the port code. Opening an item marks it read through the outbox
// and shows its detail. Virtualized: only the rows on screen exist, so 5,000 items open at once.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useSnapshot } from 'valtio';
import type { NotificationItem } from '../../core/contract/notification.ts';
import { formatUtc } from '../../core/format/format-date.ts';
import { isVesselUser } from '../../core/role.ts';
import { userState } from '../../state/app-state.ts';
import { Icon } from '../../ui/Icon.tsx';
import { NotificationDetailView } from './NotificationDetailView.tsx';
import { useNotificationItems } from './notification-store.ts';
import { runOp } from '../sync/use-op.ts';

const ROW_HEIGHT = 68;

/** Opening an item (product.md#what-happens-when): read at once through the outbox, and the badge call counter goes up. */
export function openItem(item: NotificationItem): void {
  runOp('read', item.notSeq).catch((err: unknown) =>
    // product.md#errors: a read-save failure is only logged.
    console.warn('Marking a notification read failed', err),
  );
}

export function NotificationList() {
  const items = useNotificationItems();
  const [open, setOpen] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollEl, setScrollEl] = useState<HTMLElement | null>(null);
  const count = items?.length ?? 0;
  // The drawer's body scrolls; the list is there once a read found items (the first, or the one that brought the
  // first item while the drawer showed "No data": a hinted notification arrives with the drawer open).
  const listed = count > 0;
  useLayoutEffect(() => {
    setScrollEl(listRef.current?.closest<HTMLElement>('.drawer__body') ?? null);
  }, [listed]);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollEl,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (i) => items?.[i]?.notSeq ?? i,
    scrollMargin: listRef.current?.offsetTop ?? 0,
    // Rows on the first paint, before the drawer's body has been measured.
    initialRect: { width: 390, height: 640 },
  });

  if (items === undefined) return null;
  if (items.length === 0) return <p className="empty">No data</p>;
  return (
    <VirtualList items={items} virtualizer={virtualizer} listRef={listRef} open={open} setOpen={setOpen} />
  );
}

interface VirtualListProps {
  items: NotificationItem[];
  virtualizer: ReturnType<typeof useVirtualizer<HTMLElement, Element>>;
  listRef: RefObject<HTMLUListElement | null>;
  open: number | null;
  setOpen: (notSeq: number | null) => void;
}

function VirtualList({ items, virtualizer, listRef, open, setOpen }: VirtualListProps) {
  const user = useSnapshot(userState).user;
  // Rows are measured (and re-measured as an opened item grows) only once the scroll element is known: the layout
  // effect above finds it before the first paint.
  const rows = virtualizer.scrollElement ? virtualizer.getVirtualItems() : [];
  const shown = rows.length > 0;
  // Rows are on screen: the end of the measure the notification button started.
  useEffect(() => {
    if (shown) performance.mark('quay:notification-list-shown');
  }, [shown]);
  const showVessel = !isVesselUser(user);
  const margin = virtualizer.options.scrollMargin;

  const toggle = (item: NotificationItem) => {
    const next = open === item.notSeq ? null : item.notSeq;
    setOpen(next);
    if (next !== null) openItem(item);
  };

  return (
    <ul
      ref={listRef}
      className="noti-list"
      aria-label="Notifications"
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {rows.map((row) => {
        const item = items[row.index];
        if (!item) return null;
        const expanded = open === item.notSeq;
        const panelId = `noti-${item.notSeq}`;
        return (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className="noti-item"
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              transform: `translateY(${row.start - margin}px)`,
            }}
          >
            <button
              type="button"
              className="noti-item__head"
              aria-expanded={expanded}
              aria-controls={expanded ? panelId : undefined}
              onClick={() => toggle(item)}
            >
              <span className="noti-item__icon">
                <Icon name="message" />
                {item.notReadYn === 'N' && <span className="noti-item__dot" role="img" aria-label="Unread" />}
              </span>
              <span className="noti-item__text">
                <span className="noti-item__name">{item.notNm}</span>
                <span className="noti-item__meta">
                  {formatUtc(item.creDt)}
                  {showVessel && item.vslNm ? ` · ${item.vslNm}` : ''}
                  {item.portCd ? ` · ${item.portCd}` : ''}
                </span>
              </span>
              <Icon
                name="back"
                className={expanded ? 'noti-item__chevron noti-item__chevron--open' : 'noti-item__chevron'}
              />
            </button>
            {expanded && (
              <div id={panelId} className="noti-item__panel" role="region" aria-label={item.notNm}>
                <NotificationDetailView item={item} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
