// Promise-based alert and confirm (product.md#dialogs) as a small external store: any module awaits an answer, and
// DialogHost shows the requests one at a time, in the order they were made.

/** The message and name of the error a confirm rejects with on cancel when asked to (`rejectOnCancel`). */
export const CONFIRM_CANCEL = 'CONFIRM_CANCEL';

class ConfirmCancelError extends Error {
  constructor() {
    super(CONFIRM_CANCEL);
    this.name = CONFIRM_CANCEL;
  }
}

export function isConfirmCancel(err: unknown): boolean {
  return err instanceof Error && err.name === CONFIRM_CANCEL;
}

export interface DialogRequest {
  id: number;
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
  okText: string;
  /** Only a confirm has a cancel button. */
  cancelText: string | null;
  /** A second way forward beside OK (a choice of two, and cancel). */
  altText?: string;
}

export interface AlertOptions {
  title?: string;
  okText?: string;
}

export interface ConfirmOptions extends AlertOptions {
  cancelText?: string;
  /** Cancel rejects with CONFIRM_CANCEL instead of resolving false. */
  rejectOnCancel?: boolean;
}

let queue: readonly DialogRequest[] = [];
/** How a dialog was answered: its OK button, its second choice, or cancel (and Escape). */
type Answer = boolean | 'alt';
const settlers = new Map<number, (answer: Answer) => void>();
const listeners = new Set<() => void>();
let nextId = 1;

function set(next: readonly DialogRequest[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

function request(fields: Omit<DialogRequest, 'id'>, settle: (answer: Answer) => void): void {
  const entry: DialogRequest = { id: nextId++, ...fields };
  settlers.set(entry.id, settle);
  set([...queue, entry]);
}

export const dialog = {
  alert(message: string, options: AlertOptions = {}): Promise<void> {
    return new Promise((resolve) => {
      const { title = 'Notice', okText = 'OK' } = options;
      request({ kind: 'alert', title, message, okText, cancelText: null }, () => resolve());
    });
  },

  confirm(message: string, options: ConfirmOptions = {}): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const {
        title = 'Please confirm',
        okText = 'OK',
        cancelText = 'Cancel',
        rejectOnCancel = false,
      } = options;
      request({ kind: 'confirm', title, message, okText, cancelText }, (ok) => {
        if (ok !== false) resolve(true);
        else if (rejectOnCancel) reject(new ConfirmCancelError());
        else resolve(false);
      });
    });
  },

  /** A choice of two ways forward, and cancel: 'ok', 'alt', or null when cancelled. */
  choose(
    message: string,
    options: { title: string; okText: string; altText: string; cancelText?: string },
  ): Promise<'ok' | 'alt' | null> {
    return new Promise((resolve) => {
      const { title, okText, altText, cancelText = 'Cancel' } = options;
      request({ kind: 'confirm', title, message, okText, altText, cancelText }, (answer) =>
        resolve(answer === 'alt' ? 'alt' : answer ? 'ok' : null),
      );
    });
  },
};

/** Answers a request: `ok` for the OK button, 'alt' for the second choice, false for cancel and Escape. */
export function answerDialog(id: number, ok: Answer): void {
  const settle = settlers.get(id);
  if (!settle) return;
  settlers.delete(id);
  set(queue.filter((d) => d.id !== id));
  settle(ok);
}

/** The request on screen: the oldest unanswered one. */
export function currentDialog(): DialogRequest | undefined {
  return queue[0];
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
