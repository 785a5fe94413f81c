// A page's Share and Add to calendar (product.md#share, product.md#calendar-feed): Share gives the page's address to the
// device's share sheet, or copies it with a toast that says so; Add to calendar opens the feed's dialog, a chunk of its
// own loaded when first opened (and precached with the rest, so it opens at sea).
import { useState, type ComponentType } from 'react';
import { calendarFeedPath } from '../../core/contract/api.ts';
import { db } from '../../platform/db.ts';
import { dialog } from '../../ui/dialog-store.ts';
import { Icon } from '../../ui/Icon.tsx';
import { toast } from '../../ui/toast-store.ts';
import type { CalendarDialogProps, CalendarOf } from './CalendarDialog.tsx';
import { sharePage } from './share.ts';

export function PageActions({
  path,
  title,
  calendar,
}: {
  path: string;
  title: string;
  calendar?: CalendarOf;
}) {
  const [Dialog, setDialog] = useState<ComponentType<CalendarDialogProps> | null>(null);
  const share = async () => {
    const url = location.origin + path;
    try {
      if ((await sharePage(url, title, navigator)) === 'copied')
        toast.info('Link copied: paste it to share this page.');
    } catch {
      toast.error(`The link could not be copied. The page's address is ${url}`);
    }
  };
  // At sea with the dialog's code missing from the device (storage the browser cleared), the address the device keeps
  // still shows, in a plain alert.
  const open = () =>
    import('./CalendarDialog.tsx').then(
      (m) => setDialog(() => m.CalendarDialog),
      async () => {
        const kept = await db.getMeta('calendarLink');
        if (kept && calendar)
          await dialog.alert(location.origin + calendarFeedPath(kept.secret, calendar.kind, calendar.code), {
            title: 'Calendar address',
          });
        else toast.error('Add to calendar needs the link the first time. Try again when you are online.');
      },
    );
  return (
    <div className="page-actions">
      <button type="button" className="chip" onClick={() => void share()}>
        Share
      </button>
      {calendar && (
        <button type="button" className="chip" onClick={() => void open()}>
          <Icon name="calendar" />
          Add to calendar
        </button>
      )}
      {calendar && Dialog && <Dialog of={calendar} onClose={() => setDialog(null)} />}
    </div>
  );
}
