import { describe, expect, it } from 'vitest';
import type { NotificationSetting } from '../../core/contract/notification.ts';
import { openChoices, opCounterOf, type Choice, type SettingsSnapshot } from './setting-choices.ts';

const setting = (notId: string, notUseYn: 'Y' | 'N'): NotificationSetting => ({
  notId,
  notNm: notId,
  notUseYn,
});
const snapshot = (notUseYn: 'Y' | 'N', pending: boolean, opCounter: number): SettingsSnapshot => ({
  settings: [setting('N003', notUseYn)],
  pending: new Set(pending ? ['N003'] : []),
  opCounter,
});
const choices = (choice: Choice) => new Map([['N003', choice]]);

describe('opCounterOf', () => {
  it('reads the counter of an outbox id', () => {
    expect(opCounterOf('5b7094b3-78eb-4af0-8779-b83985e03663:12')).toBe(12);
    expect(opCounterOf(null)).toBeNull();
    expect(opCounterOf('x:y')).toBeNull();
  });
});

describe('openChoices', () => {
  it('keeps a choice the worker has not committed yet while the stored value is the old one', () => {
    const open = choices({ value: 'Y', committedAt: null });
    expect(openChoices(open, snapshot('N', false, 4))).toBe(open);
  });

  it('gives way once the stored value is the choice', () => {
    expect(openChoices(choices({ value: 'Y', committedAt: null }), snapshot('Y', true, 5)).size).toBe(0);
  });

  it('keeps a committed choice while the read is from before its commit: no flicker back', () => {
    const open = choices({ value: 'Y', committedAt: 4 });
    expect(openChoices(open, snapshot('N', false, 4))).toBe(open);
  });

  it('keeps a committed choice while its operation waits', () => {
    const open = choices({ value: 'Y', committedAt: 4 });
    expect(openChoices(open, snapshot('N', true, 5))).toBe(open);
  });

  it('gives way to the undone value when the read after the commit has nothing of it in the outbox', () => {
    // The refusal undid the choice before any read saw it stored: the switch goes back.
    expect(openChoices(choices({ value: 'Y', committedAt: 4 }), snapshot('N', false, 5)).size).toBe(0);
  });

  it('leaves the other switches alone', () => {
    const open = new Map<string, Choice>([
      ['N003', { value: 'Y', committedAt: 4 }],
      ['N005', { value: 'N', committedAt: null }],
    ]);
    const left = openChoices(open, {
      ...snapshot('N', false, 5),
      settings: [setting('N003', 'N'), setting('N005', 'Y')],
    });
    expect([...left.keys()]).toEqual(['N005']);
  });
});
