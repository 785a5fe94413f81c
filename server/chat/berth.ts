// A berth prospect posted into a vessel's chat room (msg_tp_cd BERTH_PRSP): the port checked, the terminal defaulted
// to the current voyage's call there, and the readable text the app also shows while a prospect waits to be sent
// (src/core/chat-berth.ts).
import type { Sql } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { berthProspectText } from '../../src/core/chat-berth.ts';
import type { ChatMessage } from '../../src/core/contract/chat.ts';
import { openRoom, type ChatCaller } from './access.ts';
import { storeMessage } from './messages.ts';

export interface BerthProspectInput {
  portCd: string;
  ydNm?: string | undefined;
  etb: Date | null;
  etd: Date | null;
  remark?: string | undefined;
  clientMsgId?: string | undefined;
}

/** Stores the prospect as the caller's message in the vessel's room (joining it when allowed); once per clientMsgId. */
export async function postBerthProspect(
  sql: Sql,
  user: ChatCaller,
  vslCd: string,
  p: BerthProspectInput,
): Promise<{ message: ChatMessage; duplicate: boolean }> {
  const { portCd, ydNm, remark, clientMsgId } = p;
  const port = await sql.query('SELECT 1 FROM ports WHERE port_cd = $1', [portCd]);
  if (port.length === 0) throw badRequest(`body.portCd ${portCd} is not a known port`);
  const room = await openRoom(sql, user, vslCd);
  let yd = ydNm;
  if (yd === undefined) {
    const call = await sql.query<{ yd_nm: string | null }>(
      `SELECT pc.yd_nm FROM port_calls pc
               JOIN voyages vo ON vo.vsl_cd = pc.vsl_cd AND vo.skd_voy_no = pc.skd_voy_no AND vo.skd_dir_cd = pc.skd_dir_cd AND vo.is_current
              WHERE pc.vsl_cd = $1 AND pc.port_cd = $2 ORDER BY pc.call_seq LIMIT 1`,
      [vslCd, portCd],
    );
    yd = call[0]?.yd_nm ?? undefined;
  }
  const msgText = berthProspectText({ portCd, ydNm: yd, etb: p.etb, etd: p.etd, remark });
  return storeMessage(sql, user, {
    roomId: room.room_id,
    clientMsgId: clientMsgId ?? null,
    msgText,
    msgTpCd: 'BERTH_PRSP',
  });
}
