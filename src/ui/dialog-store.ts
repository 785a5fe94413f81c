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
const settlers = new Map<number, (ok: boolean) => void>();
const listeners = new Set<() => void>();
let nextId = 1;

function set(next: readonly DialogRequest[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

function request(fields: Omit<DialogRequest, 'id'>, settle: (ok: boolean) => void): void {
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
        if (ok) resolve(true);
        else if (rejectOnCancel) reject(new ConfirmCancelError());
        else resolve(false);
      });
    });
  },
};

/** Answers a request: `ok` for the OK button, false for cancel and Escape (an alert resolves either way). */
export function answerDialog(id: number, ok: boolean): void {
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
