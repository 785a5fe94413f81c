// A notification as GET /notification/user/list and /user/detail give it: the query, who sees what, and the row mapping.
// Shared by the notification module, the sync pull and the Web Push sender, so a push carries exactly the list's item.
import type { AuthUser } from '../auth/user.ts';
import { iso, isoRequired } from '../http/rows.ts';
import type { NotificationDetail, NotificationItem } from '../../src/core/contract/notification.ts';
import { isVesselUser, USER_TYPE } from '../../src/core/role.ts';

export interface NotiRow {
  not_seq: number;
  not_id: string;
  not_nm: string;
  usr_id: string;
  vsl_cd: string | null;
  vsl_nm: string | null;
  port_cd: string | null;
  not_read_yn: 'Y' | 'N';
  ack_usr_id: string | null;
  cre_dt: Date;
  detail: Record<string, unknown>;
}

export const NOTI_COLUMNS = `n.not_seq, n.not_id, t.not_nm, n.usr_id, n.vsl_cd, v.vsl_nm, n.port_cd, n.not_read_yn,
       n.ack_usr_id, n.cre_dt, n.detail`;

export const NOTI_FROM = `notifications n JOIN notification_types t ON t.not_id = n.not_id
  LEFT JOIN vessels v ON v.vsl_cd = n.vsl_cd`;

export const NOTI_SELECT = `SELECT ${NOTI_COLUMNS}
  FROM ${NOTI_FROM}`;

/** A user sees the notifications addressed to them; a vessel user only those of its own vessel. */
export function visible(user: Pick<AuthUser, 'usrId' | 'usrTpCd' | 'ofcId'>): {
  where: string;
  params: unknown[];
} {
  if (isVesselUser(user))
    return { where: 'n.usr_id = $1 AND n.vsl_cd = $2', params: [user.usrId, user.ofcId] };
  return { where: 'n.usr_id = $1', params: [user.usrId] };
}

/** The rule of visible() for the addressee of each row, with the users table joined as `u` on n.usr_id. */
export const VISIBLE_TO_ADDRESSEE = `(u.usr_tp_cd <> '${USER_TYPE.vessel}' OR n.vsl_cd = u.ofc_id)`;

export const toItem = (r: NotiRow): NotificationItem => ({
  notId: r.not_id,
  notSeq: r.not_seq,
  notNm: r.not_nm,
  notReadYn: r.not_read_yn,
  ackUsrId: r.ack_usr_id,
  vslCd: r.vsl_cd,
  vslNm: r.vsl_nm,
  portCd: r.port_cd,
  usrId: r.usr_id,
  creDt: isoRequired(r.cre_dt),
});

/** The detail of a notification as /user/detail gives it (product.md#what-the-app-holds). */
export function toDetail(r: NotiRow): NotificationDetail {
  const d = r.detail;
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : null);
  const n = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : null);
  return {
    notSeq: r.not_seq,
    notId: r.not_id,
    notNm: r.not_nm,
    vslCd: r.vsl_cd,
    vslNm: s('vslNm') ?? r.vsl_nm,
    portCd: s('portCd') ?? r.port_cd,
    skdVoyNo: s('skdVoyNo'),
    skdDirCd: s('skdDirCd'),
    etaDt: iso(s('etaDt')),
    etbDt: iso(s('etbDt')),
    etdDt: iso(s('etdDt')),
    ataDt: iso(s('ataDt')),
    atdDt: iso(s('atdDt')),
    etaDelayHrs: n('etaDelayHrs'),
    prevEtaDt: iso(s('prevEtaDt')),
    vslSlanCd: s('vslSlanCd'),
    ydNm: s('ydNm'),
    algsdNm: s('algsdNm'),
    reqSpd: n('reqSpd'),
    stsNm: s('stsNm'),
    stsFrmDt: iso(s('stsFrmDt')),
    stsReasNm: s('stsReasNm'),
    notMsg: s('notMsg'),
    creUsrId: s('creUsrId'),
    creUtcDt: iso(s('creUtcDt')) ?? iso(r.cre_dt),
    notReadYn: r.not_read_yn,
    ackUsrId: r.ack_usr_id,
  };
}
