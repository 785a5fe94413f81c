// The chat commands of architecture.md#the-outbox: a message, a read mark, a berth prospect and a push alert, each its
// kind's own command (src/device/outbox/ops/). A message also goes over the live socket at once when connected: the
// server stores one message per clientMsgId, so the two ways never double it.
import type { QuayDb } from '../../src/device/db.ts';
import type { BerthForm } from '../../src/core/chat-berth.ts';
import { queueChatMessage, releaseChatMessage } from '../../src/device/outbox/ops/chat-message.ts';
import { markChatRead } from '../../src/device/outbox/ops/chat-read.ts';
import { postBerthProspect } from '../../src/device/outbox/ops/berth-prospect.ts';
import { askPushAlert } from '../../src/device/outbox/ops/push-alert.ts';

/** A message sent over STOMP whose RECEIPT has not come by then is sent by the outbox too (stored once). */
const LIVE_RECEIPT_WAIT_MS = 10_000;

export interface ChatCommandDeps {
  db: QuayDb;
  /** Asks for a drain (and a Background Sync) after a command queued an operation. */
  after: (opId: string | null) => { opId: string | null };
  /** A drain only, no Background Sync (a message that went over STOMP: the outbox copy is a fallback). */
  drainLater: () => void;
  registerSync?: () => Promise<void>;
  /** The worker's STOMP connection (worker/chat/live.ts): sends a chat message at once when connected. */
  liveChat?: {
    /** Connected and the user chats: a send now goes over the socket. */
    canSend(): boolean;
    send(roomId: string, clientMsgId: string, text: string): boolean;
  };
}

export function createChatCommands(deps: ChatCommandDeps) {
  const { db, after } = deps;

  /**
   * A chat message (product.md#what-the-app-holds): shown as pending and queued in ONE transaction. Connected and no message of the room
   * still queued before it: it also goes over STOMP at once; the server stores one message per clientMsgId, so the
   * two ways never double it, and the RECEIPT normally removes the queued copy first.
   */
  async function sendChat(
    roomId: string,
    text: string,
  ): Promise<{ opId: string | null; clientMsgId: string }> {
    const live = deps.liveChat;
    const sent = await queueChatMessage(
      db,
      roomId,
      text,
      live ? { canSend: () => live.canSend(), holdMs: LIVE_RECEIPT_WAIT_MS } : undefined,
    );
    const went = sent.live && (live?.send(roomId, sent.clientMsgId, sent.text) ?? false);
    if (!went) {
      if (sent.live) await releaseChatMessage(db, sent.opId);
      return { ...after(sent.opId), clientMsgId: sent.clientMsgId };
    }
    // The RECEIPT normally removes the operation first; if it is lost, the outbox sends it (stored once), and the
    // service worker too should the page close. Not at once: Chromium fires a Background Sync registered online at
    // once, and its service worker would post the message the socket is carrying (a paid request for nothing).
    setTimeout(() => {
      void (async () => {
        if ((await db.outbox.where('opId').equals(sent.opId).count()) === 0) return;
        void deps.registerSync?.().catch(() => undefined);
        deps.drainLater();
      })().catch(() => undefined);
    }, LIVE_RECEIPT_WAIT_MS);
    return { opId: sent.opId, clientMsgId: sent.clientMsgId };
  }

  return {
    sendChat,
    /** The user saw the room's messages up to msgSeq: read at once; only the newest waiting mark is sent. */
    markChatRead: async (roomId: string, msgSeq: number) => after(await markChatRead(db, roomId, msgSeq)),
    /** A berth prospect from a shore user: shown in the vessel's room at once, sent through the outbox. */
    async postBerthProspect(
      vslCd: string,
      form: BerthForm,
    ): Promise<{ opId: string | null; clientMsgId: string }> {
      const sent = await postBerthProspect(db, vslCd, form);
      return { ...after(sent.opId), clientMsgId: sent.clientMsgId };
    },
    /** The sender asks for a push alert about its own unread message: marked at once, sent in the room's order. */
    askPushAlert: async (roomId: string, msgSeq: number) => after(await askPushAlert(db, roomId, msgSeq)),
  };
}
