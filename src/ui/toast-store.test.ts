// The toast queue: one shown at a time, repeats not queued twice, a bounded wait list, dismissal by id.
import { beforeEach, describe, expect, it } from 'vitest';
import { dismissToast, showToast, toastQueue } from './toast-store.ts';

describe('toast store', () => {
  beforeEach(() => {
    for (const t of toastQueue()) dismissToast(t.id);
  });

  it('queues toasts in order and dismisses by id', () => {
    const first = showToast('error', 'Schedule could not be acknowledged.');
    showToast('info', 'Schedule Got it!');
    expect(toastQueue().map((t) => t.message)).toEqual([
      'Schedule could not be acknowledged.',
      'Schedule Got it!',
    ]);
    dismissToast(first);
    expect(toastQueue().map((t) => t.kind)).toEqual(['info']);
  });

  it('does not repeat a message already shown or waiting', () => {
    const a = showToast('error', 'Same');
    const b = showToast('error', 'Same');
    expect(b).toBe(a);
    expect(toastQueue()).toHaveLength(1);
  });

  it('keeps the one on screen and at most five waiting, dropping the oldest waiting', () => {
    for (let i = 0; i < 10; i++) showToast('error', `m${i}`);
    expect(toastQueue().map((t) => t.message)).toEqual(['m0', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });
});
