// A berth prospect (product.md#chat-calls POST /chat/berth-prsp/message/{vslCd}), kind 'berthProspect': from shore users only,
// shown at once in the vessel's room as a pending message with the text the server will store; the stored one
// replaces it; a refusal leaves it on screen marked not posted, with a toast, so nothing typed is lost.
import type { QuayDb } from '../../db.ts';
import { roomIdOf } from '../../../core/contract/chat.ts';
import { berthProspectText, checkBerthForm, type BerthForm } from '../../../core/chat-berth.ts';
import { ForbiddenError, UnknownError } from '../../net/http.ts';
import { isRestricted, isVesselUser } from '../../../core/role.ts';
import { chatEntity } from '../chat.ts';
import { enqueue } from '../enqueue.ts';
import { nextClientMsgId, ownMessageOp, pendingRow, signedOn, VSL_CD } from './chat-common.ts';
import type { OpModule } from './module.ts';
import { CHAT_BERTH_PROSPECT, chatPath } from '../../../core/contract/api.ts';

const berthProspectPath = (vslCd: string): string => chatPath(CHAT_BERTH_PROSPECT, { vslCd });

/** The pending copy and its operation, in one transaction (its Idempotency-Key and clientMsgId: stored once). */
export async function postBerthProspect(
  db: QuayDb,
  vslCd: string,
  form: BerthForm,
): Promise<{ opId: string; clientMsgId: string }> {
  if (!VSL_CD.test(vslCd)) throw new UnknownError(`${vslCd} is not a vessel code.`);
  const checked = checkBerthForm(form);
  if (!checked.ok) throw new UnknownError(Object.values(checked.errors).join(' '));
  const roomId = roomIdOf(vslCd);
  return db.transaction('rw', [db.chatMessages, db.outbox, db.meta], async () => {
    const user = await signedOn(db);
    if (isVesselUser(user) || isRestricted(user))
      throw new ForbiddenError('Only shore users can post a berth prospect.');
    const { clientMsgId, counter } = await nextClientMsgId(db);
    const op = await enqueue(db, {
      kind: 'berthProspect',
      entity: chatEntity(roomId),
      method: 'POST',
      path: berthProspectPath(vslCd),
      body: { ...checked.body, clientMsgId },
    });
    const { portCd, ydNm, remark } = checked.body;
    const msgText = berthProspectText({ portCd, ydNm, etb: checked.etb, etd: checked.etd, remark });
    const row = { roomId, clientMsgId, msgTpCd: 'BERTH_PRSP' as const, msgText, opId: op.opId };
    await db.chatMessages.add(pendingRow(row, counter, user));
    return { opId: op.opId, clientMsgId };
  });
}

export const berthProspectOp: OpModule<'berthProspect'> = ownMessageOp('berthProspect');
