// What the chat kinds' commands share: the signed-on user, a message id of this device, the pending copy of an
// own message shown until the stored one (same clientMsgId) replaces it, and how such a message's answer is taken.
import type { ChatMessageRow, QuayDb } from '../../db.ts';
import { PENDING_MSG_SEQ } from '../../db.ts';
import { UnknownError } from '../../net/http.ts';
import { isVesselUser } from '../../../core/role.ts';
import { asChatMessage, chatTables, markChatFailed, putChatMessages } from '../chat.ts';
import { clientIdOf } from '../enqueue.ts';
import type { OutboxRow } from '../types.ts';
import type { OpModule } from './module.ts';

export const ROOM_ID = /^V-[A-Z0-9]{4}$/;
export const VSL_CD = /^[A-Z0-9]{4}$/;

/** The signed-on user, inside a command's transaction. */
export async function signedOn(db: QuayDb) {
  const user = await db.getMeta('user');
  if (!user) throw new UnknownError('Nobody is signed on.');
  return user;
}

/** A message id of this device: its client id and the outbox counter the next operation gets. */
export async function nextClientMsgId(db: QuayDb): Promise<{ clientMsgId: string; counter: number }> {
  const clientId = await clientIdOf(db);
  const counter = (await db.getMeta('opCounter')) ?? 1;
  return { clientMsgId: `${clientId}_${counter}`.replace(/[^A-Za-z0-9_-]/g, '').slice(-64), counter };
}

/** A pending copy of an own message, shown until the stored one (same clientMsgId) replaces it. */
export const pendingRow = (
  row: Pick<ChatMessageRow, 'roomId' | 'clientMsgId' | 'msgTpCd' | 'msgText' | 'opId'>,
  counter: number,
  user: { usrId: string; usrNm: string; usrTpCd: string },
): ChatMessageRow => ({
  ...row,
  msgSeq: PENDING_MSG_SEQ + counter,
  sender: user.usrId,
  senderNm: user.usrNm,
  senderType: isVesselUser(user) ? 'V' : 'S',
  creDt: new Date().toISOString(),
  readDate: null,
  readSource: null,
  readCount: 0,
  status: 'pending',
});

const clientMsgIdOf = (row: OutboxRow): string => (row.body as { clientMsgId?: string }).clientMsgId ?? '';

/**
 * An own message's kind (a chat message, a berth prospect): its pending copy is the device's own row, no server's,
 * so it has no effect to rebase; the stored message replaces it; refused, it stays on screen marked failed (the
 * toast's words are the registry's, core/contract/ops.ts).
 */
export function ownMessageOp<K extends 'chat' | 'berthProspect'>(kind: K): OpModule<K> {
  return {
    kind,
    tables: (db) => chatTables(db),
    async applied(db, _row, answer) {
      const stored = asChatMessage(answer.stored);
      // Inside the drain's rebase (settle.ts): written as the server's, under what still waits.
      if (stored) await putChatMessages(db, [stored]);
    },
    // The room is the entity's (a berth prospect's body names the vessel, not the room).
    refused: (db, row, why) =>
      markChatFailed(db, { roomId: row.entity.replace(/^chat:/, ''), clientMsgId: clientMsgIdOf(row) }, why),
  };
}
