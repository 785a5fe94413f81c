// What /health/ says about the chat connection (architecture.md#live-path), from the leader worker's report.
import type { ChatStatusReport as ChatLinkReport } from '../../device/chat-link.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';

export type { ChatLinkReport };

/** The connection state in words, e.g. "Connected", "Reconnecting (attempt 3)", "Connected: updates only…". */
export function chatStateText(s: ChatLinkReport): string {
  switch (s.state) {
    case 'connected':
      return s.chat === false ? 'Connected: updates only, not a chat user' : 'Connected';
    case 'connecting':
      return 'Connecting…';
    case 'waiting':
      return s.attempts > 0 ? `Reconnecting (attempt ${s.attempts})` : 'Reconnecting';
    case 'offline':
      return 'Offline: no link, no attempts';
    case 'no-rooms':
      return 'Not connected: no chat rooms';
    case 'refused':
      return 'Refused by the server';
    case 'off':
      return 'Not connected';
  }
}

/** The rows under the state: when it last connected, the attempts, where the connection lives, the last error. */
export function chatLinkRows(s: ChatLinkReport): [string, string][] {
  const rows: [string, string][] = [
    ['Last connected', s.lastConnectedAt ? `${formatTimeDate(s.lastConnectedAt)} UTC` : 'never'],
    ['Reconnect attempts', String(s.attempts)],
  ];
  if (s.state === 'waiting' && s.nextAttemptAt)
    rows.push(['Next attempt', `${formatTimeDate(s.nextAttemptAt)} UTC`]);
  rows.push(['Rooms', String(s.rooms)]);
  rows.push([
    'Held by',
    s.leader ? 'this tab' : s.state === 'off' ? 'no tab: open Quay to connect' : 'another Quay tab',
  ]);
  rows.push(['Last chat error', s.lastError ?? 'none']);
  return rows;
}
