// What /health/ says about the live connection (architecture.md#live-path: the sync hint, and chat for a chat user),
// from the leader worker's report.
import type { LiveStatusReport as LiveLinkReport } from '../../device/live-link.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';

export type { LiveLinkReport };

/** The connection state in words, e.g. "Connected", "Reconnecting (attempt 3)", "Connected: updates only…". */
export function liveStateText(s: LiveLinkReport): string {
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
export function liveLinkRows(s: LiveLinkReport): [string, string][] {
  const rows: [string, string][] = [
    ['Last connected', s.lastConnectedAt ? `${formatTimeDate(s.lastConnectedAt)} UTC` : 'never'],
    ['Reconnect attempts', String(s.attempts)],
  ];
  if (s.state === 'waiting' && s.nextAttemptAt)
    rows.push(['Next attempt', `${formatTimeDate(s.nextAttemptAt)} UTC`]);
  rows.push(['Chat rooms', String(s.rooms)]);
  rows.push([
    'Held by',
    s.leader ? 'this tab' : s.state === 'off' ? 'no tab: open Quay to connect' : 'another Quay tab',
  ]);
  rows.push(['Last error', s.lastError ?? 'none']);
  return rows;
}
