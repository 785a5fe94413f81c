// Add to calendar (product.md#calendar-feed): the address of the vessel's or port's feed, with a webcal:// link and
// a copy button, and "Make a new link" (the old address stops working). The secret in it is asked for the first time
// (that needs the link), then kept on the device, so the address shows at sea too.
import { useEffect, useId, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { calendarFeedPath } from '../../core/contract/api.ts';
import { CALENDAR_WEEKS } from '../../core/contract/calendar.ts';
import { formatDate } from '../../core/format/format-date.ts';
import { db } from '../../platform/db.ts';
import { callWorker } from '../../platform/worker-bridge.ts';
import { dialog } from '../../ui/dialog-store.ts';
import { toShownError } from '../../ui/shown-error.ts';
import { toast } from '../../ui/toast-store.ts';
import { useOnline } from '../../ui/use-online.ts';
import { webcalOf } from './share.ts';

export interface CalendarOf {
  kind: 'vessel' | 'port';
  code: string;
  /** What the feed is of, as the page names it: "QUAY HORIZON", "Singapore". */
  name: string;
}

export interface CalendarDialogProps {
  of: CalendarOf;
  onClose: () => void;
}

export function CalendarDialog({ of, onClose }: CalendarDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const inputId = useId();
  const online = useOnline();
  const kept = useLiveQuery(async () => (await db.getMeta('calendarLink')) ?? null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  /** The server said the user has a link this device cannot show: making a new one is the way to an address here. */
  const [none, setNone] = useState(false);
  /** The server could not be asked: say so and offer to ask again, never a new link (it would break a working one). */
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const ask = async (renew: boolean) => {
    setBusy(true);
    setNote('');
    setFailed(false);
    try {
      const answer = await callWorker((api) => api.calendarLink(renew));
      setNone(!answer.secret && (answer.replaced || !kept));
      if (answer.replaced)
        setNote(
          `Your calendar link was made anew on another device on ${formatDate(answer.madeAt)}: the address this ` +
            'device had no longer works. Use the new one from that device, or make a new link here (the one made ' +
            'there then stops working).',
        );
      else if (!answer.secret && !kept)
        setNote(
          `Your calendar link was made on another device on ${formatDate(answer.madeAt)}, and cannot be shown ` +
            'again. Make a new link to see it here: the old address then stops working.',
        );
      else if (renew) toast.info('New calendar link made. The old address no longer works.');
    } catch (err) {
      const e = toShownError(err);
      setFailed(true);
      setNote(
        e.name === 'TimeoutError'
          ? 'The server did not answer. Your calendar link was not checked.'
          : `Your calendar link could not be checked: ${e.detail || e.title}`,
      );
    } finally {
      setBusy(false);
    }
  };

  // Each time the dialog opens with the link, the server is asked: the first time for the address, after that
  // whether the address kept here still works (another device may have made a new one).
  const asked = useRef(false);
  useEffect(() => {
    if (kept === undefined || !online || asked.current) return;
    asked.current = true;
    void ask(false);
    // Once per opening, when the device's copy is read and the link is there; ask is made anew each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kept, online]);

  const renew = async () => {
    const ok = await dialog.confirm(
      'The address you have now stops working in every calendar app that uses it.',
      { title: 'Make a new link?', okText: 'Make a new link' },
    );
    if (ok) await ask(true);
  };

  const url = kept ? location.origin + calendarFeedPath(kept.secret, of.kind, of.code) : '';
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => toast.info('Calendar address copied.'),
      () => toast.error('The address could not be copied: select it and copy it by hand.'),
    );

  return (
    <dialog ref={ref} className="alert-dialog calendar-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="alert-dialog__title">
        Add to calendar
      </h2>
      <p>
        Subscribe once in your calendar app: it shows {of.name}&apos;s arrivals, berths and departures of the
        next {CALENDAR_WEEKS} weeks, and keeps them up to date.
      </p>
      {kept ? (
        <>
          <label htmlFor={inputId}>Calendar address</label>
          <input
            id={inputId}
            className="calendar-dialog__url"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
          />
        </>
      ) : (
        !online && (
          <p role="status">
            Showing this address needs the link the first time. Try again when you are online.
          </p>
        )
      )}
      {kept && !online && <p className="muted">Making a new link needs a connection.</p>}
      {busy && <p role="status">Checking your calendar link…</p>}
      {note && <p role="alert">{note}</p>}
      <div className="alert-dialog__actions">
        {kept && (
          <>
            <button type="button" className="button button--primary" onClick={() => void copy()}>
              Copy address
            </button>
            <a className="button button--secondary" href={webcalOf(url)}>
              Open in calendar app
            </a>
          </>
        )}
        {failed && (
          <button
            type="button"
            className="button button--secondary"
            disabled={!online || busy}
            onClick={() => void ask(false)}
          >
            Try again
          </button>
        )}
        {(kept || none) && !failed && (
          <button
            type="button"
            className="button button--secondary"
            disabled={!online || busy}
            onClick={() => void renew()}
          >
            Make a new link
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
