// The chat pages (product.md#screens-and-routes, product.md#what-the-app-holds; loaded on first use): /chat/, the user's rooms, and /chat/{vslCd}, one room's
// conversation. Both read IndexedDB (the worker writes what STOMP and REST bring) and ask the worker for the rest:
// the newest page when a room opens, older pages at the top, read marks when messages are seen, and sending.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'wouter';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { Dexie } from 'dexie';
import { roomIdOf } from '../../core/contract/chat-rules.ts';
import type { ChatRoomRow } from '../../device/db.ts';
import { PENDING_MSG_SEQ } from '../../device/db.ts';
import { isShoreUser } from '../../core/role.ts';
import { formatChatDay, formatChatTime } from '../../core/format/format-date.ts';
import { db } from '../../platform/db.ts';
import { callWorker } from '../../platform/worker-bridge.ts';
import { userState } from '../../state/app-state.ts';
import { toast } from '../../ui/toast-store.ts';
import { readDraft, writeDraft } from './draft.ts';
import { Message } from './ChatMessage.tsx';
import { BerthProspectButton } from './BerthProspect.tsx';
import { runOp } from '../sync/use-op.ts';
import { UnknownCode } from '../../ui/UnknownCode.tsx';

/** The day line above a day's first message: local time, as the messages' times are. */
const dayOf = (iso: string) => formatChatDay(iso);

// ---- /chat/: the rooms ----

/** `current`: at the desk the list stays beside the open room (product.md#desk-layout), which it marks. */
export function ChatRoomList({ current }: { current?: string | undefined } = {}) {
  const rooms = useLiveQuery(() => db.chatRooms.orderBy('order').toArray());
  useEffect(() => {
    void callWorker((api) => api.chatSyncRooms()).catch(() => undefined);
  }, []);
  if (!rooms) return null;
  const sorted = [...rooms].sort((a, b) =>
    (b.lastMessage?.creDt ?? '').localeCompare(a.lastMessage?.creDt ?? ''),
  );
  return (
    <section className="card chat-rooms" aria-labelledby="chat-rooms-title">
      <h2 id="chat-rooms-title" className="card__heading">
        Chat rooms
      </h2>
      {sorted.length === 0 ? (
        <p className="muted">No chat rooms on this device yet.</p>
      ) : (
        <ul className="chat-rooms__list">
          {sorted.map((room) => (
            <RoomItem key={room.roomId} room={room} current={room.vslCd === current} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RoomItem({ room, current }: { room: ChatRoomRow; current: boolean }) {
  const last = room.lastMessage;
  return (
    <li>
      <Link href={`/chat/${room.vslCd}`} className="chat-room" aria-current={current ? 'page' : undefined}>
        <span className="chat-room__top">
          <span className="chat-room__name">{room.roomNm}</span>
          <span className="chat-room__time">{last ? formatChatTime(last.creDt) : ''}</span>
        </span>
        <span className="chat-room__bottom">
          <span className="chat-room__last">
            <span className="chat-room__lane">{room.svceLaneCd}</span>
            {last ? ` · ${last.senderNm ?? last.sender}: ${last.msgText}` : ' · No messages yet'}
          </span>
          {room.unreadCount > 0 && (
            <span className="chat-room__unread" aria-label={`${room.unreadCount} unread`}>
              {room.unreadCount > 99 ? '99+' : room.unreadCount}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

// ---- /chat/{vslCd}: the conversation ----

/** Within this of the bottom, the reader is at the newest messages. */
const NEAR_BOTTOM_PX = 120;
const nearBottom = () =>
  window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - NEAR_BOTTOM_PX;

export function ChatConversation({ vslCd }: { vslCd: string }) {
  const roomId = roomIdOf(vslCd);
  const user = useSnapshot(userState);
  const me = user.user?.usrId ?? '';
  // product.md#the-calls berth prospects come from shore users only (not user types 4, 5 and 6).
  const shore = user.user ? isShoreUser(user.user) : false;
  // null: not in the user's room list on this device; undefined while the device is read.
  const room = useLiveQuery(async () => (await db.chatRooms.get(roomId)) ?? null, [roomId]);
  /** What opening the room found (the worker asks the server for its newest messages). */
  const [opened, setOpened] = useState<'fetched' | 'offline' | 'unknown' | 'not-member' | null>(null);
  const messages = useLiveQuery(
    () =>
      db.chatMessages
        .where('[roomId+msgSeq]')
        .between([roomId, Dexie.minKey], [roomId, Dexie.maxKey])
        .toArray(),
    [roomId],
  );
  const [loadingOlder, setLoadingOlder] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  /** The page's height after the last change of the list: where its bottom was before the next one. */
  const lastHeight = useRef(0);
  /** The reader just sent: show it, wherever the reader was. */
  const follow = useRef(false);
  const lastCount = useRef(0);
  const keep = useRef<number | null>(null);
  const lastRead = useRef(0);

  useEffect(() => {
    let current = true;
    callWorker((api) => api.chatOpen(roomId)).then(
      (outcome) => current && setOpened(outcome),
      () => undefined,
    );
    return () => {
      current = false;
      void callWorker((api) => api.chatClose(roomId)).catch(() => undefined);
    };
  }, [roomId]);

  // Newest at the bottom: follow new messages while the reader is at the bottom; keep the place after older pages.
  // Where the reader is comes from the page as it is now, against its height before this change (not from the last
  // scroll event, which may not have arrived yet: a reader who just went up stays up).
  useLayoutEffect(() => {
    const root = document.documentElement;
    const wasAtBottom = window.innerHeight + window.scrollY >= lastHeight.current - NEAR_BOTTOM_PX;
    if (keep.current !== null) {
      window.scrollTo(0, root.scrollHeight - keep.current);
      keep.current = null;
    } else if (wasAtBottom || follow.current) window.scrollTo(0, root.scrollHeight);
    // Followed until the sent message is in the list.
    if ((messages?.length ?? 0) > lastCount.current) follow.current = false;
    lastCount.current = messages?.length ?? 0;
    lastHeight.current = root.scrollHeight;
  }, [messages]);

  const hasOlder = room?.hasOlder ?? true;
  const loadOlder = useCallback(async () => {
    if (loadingOlder || !hasOlder || !navigator.onLine) return;
    setLoadingOlder(true);
    keep.current = document.documentElement.scrollHeight - window.scrollY;
    try {
      await callWorker((api) => api.chatLoadOlder(roomId));
    } catch {
      keep.current = null;
    } finally {
      setLoadingOlder(false);
    }
  }, [hasOlder, loadingOlder, roomId]);

  // The top in view (scrolled all the way up, or a conversation shorter than the screen): the page before the oldest
  // message. The first look comes after the scroll to the newest, so opening a long conversation loads nothing old.
  useEffect(() => {
    const el = top.current;
    if (!el || !messages || messages.length === 0) return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadOlder();
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [loadOlder, messages]);

  // Seen: the newest unread message of others is on screen (the reader is at the bottom of a visible page).
  useEffect(() => {
    if (!messages) return;
    const check = () => {
      if (document.visibilityState !== 'visible' || !nearBottom()) return;
      const unread = messages.filter((m) => m.sender !== me && m.status === 'sent' && m.readDate === null);
      const newest = unread[unread.length - 1];
      if (!newest || newest.msgSeq <= lastRead.current) return;
      lastRead.current = newest.msgSeq;
      void runOp('chatRead', roomId, newest.msgSeq).catch(() => {
        lastRead.current = 0;
      });
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('scroll', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [messages, me, roomId]);

  // A push alert is offered on the user's newest stored message while nobody has read it.
  const newestMine = (messages ?? []).findLast((m) => m.sender === me && m.msgSeq < PENDING_MSG_SEQ);
  const alertable =
    newestMine && newestMine.status === 'sent' && newestMine.readCount === 0 ? newestMine.msgSeq : null;

  // product.md#chat-rooms: only a member writes (a vessel user in its own room; a shore user in a room of its list, or
  // one whose messages the server just gave it, having joined it on opening if it may); a room that does not exist,
  // or of others, is said plainly instead.
  const member = user.vesselCode === vslCd || !!room || opened === 'fetched';
  if (!room && opened === 'unknown')
    return (
      <UnknownCode what="chat room" code={vslCd} back={{ href: '/chat/', label: 'Back to chat rooms' }} />
    );
  if (!room && opened === 'not-member') return <NotMember vslCd={vslCd} />;

  return (
    <section className="chat" aria-labelledby="chat-title">
      <h2 id="chat-title" className="chat__title">
        {room ? `${room.roomNm} · ${room.svceLaneCd}` : vslCd}
      </h2>
      <div ref={top} className="chat__top">
        {loadingOlder ? 'Loading older messages…' : hasOlder ? '' : 'Start of the conversation'}
      </div>
      <ol className="chat__messages" aria-label="Messages">
        {(messages ?? []).map((m, i, all) => {
          const day = dayOf(m.creDt);
          const prev = all[i - 1];
          return (
            <DayAndMessage key={`${m.msgSeq}`} day={!prev || dayOf(prev.creDt) !== day ? day : null}>
              <Message m={m} mine={m.sender === me} canAlert={m.msgSeq === alertable} />
            </DayAndMessage>
          );
        })}
      </ol>
      {messages && messages.length === 0 && <p className="muted chat__empty">No messages yet.</p>}
      {member && (
        <Composer roomId={roomId} onSent={() => (follow.current = true)}>
          {shore && (
            <BerthProspectButton vslCd={vslCd} roomId={roomId} onPosted={() => (follow.current = true)} />
          )}
        </Composer>
      )}
      {!member && opened === 'offline' && (
        <p className="muted chat__empty">
          This device does not hold this room. Joining it needs the link: open it again when the link is back
          to read and write here.
        </p>
      )}
    </section>
  );
}

/** A room of others: nothing to read and no composer, with the way back to the user's own rooms. */
function NotMember({ vslCd }: { vslCd: string }) {
  return (
    <section className="card" aria-labelledby="not-member-title">
      <h2 id="not-member-title" className="card__heading">
        Not your chat room
      </h2>
      <p>You are not a member of the chat room of {vslCd}, so you cannot read or write in it.</p>
      <Link href="/chat/" className="button button--primary">
        Back to chat rooms
      </Link>
    </section>
  );
}

function DayAndMessage({ day, children }: { day: string | null; children: ReactNode }) {
  return (
    <>
      {day && (
        // A list holds list items only: the day line is one, with its separator inside.
        <li className="chat__day">
          <span role="separator" aria-label={day}>
            {day}
          </span>
        </li>
      )}
      {children}
    </>
  );
}

function Composer({
  roomId,
  onSent,
  children,
}: {
  roomId: string;
  onSent: () => void;
  children?: ReactNode;
}) {
  const [text, setText] = useState(() => readDraft(roomId));
  useEffect(() => setText(readDraft(roomId)), [roomId]);
  const change = (value: string) => {
    setText(value);
    writeDraft(roomId, value);
  };
  const send = () => {
    if (!text.trim()) return;
    const body = text;
    change('');
    onSent();
    void runOp('chat', roomId, body).catch((err: unknown) => {
      change(body);
      toast.error(err instanceof Error ? err.message : 'The message could not be sent.');
    });
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <div className="chat-composer">
      {children && <div className="chat-composer__tools">{children}</div>}
      <form
        className="chat-composer__form"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <textarea
          className="chat-composer__input"
          name="message"
          aria-label="Message"
          placeholder="Message"
          rows={1}
          maxLength={4000}
          value={text}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKey}
        />
        <button type="submit" className="chat-composer__send" disabled={!text.trim()}>
          Send
        </button>
      </form>
    </div>
  );
}
