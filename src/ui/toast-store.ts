// The toasts waiting to be shown, as a small external store: any module may push one (the database connection,
// outbox failures, a view) and ToastHost renders them one at a time (product.md#constants: toast max count is 1).

export type ToastKind = 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** More than this many waiting would keep a crew reading toasts for minutes: the oldest waiting ones go. */
const MAX_WAITING = 5;

let queue: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Toast[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

/** Queues a toast; the same text already on screen or waiting is not repeated. Gives its id. */
export function showToast(kind: ToastKind, message: string): number {
  const same = queue.find((t) => t.kind === kind && t.message === message);
  if (same) return same.id;
  const toast: Toast = { id: nextId++, kind, message };
  const [shown, ...waiting] = queue;
  const kept = waiting.length >= MAX_WAITING ? waiting.slice(waiting.length - MAX_WAITING + 1) : waiting;
  set(shown ? [shown, ...kept, toast] : [toast]);
  return toast.id;
}

export const toast = {
  error: (message: string) => showToast('error', message),
  info: (message: string) => showToast('info', message),
};

export function dismissToast(id: number): void {
  if (queue.some((t) => t.id === id)) set(queue.filter((t) => t.id !== id));
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toastQueue(): readonly Toast[] {
  return queue;
}
