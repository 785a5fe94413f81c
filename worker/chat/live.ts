// The live path of chat (architecture.md#how-data-moves), a part of the leader's live connection (worker/live/connection.ts): for a user who
// may chat (product.md#what-happens-when) it subscribes to the unread counts and to each room, writes what comes into IndexedDB, sends a
// ship's message as a STOMP SEND with a receipt, and after each (re)connect fetches what was missed. A vessel user
// whose service is not chat-enabled still holds the connection, for the sync hint only: no chat topic, no request.
import type { Client, IMessage, StompSubscription } from '@stomp/stompjs';
import {
  CHAT_EVENT_HEADER,
  RECEIPT_MSG_SEQ_HEADER,
  UNREAD_TOPIC,
  roomOfTopic,
  roomTopic,
  sendDestination,
  type ReadReceipt,
  type StompSendBody,
  type UnreadItem,
} from '../../src/core/contract/chat.ts';
import { asChatMessage } from '../../src/device/outbox/chat.ts';
import { writeServerRows } from '../../src/device/outbox/rebase.ts';
import { applyReadReceipt, applyServerUnread, confirmChatSent, storeChatMessages } from './store.ts';
import type { LiveConnection } from '../live/connection.ts';
import type { QuayDb } from '../../src/device/db.ts';
import { chatEnabled } from './enabled.ts';
import { fetchMissed, fetchNewest, syncRooms, type ChatApi } from './rest.ts';

export interface ChatLiveDeps {
  db: QuayDb;
  /** The live connection chat is a part of (its status, the client it subscribes and sends through). */
  live: LiveConnection;
  client: ChatApi;
  /** Connected (again): send what waits in the outbox. */
  onConnected?: () => void;
  /** The chat-enabled services (product.md#what-happens-when, product.md#constants); default the build's VITE_CHAT_LANES. */
  chatLanes?: string;
  /**
   * The connection hears hints (true) or went (false). On true it brings what was missed while away (the sync's
   * pull, which brings the rooms whose summary changed) and resolves once that is done. Without it (chat alone, in
   * tests) the room list's GET does.
   */
  onLive?: (up: boolean) => Promise<void> | void;
}

export function createChatLive(deps: ChatLiveDeps) {
  const { db, client } = deps;
  /** Whether the user may chat (product.md#what-happens-when): 'unknown' for a vessel user whose own vessel is not on the device yet. */
  let chat: 'yes' | 'no' | 'unknown' = 'unknown';
  let me = '';
  let roomIds: string[] = [];
  const subs = new Map<string, StompSubscription>();
  const openRooms = new Set<string>();

  const connection = deps.live;
  connection.register({
    prepare,
    onConnect,
    onSubscribed: () => void caughtUp().catch((err: unknown) => console.warn('catch-up failed', err)),
    onDown: () => {
      subs.clear();
      void deps.onLive?.(false);
    },
    status: () => ({
      rooms: chat === 'yes' ? roomIds.length : 0,
      chat: chat === 'unknown' ? undefined : chat === 'yes',
    }),
  });

  /** Before each connection: who is signed on, whether they chat, and the rooms the device knows. */
  async function prepare(): Promise<void> {
    me = (await db.getMeta('user'))?.usrId ?? '';
    chat = await chatEnabled(db, deps.chatLanes);
    if (chat === 'no') await writeServerRows(db, [db.chatRooms], () => db.chatRooms.clear());
    roomIds = (await db.chatRooms.orderBy('order').toArray()).map((r) => r.roomId);
    // Chat alone (no sync beside it): the room list first, so that the rooms are heard from the first frame.
    if (!deps.onLive && chat !== 'no' && roomIds.length === 0) await listRooms();
  }

  /** The room list's GET: whether the user chats (403: no), and which rooms to hear. */
  async function listRooms(): Promise<void> {
    const rooms = await syncRooms(db, client);
    chat = rooms === null ? 'no' : 'yes';
    roomIds = (rooms ?? []).map((r) => r.roomId);
  }

  function onConnect(stomp: Client): void {
    subs.clear();
    subscribeChat(stomp);
    deps.onConnected?.();
  }

  async function onUnread(msg: IMessage): Promise<void> {
    const item = JSON.parse(msg.body) as UnreadItem;
    // While a read mark of the room waits in the outbox, the rebase applies it again on the server's count.
    if (typeof item.roomId === 'string' && typeof item.unreadCount === 'number')
      await applyServerUnread(db, item.roomId, item.unreadCount);
  }

  async function onRoom(msg: IMessage): Promise<void> {
    const event = msg.headers[CHAT_EVENT_HEADER];
    const body: unknown = JSON.parse(msg.body);
    if (event === 'read') {
      const r = body as ReadReceipt;
      if (typeof r.uptoSeq === 'number' && roomOfTopic(msg.headers.destination ?? '') === r.roomId)
        await applyReadReceipt(db, r, me);
      return;
    }
    const m = asChatMessage(body);
    if (m) await storeChatMessages(db, [m], { dropOps: true });
  }

  const handle = (fn: (msg: IMessage) => Promise<void>) => (msg: IMessage) =>
    void fn(msg).catch((err: unknown) => console.warn('chat message not stored', err));

  /** The unread topic and each room's topic for a chat user (and leaves rooms left); none for anyone else. */
  function subscribeChat(stomp: Client | null = connection.client()): void {
    if (!stomp) return;
    if (chat !== 'yes') {
      for (const sub of subs.values()) sub.unsubscribe();
      subs.clear();
      return;
    }
    if (!subs.has(UNREAD_TOPIC)) subs.set(UNREAD_TOPIC, stomp.subscribe(UNREAD_TOPIC, handle(onUnread)));
    for (const roomId of roomIds) {
      if (!subs.has(roomId)) subs.set(roomId, stomp.subscribe(roomTopic(roomId), handle(onRoom)));
    }
    for (const [roomId, sub] of subs) {
      if (roomId !== UNREAD_TOPIC && !roomIds.includes(roomId)) {
        sub.unsubscribe();
        subs.delete(roomId);
      }
    }
  }

  /**
   * Every subscription confirmed: what was missed while away (the pull, or the room list's GET), then the missed
   * messages of rooms with new activity and the newest page of open rooms (read receipts too).
   */
  async function caughtUp(): Promise<void> {
    if (deps.onLive) {
      await deps.onLive(true);
    } else if (chat !== 'no') {
      await listRooms();
      subscribeChat();
    }
    connection.publish();
    if (chat !== 'yes') return;
    const rooms = await db.chatRooms.orderBy('order').toArray();
    await fetchMissed(db, client, rooms, openRooms);
    for (const roomId of openRooms) await fetchNewest(db, client, roomId);
  }

  return {
    /** Sign-out (or leadership lost; the connection stops on its own): the open rooms are forgotten. */
    stop(): void {
      openRooms.clear();
    },
    /**
     * A sync pass brought the user's rooms (or the own vessel, which says whether a vessel user chats): subscribe to
     * new rooms and leave rooms left when connected.
     */
    async roomsChanged(ids: readonly string[]): Promise<void> {
      chat = await chatEnabled(db, deps.chatLanes);
      roomIds = chat === 'yes' ? [...ids] : [];
      subscribeChat();
      connection.publish();
    },
    /** Connected and the user chats: send() goes over the socket. */
    canSend: (): boolean => connection.client() !== null && chat === 'yes',
    /** The room topics are heard: a hint of chat alone needs no pull. */
    chatHeard: (): boolean => connection.subscribed && chat === 'yes' && subs.has(UNREAD_TOPIC),
    /** The rooms the window shows. */
    openRoomIds: (): string[] => [...openRooms],
    /** The window shows a room: its newest page is fetched after each reconnect. */
    open(roomId: string): void {
      openRooms.add(roomId);
    },
    close(roomId: string): void {
      openRooms.delete(roomId);
    },
    /**
     * Sends a message over STOMP with a receipt when connected and the user chats (gives true): the RECEIPT marks it
     * sent and removes its outbox operation. Otherwise false, and the outbox sends it.
     */
    send(roomId: string, clientMsgId: string, text: string): boolean {
      const stomp = connection.client();
      if (!stomp || chat !== 'yes') return false;
      const receipt = `r-${clientMsgId}`;
      const sentAt = performance.now();
      stomp.watchForReceipt(receipt, (frame) => {
        const msgSeq = Number(frame.headers[RECEIPT_MSG_SEQ_HEADER]);
        connection.receiptTook(Math.round(performance.now() - sentAt));
        if (Number.isInteger(msgSeq) && msgSeq > 0)
          void confirmChatSent(db, roomId, clientMsgId, msgSeq).catch(() => undefined);
      });
      const body: StompSendBody = { clientMsgId, text };
      stomp.publish({
        destination: sendDestination(roomId),
        body: JSON.stringify(body),
        headers: { receipt, 'content-type': 'application/json' },
      });
      return true;
    },
  };
}
