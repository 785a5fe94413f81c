// Who hears of what after each commit: the one place where the server's fan-outs are wired to the domain's events.
// No route, job or source calls a fan-out itself; it records an event (server/domain/events.ts) and this follows.
import type { LiveBus } from '../bus/bus.ts';
import type { PushService } from '../push/service.ts';
import type { ChatLive } from '../chat/live.ts';
import type { Live } from '../live/live.ts';
import type { Dispatcher } from './events.ts';

/** Users' new versions per commit event on the live bus: each a small message, well within the event's bounds. */
const COMMIT_EVENT_USERS = 500;

export function subscribeServer(
  dispatcher: Dispatcher,
  parts: {
    bus: Pick<LiveBus, 'publish'>;
    push: Pick<PushService, 'notifyNewNotifications' | 'notifyChatMessage'>;
    chat: Pick<ChatLive, 'messagesStored' | 'messagesRead'>;
    live: Pick<Live, 'sessionsEnded' | 'usersChanged'>;
  },
): void {
  const { bus, push, chat, live } = parts;
  // The change log's new versions: every instance sends its listeners their sync hints.
  dispatcher.subscribe((_events, committed) => {
    for (let i = 0; i < committed.length; i += COMMIT_EVENT_USERS)
      bus.publish({ t: 'commit', list: committed.slice(i, i + COMMIT_EVENT_USERS) });
  });
  // Web Push: new notifications to the users' devices, and the chat alerts senders asked for.
  dispatcher.subscribe((events) => {
    const notSeqs = events.flatMap((e) =>
      e.type === 'notificationsMade' ? e.notifications.map((n) => n.notSeq) : [],
    );
    if (notSeqs.length > 0) void push.notifyNewNotifications(notSeqs);
    for (const e of events)
      if (e.type === 'chatAlertAsked') void push.notifyChatMessage(e.msgSeq, e.recipients);
  });
  // Chat's live side: room topics, unread counts, read receipts.
  dispatcher.subscribe((events) => {
    const stored = events.flatMap((e) => (e.type === 'messageStored' ? [e.message] : []));
    if (stored.length > 0) void chat.messagesStored(stored);
    for (const e of events)
      if (e.type === 'messageRead') void chat.messagesRead(e.roomId, e.reader, e.uptoSeq);
  });
  // The live connection: the sockets of ended sessions close, on every instance; so do those of users whose rights
  // changed, which connect again under the new ones (sync.md#a-user-whose-rights-change).
  dispatcher.subscribe((events) => {
    for (const e of events) if (e.type === 'sessionsEnded') live.sessionsEnded(e.sids);
    const changed = events.flatMap((e) => (e.type === 'userChanged' ? [e.usrId] : []));
    if (changed.length > 0) live.usersChanged(changed);
  });
}
