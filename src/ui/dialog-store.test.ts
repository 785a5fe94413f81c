// The dialog store: alert and confirm settle as the user answers, one request on screen at a time in order, and a
// confirm set to reject gives CONFIRM_CANCEL on cancel.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIRM_CANCEL,
  answerDialog,
  currentDialog,
  dialog,
  isConfirmCancel,
  subscribeDialogs,
} from './dialog-store.ts';

function current() {
  const shown = currentDialog();
  if (!shown) throw new Error('no dialog on screen');
  return shown;
}

describe('dialog store', () => {
  beforeEach(() => {
    for (let shown = currentDialog(); shown; shown = currentDialog()) answerDialog(shown.id, true);
  });

  it('shows an alert with the default title and button, and resolves when answered', async () => {
    const answered = dialog.alert('Schedule Got it!');
    expect(current()).toMatchObject({
      kind: 'alert',
      title: 'Notice',
      message: 'Schedule Got it!',
      okText: 'OK',
      cancelText: null,
    });
    answerDialog(current().id, false);
    await expect(answered).resolves.toBeUndefined();
    expect(currentDialog()).toBeUndefined();
  });

  it('resolves a confirm true on OK and false on cancel', async () => {
    const yes = dialog.confirm('Log out?', { title: 'Logout', okText: 'Log out', cancelText: 'Stay' });
    expect(current()).toMatchObject({
      kind: 'confirm',
      title: 'Logout',
      okText: 'Log out',
      cancelText: 'Stay',
    });
    answerDialog(current().id, true);
    await expect(yes).resolves.toBe(true);

    const no = dialog.confirm('Log out?');
    expect(current()).toMatchObject({ title: 'Please confirm', okText: 'OK', cancelText: 'Cancel' });
    answerDialog(current().id, false);
    await expect(no).resolves.toBe(false);
  });

  it('rejects a confirm set to reject with CONFIRM_CANCEL on cancel, and resolves true on OK', async () => {
    const cancelled = dialog.confirm('Discard the message?', { rejectOnCancel: true });
    answerDialog(current().id, false);
    const err = await cancelled.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ name: CONFIRM_CANCEL, message: CONFIRM_CANCEL });
    expect(isConfirmCancel(err)).toBe(true);

    const confirmed = dialog.confirm('Discard the message?', { rejectOnCancel: true });
    answerDialog(current().id, true);
    await expect(confirmed).resolves.toBe(true);
  });

  it('tells other errors from CONFIRM_CANCEL', () => {
    expect(isConfirmCancel(new Error('Network down'))).toBe(false);
    expect(isConfirmCancel(CONFIRM_CANCEL)).toBe(false);
    expect(isConfirmCancel(undefined)).toBe(false);
  });

  it('shows one request at a time, in the order they were made', async () => {
    const order: string[] = [];
    const first = dialog.alert('first').then(() => order.push('first'));
    const second = dialog.confirm('second').then((ok) => order.push(`second ${ok}`));
    const third = dialog.alert('third').then(() => order.push('third'));

    expect(current().message).toBe('first');
    answerDialog(current().id, true);
    expect(current().message).toBe('second');
    answerDialog(current().id, false);
    expect(current().message).toBe('third');
    answerDialog(current().id, true);
    expect(currentDialog()).toBeUndefined();

    await Promise.all([first, second, third]);
    expect(order).toEqual(['first', 'second false', 'third']);
  });

  it('ignores a second answer to the same request', async () => {
    const answered = dialog.confirm('once');
    const { id } = current();
    dialog.alert('next');
    answerDialog(id, true);
    answerDialog(id, false);
    await expect(answered).resolves.toBe(true);
    expect(current().message).toBe('next');
  });

  it('tells subscribers when the request on screen changes, and keeps it the same object until then', () => {
    let calls = 0;
    const unsubscribe = subscribeDialogs(() => calls++);
    void dialog.alert('a');
    const shown = currentDialog();
    void dialog.alert('b');
    expect(currentDialog()).toBe(shown);
    answerDialog(current().id, true);
    expect(current().message).toBe('b');
    unsubscribe();
    answerDialog(current().id, true);
    expect(calls).toBe(3);
  });
});
