// Shows the alert or confirm waiting first in the dialog store, as a native modal <dialog role="alertdialog">:
// the focus starts on the OK button, Escape cancels, and the next request follows once this one is answered.
import { useId, useLayoutEffect, useRef, useSyncExternalStore, type SyntheticEvent } from 'react';
import { answerDialog, currentDialog, subscribeDialogs, type DialogRequest } from './dialog-store.ts';

/** Mount once, near the root of the app. */
export function DialogHost() {
  const current = useSyncExternalStore(subscribeDialogs, currentDialog);
  // Keyed by id: each request is a new dialog element, opened and announced afresh.
  return current ? <DialogView key={current.id} request={current} /> : null;
}

function DialogView({ request }: { request: DialogRequest }) {
  const ref = useRef<HTMLDialogElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();
  const { id } = request;

  // Layout effects: open before the first paint, and close before React removes the element, so the browser
  // gives the focus back to what had it before.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // React's autoFocus runs before showModal and so would be lost; focus the primary action once it is modal.
    okRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    answerDialog(id, false);
  };

  // Closed by the browser itself (Chromium does so on a second Escape): an answer of cancel. The close event comes
  // a task later, so a dialog reopened meanwhile (StrictMode's second mount) is not closed at all.
  const onClose = () => {
    if (!ref.current?.open) answerDialog(id, false);
  };

  return (
    <dialog
      ref={ref}
      className={`alert-dialog alert-dialog--${request.kind}`}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={onCancel}
      onClose={onClose}
    >
      <h2 id={titleId} className="alert-dialog__title">
        {request.title}
      </h2>
      <p id={messageId} className="alert-dialog__message">
        {request.message}
      </p>
      <div className="alert-dialog__actions">
        {request.cancelText !== null && (
          <button type="button" className="button button--secondary" onClick={() => answerDialog(id, false)}>
            {request.cancelText}
          </button>
        )}
        {request.altText && (
          <button type="button" className="button button--secondary" onClick={() => answerDialog(id, 'alt')}>
            {request.altText}
          </button>
        )}
        <button
          ref={okRef}
          type="button"
          className="button button--primary"
          onClick={() => answerDialog(id, true)}
        >
          {request.okText}
        </button>
      </div>
    </dialog>
  );
}
