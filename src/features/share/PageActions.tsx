// A page's Share and Add to calendar (product.md §4 Share, Calendar feed): Share gives the page's address to the
// device's share sheet, or copies it with a toast that says so; Add to calendar opens the feed's dialog.
import { useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { toast } from '../../ui/toast-store.ts';
import { CalendarDialog, type CalendarOf } from './CalendarDialog.tsx';
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
  const [open, setOpen] = useState(false);
  const share = async () => {
    const url = location.origin + path;
    try {
      if ((await sharePage(url, title, navigator)) === 'copied')
        toast.info('Link copied: paste it to share this page.');
    } catch {
      toast.error(`The link could not be copied. The page's address is ${url}`);
    }
  };
  return (
    <div className="page-actions">
      <button type="button" className="chip" onClick={() => void share()}>
        Share
      </button>
      {calendar && (
        <button type="button" className="chip" onClick={() => setOpen(true)}>
          <Icon name="calendar" />
          Add to calendar
        </button>
      )}
      {calendar && open && <CalendarDialog of={calendar} onClose={() => setOpen(false)} />}
    </div>
  );
}
