import { describe, expect, it } from 'vitest';
import { backAction } from './back.ts';

describe('backAction', () => {
  it('is hidden on each role home, with or without a trailing slash', () => {
    expect(backAction('agent', '/port/live', 3)).toEqual({ type: 'hidden' });
    expect(backAction('vessel', '/voyage/', 3)).toEqual({ type: 'hidden' });
    expect(backAction('operator', '/myvessel', 1)).toEqual({ type: 'hidden' });
    expect(backAction('other', '/myvessel', 1)).toEqual({ type: 'hidden' });
  });

  it('shows elsewhere, and a page of another role home is not a home', () => {
    expect(backAction('agent', '/voyage', 2)).toEqual({ type: 'history' });
    expect(backAction('vessel', '/port/live/SGSIN', 2)).toEqual({ type: 'history' });
    expect(backAction('agent', '/port/live/SGSIN', 2)).toEqual({ type: 'history' });
  });

  it('goes to the role home when there is no history', () => {
    expect(backAction('agent', '/vessel/QHZN', 1)).toEqual({ type: 'navigate', to: '/port/live' });
    expect(backAction('vessel', '/vessel', 1)).toEqual({ type: 'navigate', to: '/voyage' });
    expect(backAction('other', '/service/AEX', 0)).toEqual({ type: 'navigate', to: '/myvessel' });
  });

  it('takes a non-vessel user from a chat room to the room list, and a vessel user back as usual', () => {
    expect(backAction('operator', '/chat/QHZN', 5)).toEqual({ type: 'navigate', to: '/chat/' });
    expect(backAction('agent', '/chat/QHZN/', 1)).toEqual({ type: 'navigate', to: '/chat/' });
    expect(backAction('operator', '/chat/', 5)).toEqual({ type: 'history' });
    expect(backAction('vessel', '/chat/QHZN', 5)).toEqual({ type: 'history' });
    expect(backAction('vessel', '/chat/QHZN', 1)).toEqual({ type: 'navigate', to: '/voyage' });
  });
});
