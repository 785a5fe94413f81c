// The notification list of product.md#notification-drawer: an accordion, newest first, "No data" when empty. Each item shows its type's
// icon with a red dot when unread, the name, "UTC" and its time, the vessel name (not for vessel users, whose
// notifications are all their own vessel's) and the port code. Opening an item marks it read through the outbox
// and shows its detail: below it on the phone, beside the list at the desk (product.md#desk-layout). Virtualized: only
// the rows on screen exist, so 5,000 items open at once.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useSnapshot } from 'valtio';
import type { NotificationItem } from '../../core/contract/notification.ts';
import { formatUtc } from '../../core/format/format-date.ts';
import { isVesselUser } from '../../core/role.ts';
import { uiState, userState } from '../../state/app-state.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useDesk } from '../../ui/use-desk.ts';
import { NotificationDetailView } from './NotificationDetailView.tsx';
import { useNotificationItems } from './notification-store.ts';
import { runOp } from '../sync/use-op.ts';

const ROW_HEIGHT = 68;
/** The detail beside the list at the desk; the selected item's button controls it. */
const DETAIL_ID = 'noti-split-detail';

/** Opening an item (product.md#what-happens-when): read at once through the outbox, and the badge call counter goes up. */
export function openItem(item: NotificationItem): void {
  runOp('read', item.notSeq).catch((err: unknown) =>
    // product.md#errors: a read-save failure is only logged.
    console.warn('Marking a notification read failed', err),
  );
}

export function NotificationList() {
  const items = useNotificationItems();
  const desk = useDesk();
  const [open, setOpen] = useState<number | null>(null);
  // A notification a push click asked for (use-push-messages.ts), until it is on the device and marked read.
  const [clicked, setClicked] = useState<number | null>(null);
  const asked = useSnapshot(uiState).detailNotSeq;
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollEl, setScrollEl] = useState<HTMLElement | null>(null);
  const count = items?.length ?? 0;
  // The drawer's body scrolls (at the desk, the list's own column); the list is there once a read found items (the first, or the one that brought the
  // first item while the drawer showed "No data": a hinted notification arrives with the drawer open).
  const listed = count > 0;
  useLayoutEffect(() => {
    setScrollEl(listRef.current?.closest<HTMLElement>('.noti-split__list, .drawer__body') ?? null);
  }, [listed, desk]);

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

  // At the desk a push click selects its notification in the list (on the phone it has a drawer of its own).
  useEffect(() => {
    if (!desk || asked === null) return;
    uiState.detailNotSeq = null;
    setOpen(asked);
    setClicked(asked);
  }, [desk, asked]);
  useEffect(() => {
    const index = clicked === null ? -1 : (items?.findIndex((i) => i.notSeq === clicked) ?? -1);
    const item = items?.[index];
    if (!item || !scrollEl) return;
    setClicked(null);
    openItem(item);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [clicked, items, scrollEl, virtualizer]);

  if (items === undefined) return null;
  if (items.length === 0) return <p className="empty">No data</p>;
  const list = (
    <VirtualList
      items={items}
      virtualizer={virtualizer}
      listRef={listRef}
      open={open}
      setOpen={(notSeq) => {
        // The user chose another: a clicked one still on its way no longer takes the selection.
        setClicked(null);
        setOpen(notSeq);
      }}
      split={desk}
    />
  );
  if (!desk) return list;
  const selected = items.find((i) => i.notSeq === open);
  return (
    <div className="noti-split">
      <div className="noti-split__list">{list}</div>
      <section id={DETAIL_ID} className="noti-split__detail" aria-label="Notification detail">
        {selected ? (
          <div className="noti-detail-drawer">
            <div className="card__row">
              <Icon name="message" className="noti-detail-drawer__icon" />
              <h3 className="noti-detail-drawer__name">{selected.notNm}</h3>
            </div>
            <NotificationDetailView key={selected.notSeq} item={selected} />
          </div>
        ) : (
          <p className="muted">
            {open === null
              ? 'Choose a notification to read it here.'
              : 'This notification is not on this device yet.'}
          </p>
        )}
      </section>
    </div>
  );
}

/** At the desk the rows are one stop for Tab (the selected one, else the first on screen); arrows move between them. */
function moveByArrow(event: KeyboardEvent<HTMLUListElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
  if (!row) return;
  const next = Number(row.dataset.index) + (event.key === 'ArrowDown' ? 1 : -1);
  const button = event.currentTarget.querySelector<HTMLElement>(`[data-index="${next}"] > button`);
  if (!button) return;
  event.preventDefault();
  button.focus();
}

interface VirtualListProps {
  items: NotificationItem[];
  virtualizer: ReturnType<typeof useVirtualizer<HTMLElement, Element>>;
  listRef: RefObject<HTMLUListElement | null>;
  open: number | null;
  setOpen: (notSeq: number | null) => void;
  /** At the desk: a row selects its item, whose detail shows beside the list (not below the row). */
  split: boolean;
}

function VirtualList({ items, virtualizer, listRef, open, setOpen, split }: VirtualListProps) {
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
  const selectedShown = rows.some((r) => items[r.index]?.notSeq === open);
  const tabStop = selectedShown ? open : items[rows[0]?.index ?? 0]?.notSeq;

  const toggle = (item: NotificationItem) => {
    if (split && open === item.notSeq) return;
    const next = open === item.notSeq ? null : item.notSeq;
    setOpen(next);
    if (next !== null) openItem(item);
  };

  return (
    <ul
      ref={listRef}
      className="noti-list"
      aria-label="Notifications"
      onKeyDown={split ? moveByArrow : undefined}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {rows.map((row) => {
        const item = items[row.index];
        if (!item) return null;
        const expanded = !split && open === item.notSeq;
        const current = split && open === item.notSeq;
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
              aria-expanded={split ? undefined : expanded}
              aria-controls={split ? DETAIL_ID : expanded ? panelId : undefined}
              aria-current={current ? 'true' : undefined}
              tabIndex={split && item.notSeq !== tabStop ? -1 : undefined}
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
