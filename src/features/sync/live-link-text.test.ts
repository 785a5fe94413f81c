// What /health/ says about the chat connection, for each state the leader's worker reports.
import { describe, expect, it } from 'vitest';
import { CHAT_LINK_OFF } from '../../device/chat-link.ts';
import { chatLinkRows, chatStateText, type ChatLinkReport } from './chat-link-text.ts';

const report = (change: Partial<ChatLinkReport>): ChatLinkReport => ({
  ...CHAT_LINK_OFF,
  leader: false,
  ...change,
});

describe('chat link text', () => {
  it('names every state in words', () => {
    expect(chatStateText(report({ state: 'connected' }))).toBe('Connected');
    expect(chatStateText(report({ state: 'waiting', attempts: 3 }))).toBe('Reconnecting (attempt 3)');
    expect(chatStateText(report({ state: 'offline' }))).toBe('Offline: no link, no attempts');
    expect(chatStateText(report({ state: 'refused' }))).toBe('Refused by the server');
    expect(chatStateText(report({ state: 'connected', chat: false }))).toBe(
      'Connected: updates only, not a chat user',
    );
    expect(chatStateText(report({ state: 'no-rooms' }))).toBe('Not connected: no chat rooms');
    expect(chatStateText(report({ state: 'off' }))).toBe('Not connected');
  });

  it('says when it last connected (UTC), the attempts, the next attempt while waiting, and who holds it', () => {
    const at = Date.UTC(2026, 10, 22, 9, 41);
    const rows = new Map(
      chatLinkRows(
        report({ state: 'waiting', lastConnectedAt: at, attempts: 2, nextAttemptAt: at, rooms: 1 }),
      ),
    );
    expect(rows.get('Last connected')).toBe('09:41 22-Nov UTC');
    expect(rows.get('Reconnect attempts')).toBe('2');
    expect(rows.get('Next attempt')).toBe('09:41 22-Nov UTC');
    expect(rows.get('Held by')).toBe('another Quay tab');
    expect(new Map(chatLinkRows(report({ state: 'off' }))).get('Held by')).toBe(
      'no tab: open Quay to connect',
    );
    expect(new Map(chatLinkRows(report({ state: 'connected', leader: true }))).get('Last connected')).toBe(
      'never',
    );
  });
});
