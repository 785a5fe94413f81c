// What /health/ says about the live connection, for each state the leader's worker reports.
import { describe, expect, it } from 'vitest';
import { LIVE_LINK_OFF } from '../../device/live-link.ts';
import { liveLinkRows, liveStateText, type LiveLinkReport } from './live-link-text.ts';

const report = (change: Partial<LiveLinkReport>): LiveLinkReport => ({
  ...LIVE_LINK_OFF,
  leader: false,
  ...change,
});

describe('chat link text', () => {
  it('names every state in words', () => {
    expect(liveStateText(report({ state: 'connected' }))).toBe('Connected');
    expect(liveStateText(report({ state: 'waiting', attempts: 3 }))).toBe('Reconnecting (attempt 3)');
    expect(liveStateText(report({ state: 'offline' }))).toBe('Offline: no link, no attempts');
    expect(liveStateText(report({ state: 'refused' }))).toBe('Refused by the server');
    expect(liveStateText(report({ state: 'connected', chat: false }))).toBe(
      'Connected: updates only, not a chat user',
    );
    expect(liveStateText(report({ state: 'no-rooms' }))).toBe('Not connected: no chat rooms');
    expect(liveStateText(report({ state: 'off' }))).toBe('Not connected');
  });

  it('says when it last connected (UTC), the attempts, the next attempt while waiting, and who holds it', () => {
    const at = Date.UTC(2026, 10, 22, 9, 41);
    const rows = new Map(
      liveLinkRows(
        report({ state: 'waiting', lastConnectedAt: at, attempts: 2, nextAttemptAt: at, rooms: 1 }),
      ),
    );
    expect(rows.get('Last connected')).toBe('09:41 22-Nov UTC');
    expect(rows.get('Reconnect attempts')).toBe('2');
    expect(rows.get('Next attempt')).toBe('09:41 22-Nov UTC');
    expect(rows.get('Held by')).toBe('another Quay tab');
    expect(new Map(liveLinkRows(report({ state: 'off' }))).get('Held by')).toBe(
      'no tab: open Quay to connect',
    );
    expect(new Map(liveLinkRows(report({ state: 'connected', leader: true }))).get('Last connected')).toBe(
      'never',
    );
  });
});
